/// The contract's "Pages": `{"page": "add"}`, `{"page": {"add": {...}}}`, `{"page": 3}`,
/// `{"page": "duplicate"}`, `{"page": {"move": 1}}`, `{"page": "delete"}`.
extension ScriptParser {
    static let pageWords = ["add", "duplicate", "delete"]

    static func parsePage(_ value: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.PageStep {
        switch value {
        case .string("add"): return .add(DrawingScript.NewPage())
        case .string("duplicate"): return .duplicate
        case .string("delete"): return .delete
        case .string(let word):
            throw ScriptError(path, "\"\(word)\" is not a page step (one of \(pageWords.joined(separator: ", ")), a page number, {\"add\": {...}} or {\"move\": N})")
        case .number:
            return .go(try pageNumber(value, at: path))
        case .object(let obj):
            try rejectUnknownKeys(obj, at: path, allowed: ["add", "move"])
            guard obj.count == 1 else { throw ScriptError(path, "has \"add\" and \"move\"; one page step at a time") }
            if let move = obj["move"] { return .move(try pageNumber(move, at: "\(path).move")) }
            return .add(try parseNewPage(obj["add"]!, at: "\(path).add"))
        default:
            throw ScriptError(path, "\(value.brief) is not a page step (\"add\", \"duplicate\", \"delete\", a page number, {\"add\": {...}} or {\"move\": N})")
        }
    }

    /// A page number: a whole number from 1 (whether the page exists is known when it runs).
    static func pageNumber(_ value: JSONValue, at path: String) throws(ScriptError) -> Int {
        let n = try integer(value, at: path)
        guard n >= 1 else { throw ScriptError(path, "\(n) is not a page number (pages count from 1)") }
        return n
    }

    static func parseNewPage(_ value: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.NewPage {
        let obj = try object(value, at: path, what: "a new page ({\"width\": ..., \"height\": ..., \"background\": ...} or {\"pdf\": \"file.pdf\", \"page\": N})")
        try rejectUnknownKeys(obj, at: path, allowed: ["width", "height", "background", "pdf", "page"])
        if let file = obj["pdf"] {
            for key in ["width", "height", "background"] where obj[key] != nil {
                throw ScriptError("\(path).\(key)", "cannot be used with \"pdf\": the PDF page sets it")
            }
            let name = try string(file, at: "\(path).pdf")
            guard !name.isEmpty else { throw ScriptError("\(path).pdf", "is empty") }
            let page = try obj["page"].map { v throws(ScriptError) in try pageNumber(v, at: "\(path).page") } ?? 1
            return DrawingScript.NewPage(background: .pdf(name, page: page))
        }
        if obj["page"] != nil { throw ScriptError("\(path).page", "only goes with \"pdf\" (the PDF's page)") }
        var page = DrawingScript.NewPage()
        switch (obj["width"], obj["height"]) {
        case (nil, nil): break
        case (let w?, let h?):
            let width = try integer(w, at: "\(path).width"), height = try integer(h, at: "\(path).height")
            try Check.side(width, at: "\(path).width")
            try Check.side(height, at: "\(path).height")
            let size = PixelSize(width: width, height: height)
            try Check.canvas(size, at: path)
            page.size = size
        default:
            throw ScriptError(path, "needs both \"width\" and \"height\", or neither")
        }
        if let b = obj["background"] { page.background = try parseBackground(b, at: "\(path).background") }
        return page
    }
}
