import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The group selection's keys and commands: Ctrl+A, Delete, Ctrl+D, Ctrl+X, Ctrl+C, Ctrl+V,
/// Page Up and Page Down, the arrows, Esc, and the Brush panel's changes given to it.
extension LassoController {
    /// The group selection's keys; false for any other key.
    func key(_ input: KeyInput) -> Bool {
        cancelDrag()
        if input.ctrl, !input.shift, input.key == .character("a") {
            selectAll()
            return true
        }
        if input.ctrl, !input.shift, input.key == .character("v"), clipboard != nil {
            paste()
            return true
        }
        guard selecting, hasSelection else { return false }
        let step = (input.shift ? 10.0 : 1.0)
        switch input.key {
        case .delete, .backspace: deleteSelection()
        case .character("d") where input.ctrl: app.attempt { try editor.selection.duplicate() }
        case .character("c") where input.ctrl: copy()
        case .character("x") where input.ctrl:
            copy()
            app.attempt { try editor.selection.cut() }
        case .pageUp: app.attempt { try editor.selection.reorder(top: true) }
        case .pageDown: app.attempt { try editor.selection.reorder(top: false) }
        case .left where !input.ctrl: app.attempt { try editor.selection.transform(.move(-step, 0)) }
        case .right where !input.ctrl: app.attempt { try editor.selection.transform(.move(step, 0)) }
        case .up where !input.ctrl: app.attempt { try editor.selection.transform(.move(0, -step)) }
        case .down where !input.ctrl: app.attempt { try editor.selection.transform(.move(0, step)) }
        case .escape: none()
        default: return false
        }
        selectionChanged()
        return true
    }

    func deleteSelection() {
        app.attempt { try editor.selection.delete() }
        editor.selection.none()
        selectionChanged()
    }

    /// The selection onto the window's clipboard (a single element's copy is forgotten).
    func copy() {
        guard editor.selection.copy(), let taken = editor.selection.clipboard else { return }
        clipboard = taken
        app.selection.forgetCopied()
        offerToOtherApps(taken) { [weak self] in self?.clipboard?.items == taken.items }
        let n = editor.selection.ids.count
        app.chrome.show(info: "\(n == 1 ? "1 item" : "\(n) items") copied; Ctrl+V pastes")
    }

    /// Other apps get a PNG and an SVG of what was copied, made off the event loop (the
    /// platform puts them on the clipboard); `still`: whether it is still what was copied
    /// when they are made.
    func offerToOtherApps(_ taken: ItemClipboard, still: @escaping () -> Bool) {
        let scale = app.scale
        app.background.run({ try ClipboardPictures.make(taken, scale: scale) }) { [weak app] result in
            guard let app, case .success(let made) = result, still() else { return }
            app.request(.offerClipboard(png: made.png, svg: made.svg))
        }
    }

    /// Ctrl+V: what was copied, on this page: beside where it was when that is in view, in the
    /// middle of the view otherwise. It becomes the selection, with the select tool.
    func paste() {
        guard let clipboard else { return }
        app.text.finish()
        let offset = EditorSelection.duplicateOffset
        let beside = clipboard.bounds.center + Point(offset, offset)
        let window = view.toWindow(beside)
        let inView = window.x >= 0 && window.y >= 0 && window.x < Double(app.window.width) && window.y < Double(app.window.height)
            && beside.x < Double(editor.size.width) && beside.y < Double(editor.size.height)
        editor.selection.clipboard = clipboard
        app.attempt { try editor.selection.paste(at: inView ? beside : app.viewport.canvasCentre) }
        if !selecting { app.brush.select(.select) }
        app.selection.select(nil)
        // The next paste goes a step further.
        let b = clipboard.bounds
        self.clipboard?.bounds = Rect(minX: b.minX + offset, minY: b.minY + offset, maxX: b.maxX + offset, maxY: b.maxY + offset)
        selectionChanged()
    }

    /// The Brush panel's colour, width or opacity changed with a selection: they go to it, as
    /// one step once the pointer lifts (a slider dragged is one step, not one per value).
    func followBrush() {
        let style = editor.toolState.style
        guard !app.input.isPointerDown else { return }
        guard selecting, hasSelection, let seen = styleSeen, seen != style else {
            styleSeen = style
            return
        }
        styleSeen = style
        let restyle = SelectionEdit.Restyle(color: style.color != seen.color ? style.color : nil, width: style.width != seen.width ? style.width : nil,
                                            opacity: style.opacity != seen.opacity ? style.opacity : nil)
        guard !restyle.isEmpty else { return }
        app.attempt { try editor.selection.restyle(restyle) }
        refresh()
    }
}
