import DrawingBoardCore
import Foundation

/// Colours as Xournal and Xournal++ write them: `#rrggbbaa` (the alpha is not drawn: pens are
/// opaque, highlighters Xournal++'s own translucency), `#rrggbb`, or Xournal's names.
enum XournalColor {
    static let strokes: [String: UInt32] = [
        "black": 0x000000, "blue": 0x3333CC, "red": 0xFF0000, "green": 0x008000, "gray": 0x808080, "lightblue": 0x00C0FF,
        "lightgreen": 0x00FF00, "magenta": 0xFF00FF, "orange": 0xFF8000, "yellow": 0xFFFF00, "white": 0xFFFFFF,
    ]
    static let backgrounds: [String: UInt32] = ["blue": 0xA0E8FF, "pink": 0xFFC0D4, "green": 0x80FFC0, "orange": 0xFFC080, "yellow": 0xFFFF80]

    static func stroke(_ text: String) throws(DocumentError) -> RGBColor {
        if let named = strokes[text] { return RGBColor(rgb: named) }
        return try hex(text)
    }

    static func background(_ text: String) throws(DocumentError) -> RGBColor {
        if let named = backgrounds[text] { return RGBColor(rgb: named) }
        return try stroke(text)
    }

    private static func hex(_ text: String) throws(DocumentError) -> RGBColor {
        let digits = text.dropFirst()
        guard text.hasPrefix("#"), digits.count == 8 || digits.count == 6, let v = UInt32(digits, radix: 16) else {
            throw DocumentError("\"\(text.prefix(30))\" is not a colour")
        }
        return RGBColor(rgb: digits.count == 8 ? v >> 8 : v)
    }
}
