import DrawingBoardCore
import Foundation

/// The contract's "Elements" steps on the editor: placing stickers, images and text, the
/// double tap, delete, raise, lower and a text's edit. Ids are the script's names for the
/// elements it placed.
extension ScriptRunner {
    func applyElementStep(_ action: DrawingScript.Action, to editor: Editor, at path: String, base: URL) throws {
        switch action {
        case .place(let placing):
            try editor.place(try element(placing, for: editor, at: "\(path).place", base: base))
        case .doubleTap(let p):
            guard let element = editor.element(at: p) else {
                throw ScriptError("\(path).double-tap", "[\(JSONValue.format(p.x)), \(JSONValue.format(p.y))] is on no element")
            }
            guard element.source.text == nil else {
                throw ScriptError("\(path).double-tap", "the element there is a text; a double tap turns stickers and images")
            }
            try editor.turnElement(at: p)
        case .delete(let reference):
            try editor.perform(.delete(try find(reference, in: editor, at: "\(path).delete").id))
        case .raise(let reference):
            try editor.perform(.reorder(try find(reference, in: editor, at: "\(path).raise").id, top: true))
        case .lower(let reference):
            try editor.perform(.reorder(try find(reference, in: editor, at: "\(path).lower").id, top: false))
        case .edit(let edit):
            var element = try find(.name(edit.name), in: editor, at: "\(path).edit.id")
            guard var style = element.source.text else {
                throw ScriptError("\(path).edit.id", "\"\(edit.name)\" is a \(element.source.kind), not a text")
            }
            if let text = edit.text { style.text = text }
            if let size = edit.size { style.size = size }
            if let color = edit.color { style.color = color }
            if let font = edit.font { style.font = font }
            element.retext(style)
            try editor.perform(.change(element))
        default:
            break
        }
    }

    private func find(_ reference: DrawingScript.ElementReference, in editor: Editor, at path: String) throws(ScriptError) -> Element {
        switch reference {
        case .name(let name):
            guard let i = editor.page.index(ofElementNamed: name), let element = editor.page.items[i].element else {
                throw ScriptError(path, "no element has the id \"\(name)\"")
            }
            return element
        case .point(let p):
            guard let element = editor.element(at: p) else {
                throw ScriptError(path, "[\(JSONValue.format(p.x)), \(JSONValue.format(p.y))] is on no element")
            }
            return element
        }
    }

    /// The element a `place` step describes, made by its kind's painter (the contract's
    /// widths: a sticker 128 px, an image its own width fitted inside the canvas, a text as
    /// Pango lays it out) and checked.
    private func element(_ placing: DrawingScript.Placing, for editor: Editor, at path: String, base: URL) throws -> Element {
        let context = PlacingContext(base: base, canvas: editor.size, decoder: decoder, stickers: stickers, color: editor.toolState.style.color,
                                     keepDecoded: { image, asset in editor.keepDecoded(image, for: asset) })
        let made = try ElementPainters.make(placing.source, width: placing.width, in: context, at: path)
        let element = Element(name: placing.name, source: made.source,
                              placement: Element.Placement(center: placing.center, width: made.width, rotation: placing.rotation, natural: made.natural))
        try element.validate(at: path)
        return element
    }
}

extension Element {
    /// Takes a new text style, keeping its centre, rotation and scale (the width follows the
    /// text's new length).
    public mutating func retext(_ style: TextStyle) {
        let scale = placement.scale
        source = .text(style)
        placement.natural = TextArt.measure(style)
        placement.width = min(max(placement.natural.width * scale, Element.widthRange.lowerBound), Element.widthRange.upperBound)
    }
}
