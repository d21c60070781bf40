/// An opaque sRGB colour with 8-bit channels, as the R, G and B sliders set it.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// Parses `#rrggbb` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for i in stride(from: 1, to: 7, by: 2) {
            guard let hi = Self.nibble(digits[i]), let lo = Self.nibble(digits[i + 1]) else { return nil }
            channels.append(hi << 4 | lo)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        let table = Array("0123456789abcdef")
        var s = "#"
        for c in [red, green, blue] {
            s.append(table[Int(c >> 4)])
            s.append(table[Int(c & 15)])
        }
        return s
    }

    public var description: String { hex }

    /// Fully opaque pixel in the ARGB32 layout the layers use.
    public var argb: UInt32 {
        0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
