import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Draws the open sheet: the shortcuts in columns, About, New page and Page size.
enum SheetRenderer {
    static func draw(_ v: ChromeView, with p: Painter) {
        guard let sheet = v.sheet, let title = v.layout.sheetTitle, let body = v.layout.sheetBody else { return }
        let s = v.scale
        let name: String
        switch sheet {
        case .shortcuts: name = "Keyboard Shortcuts"
        case .about: name = "About DrawingBoard"
        case .newPage(let draft): name = draft.inserting ? "Insert Page" : "New Drawing"
        case .pageSize: name = "Page Size"
        case .exportResolution(let draft): name = "Export “\(URL(fileURLWithPath: draft.path).lastPathComponent)”"
        }
        p.text(name, in: title, size: (Theme.textSize + 3) * s, Theme.ink, align: .left, bold: true)
        switch sheet {
        case .shortcuts: drawShortcuts(body, v, p)
        case .about: drawAbout(body, v, p)
        case .newPage(let draft): drawNewPage(draft, body, v, p)
        case .pageSize(let draft): drawPageSize(draft, body, v, p)
        case .exportResolution(let draft): drawExportResolution(draft, body, v, p)
        }
        for item in v.layout.items where item.control.isInSheet {
            drawControl(item, sheet, v, p)
        }
    }

    /// The lines as `ShortcutPages` lays them out: the groups flow down and into the next
    /// column, the keys in a column as wide as the widest, an action too long for one row
    /// wrapped onto a second.
    private static func drawShortcuts(_ body: Rect, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let lines = ShortcutPages.lines
        let pages = ShortcutPages.laidOut(body: body, scale: s)
        let line = pages.line, size = pages.size * s, keysWidth = pages.keysWidth
        let page = min(v.app.chrome.sheets.shortcutsPage, pages.count - 1)
        if pages.count > 1 {
            p.text("Page \(page + 1) of \(pages.count): the arrow keys or the wheel turn the pages", in: Rect(x: body.minX, y: body.maxY - line, width: body.width, height: line),
                   size: Theme.smallText * s, Theme.inkMuted, align: .left)
        }
        let columnWidth = body.width / Double(pages.columns)
        for (column, slots) in pages.columns(ofPage: page).enumerated() {
            let x = body.minX + Double(column) * columnWidth
            for slot in slots {
                let entry = lines[slot.index]
                let rect = Rect(x: x, y: body.minY + Double(slot.row) * line, width: columnWidth, height: Double(slot.rows) * line)
                if entry.heading {
                    p.text(entry.keys, in: Rect(x: x, y: rect.minY, width: columnWidth - ShortcutPages.end * s, height: line), size: size, Theme.accent,
                           align: .left, bold: true)
                } else {
                    p.text(entry.keys, in: Rect(x: x, y: rect.minY, width: keysWidth + 4 * s, height: rect.height), size: size, Theme.ink, align: .left, bold: true)
                    let left = keysWidth + ShortcutPages.gap * s
                    p.text(entry.action, in: Rect(x: x + left, y: rect.minY, width: columnWidth - left - ShortcutPages.end * s, height: rect.height),
                           size: size, Theme.ink, align: .left, wrap: slot.rows > 1)
                }
            }
        }
    }

    private static func drawAbout(_ body: Rect, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let text = """
            A drawing board for the Linux desktop, version \(AppInfo.version).
            Draw with a mouse, fingers or a pen; documents are OpenRaster (.ora), exported as PNG, JPEG, WebP, SVG or PDF.
            Made with SDL2, Cairo, Pango and librsvg. MIT licence.
            """
        p.text(text, in: body.insetBy(4 * s), size: Theme.textSize * s, Theme.ink, align: .left, wrap: true)
    }

    private static func drawNewPage(_ draft: NewPageDraft, _ body: Rect, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let row = Theme.minimumTarget * s, gap = 8 * s
        let half = (body.width - gap) / 2
        let fieldY = body.minY + 4 * row + gap
        p.text("Custom size", in: Rect(x: body.minX, y: fieldY, width: half, height: row), size: Theme.textSize * s, Theme.ink, align: .left)
        p.text("Background", in: Rect(x: body.minX, y: fieldY + row + gap, width: half, height: row), size: Theme.textSize * s, Theme.ink, align: .left)
        p.text("Paper", in: Rect(x: body.minX, y: fieldY + 2 * (row + gap), width: 80 * s, height: row), size: Theme.textSize * s, Theme.ink, align: .left)
        let summary = draft.size.map { "\($0.width) x \($0.height) pixels" } ?? "Type width x height"
        p.text(summary, in: Rect(x: body.minX, y: body.maxY - row, width: body.width - 300 * s, height: row), size: Theme.smallText * s,
               draft.size == nil ? Theme.error : Theme.inkMuted, align: .left)
    }

    private static func drawPageSize(_ draft: PageSizeDraft, _ body: Rect, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let row = Theme.minimumTarget * s, gap = 8 * s
        let labelWidth = min(180 * s, body.width / 2)
        p.text("Width x height", in: Rect(x: body.minX, y: body.minY, width: labelWidth, height: row), size: Theme.textSize * s, Theme.ink, align: .left)
        let anchorsY = body.minY + 3 * row + 2 * gap
        p.text("Keep the drawing at", in: Rect(x: body.minX, y: anchorsY, width: labelWidth, height: row),
               size: Theme.textSize * s, Theme.ink, align: .left)
        p.text("Now \(v.pageSize.width) x \(v.pageSize.height)", in: Rect(x: body.minX, y: anchorsY + row, width: labelWidth, height: row),
               size: Theme.smallText * s, Theme.inkMuted, align: .left)
    }

    private static func drawExportResolution(_ draft: ExportResolutionDraft, _ body: Rect, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let row = Theme.minimumTarget * s, gap = 8 * s
        let labelWidth = min(180 * s, body.width / 2)
        let fieldY = body.minY + Double(ExportResolutionDraft.scales.count) * row + gap
        p.text("Dots per inch", in: Rect(x: body.minX, y: fieldY, width: labelWidth, height: row), size: Theme.textSize * s, Theme.ink, align: .left)
        let summary: String
        if let scale = draft.scale, let size = draft.size(at: scale) {
            summary = "\(size.width) x \(size.height) pixels"
        } else {
            summary = "Type \(draft.dpiRange.lowerBound) to \(draft.dpiRange.upperBound) dots per inch"
        }
        p.text(summary, in: Rect(x: body.minX, y: body.maxY - row, width: body.width - 300 * s, height: row), size: Theme.smallText * s,
               draft.scale == nil ? Theme.error : Theme.inkMuted, align: .left, wrap: true)
    }

    private static func drawControl(_ item: Layout.Item, _ sheet: Sheet, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let f = item.frame, inner = item.frame.insetBy(3 * s)
        let pressed = v.pressed == item.control
        func button(_ label: String, selected: Bool, primary: Bool = false) {
            p.fill(inner, selected || primary ? Theme.accent : Theme.hover, radius: 10 * s)
            if pressed { p.fill(inner, Theme.pressed, radius: 10 * s) }
            p.text(label, in: inner, size: Theme.textSize * s, selected || primary ? Theme.onAccent : Theme.ink)
        }
        switch (item.control, sheet) {
        case (.sheetClose, .shortcuts), (.sheetClose, .about):
            if pressed { p.fill(inner, Theme.pressed, radius: 10 * s) }
            p.icon("close", in: f, side: 20 * s, Theme.ink)
        case (.sheetClose, _):
            button("Cancel", selected: false)
        case (.sheetConfirm, .newPage(let draft)):
            button(draft.inserting ? "Insert" : "Create", selected: false, primary: true)
        case (.sheetConfirm, .exportResolution):
            button("Export", selected: false, primary: true)
        case (.sheetConfirm, _):
            button("Apply", selected: false, primary: true)
        case (.sheetSize(let choice), .newPage(let draft)):
            let chosen: Bool
            switch choice {
            case .window: chosen = draft.custom == nil && draft.preset == nil
            case .preset(let preset): chosen = draft.custom == nil && draft.preset == preset
            case .custom: chosen = draft.custom != nil
            }
            let label = choice == .window ? "\(draft.inserting ? "This page" : "Window") (\(draft.windowSize.width)x\(draft.windowSize.height))" : choice.title
            button(label, selected: chosen)
        case (.sheetSize(.preset(let preset)), .pageSize(let draft)):
            button(preset.title, selected: draft.size == preset.size)
        case (.sheetField, .newPage(let draft)):
            field(draft.custom ?? "—", editing: draft.custom != nil, selected: draft.selected, invalid: draft.custom != nil && draft.size == nil)
        case (.sheetField, .pageSize(let draft)):
            field(draft.text, editing: true, selected: draft.selected, invalid: draft.size == nil)
        case (.sheetColor(let i), .newPage(let draft)) where Layout.pageColors.indices.contains(i):
            let color = Layout.pageColors[i]
            let chosen = draft.background == color
            if chosen { p.fill(f.insetBy(-1 * s), Theme.accent, radius: 10 * s) }
            p.fill(inner, chosen ? RGBA(1, 1, 1) : Theme.chromeBorder, radius: 8 * s)
            // The chosen one sits in an accent ring with a white gap, which shows on any colour.
            p.fill(inner.insetBy(chosen ? 3 * s : 1.5 * s), RGBA(color), radius: 6 * s)
        case (.sheetPaper(let ruling), .newPage(let draft)):
            button(ruling?.title ?? "Plain", selected: draft.paper == ruling)
        case (.sheetResolution(let i), .exportResolution(let draft)) where ExportResolutionDraft.scales.indices.contains(i):
            let scale = ExportResolutionDraft.scales[i]
            let size = draft.size(at: scale).map { " — \($0.width) x \($0.height) pixels" } ?? ""
            button("\(JSONValue.format(scale))x, \(Int(scale * ExportResolutionDraft.dpiAtOne)) dpi\(size)", selected: draft.choice == i)
        case (.sheetField, .exportResolution(let draft)):
            field(draft.dpi, editing: draft.choice == nil, selected: draft.selected, invalid: draft.choice == nil && draft.scale == nil)
        case (.sheetAnchor(let i), .pageSize(let draft)):
            p.fill(inner, i == draft.anchor ? Theme.accent : Theme.hover, radius: 6 * s)
            if i == draft.anchor { p.fillCircle(center: f.center, radius: 6 * s, Theme.onAccent) }
        default:
            break
        }
        func field(_ text: String, editing: Bool, selected: Bool, invalid: Bool) {
            p.fill(inner, RGBA(1, 1, 1), radius: 8 * s)
            p.outline(inner, invalid ? Theme.error : editing ? Theme.accent : Theme.chromeBorder, width: (editing ? 2 : 1) * s, radius: 8 * s)
            let box = inner.insetBy(10 * s)
            if editing && selected {
                // Selected text: the next digit replaces it.
                let width = p.measure(text, size: Theme.textSize * s).width
                p.fill(Rect(x: box.minX - 2 * s, y: box.center.y - 11 * s, width: width + 4 * s, height: 22 * s), RGBA(0.2, 0.4, 0.64, 0.3), radius: 3 * s)
            }
            p.text(editing && !selected ? text + "|" : text, in: box, size: Theme.textSize * s, editing ? Theme.ink : Theme.inkDisabled, align: .left)
        }
    }
}

/// The app's name and version, for About and `--version`.
public enum AppInfo {
    public static let version = "0.1.0"
}
