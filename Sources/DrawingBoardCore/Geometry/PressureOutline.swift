import Foundation

/// The contract's "Pressure": a freehand stroke whose width at each point is `width × p` (never
/// under 1 px), varying smoothly between points. Its ink is one filled shape, so a translucent
/// stroke has one uniform opacity: along the smoothed centre line (the same Catmull-Rom curve
/// a stroke without pressure follows), sampled every pixel or two with the pressure varying
/// along each segment, a disc at each sample and the band tangent to each two neighbours,
/// all wound the same way and filled with the non-zero rule.
extension StrokeOutline {
    /// `pressures`: one per point, each 0...1.
    public init(pressureStrokeOf tool: Tool, width: Double, points: [Point], pressures: [Double]) {
        self.init(path: VectorPath(), width: width)
        var centres: [Point] = []
        var radii: [Double] = []
        // Repeated samples go, each keeping the last pressure given at that place.
        var samples: [(Point, Double)] = []
        for (p, q) in zip(points, pressures) {
            if samples.last?.0 == p { samples[samples.count - 1].1 = q } else { samples.append((p, q)) }
        }
        let radius = { (q: Double) in max(width * min(max(q, 0), 1), 1) / 2 }
        let ps = samples.map(\.0)
        if samples.count <= 2 {
            // A dot, or a straight segment with the width going from one end to the other.
            let ends = samples.count == 1 ? [samples[0], samples[0]] : samples
            let steps = max(1, Int((ends[0].0.distance(to: ends[1].0) / 1.5).rounded(.up)))
            for s in 0...steps {
                let t = Double(s) / Double(steps)
                centres.append(ends[0].0 + (ends[1].0 - ends[0].0) * t)
                radii.append(radius(ends[0].1 + (ends[1].1 - ends[0].1) * t))
            }
        } else {
            centres.append(ps[0])
            radii.append(radius(samples[0].1))
            for i in 0..<(ps.count - 1) {
                let s = Self.smoothSegment(ps, i)
                let c0 = ps[i]
                let steps = min(64, max(2, Int((c0.distance(to: s.end) / 1.5).rounded(.up))))
                for k in 1...steps {
                    let t = Double(k) / Double(steps)
                    centres.append(VectorPath.cubicPoint(c0, s.control1, s.control2, s.end, at: t))
                    radii.append(radius(samples[i].1 + (samples[i + 1].1 - samples[i].1) * t))
                }
            }
        }
        profile = Profile(centres: centres, radii: radii)
        path = Self.filledPath(centres, radii)
        self.width = (radii.max() ?? width / 2) * 2
    }

    /// Discs and tangent bands, each wound clockwise (on screen), so their union fills.
    static func filledPath(_ centres: [Point], _ radii: [Double]) -> VectorPath {
        var path = VectorPath()
        for (c, r) in zip(centres, radii) {
            // The same clockwise circle as the ellipse tool's.
            path.append(Self.ellipse(in: Rect(minX: c.x - r, minY: c.y - r, maxX: c.x + r, maxY: c.y + r)))
        }
        for i in 0..<max(0, centres.count - 1) {
            let a = centres[i], b = centres[i + 1], ra = radii[i], rb = radii[i + 1]
            let d = b - a
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            // One disc inside the other: nothing between them to fill.
            guard length > abs(ra - rb), length > 1e-9 else { continue }
            let u = d * (1 / length), v = Point(-u.y, u.x)
            let sinA = (ra - rb) / length, cosA = (1 - sinA * sinA).squareRoot()
            let side1 = u * sinA + v * cosA, side2 = u * sinA - v * cosA
            var quad = [a + side1 * ra, b + side1 * rb, b + side2 * rb, a + side2 * ra]
            // Clockwise on screen (positive area with y down), as the discs are.
            let area = zip(quad, quad.dropFirst() + [quad[0]]).reduce(0.0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
            if area < 0 { quad.reverse() }
            path.move(to: quad[0])
            for p in quad.dropFirst() { path.line(to: p) }
            path.close()
        }
        return path
    }
}
