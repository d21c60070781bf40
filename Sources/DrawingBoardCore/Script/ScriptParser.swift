import Foundation

/// Reads a drawing script, checking every field, and reports the first problem with its place
/// in the document (`steps[3].width: 0 is outside 1...200`).
public enum ScriptParser {
    /// How far outside the canvas a point may lie (Cairo's fixed-point coordinates stop near
    /// eight million).
    public static let coordinateLimit = PageLimits.coordinate

    /// Most fingers (or pointers) down at once.
    public static let maxFingers = PageLimits.pointers

    public static func parse(_ data: Data) throws(ScriptError) -> DrawingScript {
        // UTF-8 only: the strictness checks read the bytes, and UTF-16 or UTF-32 (which the
        // JSON decoder would take) would slip past them.
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) || data.prefix(4).contains(0) {
            throw ScriptError("", "not UTF-8 text (it looks like UTF-16 or UTF-32); save the script as UTF-8")
        }
        guard String(validating: data, as: UTF8.self) != nil else {
            throw ScriptError("", "not UTF-8 text; save the script as UTF-8")
        }
        if data.contains(0) { throw ScriptError("", "not valid JSON: it contains a NUL byte") }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ScriptError("", "not valid JSON: \(jsonProblem(in: data))")
        }
        if let problem = JSONStrictness.problem(in: data) { throw problem }
        return try parseDocument(root)
    }

    static func parseDocument(_ root: JSONValue) throws(ScriptError) -> DrawingScript {
        let doc = try object(root, at: "", what: "a script")
        try rejectUnknownKeys(doc, at: "", allowed: ["version", "canvas", "background", "steps", "open", "pdf"])
        if let version = doc["version"] {
            let v = try integer(version, at: "version")
            guard v == DrawingScript.version else {
                throw ScriptError("version", "\(v) is not supported (this DrawingBoard reads version \(DrawingScript.version))")
            }
        }
        var open: String?
        if let value = doc["open"] {
            let path = try string(value, at: "open")
            guard !path.isEmpty else { throw ScriptError("open", "is empty") }
            for key in ["canvas", "background"] where doc[key] != nil {
                throw ScriptError(key, "cannot be used with \"open\": the document sets it")
            }
            open = path
        }
        var pdf: String?
        if let value = doc["pdf"] {
            let path = try string(value, at: "pdf")
            guard !path.isEmpty else { throw ScriptError("pdf", "is empty") }
            for key in ["canvas", "background", "open"] where doc[key] != nil {
                throw ScriptError(key, "cannot be used with \"pdf\": the PDF's pages set the notebook")
            }
            pdf = path
        }
        let canvas: PixelSize
        if open != nil || pdf != nil {
            canvas = PixelSize(width: 1, height: 1)
        } else {
            guard let canvasValue = doc["canvas"] else {
                throw ScriptError("canvas", "missing (write \"canvas\": {\"width\": 640, \"height\": 480})")
            }
            canvas = try parseCanvas(canvasValue)
        }
        let background = try doc["background"].map { v throws(ScriptError) in try parseBackground(v, at: "background") } ?? .color(.white)
        var steps: [DrawingScript.Step] = []
        if let stepsValue = doc["steps"] {
            let list = try array(stepsValue, at: "steps")
            steps.reserveCapacity(list.count)
            var tool = Tool.pencil
            for (i, item) in list.enumerated() {
                steps.append(try parseStep(item, at: "steps[\(i)]", tool: &tool))
            }
        }
        var script = DrawingScript(canvas: canvas, background: background, open: open, steps: steps)
        script.pdf = pdf
        return script
    }

    static func parseCanvas(_ value: JSONValue) throws(ScriptError) -> PixelSize {
        let obj = try object(value, at: "canvas", what: "an object with width and height")
        try rejectUnknownKeys(obj, at: "canvas", allowed: ["width", "height"])
        func side(_ key: String) throws(ScriptError) -> Int {
            guard let v = obj[key] else { throw ScriptError("canvas.\(key)", "missing") }
            let n = try integer(v, at: "canvas.\(key)")
            try Check.side(n, at: "canvas.\(key)")
            return n
        }
        let size = PixelSize(width: try side("width"), height: try side("height"))
        try Check.canvas(size, at: "canvas")
        return size
    }

    static func parseBackground(_ value: JSONValue, at path: String) throws(ScriptError) -> DrawingScript.BackgroundSource {
        let obj = try object(value, at: path, what: "{\"color\": \"#rrggbb\"} or {\"image\": \"path\"}")
        if let kind = obj["paper"] { return .paper(try parsePaper(kind, obj, at: path)) }
        try rejectUnknownKeys(obj, at: path, allowed: ["color", "image", "paper"])
        switch (obj["color"], obj["image"]) {
        case (let c?, nil):
            return .color(try color(c, at: "\(path).color"))
        case (nil, let i?):
            let name = try string(i, at: "\(path).image")
            guard !name.isEmpty else { throw ScriptError("\(path).image", "is empty") }
            return .image(name)
        case (.some, .some):
            throw ScriptError(path, "has both \"color\" and \"image\"; give one")
        case (nil, nil):
            throw ScriptError(path, "needs \"color\" or \"image\"")
        }
    }

    /// The contract's "Paper": `{"paper": "lined", "color": "#rrggbb", "spacing": 32,
    /// "line": "#rrggbb"}`, every key but `paper` optional.
    static func parsePaper(_ kind: JSONValue, _ obj: [String: JSONValue], at path: String) throws(ScriptError) -> Paper {
        try rejectUnknownKeys(obj, at: path, allowed: ["paper", "color", "spacing", "line"])
        let name = try string(kind, at: "\(path).paper")
        guard let ruling = Paper.Ruling(rawValue: name) else {
            throw ScriptError("\(path).paper", "\"\(name)\" is not a paper (one of \(Paper.rulingNames); a plain page is {\"color\": \"#rrggbb\"})")
        }
        var paper = Paper(ruling)
        if let v = obj["color"] { paper.color = try color(v, at: "\(path).color") }
        if let v = obj["spacing"] { paper.spacing = try number(v, at: "\(path).spacing", in: Paper.spacingRange, rangeText: "8...512") }
        if let v = obj["line"] { paper.line = try color(v, at: "\(path).line") }
        return paper
    }

    static let actionKeys = ["stroke", "touch", "undo", "redo", "clear", "background", "pick", "page"] + elementKeys + editingKeys
    static let stateKeys = ["tool", "color", "width", "opacity", "smoothing"]

    /// `tool`: the tool in use when the step starts (the script's steps so far set it).
    static func parseStep(_ value: JSONValue, at path: String, tool: inout Tool) throws(ScriptError) -> DrawingScript.Step {
        let obj = try object(value, at: path, what: "a step object")
        try rejectUnknownKeys(obj, at: path, allowed: stateKeys + actionKeys + ["modifiers"])
        var change = DrawingScript.ToolChange()
        if let v = obj["tool"] {
            let name = try string(v, at: "\(path).tool")
            guard let tool = Tool(rawValue: name) else {
                throw ScriptError("\(path).tool", "\"\(name)\" is not a tool (one of \(Tool.scriptNames))")
            }
            change.tool = tool
        }
        if let t = change.tool { tool = t }
        if let v = obj["color"] { change.color = try color(v, at: "\(path).color") }
        if let v = obj["width"] {
            change.width = try number(v, at: "\(path).width", in: StrokeStyle.widthRange, rangeText: "1...200")
        }
        if let v = obj["opacity"] {
            change.opacity = try number(v, at: "\(path).opacity", in: StrokeStyle.opacityRange, rangeText: "0...1")
        }
        if let v = obj["smoothing"] {
            let name = try string(v, at: "\(path).smoothing")
            guard let smoothing = Smoothing(rawValue: name) else {
                throw ScriptError("\(path).smoothing", "\"\(name)\" is not a smoothing (one of \(Smoothing.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            change.smoothing = smoothing
        }
        var modifiers: ShapeModifiers = []
        if let v = obj["modifiers"] {
            guard obj["stroke"] != nil || obj["touch"] != nil else {
                throw ScriptError("\(path).modifiers", "only goes with \"stroke\" or \"touch\" (keys held while dragging)")
            }
            if case .string(let name) = v {
                throw ScriptError("\(path).modifiers", "\"\(name)\" is not an array; write [\"\(name)\"]")
            }
            for (i, item) in try array(v, at: "\(path).modifiers").enumerated() {
                let name = try string(item, at: "\(path).modifiers[\(i)]")
                let modifier: ShapeModifiers
                switch name {
                case "shift": modifier = .constrain
                case "alt": modifier = .fromCentre
                default: throw ScriptError("\(path).modifiers[\(i)]", "\"\(name)\" is not a modifier (shift or alt)")
                }
                guard !modifiers.contains(modifier) else {
                    throw ScriptError("\(path).modifiers[\(i)]", "\"\(name)\" is given twice")
                }
                modifiers.insert(modifier)
            }
            if !modifiers.isEmpty, !tool.isShape {
                let shapes = Tool.allCases.filter(\.isShape).map(\.rawValue).joined(separator: ", ")
                throw ScriptError("\(path).modifiers", "the \(tool.rawValue) has no shape for them to change (they go with \(shapes))")
            }
        }
        let actions = actionKeys.filter { obj[$0] != nil }
        guard actions.count <= 1 else {
            throw ScriptError(path, "has \(actions.map { "\"\($0)\"" }.joined(separator: " and ")); one action per step")
        }
        guard let key = actions.first, let v = obj[key] else {
            if change.isEmpty { throw ScriptError(path, "does nothing (give a tool setting or one of \(actionKeys.joined(separator: ", ")))") }
            return DrawingScript.Step(change: change)
        }
        let at = "\(path).\(key)"
        if tool == .text, key == "stroke" || key == "touch" {
            throw ScriptError(at, "the text tool draws no strokes; place text with {\"place\": {\"text\": \"...\", \"center\": [x, y]}}")
        }
        let action: DrawingScript.Action?
        switch key {
        case "stroke":
            let (pts, pressures) = try pressurePoints(v, at: at)
            action = .stroke(pts)
            var step = DrawingScript.Step(change: change, action: action, modifiers: modifiers)
            step.pressures = pressures
            return step
        case "touch": action = .touch(try fingers(v, at: at))
        case "undo": action = .undo(try count(v, at: at))
        case "redo": action = .redo(try count(v, at: at))
        case "clear":
            guard case .bool(let b) = v else { throw ScriptError(at, "\(v.brief) is not true or false") }
            action = b ? .clear : nil
        case "pick": action = .pick(try point(v, at: at))
        case "background": action = .background(try parseBackground(v, at: at))
        case "page": action = .page(try parsePage(v, at: at))
        case _ where editingKeys.contains(key): action = try parseEditingAction(key, v, at: at)
        default: action = try parseElementAction(key, v, at: at)
        }
        return DrawingScript.Step(change: change, action: action, modifiers: modifiers)
    }

    static func fingers(_ value: JSONValue, at path: String) throws(ScriptError) -> [DrawingScript.Finger] {
        let obj = try object(value, at: path, what: "an object of finger id to points")
        guard !obj.isEmpty else { throw ScriptError(path, "needs at least one finger") }
        guard obj.count <= maxFingers else {
            throw ScriptError(path, "has \(obj.count) fingers; at most \(maxFingers) may be down at once")
        }
        let numeric = obj.keys.allSatisfy { Int($0) != nil }
        let keys = numeric ? obj.keys.sorted { (Int($0)!, $0) < (Int($1)!, $1) } : obj.keys.sorted()
        if numeric {
            // "1", "01" and "+1" would be one finger: two strokes merged into one.
            for (a, b) in zip(keys, keys.dropFirst()) where Int(a) == Int(b) {
                throw ScriptError("\(path).\(b)", "is the same finger as \"\(a)\"; give each finger its own id")
            }
        }
        var result: [DrawingScript.Finger] = []
        for (ordinal, key) in keys.enumerated() {
            let (pts, pressures) = try pressurePoints(obj[key]!, at: "\(path).\(key)")
            var finger = DrawingScript.Finger(id: numeric ? Int(key)! : ordinal, points: pts)
            finger.pressures = pressures
            result.append(finger)
        }
        return result
    }

    static func points(_ value: JSONValue, at path: String) throws(ScriptError) -> [Point] {
        let list = try array(value, at: path)
        try Check.pointCount(list.count, at: path)
        var result: [Point] = []
        result.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            result.append(try point(item, at: "\(path)[\(i)]"))
        }
        return result
    }

    /// A stroke's points, each `[x, y]` or `[x, y, p]` with the pen's pressure p in 0...1 (the
    /// contract's "Pressure"); the pressures, or nil when no point gives one.
    static func pressurePoints(_ value: JSONValue, at path: String) throws(ScriptError) -> ([Point], [Double]?) {
        let list = try array(value, at: path)
        try Check.pointCount(list.count, at: path)
        var result: [Point] = [], pressures: [Double] = [], given = false
        result.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            if case .array(let xyp) = item, xyp.count == 3 {
                result.append(try point(.array(Array(xyp.prefix(2))), at: "\(path)[\(i)]"))
                pressures.append(try number(xyp[2], at: "\(path)[\(i)][2]", in: 0...1, rangeText: "0...1"))
                given = true
            } else {
                result.append(try point(item, at: "\(path)[\(i)]"))
                pressures.append(1)
            }
        }
        return (result, given ? pressures : nil)
    }

    static func point(_ item: JSONValue, at path: String) throws(ScriptError) -> Point {
        guard case .array(let xy) = item, xy.count == 2,
              case .number(let x) = xy[0], case .number(let y) = xy[1] else {
            throw ScriptError(path, "\(item.brief) is not a point [x, y] of two numbers")
        }
        try Check.point(Point(x, y), at: path)
        return Point(x, y)
    }

    // MARK: - Field readers

    static func object(_ v: JSONValue, at path: String, what: String) throws(ScriptError) -> [String: JSONValue] {
        guard case .object(let o) = v else { throw ScriptError(path, "\(v.brief) is not \(what)") }
        return o
    }

    static func array(_ v: JSONValue, at path: String) throws(ScriptError) -> [JSONValue] {
        guard case .array(let a) = v else { throw ScriptError(path, "\(v.brief) is not an array") }
        return a
    }

    static func string(_ v: JSONValue, at path: String) throws(ScriptError) -> String {
        guard case .string(let s) = v else { throw ScriptError(path, "\(v.brief) is not a string") }
        return s
    }

    static func integer(_ v: JSONValue, at path: String) throws(ScriptError) -> Int {
        guard case .number(let n) = v, n.isFinite, n == n.rounded(), abs(n) < 1e15 else {
            throw ScriptError(path, "\(v.brief) is not a whole number")
        }
        return Int(n)
    }

    static func count(_ v: JSONValue, at path: String) throws(ScriptError) -> Int {
        let n = try integer(v, at: path)
        guard n >= 0 else { throw ScriptError(path, "\(n) is negative") }
        return n
    }

    static func number(_ v: JSONValue, at path: String, in range: ClosedRange<Double>, rangeText: String) throws(ScriptError) -> Double {
        guard case .number(let n) = v, n.isFinite else { throw ScriptError(path, "\(v.brief) is not a number") }
        try Check.number(n, at: path, in: range, rangeText: rangeText)
        return n
    }

    static func color(_ v: JSONValue, at path: String) throws(ScriptError) -> RGBColor {
        let s = try string(v, at: path)
        guard let c = RGBColor(hex: s) else { throw ScriptError(path, "\"\(s)\" is not a colour; write #rrggbb") }
        return c
    }

    static func rejectUnknownKeys(_ obj: [String: JSONValue], at path: String, allowed: [String]) throws(ScriptError) {
        if let unknown = obj.keys.sorted().first(where: { !allowed.contains($0) }) {
            let place = path.isEmpty ? unknown : "\(path).\(unknown)"
            throw ScriptError(place, "unknown key (expected one of \(allowed.joined(separator: ", ")))")
        }
    }

    /// Where a JSON syntax error is, as line and column.
    static func jsonProblem(in data: Data) -> String {
        if data.isEmpty { return "the file is empty" }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "unexpected content"
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            guard let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
                  let offset = Int(text[range].dropFirst("character ".count)) else { return text }
            let prefix = data.prefix(offset)
            let line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return "syntax error at line \(line), column \(column)"
        }
    }
}
