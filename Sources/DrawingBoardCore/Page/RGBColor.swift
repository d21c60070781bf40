/// An opaque sRGB colour with 8-bit channels, as the R, G and B sliders set it.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    enum CodingKeys: String, CodingKey { case red, green, blue }

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// How light the colour looks, 0 (black) to 1 (white), by the Rec. 601 weights.
    public var luminance: Double {
        (0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)) / 255
    }

    /// From `0xRRGGBB` (the higher bits ignored).
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

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

/// A colour as hue (0..<360 degrees), saturation and value (0...1), as the colour wheel shows it.
public struct HSV: Sendable, Hashable {
    public var hue: Double
    public var saturation: Double
    public var value: Double

    public init(hue: Double, saturation: Double, value: Double) {
        let h = hue.truncatingRemainder(dividingBy: 360)
        self.hue = h < 0 ? h + 360 : h
        self.saturation = min(max(saturation, 0), 1)
        self.value = min(max(value, 0), 1)
    }
}

extension RGBColor {
    /// Parses what a person types in a hex field: `#rrggbb`, `rrggbb`, `#rgb` or `rgb`,
    /// with spaces around; nil for anything else.
    public init?(typed text: String) {
        var digits = text.trimmingCharacters(in: .whitespaces)
        if digits.hasPrefix("#") { digits.removeFirst() }
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 else { return nil }
        self.init(hex: "#" + digits)
    }

    public var hsv: HSV {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let top = max(r, g, b), bottom = min(r, g, b), range = top - bottom
        var hue = 0.0
        if range > 0 {
            if top == r { hue = 60 * ((g - b) / range).truncatingRemainder(dividingBy: 6) } else if top == g { hue = 60 * ((b - r) / range + 2) } else { hue = 60 * ((r - g) / range + 4) }
        }
        return HSV(hue: hue, saturation: top > 0 ? range / top : 0, value: top)
    }

    public init(_ hsv: HSV) {
        let c = hsv.value * hsv.saturation
        let h = hsv.hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        let m = hsv.value - c
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(((v + m) * 255).rounded(), 0), 255)) }
        self.init(red: byte(r), green: byte(g), blue: byte(b))
    }
}

extension KeyedDecodingContainer {
    /// A colour written as `#rrggbb` at `key`, nil when the key is absent; a string that is no
    /// colour is a decoding error at that key (documents, journals and paper say it alike).
    public func decodeColorIfPresent(forKey key: Key) throws -> RGBColor? {
        guard let hex = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let color = RGBColor(hex: hex) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\"\(hex)\" is not a colour (#rrggbb)")
        }
        return color
    }
}
