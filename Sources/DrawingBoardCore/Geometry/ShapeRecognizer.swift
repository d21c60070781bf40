import Foundation

/// What a hand-drawn stroke was meant as: a straight line, a rectangle, an ellipse (or a
/// circle), a triangle, or none of them. Reads the stroke's points only: a line when every
/// point lies near the segment from the first to the last; for a closed stroke, an ellipse
/// when the points keep close to the ellipse in their box, else the corners the stroke turns
/// at (a polygon that keeps within a tolerance of every point): three make a triangle, four
/// with sides near horizontal and vertical a rectangle.
public enum ShapeRecognizer {
    public enum Shape: Sendable, Hashable {
        case line(Point, Point)
        /// The box between two corners.
        case rectangle(Point, Point)
        /// The ellipse inscribed in the box between two corners (a circle when it is square).
        case ellipse(Point, Point)
        case triangle(Point, Point, Point)
    }

    /// The shape the points meant, or nil.
    public static func recognize(_ points: [Point]) -> Shape? {
        guard points.count >= 2, let first = points.first, let last = points.last, let box = Rect(around: points) else { return nil }
        let diagonal = hypot(box.width, box.height)
        guard diagonal >= 8 else { return nil }
        let length = zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        // A line: every point near the segment between the ends.
        let span = first.distance(to: last)
        if span >= 0.8 * length, points.allSatisfy({ distance($0, toSegment: first, last) <= max(3, 0.05 * span) }) {
            return .line(first, last)
        }
        // The others are closed: the ends meet (near enough, for a hand).
        guard span <= max(12, 0.2 * diagonal), length >= 2 * diagonal * 0.9 else { return nil }
        if let ellipse = ellipse(points, box) { return ellipse }
        let corners = self.corners(of: points, tolerance: 0.07 * diagonal)
        let fits = points.allSatisfy { p in
            zip(corners, corners.dropFirst() + [corners[0]]).contains { distance(p, toSegment: $0.0, $0.1) <= 0.1 * diagonal }
        }
        guard fits else { return nil }
        if corners.count == 3 { return .triangle(corners[0], corners[1], corners[2]) }
        if corners.count == 4 {
            // Each side near horizontal or vertical (within 12°).
            let sides = zip(corners, corners.dropFirst() + [corners[0]])
            let square = sides.allSatisfy { a, b in
                let angle = abs(atan2(b.y - a.y, b.x - a.x) * 180 / .pi).truncatingRemainder(dividingBy: 90)
                return angle <= 12 || angle >= 78
            }
            guard square else { return nil }
            let xs = corners.map(\.x).sorted(), ys = corners.map(\.y).sorted()
            return .rectangle(Point((xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2), Point((xs[2] + xs[3]) / 2, (ys[2] + ys[3]) / 2))
        }
        return nil
    }

    /// The ellipse in the points' box, if every point keeps near it; square enough, a circle.
    private static func ellipse(_ points: [Point], _ box: Rect) -> Shape? {
        let c = box.center, rx = box.width / 2, ry = box.height / 2
        guard rx > 2, ry > 2 else { return nil }
        var total = 0.0, worst = 0.0
        for p in points {
            let r = hypot((p.x - c.x) / rx, (p.y - c.y) / ry)
            total += abs(r - 1)
            worst = max(worst, abs(r - 1))
        }
        guard total / Double(points.count) <= 0.06, worst <= 0.16 else { return nil }
        // Every direction is met: the stroke goes all the way round.
        var sectors = Set<Int>()
        for p in points { sectors.insert(Int(((atan2(p.y - c.y, p.x - c.x) + .pi) / (2 * .pi) * 8).rounded(.down)) % 8) }
        guard sectors.count == 8 else { return nil }
        if max(rx, ry) / min(rx, ry) <= 1.15 {
            let r = (rx + ry) / 2
            return .ellipse(Point(c.x - r, c.y - r), Point(c.x + r, c.y + r))
        }
        return .ellipse(Point(box.minX, box.minY), Point(box.maxX, box.maxY))
    }

    /// The corners of a closed stroke: the points a polygon within `tolerance` of it turns at
    /// (Douglas-Peucker from the point farthest from the start), with corners nearer each
    /// other than twice the tolerance merged and nearly straight ones dropped.
    static func corners(of points: [Point], tolerance: Double) -> [Point] {
        guard let first = points.first else { return [] }
        let far = points.indices.max { points[$0].distance(to: first) < points[$1].distance(to: first) } ?? 0
        var kept = simplify(Array(points[0...far]), tolerance) + simplify(Array(points[far...]) + [first], tolerance).dropFirst()
        kept.removeLast() // the start again
        var changed = true
        while changed, kept.count > 2 {
            changed = false
            for i in kept.indices {
                let a = kept[(i + kept.count - 1) % kept.count], b = kept[i], c = kept[(i + 1) % kept.count]
                let turn = abs(angle(b - a, c - b))
                if b.distance(to: a) < 2 * tolerance || turn < 25 {
                    kept.remove(at: i)
                    changed = true
                    break
                }
            }
        }
        return kept
    }

    private static func simplify(_ points: [Point], _ tolerance: Double) -> [Point] {
        guard points.count > 2, let a = points.first, let b = points.last else { return points }
        var worst = 0.0, at = 0
        for i in 1..<(points.count - 1) {
            let d = distance(points[i], toSegment: a, b)
            if d > worst { worst = d; at = i }
        }
        guard worst > tolerance else { return [a, b] }
        return simplify(Array(points[0...at]), tolerance) + simplify(Array(points[at...]), tolerance).dropFirst()
    }

    /// The angle in degrees from direction `u` to `v`.
    private static func angle(_ u: Point, _ v: Point) -> Double {
        atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y) * 180 / .pi
    }

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let l2 = ab.x * ab.x + ab.y * ab.y
        guard l2 > 0 else { return p.distance(to: a) }
        let t = min(max((ap.x * ab.x + ap.y * ab.y) / l2, 0), 1)
        return p.distance(to: a + ab * t)
    }

    /// The strokes that draw `shape` as the line, rectangle and ellipse tools do, in `style`
    /// (a triangle is three lines).
    public static func strokes(for shape: Shape, style: StrokeStyle) -> [Stroke] {
        func make(_ tool: Tool, _ a: Point, _ b: Point) -> Stroke { Stroke(id: 0, tool: tool, style: style, points: [a, b]) }
        switch shape {
        case .line(let a, let b): return [make(.line, a, b)]
        case .rectangle(let a, let b): return [make(.rectangle, a, b)]
        case .ellipse(let a, let b): return [make(.ellipse, a, b)]
        case .triangle(let a, let b, let c): return [make(.line, a, b), make(.line, b, c), make(.line, c, a)]
        }
    }
}
