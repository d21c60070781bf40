/// The geometry a tool makes from the pointer's points: a path, the line width and the dash
/// pattern. Every tool strokes with round caps and round joins; another app's stroke
/// (`PolylineForm`) may have other caps, a width per segment and a fill.
public struct StrokeOutline: Sendable, Hashable {
    public var path: VectorPath
    public var width: Double
    /// Dash lengths along the path (on, off, ...); empty for a solid line.
    public var dashes: [Double]
    /// For a stroke with pressure: the centre line sampled, with the ink's radius at each
    /// sample. Then `path` is the ink's shape, to fill (not to stroke), and `width` the widest.
    public var profile: Profile?
    /// The line's ends (round for every tool of ours).
    public var cap: PolylineForm.Cap = .round
    /// A width per segment of a polyline path (`path` is then one move and one line per
    /// point): each segment is stroked on its own, its dashes going on from the last.
    public var segmentWidths: [Double]?
    /// How much of the ink fills the polygon the path makes, under the line (nil: none).
    public var fill: Double?
    /// What erasers took of this stroke, carried with it (a stroke moved, scaled or turned
    /// keeps them): each clears the stroke's coverage where it passes.
    public var holes: [StrokeOutline] = []

    public struct Profile: Sendable, Hashable {
        public var centres: [Point]
        public var radii: [Double]
    }

    /// Whether the path is the ink's shape, filled, rather than a line stroked `width` wide.
    public var filled: Bool { profile != nil }

    public init(path: VectorPath, width: Double, dashes: [Double] = []) {
        self.path = path
        self.width = width
        self.dashes = dashes
    }

    /// Builds the outline `tool` draws through `points` (the press, the drag positions, the
    /// release). Shape tools use only the first and the last point.
    public init(tool: Tool, width: Double, points: [Point]) {
        self.width = width
        self.dashes = []
        guard let first = points.first, let last = points.last else {
            self.path = VectorPath()
            return
        }
        switch tool {
        case .pencil, .eraser, .highlighter, .strokeEraser, .select, .text:
            path = Self.smoothPath(through: points)
        case .line:
            path = Self.segment(first, last)
        case .dashedLine:
            path = Self.segment(first, last)
            dashes = Self.dashPattern(width: width)
        case .rectangle:
            path = Self.rectangle(Rect(corner: first, corner: last))
        case .ellipse:
            path = Self.ellipse(in: Rect(corner: first, corner: last))
        }
    }

    /// A polyline through `points` drawn as `form` says (a stroke from another app), `width`
    /// wide where the form gives no width per segment.
    public init(polyline points: [Point], width: Double, form: PolylineForm) {
        var path = VectorPath()
        if let first = points.first {
            path.move(to: first)
            for p in points.dropFirst() { path.line(to: p) }
            if points.count == 1 { path.line(to: first) }
        }
        self.path = path
        self.width = form.widths.map { $0.max() ?? width } ?? width
        dashes = form.dashes
        cap = form.cap
        segmentWidths = form.widths
        fill = form.fill
    }

    /// The outline taken through `m`: the path's points mapped, widths and dashes scaled by
    /// its length scale (exact for moves, turns and scales the same both ways).
    public func transformed(by m: Affine) -> StrokeOutline {
        guard !m.isIdentity else { return self }
        let k = m.lengthScale
        var out = self
        out.path = path.transformed(by: m)
        out.width = width * k
        out.dashes = dashes.map { $0 * k }
        out.profile = profile.map { Profile(centres: $0.centres.map(m.apply), radii: $0.radii.map { $0 * k }) }
        out.segmentWidths = segmentWidths?.map { $0 * k }
        out.holes = holes.map { $0.transformed(by: m) }
        return out
    }

    /// The area the stroke can mark: the path's box grown by half the width (a square cap
    /// reaches half the width times √2 at a slant), plus one pixel for antialiasing.
    public var bounds: Rect? {
        if filled { return path.controlBounds?.insetBy(-1) }
        return path.controlBounds?.insetBy(-(width / 2 * (cap == .square ? 1.5 : 1) + 1))
    }

    /// Dashes and gaps that look about three widths long each: round caps add half a width to
    /// each end of a dash, so the dash is drawn two widths long and the gap four.
    public static func dashPattern(width: Double) -> [Double] {
        [2 * width, 4 * width]
    }

    static func segment(_ a: Point, _ b: Point) -> VectorPath {
        var path = VectorPath()
        path.move(to: a)
        path.line(to: b)
        return path
    }

    static func rectangle(_ r: Rect) -> VectorPath {
        var path = VectorPath()
        path.move(to: Point(r.minX, r.minY))
        path.line(to: Point(r.maxX, r.minY))
        path.line(to: Point(r.maxX, r.maxY))
        path.line(to: Point(r.minX, r.maxY))
        path.close()
        return path
    }

    /// An ellipse inscribed in `r`, as four cubic curves (the usual 0.5523 approximation, under
    /// 0.03% off a true ellipse).
    static func ellipse(in r: Rect) -> VectorPath {
        let k = 0.5522847498307936
        let c = r.center
        let rx = r.width / 2, ry = r.height / 2
        let ox = rx * k, oy = ry * k
        var path = VectorPath()
        path.move(to: Point(c.x + rx, c.y))
        path.curve(to: Point(c.x, c.y + ry), control1: Point(c.x + rx, c.y + oy), control2: Point(c.x + ox, c.y + ry))
        path.curve(to: Point(c.x - rx, c.y), control1: Point(c.x - ox, c.y + ry), control2: Point(c.x - rx, c.y + oy))
        path.curve(to: Point(c.x, c.y - ry), control1: Point(c.x - rx, c.y - oy), control2: Point(c.x - ox, c.y - ry))
        path.curve(to: Point(c.x + rx, c.y), control1: Point(c.x + ox, c.y - ry), control2: Point(c.x + rx, c.y - oy))
        path.close()
        return path
    }

    /// A curve through every input point: a Catmull-Rom spline written as cubic Béziers, so a
    /// freehand stroke is smooth between samples rather than a polyline with corners. Repeated
    /// samples are dropped; a single point is a zero-length segment, which round caps draw as a
    /// dot.
    public static func smoothPath(through input: [Point]) -> VectorPath {
        let points = distinctSamples(input)
        var path = VectorPath()
        guard let first = points.first else { return path }
        path.move(to: first)
        if points.count == 1 {
            path.line(to: first)
            return path
        }
        if points.count == 2 {
            path.line(to: points[1])
            return path
        }
        for i in 0..<(points.count - 1) {
            let s = smoothSegment(points, i)
            path.curve(to: s.end, control1: s.control1, control2: s.control2)
        }
        return path
    }

    /// The samples with consecutive repeats removed.
    public static func distinctSamples(_ input: [Point]) -> [Point] {
        var points: [Point] = []
        points.reserveCapacity(input.count)
        for p in input where points.last != p {
            points.append(p)
        }
        return points
    }

    /// The Bézier from `points[i]` to `points[i + 1]`: its tangents follow the neighbouring
    /// samples (the ends repeat the first and last sample). It depends on `points[i - 1]` to
    /// `points[i + 2]`, so a live stroke's last segment changes when the next sample arrives.
    public static func smoothSegment(_ points: [Point], _ i: Int) -> (control1: Point, control2: Point, end: Point) {
        let p0 = points[max(i - 1, 0)]
        let p1 = points[i]
        let p2 = points[i + 1]
        let p3 = points[min(i + 2, points.count - 1)]
        return (p1 + (p2 - p0) * (1.0 / 6.0), p2 - (p3 - p1) * (1.0 / 6.0), p2)
    }
}
