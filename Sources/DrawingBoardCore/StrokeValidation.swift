/// A value read from a file that DrawingBoard will not act on, with the field it is in
/// (`strokes[3].style.width: 1e+300 is outside 1...200`).
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var problem: String

    public init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)".escapingControlCharacters }
}

extension PixelSize {
    /// Width times height, or nil when the sides are negative or their product does not fit
    /// (sizes read from hostile headers may be up to 2^32 a side).
    public var checkedArea: Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? nil : area
    }
}

/// The contract's limits on what a page holds, shared by scripts, documents and the journal.
public enum PageLimits {
    /// How far outside the canvas a point may lie (Cairo's fixed-point coordinates stop near
    /// eight million).
    public static let coordinate = 1_000_000.0
    /// Most points in one stroke.
    public static let pointsPerStroke = 1_000_000
    /// Most pointers (fingers, the mouse) drawing at once.
    public static let pointers = 20
    /// Stroke ids stay below this, so counting on from the largest never overflows.
    public static let strokeID: UInt64 = 1 << 53
}

extension Stroke {
    /// Checks every value against the contract: finite coordinates within
    /// ±`PageLimits.coordinate`, a width within 1...200, an opacity within 0...1, an id that
    /// can be counted on from, a clip size a canvas can have. `path` names the stroke.
    public func validate(at path: String) throws(ValidationError) {
        guard id < PageLimits.strokeID else {
            throw ValidationError("\(path).id", "\(id) is too large (ids stay below \(PageLimits.strokeID))")
        }
        guard !points.isEmpty else { throw ValidationError("\(path).points", "a stroke needs at least one point") }
        guard points.count <= PageLimits.pointsPerStroke else {
            throw ValidationError("\(path).points", "\(points.count) points, more than the \(PageLimits.pointsPerStroke) a stroke may have")
        }
        for (i, p) in points.enumerated() {
            try Self.validate(p, at: "\(path).points[\(i)]")
        }
        try Self.validate(style.width, at: "\(path).style.width", in: StrokeStyle.widthRange)
        try Self.validate(style.opacity, at: "\(path).style.opacity", in: StrokeStyle.opacityRange)
        if let clip {
            try Self.validate(clip, at: "\(path).clip")
        }
    }

    public static func validate(_ p: Point, at path: String) throws(ValidationError) {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= PageLimits.coordinate, abs(p.y) <= PageLimits.coordinate else {
            throw ValidationError(path, "(\(p.x), \(p.y)) is not within ±\(Int(PageLimits.coordinate)) of the canvas")
        }
    }

    public static func validate(_ value: Double, at path: String, in range: ClosedRange<Double>) throws(ValidationError) {
        guard value.isFinite, range.contains(value) else {
            throw ValidationError(path, "\(value) is outside \(range.lowerBound.formatted)...\(range.upperBound.formatted)")
        }
    }

    public static func validate(_ size: PixelSize, at path: String) throws(ValidationError) {
        let sides = 1...CanvasLimits.maxSide
        guard sides.contains(size.width), sides.contains(size.height), size.area <= CanvasLimits.maxPixels else {
            throw ValidationError(path, "\(size.width)x\(size.height) is not a canvas size (1 to \(CanvasLimits.maxSide) pixels a side)")
        }
    }

    /// Every stroke of a list, and ids used once only.
    public static func validate(_ strokes: [Stroke], at path: String) throws(ValidationError) {
        var seen = Set<UInt64>()
        for (i, stroke) in strokes.enumerated() {
            try stroke.validate(at: "\(path)[\(i)]")
            guard seen.insert(stroke.id).inserted else {
                throw ValidationError("\(path)[\(i)].id", "\(stroke.id) is used by an earlier stroke too")
            }
        }
    }
}

private extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
