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
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public static func format(_ n: Double) -> String {
        if n.isFinite, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }
}
