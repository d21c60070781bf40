import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The sheets over the page: New page (Ctrl+N), Page size, the keyboard shortcuts (F1) and
/// About. A sheet takes the keys while it is open; Esc closes it and Enter confirms.
public final class Sheets {
    unowned let app: AppController
    /// The sheet open, if any.
    public private(set) var sheet: Sheet?
    /// The keyboard shortcuts' page shown, when they take more than one (a small window).
    private(set) var shortcutsPage = 0
    /// Where the drawing kept to the last time a page size was applied: the Page size sheet
    /// opens with it (growing a page the same way twice asks for no second click).
    private var lastAnchor = 4

    init(app: AppController) {
        self.app = app
    }

    public enum Request: Sendable {
        case shortcuts, about, newPage, pageSize
        case insertPage(after: Int)
        /// A picture's resolution before it is exported to `path`.
        case exportResolution(path: String, format: ExportFormat)
    }

    /// Opens `kind`; a page sheet starts from the page as it is.
    func open(_ kind: Request) {
        app.chrome.menu.close()
        app.chrome.panel = nil
        switch kind {
        case .shortcuts:
            sheet = .shortcuts
            shortcutsPage = 0
        case .about: sheet = .about
        case .newPage: sheet = .newPage(NewPageDraft(preset: nil, windowSize: app.window, custom: nil, background: .white))
        case .insertPage(let after):
            // The page drawn on's size, and its paper, to start from.
            var draft = NewPageDraft(windowSize: app.editor.size, background: app.brush.paper?.color ?? app.brush.backgroundColor)
            draft.paper = app.brush.paper?.ruling
            draft.insertAfter = after
            sheet = .newPage(draft)
        case .pageSize: sheet = .pageSize(PageSizeDraft(text: "\(app.editor.size.width)x\(app.editor.size.height)", anchor: lastAnchor))
        case .exportResolution(let path, let format):
            sheet = .exportResolution(ExportResolutionDraft(path: path, format: format, page: app.editor.size, scale: app.document.state.exportScale))
        }
        app.chrome.showBars()
        app.invalidateChrome()
    }

    func close() {
        sheet = nil
        app.invalidateChrome()
    }

    /// A press on a sheet's control.
    func press(_ control: Control) {
        app.invalidateChrome()
        switch (control, sheet) {
        case (.sheetClose, _):
            close()
        case (.sheetConfirm, _):
            confirm()
        case (.sheetSize(let choice), .newPage(var draft)?):
            switch choice {
            case .window: draft.preset = nil; draft.custom = nil
            case .preset(let p): draft.preset = p; draft.custom = nil
            case .custom: chooseCustom(&draft)
            }
            sheet = .newPage(draft)
        case (.sheetField, .newPage(var draft)?):
            chooseCustom(&draft)
            sheet = .newPage(draft)
        case (.sheetPaper(let ruling), .newPage(var draft)?):
            draft.paper = ruling
            sheet = .newPage(draft)
        case (.sheetColor(let i), .newPage(var draft)?) where Layout.pageColors.indices.contains(i):
            draft.background = Layout.pageColors[i]
            sheet = .newPage(draft)
        case (.sheetSize(.preset(let preset)), .pageSize(var draft)?):
            draft.text = "\(preset.size.width)x\(preset.size.height)"
            draft.selected = true
            sheet = .pageSize(draft)
        case (.sheetAnchor(let i), .pageSize(var draft)?):
            draft.anchor = min(max(i, 0), 8)
            sheet = .pageSize(draft)
        case (.sheetResolution(let i), .exportResolution(var draft)?) where ExportResolutionDraft.scales.indices.contains(i):
            draft.choice = i
            draft.dpi = JSONValue.format(ExportResolutionDraft.scales[i] * ExportResolutionDraft.dpiAtOne)
            sheet = .exportResolution(draft)
        case (.sheetField, .exportResolution(var draft)?):
            // The dots per inch, selected so that typing replaces them.
            draft.choice = nil
            draft.selected = true
            sheet = .exportResolution(draft)
        default:
            break
        }
    }

    /// The custom size field, filled with the current choice's size and selected, so typing
    /// replaces it.
    private func chooseCustom(_ draft: inout NewPageDraft) {
        guard draft.custom == nil else { return }
        let size = draft.size ?? draft.windowSize
        draft.custom = "\(size.width)x\(size.height)"
        draft.selected = true
    }

    /// The size a sheet's field holds, closing the sheet (and any old complaint); nil, with a
    /// message saying how to type one, when it holds none.
    private func typedSize(_ size: PixelSize?) -> PixelSize? {
        guard let size else {
            app.chrome.show(error: "Type the page size as width x height, e.g. 1200x800 (1 to \(CanvasLimits.maxSide) pixels a side)")
            return nil
        }
        close()
        app.chrome.dismissMessage()
        return size
    }

    /// Enter or the confirm button: Create the new page, or Apply the page size.
    func confirm() {
        switch sheet {
        case .newPage(let draft)?:
            guard let size = typedSize(draft.size) else { return }
            let spec = PageSpec(size: size, background: draft.background, paper: draft.paper)
            if let after = draft.insertAfter {
                close()
                return app.pages.insert(Page(size: size, background: spec.pageBackground), after: after)
            }
            app.document.questions.whenChangesAreSafe(.newPage(spec))
        case .pageSize(let draft)?:
            guard let size = typedSize(draft.size) else { return }
            guard size != app.editor.size else {
                // Nothing to change, and no step to undo.
                close()
                return app.chrome.show(info: "The page is already \(size.width)x\(size.height)")
            }
            do {
                try app.editor.resizePage(to: size, anchor: draft.anchor)
                lastAnchor = draft.anchor
                // A heavy page's new size is made off the event loop: said meanwhile, and
                // shown when it comes (`AppController.followReplacement`).
                if let change = app.editor.replacements.change { return app.chrome.show(info: change.doing) }
                app.viewport.pageChanged()
                app.chrome.show(info: "The page is now \(size.width)x\(size.height) (Ctrl+Z undoes)")
            } catch {
                app.chrome.show(error: "The page cannot be \(size.width)x\(size.height): \(error)")
            }
        case .exportResolution(let draft)?:
            guard let scale = draft.scale else {
                return app.chrome.show(error: "Type the resolution as \(draft.dpiRange.lowerBound) to \(draft.dpiRange.upperBound) dots per inch, or choose 1x, 2x or 4x")
            }
            close()
            app.chrome.dismissMessage()
            app.document.exportCopy(to: draft.path, as: draft.format, scale: scale)
        default:
            close()
        }
    }

    /// Keys while a sheet is open: Esc, Enter, the size field's digits, arrows for the choices.
    func key(_ input: KeyInput) -> Bool {
        if input.ctrl, input.key == .character("a") {
            // Ctrl+A selects the size field's text.
            switch sheet {
            case .newPage(var draft)? where draft.custom != nil: draft.selected = true; sheet = .newPage(draft)
            case .pageSize(var draft)?: draft.selected = true; sheet = .pageSize(draft)
            case .exportResolution(var draft)? where draft.choice == nil: draft.selected = true; sheet = .exportResolution(draft)
            default: break
            }
            app.invalidateChrome()
            return true
        }
        guard !input.ctrl else { return false }
        switch input.key {
        case .escape:
            close()
            return true
        case .enter:
            confirm()
            return true
        default:
            break
        }
        app.invalidateChrome()
        switch sheet {
        case .shortcuts?:
            switch input.key {
            case .right, .down, .pageDown: turnShortcuts(by: 1)
            case .left, .up, .pageUp: turnShortcuts(by: -1)
            default: break
            }
        case .newPage(var draft)?:
            if draft.custom != nil, let edited = Self.edit(draft.custom ?? "", selected: draft.selected, with: input) {
                draft.custom = edited
                draft.selected = false
            } else if input.key == .down || input.key == .up {
                let all = PageSizeChoice.all
                let current = draft.custom != nil ? all.count - 1 : draft.preset.map { p in all.firstIndex(of: .preset(p)) ?? 0 } ?? 0
                let next = (current + (input.key == .down ? 1 : all.count - 1)) % all.count
                sheet = .newPage(draft)
                press(.sheetSize(all[next]))
                return true
            } else {
                return true
            }
            sheet = .newPage(draft)
        case .pageSize(var draft)?:
            if let edited = Self.edit(draft.text, selected: draft.selected, with: input) {
                draft.text = edited
                draft.selected = false
            } else {
                switch input.key {
                case .left where draft.anchor % 3 > 0: draft.anchor -= 1
                case .right where draft.anchor % 3 < 2: draft.anchor += 1
                case .up where draft.anchor >= 3: draft.anchor -= 3
                case .down where draft.anchor < 6: draft.anchor += 3
                default: break
                }
            }
            sheet = .pageSize(draft)
        case .exportResolution(var draft)?:
            let count = ExportResolutionDraft.scales.count
            if case .character(let c) = input.key, c.isNumber, draft.choice != nil {
                // A digit types dots per inch from anywhere in the sheet.
                draft.choice = nil
                draft.selected = true
            }
            if draft.choice == nil, let edited = Self.editNumber(draft.dpi, selected: draft.selected, with: input) {
                draft.dpi = edited
                draft.selected = false
            } else if input.key == .down || input.key == .up {
                // Up and down go through the scales and the field.
                let current = draft.choice ?? count
                let next = (current + (input.key == .down ? 1 : count)) % (count + 1)
                sheet = .exportResolution(draft)
                press(next < count ? .sheetResolution(next) : .sheetField)
                return true
            }
            sheet = .exportResolution(draft)
        default:
            break
        }
        return true
    }

    /// A number field after `input`: up to five digits typed, Backspace deletes; a selected
    /// text is replaced by what is typed. Nil for a key that is not for the field.
    static func editNumber(_ text: String, selected: Bool, with input: KeyInput) -> String? {
        if selected, input.key == .backspace || input.key == .delete { return "" }
        switch input.key {
        case .backspace: return String(text.dropLast())
        case .character(let c) where c.isNumber: return selected ? String(c) : text.count < 5 ? text + String(c) : text
        default: return nil
        }
    }

    /// Shows the shortcuts' next page (`by` 1) or the one before (-1), within their pages.
    func turnShortcuts(by step: Int) {
        guard let body = app.layout().sheetBody else { return }
        // From the page shown: a window grown since may have fewer pages than the one kept.
        let last = ShortcutPages.laidOut(body: body, scale: app.scale).count - 1
        shortcutsPage = min(max(min(shortcutsPage, last) + step, 0), last)
        app.invalidateChrome()
    }

    /// A size field after `input`: digits and one "x" are typed, Backspace deletes; a selected
    /// text is replaced by what is typed. Nil for a key that is not for the field.
    static func edit(_ text: String, selected: Bool, with input: KeyInput) -> String? {
        if selected {
            switch input.key {
            case .backspace, .delete: return ""
            case .character(let c) where c.isNumber: return String(c)
            default: break
            }
        }
        switch input.key {
        case .backspace: return String(text.dropLast())
        case .character(let c) where c.isNumber && text.count < 11: return text + String(c)
        case .character("x") where !text.contains("x") && !text.isEmpty: return text + "x"
        default: return nil
        }
    }
}
