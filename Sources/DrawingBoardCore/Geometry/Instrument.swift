import Foundation

/// A drawing instrument laid over the page: a ruler (one straight edge), a set square (a right
/// triangle whose long side is the edge, its two short sides at 45° to it) or a compass (a
/// circle of the radius its legs are opened to). A stroke that starts near one of its edges is
/// drawn along that edge (`guide(from:)`).
public struct Instrument: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        case ruler, setSquare, compass

        public var title: String {
            switch self {
            case .ruler: return "Ruler"
            case .setSquare: return "Set square"
            case .compass: return "Compass"
            }
        }
    }

    public var kind: Kind
    /// The ruler's edge passes through `at`; the set square's long side has its middle there;
    /// the compass's needle is there.
    public var at: Point
    /// Degrees clockwise from horizontal: the edge's direction, or where the compass's pencil
    /// leg points.
    public var angle: Double
    /// The compass's legs opened this far apart; the set square's long side is twice this.
    public var radius: Double

    /// Radii the compass opens to, and how long the set square's long side may be.
    public static let radiusRange: ClosedRange<Double> = 8...4000

    public init(_ kind: Kind, at: Point, angle: Double = 0, radius: Double = 200) {
        self.kind = kind
        self.at = at
        self.angle = angle
        self.radius = radius
    }

    /// The ruler a script lays.
    public init(_ ruler: Ruler) {
        self.init(.ruler, at: ruler.at, angle: ruler.angle)
    }

    /// The edge's direction, a unit vector.
    public var direction: Point { Ruler(at: at, angle: angle).direction }

    /// The set square's corners: the long side's two ends, then the right angle (on the side
    /// the edge's normal points to, clockwise from its direction).
    public var triangle: [Point] {
        let d = direction, n = Point(-d.y, d.x)
        return [at - d * radius, at + d * radius, at + n * radius]
    }

    /// Where the compass's pencil leg is.
    public var pencilPoint: Point { at + direction * radius }

    /// The edge a stroke starting at `p` follows, if it starts near one (the nearest).
    public func guide(from p: Point) -> Guide? {
        switch kind {
        case .ruler:
            let ruler = Ruler(at: at, angle: angle)
            return ruler.guides(from: p) ? .line(ruler) : nil
        case .setSquare:
            let t = triangle
            let sides = [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])]
            var best: (Double, Ruler)?
            for (a, b) in sides {
                let length = a.distance(to: b)
                guard length > 0 else { continue }
                let d = (b - a) * (1 / length), v = p - a
                let along = v.x * d.x + v.y * d.y
                // Beside the side itself, not beyond its ends.
                guard along >= -Ruler.reach, along <= length + Ruler.reach else { continue }
                let ruler = Ruler(at: a, angle: atan2(d.y, d.x) * 180 / .pi)
                let distance = ruler.distance(to: p)
                if distance <= Ruler.reach, distance < best?.0 ?? .infinity { best = (distance, ruler) }
            }
            return best.map { .line($0.1) }
        case .compass:
            return abs(p.distance(to: at) - radius) <= Ruler.reach ? .circle(centre: at, radius: radius) : nil
        }
    }

    /// The points a stroke through `points` is drawn through when it starts near an edge, else nil.
    public func guided(_ points: [Point]) -> [Point]? {
        guard let first = points.first else { return nil }
        return guide(from: first)?.path(points)
    }

    /// The instrument with every number finite and within its limits.
    public var isValid: Bool {
        at.x.isFinite && at.y.isFinite && angle.isFinite && Self.radiusRange.contains(radius)
    }
}

/// One edge of an instrument: a straight line, or the compass's circle.
public enum Guide: Sendable, Hashable {
    case line(Ruler)
    case circle(centre: Point, radius: Double)

    /// The point of the edge nearest `p`.
    public func project(_ p: Point) -> Point {
        switch self {
        case .line(let ruler): return ruler.project(p)
        case .circle(let c, let r):
            let v = p - c, length = v.distance(to: Point(0, 0))
            return length > 1e-9 ? c + v * (r / length) : c + Point(r, 0)
        }
    }

    /// The path a stroke through `points` takes along the edge: a straight line from the first
    /// point's projection to the last's; on the circle, the arc the points went round (as far
    /// as they turned, a whole circle at most), a point every few pixels.
    public func path(_ points: [Point]) -> [Point] {
        guard let first = points.first, let last = points.last else { return [] }
        switch self {
        case .line:
            return [project(first), project(last)]
        case .circle(let c, let r):
            var turned = 0.0
            var previous = atan2(first.y - c.y, first.x - c.x)
            for p in points.dropFirst() {
                let a = atan2(p.y - c.y, p.x - c.x)
                var step = a - previous
                if step > .pi { step -= 2 * .pi }
                if step < -.pi { step += 2 * .pi }
                turned += step
                previous = a
            }
            turned = min(max(turned, -2 * .pi), 2 * .pi)
            let start = atan2(first.y - c.y, first.x - c.x)
            let count = max(2, Int((abs(turned) * r / 3).rounded(.up)) + 1)
            return (0..<count).map { i in
                let a = start + turned * Double(i) / Double(count - 1)
                return Point(c.x + r * cos(a), c.y + r * sin(a))
            }
        }
    }
}
