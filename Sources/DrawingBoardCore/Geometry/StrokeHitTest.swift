/// Whether a stroke eraser's path touches a stroke: the eraser (a disc of `radius` dragged from
/// `from` to `to`) against the stroke's drawn outline, its path flattened and widened by half
/// its width, never against its bounding box.
public struct StrokeHitTest: Sendable {
    /// The stroke's path as straight pieces (curves cut into short chords).
    public let pieces: [(Point, Point)]
    public let halfWidth: Double
    public let bounds: Rect?

    /// For a stroke with pressure: the ink's radius along each piece (the wider end).
    public let pieceRadii: [Double]?

    public init(_ outline: StrokeOutline) {
        halfWidth = outline.width / 2
        bounds = outline.bounds
        if let profile = outline.profile {
            let c = profile.centres, r = profile.radii
            pieces = c.count == 1 ? [(c[0], c[0])] : Array(zip(c, c.dropFirst()))
            pieceRadii = c.count == 1 ? [r[0]] : zip(r, r.dropFirst()).map { max($0, $1) }
            return
        }
        pieceRadii = nil
        var pieces: [(Point, Point)] = []
        var current: Point?
        var start: Point?
        for element in outline.path.elements {
            switch element {
            case .move(let p):
                current = p
                start = p
            case .line(let p):
                if let c = current { pieces.append((c, p)) }
                current = p
            case .curve(let c1, let c2, let end):
                guard let c0 = current else { current = end; continue }
                var previous = c0
                for i in 1...Self.curveSteps {
                    let p = VectorPath.cubicPoint(c0, c1, c2, end, at: Double(i) / Double(Self.curveSteps))
                    pieces.append((previous, p))
                    previous = p
                }
                current = end
            case .close:
                if let c = current, let s = start { pieces.append((c, s)) }
                current = start
            }
        }
        self.pieces = pieces
    }

    static let curveSteps = 8

    /// Whether the disc of `radius` moved from `from` to `to` overlaps the stroke's ink.
    public func touches(from: Point, to: Point, radius: Double) -> Bool {
        let reach = halfWidth + radius
        if let bounds, !bounds.insetBy(-radius).intersects(Rect(minX: min(from.x, to.x), minY: min(from.y, to.y), maxX: max(from.x, to.x), maxY: max(from.y, to.y))) {
            return false
        }
        if let pieceRadii {
            return pieces.indices.contains { Self.distance(pieces[$0].0, pieces[$0].1, from, to) <= pieceRadii[$0] + radius }
        }
        return pieces.contains { Self.distance($0.0, $0.1, from, to) <= reach }
    }

    /// The shortest distance between segments ab and cd.
    static func distance(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        if crosses(a, b, c, d) { return 0 }
        return min(pointDistance(a, c, d), pointDistance(b, c, d), pointDistance(c, a, b), pointDistance(d, a, b))
    }

    static func pointDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let length = ab.x * ab.x + ab.y * ab.y
        let t = length > 0 ? min(max((ap.x * ab.x + ap.y * ab.y) / length, 0), 1) : 0
        let q = a + ab * t
        let dx = p.x - q.x, dy = p.y - q.y
        return (dx * dx + dy * dy).squareRoot()
    }

    static func crosses(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let d1 = side(c, d, a), d2 = side(c, d, b), d3 = side(a, b, c), d4 = side(a, b, d)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }
}
