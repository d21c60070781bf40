import DrawingBoardCore
import Foundation

/// A JSON decoding failure in words, with the field's path (`strokes[2].points[0].x: expected
/// a number`), for messages about documents and journals.
enum DecodingProblem {
    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)".escapingControlCharacters }
        switch error {
        case .typeMismatch(let type, let context):
            return at(context, "expected \(name(of: type))")
        case .valueNotFound(let type, let context):
            return at(context, "expected \(name(of: type)), found null")
        case .keyNotFound(let key, let context):
            return at(context, "\"\(key.stringValue)\" is missing", extra: nil)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = context.debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                return detail.isEmpty || detail.contains("not valid JSON") ? "not valid JSON" : "not valid JSON (\(detail))".escapingControlCharacters
            }
            return at(context, context.debugDescription.isEmpty ? "is not valid" : context.debugDescription)
        @unknown default:
            return "\(error)"
        }
    }

    private static func at(_ context: DecodingError.Context, _ problem: String, extra: String? = nil) -> String {
        let path = pathText(context.codingPath)
        return (path.isEmpty ? problem : "\(path): \(problem)").escapingControlCharacters
    }

    static func pathText(_ keys: [CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let i = key.intValue { text += "[\(i)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is UInt64.Type, is UInt8.Type, is Int64.Type: return "a whole number in range"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let n = "\(type)"
            return n.hasPrefix("Array") ? "an array" : n.hasPrefix("Dictionary") ? "an object" : "a \(n) object"
        }
    }
}
