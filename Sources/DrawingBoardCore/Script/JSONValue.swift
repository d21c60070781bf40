import Foundation

/// A parsed JSON document that keeps numbers, booleans and strings apart, so the script parser
/// can say exactly what was wrong where.
public indirect enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    /// How the value reads in an error message.
    public var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .number(let n): return Self.format(n)
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "..." : s)\""
        case .array(let items):
            // A short list of plain values is shown as written ([3] or [10, 50, 3]), so the
            // reader sees what is wrong with it.
            let scalars = items.filter { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            let text = "[" + items.map(\.brief).joined(separator: ", ") + "]"
            return scalars.count == items.count && text.count <= 40 ? text : "an array"
        case .object: return "an object"
        }
    }

    public static func format(_ n: Double) -> String {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }
}

/// What Foundation's JSON readers let through although JSON (RFC 8259) does not, or although it
/// would silently lose part of a script: a comma before a closing bracket, and one key twice in
/// an object (the reader keeps one of the two values and drops the other without a word). Run on
/// text the reader accepted; the first such problem, with its place.
enum JSONStrictness {
    private enum Container {
        case object(keys: Set<String>, key: String?)
        case array(index: Int)
    }

    static func problem(in data: Data) -> ScriptError? {
        let bytes = [UInt8](data)
        var stack: [Container] = []
        var expectingKey = false
        var i = 0

        func path() -> String {
            var result = ""
            for level in stack {
                switch level {
                case .object(_, let key?): result += result.isEmpty ? key : ".\(key)"
                case .object(_, nil): break
                case .array(let index): result += "[\(index)]"
                }
            }
            return result
        }
        func place(_ offset: Int) -> String {
            let before = bytes[..<offset]
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return "line \(line), column \(column)"
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                var end = i + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if expectingKey, case .object(var keys, _) = stack.last {
                    let raw = bytes[i...min(end, bytes.count - 1)]
                    let key = raw.contains(UInt8(ascii: "\\"))
                        ? (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? String(decoding: raw, as: UTF8.self)
                        : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
                    stack[stack.count - 1] = .object(keys: keys, key: nil)
                    let container = path()
                    if keys.contains(key) {
                        let quoted = "\"\(key)\""
                        return ScriptError(container, "has \(quoted) twice (at \(place(i))); give each key once")
                    }
                    keys.insert(key)
                    stack[stack.count - 1] = .object(keys: keys, key: key)
                    expectingKey = false
                }
                i = end + 1
            case UInt8(ascii: "{"):
                stack.append(.object(keys: [], key: nil))
                expectingKey = true
                i += 1
            case UInt8(ascii: "["):
                stack.append(.array(index: 0))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                expectingKey = false
                i += 1
            case UInt8(ascii: ","):
                var next = i + 1
                while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "}") || bytes[next] == UInt8(ascii: "]") {
                    let closing = String(UnicodeScalar(bytes[next]))
                    return ScriptError("", "not valid JSON: a comma before \"\(closing)\" at \(place(i)) (JSON allows no trailing comma)")
                }
                switch stack.last {
                case .array(let index): stack[stack.count - 1] = .array(index: index + 1)
                case .object(let keys, _): stack[stack.count - 1] = .object(keys: keys, key: nil); expectingKey = true
                case nil: break
                }
                i += 1
            default:
                i += 1
            }
        }
        return nil
    }
}
