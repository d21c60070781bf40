import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The sheets: New page (Ctrl+N), Page size, the keyboard shortcuts (F1) and About. A sheet
/// takes the keys while it is open; Esc closes it and Enter confirms.
extension AppController {
    /// Opens `kind`; a page sheet starts from the page as it is.
    func openSheet(_ kind: SheetRequest) {
        closeMenu()
        panel = nil
        switch kind {
        case .shortcuts: sheet = .shortcuts
        case .about: sheet = .about
        case .newPage: sheet = .newPage(NewPageDraft(preset: nil, windowSize: window, custom: nil, background: .white))
        case .pageSize: sheet = .pageSize(PageSizeDraft(text: "\(editor.size.width)x\(editor.size.height)"))
        }
        bars.show(at: now)
        invalidateChrome()
    }

    public enum SheetRequest: Sendable {
        case shortcuts, about, newPage, pageSize
    }

    func closeSheet() {
        sheet = nil
        invalidateChrome()
    }

    /// Ctrl+N: the New page sheet (the page is replaced only after asking about unsaved work).
    public func requestNewPage() {
        openSheet(.newPage)
    }

    /// A press on a sheet's control.
    func pressSheet(_ control: Control) {
        invalidateChrome()
        switch (control, sheet) {
        case (.sheetClose, _):
            closeSheet()
        case (.sheetConfirm, _):
            confirmSheet()
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
        case (.sheetAnchor(let i), .pageSize(var draft)?):
            draft.anchor = min(max(i, 0), 8)
            sheet = .pageSize(draft)
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
            show(error: "Type the page size as width x height, e.g. 1200x800 (1 to \(CanvasLimits.maxSide) pixels a side)")
            return nil
        }
        closeSheet()
        message = nil
        return size
    }

    /// Enter or the confirm button: Create the new page, or Apply the page size.
    func confirmSheet() {
        switch sheet {
        case .newPage(let draft)?:
            guard let size = typedSize(draft.size) else { return }
            whenChangesAreSafe(.newPage(PageSpec(size: size, background: draft.background, paper: draft.paper)))
        case .pageSize(let draft)?:
            guard let size = typedSize(draft.size) else { return }
            do {
                try editor.resizePage(to: size, anchor: draft.anchor)
                pageChanged()
                show(info: "The page is now \(size.width)x\(size.height) (Ctrl+Z undoes)")
            } catch {
                show(error: "The page cannot be \(size.width)x\(size.height): \(error)")
            }
        default:
            closeSheet()
        }
    }

    /// Keys while a sheet is open: Esc, Enter, the size field's digits, arrows for the choices.
    func sheetKey(_ input: KeyInput) -> Bool {
        if input.ctrl, input.key == .character("a") {
            // Ctrl+A selects the size field's text.
            switch sheet {
            case .newPage(var draft)? where draft.custom != nil: draft.selected = true; sheet = .newPage(draft)
            case .pageSize(var draft)?: draft.selected = true; sheet = .pageSize(draft)
            default: break
            }
            invalidateChrome()
            return true
        }
        guard !input.ctrl else { return false }
        switch input.key {
        case .escape:
            closeSheet()
            return true
        case .enter:
            confirmSheet()
            return true
        default:
            break
        }
        invalidateChrome()
        switch sheet {
        case .newPage(var draft)?:
            if draft.custom != nil, let edited = Self.edit(draft.custom ?? "", selected: draft.selected, with: input) {
                draft.custom = edited
                draft.selected = false
            } else if input.key == .down || input.key == .up {
                let all = PageSizeChoice.all
                let current = draft.custom != nil ? all.count - 1 : draft.preset.map { p in all.firstIndex(of: .preset(p)) ?? 0 } ?? 0
                let next = (current + (input.key == .down ? 1 : all.count - 1)) % all.count
                sheet = .newPage(draft)
                pressSheet(.sheetSize(all[next]))
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
        default:
            break
        }
        return true
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

    /// Starts a new blank page of `spec`.
    func newPageNow(_ spec: PageSpec) {
        do {
            let next = try Editor(size: spec.size, background: spec.pageBackground, history: editor.history.options)
            replaceEditor(next)
            document.replaced(path: nil, at: next.history.stateID)
            backgroundColor = spec.background
            // A dark page gets a light pen and a light page a dark one, when the pen would
            // hardly show on it.
            let pen = toolRules.penColor(editor.toolState)
            if abs(pen.luminance - spec.background.luminance) < 0.35 {
                setPenColor(spec.background.luminance < 0.5 ? .white : .black)
            }
            show(info: "New page, \(spec.size.width)x\(spec.size.height)")
        } catch {
            show(error: "A \(spec.size.width)x\(spec.size.height) page cannot be made: \(error)")
        }
    }

    /// The page's size changed (a page step, its undo or redo): the view follows.
    func pageChanged() {
        if viewFitted { fitPage() } else { setView(view) }
        repaint.dirty = [PixelRect(size: window)]
        invalidateChrome()
    }
}
