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

    /// The element a `place` step describes, its source read and its width worked out as the
    /// contract says (a sticker 128 px, an image its own width fitted inside the canvas, a text
    /// as Pango lays it out).
    private func element(_ placing: DrawingScript.Placing, for editor: Editor, at path: String, base: URL) throws -> Element {
        let source: ElementSource
        let natural: Size
        var width: Double
        switch placing.source {
        case .image(let name):
            let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : base.appendingPathComponent(name)
            let asset: ImageAsset
            do {
                let (read, decoded) = try ElementSources.image(atPath: url.path, name: name, decoder: decoder)
                if let decoded { editor.keepDecoded(decoded, for: read) }
                asset = read
            } catch {
                throw ScriptError("\(path).image", "cannot load \"\(name)\": \(error)")
            }
            source = .image(asset)
            natural = Size(width: Double(asset.size.width), height: Double(asset.size.height))
            let fit = min(1, Double(editor.size.width) / natural.width, Double(editor.size.height) / natural.height)
            width = natural.width * fit
        case .sticker(let name):
            guard let stickers else { throw ScriptError("\(path).sticker", "no stickers are installed") }
            let asset: ImageAsset
            do {
                asset = try stickers.sticker(named: name)
            } catch {
                throw ScriptError("\(path).sticker", "\(error)")
            }
            source = .sticker(name, asset)
            natural = Size(width: Double(asset.size.width), height: Double(asset.size.height))
            width = Element.stickerWidth
        case .text(let text, let size, let color, let font):
            let style = TextStyle(text: text, font: font ?? "Sans", size: size ?? Element.textSize, color: color ?? editor.toolState.style.color)
            source = .text(style)
            natural = TextArt.measure(style)
            width = natural.width
            if placing.width == nil { try Self.checkLaidOut(style, natural, at: "\(path).text") }
        }
        if let given = placing.width { width = given }
        let element = Element(name: placing.name, source: source,
                              placement: Element.Placement(center: placing.center, width: width, rotation: placing.rotation, natural: natural))
        try element.validate(at: path)
        return element
    }
}

extension ScriptRunner {
    /// A text placed at its own width must fit an element's limits as Pango lays it out: the
    /// message names the text the script gave, not a width it never wrote.
    static func checkLaidOut(_ style: TextStyle, _ natural: Size, at path: String) throws(ScriptError) {
        let size = JSONValue.format(style.size), limit = Element.widthRange.upperBound
        if natural.width > limit {
            throw ScriptError(path, "\(style.text.quotedExcerpt()) is \(Int(natural.width.rounded())) px wide at size \(size); a text is at most \(Int(limit)) px wide (break it into lines with \\n, or give a smaller size)")
        }
        if natural.height > 4 * limit {
            throw ScriptError(path, "\(style.text.quotedExcerpt()) is \(Int(natural.height.rounded())) px tall at size \(size); a text is at most \(Int(4 * limit)) px tall (fewer lines, or a smaller size)")
        }
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
