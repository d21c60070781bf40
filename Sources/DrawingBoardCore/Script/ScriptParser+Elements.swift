/// The contract's "Elements": `place`, `double-tap`, `delete`, `raise`, `lower` and `edit`
/// steps, every value checked here (whether an id, a sticker or an image exists is the
/// runner's to say, with the same one-line errors).
extension ScriptParser {
    static let elementKeys = ["place", "double-tap", "delete", "raise", "lower", "edit"]

    static func parseElementAction(_ key: String, _ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.Action {
        switch key {
        case "place": return .place(try parsePlacing(v, at: path))
        case "double-tap": return .doubleTap(try point(v, at: path))
        case "delete": return .delete(try reference(v, at: path))
        case "raise": return .raise(try reference(v, at: path))
        case "lower": return .lower(try reference(v, at: path))
        default: return .edit(try parseTextEdit(v, at: path))
        }
    }

    static func parsePlacing(_ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.Placing {
        let obj = try object(v, at: path, what: "an object with one of \(ElementKinds.all.map { $0.kind }.joined(separator: ", ")), and a center")
        let kinds = ElementKinds.all.filter { obj[$0.kind] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = obj[kind.kind] else {
            throw ScriptError(path, kinds.isEmpty ? "needs one of \(ElementKinds.quotedList)"
                : "has \(kinds.map { "\"\($0.kind)\"" }.joined(separator: " and ")); give one")
        }
        try rejectUnknownKeys(obj, at: path, allowed: [kind.kind, "center", "width", "rotation", "id"] + kind.scriptKeys)
        guard let centerValue = obj["center"] else { throw ScriptError("\(path).center", "missing (write \"center\": [x, y])") }
        let center = try point(centerValue, at: "\(path).center")
        let source = DrawingScript.Placing.Source(kind: kind, request: try kind.request(value, in: obj, at: path))
        let width = try obj["width"].map { v throws(ScriptError) in try size(v, at: "\(path).width") }
        let rotation = try obj["rotation"].map { v throws(ScriptError) in
            try number(v, at: "\(path).rotation", in: -1e6...1e6, rangeText: "-1000000...1000000")
        } ?? 0
        let name = try obj["id"].map { v throws(ScriptError) in try nonEmpty(v, at: "\(path).id") }
        return DrawingScript.Placing(source: source, center: center, width: width, rotation: rotation, name: name)
    }

    static func parseTextEdit(_ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.TextEdit {
        let obj = try object(v, at: path, what: "an object with id and text")
        try rejectUnknownKeys(obj, at: path, allowed: ["id", "text", "size", "color", "font"])
        guard let idValue = obj["id"] else { throw ScriptError("\(path).id", "missing (the id the text was placed with)") }
        var edit = DrawingScript.TextEdit(name: try nonEmpty(idValue, at: "\(path).id"))
        if let t = obj["text"] {
            let text = try nonEmpty(t, at: "\(path).text")
            try checkText(text, at: "\(path).text")
            edit.text = text
        }
        if let s = obj["size"] { edit.size = try size(s, at: "\(path).size") }
        if let c = obj["color"] { edit.color = try color(c, at: "\(path).color") }
        if let f = obj["font"] { edit.font = try font(f, at: "\(path).font") }
        guard edit.text != nil || edit.size != nil || edit.color != nil || edit.font != nil else {
            throw ScriptError(path, "changes nothing (give text, size, color or font)")
        }
        return edit
    }

    /// An element by its id (a string) or by a point it covers.
    static func reference(_ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.ElementReference {
        if case .string = v { return .name(try nonEmpty(v, at: path)) }
        guard case .array = v else { throw ScriptError(path, "\(v.brief) is not an element's id or a point [x, y]") }
        return .point(try point(v, at: path))
    }

    /// A width or a font size: 1...16384.
    static func size(_ v: JSONValue, at path: String) throws(ScriptError) -> Double {
        try number(v, at: path, in: Element.widthRange, rangeText: "1...16384")
    }

    static func font(_ v: JSONValue, at path: String) throws(ScriptError) -> String {
        let name = try nonEmpty(v, at: path)
        guard name.count <= 200, !name.contains(where: \.isNewline) else { throw ScriptError(path, "\"\(name.prefix(40))\" is not a font family") }
        return name
    }

    static func checkText(_ text: String, at path: String) throws(ScriptError) {
        guard text.count <= Element.maxTextLength else {
            throw ScriptError(path, "has \(text.count) characters, more than the \(Element.maxTextLength) a text may have")
        }
    }

    static func nonEmpty(_ v: JSONValue, at path: String) throws(ScriptError) -> String {
        let s = try string(v, at: path)
        guard !s.isEmpty else { throw ScriptError(path, "is empty") }
        return s
    }
}
