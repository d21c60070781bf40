import Foundation

/// A straight edge laid on the page: the line through `at` at `angle` degrees clockwise from
/// horizontal. A stroke that starts within `reach` of it is drawn along it.
public struct Ruler: Sendable, Hashable {
    public var at: Point
    /// Degrees clockwise from horizontal.
    public var angle: Double

    /// How near the edge (page pixels) a stroke must start to follow it.
    public static let reach = 40.0

    public init(at: Point, angle: Double) {
        self.at = at
        self.angle = angle
    }

    /// The edge's direction, a unit vector.
    public var direction: Point {
        let r = angle * .pi / 180
        return Point(cos(r), sin(r))
    }

    /// How far `p` lies from the edge's line.
    public func distance(to p: Point) -> Double {
        let d = direction, v = p - at
        return abs(v.x * d.y - v.y * d.x)
    }

    /// The point of the edge nearest `p`.
    public func project(_ p: Point) -> Point {
        let d = direction, v = p - at
        let t = v.x * d.x + v.y * d.y
        return at + d * t
    }

    /// Whether a stroke starting at `p` follows the edge.
    public func guides(from p: Point) -> Bool { distance(to: p) <= Self.reach }

    /// The points a stroke through `points` is drawn through: along the edge from the first
    /// point's projection to the last's when it starts near it, else nil.
    public func guided(_ points: [Point]) -> [Point]? {
        guard let first = points.first, let last = points.last, guides(from: first) else { return nil }
        return [project(first), project(last)]
    }
}
