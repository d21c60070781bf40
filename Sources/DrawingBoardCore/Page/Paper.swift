/// A journal page's paper: a colour ruled with lines, a square grid or a grid of dots,
/// `spacing` canvas pixels apart, the first line or dot one spacing from the top and left
/// edges. It is background: the eraser shows it, the highlighter multiplies into it, a clear
/// keeps it.
public struct Paper: Sendable, Hashable {
    public enum Ruling: String, Sendable, Hashable, CaseIterable {
        case lined, squared, dotted
    }

    public static let spacingRange = 8.0...512
    public static let defaultSpacing = 32.0
    /// A light blue-grey, as on school paper.
    public static let defaultLine = RGBColor(red: 0xB4, green: 0xC3, blue: 0xD9)

    public var ruling: Ruling
    public var color: RGBColor
    public var spacing: Double
    public var line: RGBColor

    public init(_ ruling: Ruling, color: RGBColor = .white, spacing: Double = Paper.defaultSpacing, line: RGBColor = Paper.defaultLine) {
        self.ruling = ruling
        self.color = color
        self.spacing = spacing
        self.line = line
    }

    /// The names scripts and files give the rulings, for messages.
    public static var rulingNames: String { Ruling.allCases.map(\.rawValue).joined(separator: ", ") }

    public func validate(at path: String) throws(ValidationError) {
        try Check.number(spacing, at: "\(path).spacing", in: Self.spacingRange)
    }
}

/// Written flat, as scripts write it: `{"paper": "lined", "color": "#ffffff", "spacing": 32,
/// "line": "#b4c3d9"}` (every key but `paper` may be left out).
extension Paper: Codable {
    enum Keys: String, CodingKey { case paper, color, spacing, line }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let name = try c.decode(String.self, forKey: .paper)
        guard let ruling = Ruling(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .paper, in: c, debugDescription: "\"\(name)\" is not a paper (one of \(Self.rulingNames))")
        }
        self.init(ruling, color: try c.decodeColorIfPresent(forKey: .color) ?? .white,
                  spacing: try c.decodeIfPresent(Double.self, forKey: .spacing) ?? Self.defaultSpacing,
                  line: try c.decodeColorIfPresent(forKey: .line) ?? Self.defaultLine)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ruling.rawValue, forKey: .paper)
        try c.encode(color.hex, forKey: .color)
        try c.encode(spacing, forKey: .spacing)
        try c.encode(line.hex, forKey: .line)
    }
}
