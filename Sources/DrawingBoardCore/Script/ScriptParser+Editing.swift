/// The contract's "Editing what was drawn": `select`, `selection`, `paste`, `recognize` and
/// `ruler` steps, and "Text in PDFs"' `highlight-text`, every value checked here (whether
/// anything is selected or copied, or the page has text, is the runner's to say).
extension ScriptParser {
    static let editingKeys = ["select", "selection", "paste", "recognize", "ruler", "highlight-text"]
    static let selectionWords = ["duplicate", "copy", "cut", "delete"]
    /// How far one `scale` step may scale.
    static let scaleRange = 0.01...100.0

    static func parseEditingAction(_ key: String, _ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.Action {
        switch key {
        case "select": return .select(try parseSelect(v, at: path))
        case "selection": return .selection(try parseSelectionStep(v, at: path))
        case "paste": return .paste(try point(v, at: path))
        case "recognize":
            guard case .bool(let on) = v else { throw ScriptError(path, "\(v.brief) is not true or false") }
            return .recognize(on)
        case "highlight-text":
            let obj = try object(v, at: path, what: "{\"from\": [x, y], \"to\": [x, y]}")
            try rejectUnknownKeys(obj, at: path, allowed: ["from", "to"])
            guard let from = obj["from"], let to = obj["to"] else { throw ScriptError(path, "needs \"from\": [x, y] and \"to\": [x, y]") }
            return .highlightText(from: try point(from, at: "\(path).from"), to: try point(to, at: "\(path).to"))
        default: return .ruler(try parseRuler(v, at: path))
        }
    }

    static func parseSelect(_ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.SelectTarget {
        if case .string(let word) = v {
            switch word {
            case "all": return .all
            case "none": return .none
            default: throw ScriptError(path, "\"\(word)\" is not a selection (\"all\", \"none\", {\"lasso\": [...]} or {\"rect\": [x1, y1, x2, y2]})")
            }
        }
        let obj = try object(v, at: path, what: "\"all\", \"none\", {\"lasso\": [[x, y], ...]} or {\"rect\": [x1, y1, x2, y2]}")
        try rejectUnknownKeys(obj, at: path, allowed: ["lasso", "rect"])
        switch (obj["lasso"], obj["rect"]) {
        case (let lasso?, nil):
            let points = try self.points(lasso, at: "\(path).lasso")
            guard points.count >= 3 else {
                throw ScriptError("\(path).lasso", "has \(points.count) point\(points.count == 1 ? "" : "s"); a lasso needs at least 3")
            }
            return .lasso(points)
        case (nil, let rect?):
            let numbers = try array(rect, at: "\(path).rect")
            guard numbers.count == 4 else { throw ScriptError("\(path).rect", "has \(numbers.count) numbers; give [x1, y1, x2, y2]") }
            var n: [Double] = []
            for (i, item) in numbers.enumerated() {
                n.append(try number(item, at: "\(path).rect[\(i)]", in: -PageLimits.coordinate...PageLimits.coordinate,
                                    rangeText: "-\(Int(PageLimits.coordinate))...\(Int(PageLimits.coordinate))"))
            }
            return .rect(Rect(corner: Point(n[0], n[1]), corner: Point(n[2], n[3])))
        default:
            throw ScriptError(path, "needs one of \"lasso\" or \"rect\"")
        }
    }

    static func parseSelectionStep(_ v: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.SelectionStep {
        if case .string(let word) = v {
            switch word {
            case "duplicate": return .duplicate
            case "copy": return .copy
            case "cut": return .cut
            case "delete": return .delete
            default:
                throw ScriptError(path, "\"\(word)\" is not something done to a selection (one of \(selectionWords.joined(separator: ", ")), or move, scale, rotate, color, width)")
            }
        }
        let obj = try object(v, at: path, what: "one of \(selectionWords.map { "\"\($0)\"" }.joined(separator: ", ")) or an object with move, scale, rotate, color or width")
        let keys = ["move", "scale", "rotate", "color", "width"]
        try rejectUnknownKeys(obj, at: path, allowed: keys)
        let given = keys.filter { obj[$0] != nil }
        guard given.count == 1, let key = given.first, let value = obj[key] else {
            throw ScriptError(path, given.isEmpty ? "needs one of move, scale, rotate, color, width" : "has \(given.joined(separator: " and ")); give one")
        }
        let at = "\(path).\(key)"
        switch key {
        case "move":
            let d = try point(value, at: at)
            return .move(d)
        case "scale": return .scale(try number(value, at: at, in: scaleRange, rangeText: "0.01...100"))
        case "rotate": return .rotate(try number(value, at: at, in: -1e6...1e6, rangeText: "-1000000...1000000"))
        case "color": return .color(try color(value, at: at))
        default: return .width(try number(value, at: at, in: StrokeStyle.widthRange, rangeText: "1...200"))
        }
    }

    static func parseRuler(_ v: JSONValue, at path: String) throws(ScriptError) -> Ruler? {
        if case .string(let word) = v {
            guard word == "off" else { throw ScriptError(path, "\"\(word)\" is not a ruler (\"off\", or {\"at\": [x, y], \"angle\": degrees})") }
            return nil
        }
        let obj = try object(v, at: path, what: "\"off\" or {\"at\": [x, y], \"angle\": degrees}")
        try rejectUnknownKeys(obj, at: path, allowed: ["at", "angle"])
        guard let at = obj["at"] else { throw ScriptError("\(path).at", "missing (write \"at\": [x, y])") }
        let angle = try obj["angle"].map { a throws(ScriptError) in try number(a, at: "\(path).angle", in: -1e6...1e6, rangeText: "-1000000...1000000") } ?? 0
        return Ruler(at: try point(at, at: "\(path).at"), angle: angle)
    }
}
