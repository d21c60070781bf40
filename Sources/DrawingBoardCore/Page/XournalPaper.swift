/// A page's paper as Xournal++ rules it: one of its styles over a colour, drawn where and in the
/// colours Xournal++ draws it (its geometry is in points, 4/3 of a page pixel each). `config`
/// is the notebook's own setting string (`m1=40,rm=1`), kept as written; `settings` reads it.
public struct XournalPaper: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case ruled, lined, graph, dotted, staves, isodotted, isograph
    }

    public var style: Style
    public var color: RGBColor
    public var config: String
    /// The page's size in points as the notebook gave it (the page is these × 4/3 pixels,
    /// rounded): the lines are placed from it. Nil: from the page's pixels.
    public var points: Size?

    public init(_ style: Style, color: RGBColor = .white, config: String = "", points: Size? = nil) {
        self.style = style
        self.color = color
        self.config = config
        self.points = points
    }

    /// Longest setting string kept.
    public static let maxConfigLength = 1_000

    /// What a setting string may set; nil: the style's own.
    public struct Settings: Sendable, Hashable {
        /// The first and second foreground colours, and those used on a dark page.
        public var f1: RGBColor?, af1: RGBColor?, f2: RGBColor?, af2: RGBColor?
        /// Line width, spacing (between lines, grid squares or dots) and margin in points;
        /// whether the margin is rounded to the grid. A lined page's margin is where its
        /// vertical line stands, from the left, or from the right when negative (Xournal++'s
        /// page for right-to-left writing); a graph page's negative margin is none.
        public var lineWidth: Double?, spacing: Double?, margin: Double?
        public var roundMargin: Bool?
        /// A graph page's bold lines: every `boldInterval`th line, `boldWidth` points wide.
        public var boldInterval: Int?, boldWidth: Double?

        public init() {}
    }

    /// Reads `config` as Xournal++ does: comma-separated `key=value` pairs, numbers in decimal
    /// (a sign and a fraction allowed: `m1=-72`, `lw=0.5`), colours in hex; unknown keys are
    /// ignored. Every number is checked to be finite and within what a page can use.
    public func settings() throws(ValidationError) -> Settings {
        var s = Settings()
        guard config.count <= Self.maxConfigLength else {
            throw ValidationError("background.config", "is longer than \(Self.maxConfigLength) characters")
        }
        for piece in config.split(separator: ",", omittingEmptySubsequences: true) {
            guard let eq = piece.lastIndex(of: "=") else { continue }
            let key = piece[..<eq].trimmingSpaces, value = piece[piece.index(after: eq)...].trimmingSpaces
            func problem(_ why: String) -> ValidationError {
                ValidationError("background.config", "\"\(key)=\(value.prefix(20))\" \(why)")
            }
            func number(_ range: ClosedRange<Double>) throws(ValidationError) -> Double {
                // The number at the start, as a C++ stream reads it: a sign, digits, a fraction.
                var text = Substring(value)
                var sign = ""
                if let first = text.first, first == "-" || first == "+" {
                    sign = String(first)
                    text = text.dropFirst()
                }
                let digits = text.prefix { $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }
                guard digits.contains(where: \.isNumber), digits.count <= 32, let n = Double(sign + digits), n.isFinite else {
                    throw problem("is not a number")
                }
                guard range.contains(n) else {
                    throw problem("is outside \(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))")
                }
                return n
            }
            func color() throws(ValidationError) -> RGBColor {
                let digits = value.prefix { $0.isHexDigit }
                guard !digits.isEmpty, let n = UInt64(digits.prefix(16), radix: 16) else { throw problem("is not a colour") }
                return RGBColor(rgb: UInt32(truncatingIfNeeded: n))
            }
            let side = Double(CanvasLimits.maxSide)
            switch key {
            case "f1": s.f1 = try color()
            case "af1": s.af1 = try color()
            case "f2": s.f2 = try color()
            case "af2": s.af2 = try color()
            case "lw": s.lineWidth = try number(0...1_000)
            case "r1": s.spacing = try number(0...side)
            case "m1": s.margin = try number(-side...side)
            case "rm": s.roundMargin = try number(-side...side) != 0
            case "bli": s.boldInterval = Int(try number(0...10_000))
            case "blw": s.boldWidth = try number(0...1_000)
            default: continue
            }
        }
        return s
    }

    /// Whether the page is dark enough for the alternative colours (Xournal++'s rule: the
    /// channels' whole-number mean below 128).
    public var isDark: Bool { (Int(color.red) + Int(color.green) + Int(color.blue)) / 3 < 0x80 }

    public func validate(at path: String) throws(ValidationError) {
        _ = try settings()
        if let points {
            try Check.number(points.width, at: "\(path).points", in: 0.75...Double(CanvasLimits.maxSide))
            try Check.number(points.height, at: "\(path).points", in: 0.75...Double(CanvasLimits.maxSide))
        }
    }

    /// `points` when they are the size of a page of `size` pixels, else the pixels' size in points.
    public func points(for size: PixelSize) -> Size {
        if let points, Int((points.width * 4 / 3).rounded()) == size.width, Int((points.height * 4 / 3).rounded()) == size.height { return points }
        return Size(width: Double(size.width) * 3 / 4, height: Double(size.height) * 3 / 4)
    }
}

private extension Substring {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

/// Written as `{"xournal": "graph", "color": "#ffffff", "config": "m1=40,rm=1", "points":
/// [595.28, 841.89]}` (`config` and `points` may be left out).
extension XournalPaper: Codable {
    enum Keys: String, CodingKey { case xournal, color, config, points }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let name = try c.decode(String.self, forKey: .xournal)
        guard let style = Style(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .xournal, in: c,
                                                   debugDescription: "\"\(name)\" is not a Xournal++ paper (one of \(Style.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let points = try c.decodeIfPresent([Double].self, forKey: .points)
        guard points == nil || points?.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .points, in: c, debugDescription: "is not [width, height]")
        }
        self.init(style, color: try c.decodeColorIfPresent(forKey: .color) ?? .white, config: try c.decodeIfPresent(String.self, forKey: .config) ?? "",
                  points: points.map { Size(width: $0[0], height: $0[1]) })
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(style.rawValue, forKey: .xournal)
        try c.encode(color.hex, forKey: .color)
        if !config.isEmpty { try c.encode(config, forKey: .config) }
        if let points { try c.encode([points.width, points.height], forKey: .points) }
    }
}
