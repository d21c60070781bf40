/// A value DrawingBoard will not act on, with where it is (`steps[3].width: 0 is outside
/// 1...200`, `strokes[0].points[2]: coordinates must be finite numbers`). Scripts, documents and
/// the journal report problems with this one type and these same words.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A path to the value (`strokes[3].style.width`), empty for the whole file.
    public var field: String
    public var problem: String

    public init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    public var path: String { field }
    public var message: String { problem }

    /// One line: control characters from the file are shown as escapes.
    public var description: String { (field.isEmpty ? problem : "\(field): \(problem)").escapingControlCharacters }
}

/// A problem in a drawing script: the same checks and words as any other file.
public typealias ScriptError = ValidationError

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

/// The checks themselves, one function per kind of value; every reader calls these.
public enum Check {
    /// A point: finite, within ±`PageLimits.coordinate`.
    public static func point(_ p: Point, at path: String) throws(ValidationError) {
        guard p.x.isFinite, p.y.isFinite else { throw ValidationError(path, "coordinates must be finite numbers") }
        guard abs(p.x) <= PageLimits.coordinate, abs(p.y) <= PageLimits.coordinate else {
            throw ValidationError(path, "[\(JSONValue.format(p.x)), \(JSONValue.format(p.y))] is too far outside the canvas (limit \(Int(PageLimits.coordinate)))")
        }
    }

    /// A number within `range` (`rangeText` is how the message writes it).
    public static func number(_ value: Double, at path: String, in range: ClosedRange<Double>, rangeText: String? = nil) throws(ValidationError) {
        guard value.isFinite else { throw ValidationError(path, "\(value) is not a finite number") }
        guard range.contains(value) else {
            let text = rangeText ?? "\(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"
            throw ValidationError(path, "\(JSONValue.format(value)) is outside \(text)")
        }
    }

    /// A size a canvas can have: 1 to `CanvasLimits.maxSide` a side, at most
    /// `CanvasLimits.maxPixels` pixels.
    public static func canvas(_ size: PixelSize, at path: String) throws(ValidationError) {
        let prefix = path.isEmpty ? "" : "\(path)."
        try side(size.width, at: "\(prefix)width")
        try side(size.height, at: "\(prefix)height")
        guard size.area <= CanvasLimits.maxPixels else {
            throw ValidationError(path, "\(size) is \(size.area) pixels, above the limit of \(CanvasLimits.maxPixels)")
        }
    }

    /// One side of a canvas: 1...`CanvasLimits.maxSide`.
    public static func side(_ n: Int, at path: String) throws(ValidationError) {
        guard (1...CanvasLimits.maxSide).contains(n) else { throw ValidationError(path, "\(n) is outside 1...\(CanvasLimits.maxSide)") }
    }

    /// How many points a stroke has: at least one, at most `PageLimits.pointsPerStroke`.
    public static func pointCount(_ count: Int, at path: String) throws(ValidationError) {
        guard count > 0 else { throw ValidationError(path, "needs at least one point") }
        guard count <= PageLimits.pointsPerStroke else {
            throw ValidationError(path, "has \(count) points, more than the \(PageLimits.pointsPerStroke) a stroke may have")
        }
    }

    /// A stroke id: below `PageLimits.strokeID`.
    public static func strokeID(_ id: UInt64, at path: String) throws(ValidationError) {
        guard id < PageLimits.strokeID else {
            throw ValidationError(path, "\(id) is too large (ids stay below \(PageLimits.strokeID))")
        }
    }
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

extension Stroke {
    /// Checks every value against the contract: finite coordinates within
    /// ±`PageLimits.coordinate`, a width within 1...200, an opacity within 0...1, an id that
    /// can be counted on from, a clip size a canvas can have. `path` names the stroke.
    public func validate(at path: String) throws(ValidationError) {
        try Check.strokeID(id, at: "\(path).id")
        guard tool.makesStrokes || tool == .strokeEraser else { throw ValidationError("\(path).tool", "the \(tool.rawValue) tool draws no strokes") }
        try Check.pointCount(points.count, at: "\(path).points")
        // The place is named only for a point that is wrong (naming each costs more than checking it).
        for (i, p) in points.enumerated() where !(p.x.isFinite && p.y.isFinite && abs(p.x) <= PageLimits.coordinate && abs(p.y) <= PageLimits.coordinate) {
            try Check.point(p, at: "\(path).points[\(i)]")
        }
        if let form {
            try Check.number(style.width, at: "\(path).style.width", in: PolylineForm.widthRange)
            try form.validate(points: points.count, at: "\(path).line")
        } else {
            try Check.number(style.width, at: "\(path).style.width", in: StrokeStyle.widthRange)
        }
        try Check.number(style.opacity, at: "\(path).style.opacity", in: StrokeStyle.opacityRange)
        if let clip {
            try Check.canvas(clip, at: "\(path).clip")
        }
        if let pressures {
            guard pressures.count == points.count else {
                throw ValidationError("\(path).pressure", "has \(pressures.count) values for \(points.count) points")
            }
            for (i, p) in pressures.enumerated() where !(0...1).contains(p) { try Check.number(p, at: "\(path).pressure[\(i)]", in: 0...1) }
        }
        if let transform {
            guard transform.isFinite, (Stroke.transformScaleRange).contains(transform.lengthScale),
                  abs(transform.tx) <= PageLimits.coordinate, abs(transform.ty) <= PageLimits.coordinate else {
                throw ValidationError("\(path).transform", "[\(transform.numbers.map { "\($0)" }.joined(separator: ", "))] is not a transform a stroke can take")
            }
            for (i, p) in pagePoints.enumerated() where !(abs(p.x) <= PageLimits.coordinate && abs(p.y) <= PageLimits.coordinate) {
                try Check.point(p, at: "\(path).points[\(i)] (transformed)")
            }
        }
        if let holes {
            guard holes.count <= Stroke.maxHoles else {
                throw ValidationError("\(path).holes", "has \(holes.count) erasers' passes, more than the \(Stroke.maxHoles) a stroke may carry")
            }
            for (i, hole) in holes.enumerated() {
                guard hole.tool == .eraser, hole.holes == nil else {
                    throw ValidationError("\(path).holes[\(i)]", "is not a pass of the eraser")
                }
                try hole.validate(at: "\(path).holes[\(i)]")
            }
        }
    }

    /// Every stroke of a list, and ids used once only.
    public static func validate(_ strokes: [Stroke], at path: String) throws(ValidationError) {
        try Page(size: PixelSize(width: 1, height: 1), items: strokes.map(PageItem.stroke)).validateItems(at: path)
    }
}

extension Element {
    /// Checks every value: an id that can be counted on from, a centre like any point, a width
    /// within 1...16384, a finite rotation, a source size that is a size, and the text's limits.
    public func validate(at path: String) throws(ValidationError) {
        try Check.strokeID(id, at: "\(path).id")
        try Check.point(placement.center, at: "\(path).center")
        try Check.number(placement.width, at: "\(path).width", in: Element.widthRange)
        try Check.number(placement.rotation, at: "\(path).rotation", in: -1e6...1e6)
        let natural = placement.natural
        guard natural.width.isFinite, natural.height.isFinite, natural.width >= 0.01, natural.height >= 0.01,
              natural.width <= 1e6, natural.height <= 1e6 else {
            throw ValidationError("\(path).natural", "\(natural.width) x \(natural.height) is not a size an element can have")
        }
        // The height follows the width; it has the same limits.
        try Check.number(placement.height, at: "\(path).height", in: 0.0001...(4 * Element.widthRange.upperBound))
        try source.content.validate(at: path)
    }
}

extension Page {
    /// Checks the whole page before anything acts on it: the size, every item, stroke ids used
    /// once, the base only at the bottom and the page's size. `path` names the list of items
    /// (`strokes` in a format 1 document).
    public func validate(itemsAt path: String = "items") throws(ValidationError) {
        try Check.canvas(size, at: "size")
        try validateItems(at: path)
    }

    func validateItems(at path: String) throws(ValidationError) {
        var seen = Set<UInt64>()
        for (i, item) in items.enumerated() {
            let place = "\(path)[\(i)]"
            switch item {
            case .stroke(let stroke):
                try stroke.validate(at: place)
                guard seen.insert(stroke.id).inserted else {
                    throw ValidationError("\(place).id", "\(stroke.id) is used by an earlier stroke too")
                }
            case .element(let element):
                try element.validate(at: place)
                guard seen.insert(element.id).inserted else {
                    throw ValidationError("\(place).id", "\(element.id) is used by an earlier item too")
                }
            case .base(let base):
                guard i == 0 else { throw ValidationError(place, "the base pixels can only be at the bottom") }
                guard base.image.size == size else {
                    throw ValidationError(place, "the base pixels are \(base.image.size), not the page's \(size)")
                }
                for id in base.baked.sorted() { try Check.strokeID(id, at: "\(place).baked") }
            }
        }
    }
}
