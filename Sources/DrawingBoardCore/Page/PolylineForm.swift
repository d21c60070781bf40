/// How a stroke from another app (a Xournal++ notebook) is drawn, exactly as that app draws
/// it, instead of our smoothed curve: straight segments from point to point, with its caps,
/// its dashes, a width per segment (from the pen's pressure) and a fill inside it. Lengths are
/// in page pixels.
public struct PolylineForm: Sendable, Hashable, Codable {
    public enum Cap: String, Sendable, Hashable, Codable, CaseIterable {
        case round, butt, square
    }

    public var cap: Cap
    /// One width per segment (the segment from point i to point i + 1 has `widths[i]`); nil:
    /// the stroke's width all along, the whole line stroked as one.
    public var widths: [Double]?
    /// Dash lengths along the line (on, off, ...), continuing across segments; empty: solid.
    public var dashes: [Double]
    /// The polygon the points make, filled under the line with this much of the ink (0...1).
    public var fill: Double?

    public init(cap: Cap = .round, widths: [Double]? = nil, dashes: [Double] = [], fill: Double? = nil) {
        self.cap = cap
        self.widths = widths
        self.dashes = dashes
        self.fill = fill
    }

    /// Widths a segment or a stroke drawn so may have, in page pixels (Xournal++'s finest pen
    /// is under one pixel).
    public static let widthRange = 0.0...1_000.0
    /// Most dash lengths.
    public static let maxDashes = 64

    enum CodingKeys: String, CodingKey { case cap, widths, dashes, fill }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cap = try c.decodeIfPresent(Cap.self, forKey: .cap) ?? .round
        widths = try c.decodeIfPresent([Double].self, forKey: .widths)
        dashes = try c.decodeIfPresent([Double].self, forKey: .dashes) ?? []
        fill = try c.decodeIfPresent(Double.self, forKey: .fill)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(cap, forKey: .cap)
        try c.encodeIfPresent(widths, forKey: .widths)
        if !dashes.isEmpty { try c.encode(dashes, forKey: .dashes) }
        try c.encodeIfPresent(fill, forKey: .fill)
    }

    /// Checks every value for a stroke of `points` points (`path` names the form).
    public func validate(points: Int, at path: String) throws(ValidationError) {
        if let widths {
            guard widths.count == max(points - 1, 1) else {
                throw ValidationError("\(path).widths", "has \(widths.count) values for \(points) points (one per segment)")
            }
            for (i, w) in widths.enumerated() where !(w.isFinite && Self.widthRange.contains(w)) {
                try Check.number(w, at: "\(path).widths[\(i)]", in: Self.widthRange)
            }
        }
        guard dashes.count <= Self.maxDashes else { throw ValidationError("\(path).dashes", "has more than \(Self.maxDashes) lengths") }
        for (i, d) in dashes.enumerated() { try Check.number(d, at: "\(path).dashes[\(i)]", in: 0...10_000) }
        // Cairo refuses a pattern whose lengths are all zero.
        if !dashes.isEmpty, !dashes.contains(where: { $0 > 0 }) {
            throw ValidationError("\(path).dashes", "has no length above zero")
        }
        if let fill { try Check.number(fill, at: "\(path).fill", in: 0...1) }
    }
}
