import DrawingBoardCore
import DrawingBoardRender

/// Draws the notebook's controls: the pages sidebar (a thumbnail of each page in sight, the
/// page drawn on marked, its number, its menu button, where a dragged page would land), the
/// bottom bar's page number and sidebar button, and the "+" under the last page.
enum PagesRenderer {
    /// The sidebar's card, under its thumbnails.
    static func drawSidebar(_ v: ChromeView, with p: Painter, in area: Rect) {
        guard let card = v.layout.sidebar, card.intersects(area) else { return }
        UIRenderer.card(card, p, v.scale)
    }

    /// What a dragged thumbnail shows: a line where the page would land.
    static func drawDrop(_ v: ChromeView, with p: Painter) {
        guard let drag = v.app.pages.sidebar.dragging, let card = v.layout.sidebar else { return }
        let s = v.scale
        let y: Double
        if let slot = v.layout.sidebarSlot(drag.to) {
            y = slot.minY - 4 * s
        } else if let last = v.layout.sidebarSlot(drag.to - 1) {
            y = last.maxY + 4 * s
        } else {
            return
        }
        guard y > card.minY, y < card.maxY else { return }
        p.line(from: Point(card.minX + 8 * s, y), to: Point(card.maxX - 8 * s, y), width: 3 * s, Theme.accent)
    }

    /// The part of the sidebar's card the thumbnails or the Contents scroll in (under its tabs).
    static func sidebarContent(_ layout: Layout, _ card: Rect, _ s: Double) -> Rect {
        let top = layout.sidebarContentTop
        return Rect(x: card.minX + 2 * s, y: max(top, card.minY + 2 * s), width: card.width - 4 * s, height: card.maxY - 2 * s - max(top, card.minY + 2 * s))
    }

    /// Row `i` of the Contents shown.
    static func contentsRow(_ layout: Layout, _ i: Int) -> Layout.ContentsRow? {
        guard let rows = layout.sidebarSpec?.contents, rows.indices.contains(i) else { return nil }
        return rows[i]
    }

    /// Draws one of the notebook's controls; false for any other control.
    static func drawItem(_ item: Layout.Item, _ v: ChromeView, _ p: Painter) -> Bool {
        let s = v.scale, f = item.frame
        let pressed = v.pressed == item.control
        switch item.control {
        case .pageThumbnail(let i):
            guard let card = v.layout.sidebar else { return true }
            p.clipped(to: Self.sidebarContent(v.layout, card, s)) {
                let box = v.layout.sidebarThumbnail(in: f)
                let current = v.app.pages.current == i
                let dragged = v.app.pages.sidebar.dragging?.from == i
                if let thumb = v.app.pages.sidebar.thumbnail(i, side: Int((box.width * 1.5).rounded())) {
                    // Centred in its box, its own shape.
                    let k = min(box.width / Double(thumb.width), box.height / Double(thumb.height))
                    let w = Double(thumb.width) * k, h = Double(thumb.height) * k
                    let r = Rect(x: box.minX + ((box.width - w) / 2).rounded(), y: box.minY, width: w.rounded(), height: h.rounded())
                    p.image(thumb, in: r)
                    p.outline(r, current ? Theme.accent : Theme.chromeBorder, width: (current ? 3 : 1) * s, radius: 0)
                } else {
                    p.fill(box, RGBA(1, 1, 1), radius: 0)
                    p.outline(box, Theme.chromeBorder, width: s, radius: 0)
                }
                if dragged || pressed { p.fill(box, Theme.pressed, radius: 0) }
                let label = Rect(x: f.minX, y: box.maxY, width: f.width, height: f.maxY - box.maxY)
                p.text("\(i + 1)", in: label, size: Theme.smallText * s, current ? Theme.accent : Theme.inkMuted, bold: current)
            }
        case .pageMenu:
            guard let card = v.layout.sidebar, Self.sidebarContent(v.layout, card, s).contains(f.center) else { return true }
            let dot = Rect(x: f.maxX - 30 * s, y: f.minY + 4 * s, width: 26 * s, height: 26 * s)
            p.fill(dot, pressed ? Theme.pressed : RGBA(1, 1, 1, 0.92), radius: 13 * s)
            p.outline(dot, Theme.chromeBorder, width: 1, radius: 13 * s)
            p.text("⋮", in: dot, size: Theme.textSize * s, Theme.ink, bold: true)
        case .pageNumber:
            if pressed || v.app.pages.numberEntry != nil { p.fill(f.insetBy(3 * s), v.app.pages.numberEntry != nil ? Theme.hover : Theme.pressed, radius: 10 * s) }
            let text = v.layout.compactBottom ? v.app.pages.shortLabel : v.app.pages.label
            p.text(text, in: f, size: (v.layout.compactBottom ? Theme.smallText : Theme.textSize) * s, Theme.ink)
        case .sidebar:
            let inner = f.insetBy(3 * s)
            if v.app.pages.sidebar.shown { p.fill(inner, Theme.accent, radius: 10 * s) }
            if pressed { p.fill(inner, Theme.pressed, radius: 10 * s) }
            p.icon("pages", in: f, side: Theme.iconSide * s, v.app.pages.sidebar.shown ? Theme.onAccent : Theme.ink)
        case .sidebarView(let contents):
            let selected = v.app.pages.sidebar.showsContents == contents
            if selected || pressed { p.fill(f.insetBy(2 * s), selected ? Theme.accent : Theme.pressed, radius: 10 * s) }
            p.text(contents ? "Contents" : "Pages", in: f, size: Theme.textSize * s, selected ? Theme.onAccent : Theme.ink)
        case .contentsEntry(let i):
            guard let card = v.layout.sidebar, let row = Self.contentsRow(v.layout, i) else { return true }
            p.clipped(to: Self.sidebarContent(v.layout, card, s)) {
                if pressed { p.fill(f, Theme.pressed, radius: 8 * s) }
                p.text(row.title.isEmpty ? "Untitled" : row.title, in: Rect(x: f.minX + 4 * s, y: f.minY, width: f.width - 8 * s, height: f.height), size: Theme.textSize * s,
                       row.title.isEmpty ? Theme.inkMuted : Theme.ink, align: .left)
            }
        case .contentsFold(let i):
            guard let card = v.layout.sidebar, let row = Self.contentsRow(v.layout, i) else { return true }
            p.clipped(to: Self.sidebarContent(v.layout, card, s)) {
                if pressed { p.fill(f, Theme.pressed, radius: 8 * s) }
                p.text(row.open ? "▾" : "▸", in: f, size: Theme.textSize * s, Theme.inkMuted)
            }
        case .addPage:
            p.fillCircle(center: f.center, radius: f.width / 2, pressed ? Theme.accent : Theme.chrome)
            p.strokeCircle(center: f.center, radius: f.width / 2, Theme.chromeBorder, width: 1.5 * s)
            p.text("+", in: f, size: 24 * s, pressed ? Theme.onAccent : Theme.ink, bold: true)
        default:
            return false
        }
        return true
    }
}
