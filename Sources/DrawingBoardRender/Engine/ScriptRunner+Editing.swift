import DrawingBoardCore

/// The contract's "Editing what was drawn" on the editor: selecting, what is done to the
/// selection, paste, shapes that snap and the ruler.
extension ScriptRunner {
    func applyEditingStep(_ action: DrawingScript.Action, to editor: Editor, at path: String) throws {
        switch action {
        case .select(let target):
            switch target {
            case .lasso(let points): editor.selectLasso(points)
            case .rect(let rect): editor.selectRect(rect)
            case .all: editor.selectAll()
            case .none: editor.selectNone()
            }
        case .selection(let step):
            let at = "\(path).selection"
            guard let box = editor.selectionBounds else { throw ScriptError(at, "nothing is selected") }
            do {
                switch step {
                case .move(let d): try editor.transformSelection(.move(d.x, d.y))
                case .scale(let f): try editor.transformSelection(.scale(f, f, about: box.center))
                case .rotate(let degrees): try editor.transformSelection(.rotate(degrees, about: box.center))
                case .color(let color): try editor.restyleSelection(SelectionEdit.Restyle(color: color))
                case .width(let width): try editor.restyleSelection(SelectionEdit.Restyle(width: width))
                case .duplicate: try editor.duplicateSelection()
                case .copy: editor.copySelection()
                case .cut: try editor.cutSelection()
                case .delete: try editor.deleteSelection()
                }
            } catch {
                throw ScriptError(at, error.message)
            }
        case .paste(let p):
            guard editor.clipboard != nil else { throw ScriptError("\(path).paste", "nothing has been copied") }
            do {
                try editor.paste(at: p)
            } catch {
                throw ScriptError("\(path).paste", error.message)
            }
        case .recognize(let on):
            editor.tools.recognizesShapes = on
        case .ruler(let ruler):
            editor.tools.ruler = ruler
        default:
            break
        }
    }
}
