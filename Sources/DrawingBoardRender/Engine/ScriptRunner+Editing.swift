import DrawingBoardCore

/// The contract's "Editing what was drawn" on the editor: selecting, what is done to the
/// selection, paste, shapes that snap and the ruler; and highlighting a PDF's text.
extension ScriptRunner {
    func applyEditingStep(_ action: DrawingScript.Action, to editor: Editor, at path: String) throws {
        switch action {
        case .select(let target):
            switch target {
            case .lasso(let points): editor.selection.lasso(points)
            case .rect(let rect): editor.selection.rect(rect)
            case .all: editor.selection.all()
            case .none: editor.selection.none()
            }
        case .selection(let step):
            let at = "\(path).selection"
            guard let box = editor.selection.bounds else { throw ScriptError(at, "nothing is selected") }
            do {
                switch step {
                case .move(let d): try editor.selection.transform(.move(d.x, d.y))
                case .scale(let f): try editor.selection.transform(.scale(f, f, about: box.center))
                case .rotate(let degrees): try editor.selection.transform(.rotate(degrees, about: box.center))
                case .color(let color): try editor.selection.restyle(SelectionEdit.Restyle(color: color))
                case .width(let width): try editor.selection.restyle(SelectionEdit.Restyle(width: width))
                case .duplicate: try editor.selection.duplicate()
                case .copy: editor.selection.copy()
                case .cut: try editor.selection.cut()
                case .delete: try editor.selection.delete()
                }
            } catch {
                throw ScriptError(at, error.message)
            }
        case .paste(let p):
            guard editor.selection.clipboard != nil else { throw ScriptError("\(path).paste", "nothing has been copied") }
            do {
                try editor.selection.paste(at: p)
            } catch {
                throw ScriptError("\(path).paste", error.message)
            }
        case .recognize(let on):
            editor.tools.recognizesShapes = on
        case .ruler(let ruler):
            editor.tools.instrument = ruler.map(Instrument.init)
        case .highlightText(let from, let to):
            do {
                try editor.highlightText(from: from, to: to, style: editor.toolState.style)
            } catch {
                throw ScriptError("\(path).highlight-text", error.message)
            }
        default:
            break
        }
    }
}
