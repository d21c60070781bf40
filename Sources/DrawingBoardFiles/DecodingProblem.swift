import DrawingBoardCore
import Foundation

/// A JSON decoding failure in words, with the field's path (`strokes[2].points[0].x: expected
/// a number`), for messages about documents and journals.
enum DecodingProblem {
    /// `data`: the JSON that failed, to find a whole-number field whose value does not fit it
    /// (Foundation reports that as "not valid JSON", with no field).
    static func describe(_ error: Error, data: Data? = nil) -> String {
        guard let error = error as? DecodingError else { return "\(error)".escapingControlCharacters }
        switch error {
        case .typeMismatch(let type, let context):
            return at(context, "expected \(name(of: type))")
        case .valueNotFound(let type, let context):
            return at(context, "expected \(name(of: type)), found null")
        case .keyNotFound(let key, let context):
            return at(context, "\"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                if let data, let root = try? JSONSerialization.jsonObject(with: data) {
                    return misfit(in: root, at: "") ?? "a number does not fit its field"
                }
                let detail = context.debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
                return detail.isEmpty || detail.contains("not valid JSON") ? "not valid JSON" : "not valid JSON (\(detail))".escapingControlCharacters
            }
            return at(context, context.debugDescription.isEmpty ? "is not valid" : reworded(context.debugDescription))
        @unknown default:
            return "\(error)"
        }
    }

    /// Foundation's words for a value of no known kind ("Cannot initialize Tool from invalid
    /// String value flamethrower"), said as the app's other messages say it.
    static func reworded(_ detail: String) -> String {
        let prefix = "Cannot initialize ", middle = " from invalid "
        guard detail.hasPrefix(prefix), let from = detail.range(of: middle),
              let value = detail.range(of: " value ", range: from.upperBound..<detail.endIndex) else { return detail.escapingControlCharacters }
        let kind = detail[detail.index(detail.startIndex, offsetBy: prefix.count)..<from.lowerBound]
        let words = kind.reduce(into: "") { text, c in text += c.isUppercase && !text.isEmpty ? " \(c.lowercased())" : c.lowercased() }
        return "\"\(detail[value.upperBound...].prefix(40))\" is not a known \(words)".escapingControlCharacters
    }

    /// The first field that must hold a whole number in a range and does not: ids and baked
    /// ids (0 up), colour channels (0...255), sizes (whole numbers). A stroke's style width
    /// and an element's width (an object with a `center`) are any number, not sizes.
    private static func misfit(in value: Any, at path: String, key: String = "", sized: Bool = true) -> String? {
        if let object = value as? [String: Any] {
            // The widths in a stroke's style and an element's own width are not sizes.
            let sized = key != "style" && object["center"] == nil
            for k in object.keys.sorted() {
                if let found = misfit(in: object[k]!, at: path.isEmpty ? k : "\(path).\(k)", key: k, sized: sized) { return found }
            }
        } else if let array = value as? [Any] {
            for (i, item) in array.enumerated() {
                if let found = misfit(in: item, at: "\(path)[\(i)]", key: key == "baked" ? "id" : "") { return found }
            }
        } else if let number = value as? NSNumber, !(value is Bool) {
            let n = number.doubleValue
            let range: ClosedRange<Double>?
            switch key {
            case "id": range = 0...Double(UInt64.max)
            case "red", "green", "blue": range = 0...255
            case "width" where sized, "height" where sized: range = -9.2e18...9.2e18
            default: range = nil
            }
            if let range, n != n.rounded() || !range.contains(n) {
                return "\(path): \(number) is not a whole number in \(Int(range.lowerBound)) to \(range.upperBound > 1e18 ? "its limit" : String(Int(range.upperBound)))".escapingControlCharacters
            }
        }
        return nil
    }

    private static func at(_ context: DecodingError.Context, _ problem: String) -> String {
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
