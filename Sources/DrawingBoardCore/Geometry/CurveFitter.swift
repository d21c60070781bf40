/// Rewrites a path with fewer pieces for a vector file: a run of cubic curves that one cubic
/// follows within a tolerance becomes that cubic, and a curve that stays that close to its
/// chord becomes a line. A handwritten stroke is a curve through every pointer sample; written
/// as it is, a PDF holds six numbers per sample, and writing them (formatting and compressing)
/// is most of what an export costs. Fitted, the same line takes a fraction of them, and nothing
/// a viewer shows moves by more than the tolerance.
///
/// The fit keeps the direction the path has at the start and the end of each run (where one
/// fitted piece meets the next, the line stays smooth): only how far each control point lies
/// along that direction is chosen, by least squares over points sampled from the original
/// curves, and refined by moving each sample's parameter to its nearest point when the fit is close.
public enum CurveFitter {
    /// Points sampled on each original curve when checking a fit.
    static let samplesPerCurve = 4
    /// The most original curves one fitted curve replaces.
    static let longestRun = 64
    /// A fit is checked at a few samples of each curve; held to this share of the tolerance
    /// there, it stays within the tolerance between them.
    static let sampledShare = 0.8
    /// How many times a close miss is refitted with better parameters.
    static let reparameterizations = 3

    public static func fitted(_ path: VectorPath, within tolerance: Double) -> VectorPath {
        var out = VectorPath()
        var run: [Piece] = []
        var current = Point(0, 0), start = current
        func flush() {
            emit(run, within: tolerance, into: &out)
            run.removeAll(keepingCapacity: true)
        }
        for element in path.elements {
            switch element {
            case .curve(let a, let b, let c):
                run.append(Piece(p0: current, c1: a, c2: b, p1: c))
                current = c
            case .move(let p):
                flush()
                out.move(to: p)
                current = p
                start = p
            case .line(let p):
                flush()
                out.line(to: p)
                current = p
            case .close:
                flush()
                out.close()
                current = start
            }
        }
        flush()
        return out
    }

    /// One cubic: its ends and control points.
    struct Piece {
        var p0, c1, c2, p1: Point

        func point(at t: Double) -> Point { VectorPath.cubicPoint(p0, c1, c2, p1, at: t) }

        /// The first derivative at `t`.
        func velocity(at t: Double) -> Point {
            let u = 1 - t
            let a = (c1 - p0) * (3 * u * u), b = (c2 - c1) * (6 * u * t), c = (p1 - c2) * (3 * t * t)
            return a + b + c
        }

        /// The second derivative at `t`.
        func acceleration(at t: Double) -> Point {
            let a = (c2 - c1 * 2 + p0) * (6 * (1 - t)), b = (p1 - c2 * 2 + c1) * (6 * t)
            return a + b
        }

        /// Whether the whole piece is within `tolerance` of its chord (a cubic lies in the
        /// hull of its control points).
        func isFlat(within tolerance: Double) -> Bool {
            distance(c1, toSegment: p0, p1) <= tolerance && distance(c2, toSegment: p0, p1) <= tolerance
        }
    }

    /// Writes a run of joined curves as few pieces as fit: from each start, the longest run
    /// that one cubic follows (found by doubling, then halving the gap), else the curve itself.
    static func emit(_ run: [Piece], within tolerance: Double, into out: inout VectorPath) {
        guard !run.isEmpty else { return }
        var fitting = Fitting(run, tolerance: tolerance)
        var first = 0
        while first < run.count {
            var best = (end: first + 1, piece: run[first])
            let limit = min(run.count, first + longestRun)
            var step = 1, failed: Int?
            // Grow the run while one cubic follows it.
            while failed == nil, best.end < limit {
                let end = min(best.end + step, limit)
                if let piece = fitting.fit(from: first, to: end) {
                    best = (end, piece)
                    step *= 2
                } else {
                    failed = end
                }
            }
            // Between the longest run that fitted and the shortest that did not.
            if var high = failed {
                var low = best.end
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if let piece = fitting.fit(from: first, to: middle) {
                        best = (middle, piece)
                        low = middle
                    } else {
                        high = middle
                    }
                }
            }
            if best.piece.isFlat(within: tolerance) {
                out.line(to: best.piece.p1)
            } else {
                out.curve(to: best.piece.p1, control1: best.piece.c1, control2: best.piece.c2)
            }
            first = best.end
        }
    }

    /// A run of joined curves, sampled once for all the fits tried on it.
    struct Fitting {
        let run: [Piece]
        let tolerance: Double
        /// Sample `k * samplesPerCurve + j` is curve `k` at `(j + 1) / samplesPerCurve`.
        var samples: [Point] = []
        /// The length of the polyline through the samples up to each one, from the run's start.
        var lengths: [Double] = []
        /// The parameters of the fit being tried (kept to save allocating them each time).
        var parameters: [Double] = []

        init(_ run: [Piece], tolerance: Double) {
            self.run = run
            self.tolerance = tolerance * sampledShare
            samples.reserveCapacity(run.count * samplesPerCurve)
            lengths.reserveCapacity(run.count * samplesPerCurve)
            var length = 0.0, previous = run[0].p0
            for piece in run {
                for j in 1...samplesPerCurve {
                    let p = piece.point(at: Double(j) / Double(samplesPerCurve))
                    length += p.distance(to: previous)
                    previous = p
                    samples.append(p)
                    lengths.append(length)
                }
            }
        }

        /// One cubic from the start of curve `first` to the end of curve `end - 1`, leaving and
        /// arriving in their directions, that passes within the tolerance of every sample; nil
        /// if none was found.
        mutating func fit(from first: Int, to end: Int) -> Piece? {
            let p0 = run[first].p0, p1 = run[end - 1].p1
            guard let leaving = direction(run[first].c1 - p0, run[first].c2 - p0, run[first].p1 - p0),
                  let arriving = direction(run[end - 1].c2 - p1, run[end - 1].c1 - p1, run[end - 1].p0 - p1) else { return nil }
            let range = (first * samplesPerCurve)..<(end * samplesPerCurve)
            // The samples' parameters by the length of the polyline through them.
            let before = first == 0 ? 0 : lengths[range.lowerBound - 1], length = lengths[range.upperBound - 1] - before
            guard length > 0 else { return nil }
            parameters.removeAll(keepingCapacity: true)
            for i in range { parameters.append((lengths[i] - before) / length) }
            let chord = p0.distance(to: p1), tolerance = tolerance
            return samples.withUnsafeBufferPointer { all in
                parameters.withUnsafeMutableBufferPointer { parameters in
                    let points = UnsafeBufferPointer(rebasing: all[range])
                    var piece = solve(p0, p1, leaving, arriving, points, UnsafeBufferPointer(parameters), chord: chord)
                    // A close miss is fitted again with each sample's parameter moved to where
                    // the fitted curve comes nearest it, a few times at most.
                    for attempt in 0...reparameterizations {
                        var worst = 0.0
                        for i in 0..<points.count {
                            worst = max(worst, piece.point(at: parameters[i]).distance(to: points[i]))
                            if worst > 4 * tolerance { return nil }
                        }
                        if worst <= tolerance { return piece }
                        if attempt == reparameterizations { return nil }
                        for i in 0..<points.count { parameters[i] = nearer(piece, to: points[i], from: parameters[i]) }
                        piece = solve(p0, p1, leaving, arriving, points, UnsafeBufferPointer(parameters), chord: chord)
                    }
                    return nil
                }
            }
        }
    }

    /// The least-squares lengths along the two directions (Schneider's fit with fixed tangents);
    /// a third of the chord each when the system has no useful answer.
    static func solve(_ p0: Point, _ p1: Point, _ leaving: Point, _ arriving: Point, _ points: UnsafeBufferPointer<Point>,
                      _ parameters: UnsafeBufferPointer<Double>, chord: Double) -> Piece {
        var c00 = 0.0, c01 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
        for i in 0..<points.count {
            let t = parameters[i], p = points[i]
            let u = 1 - t
            let b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t
            let a1 = leaving * b1, a2 = arriving * b2
            c00 += dot(a1, a1)
            c01 += dot(a1, a2)
            c11 += dot(a2, a2)
            let rest = p - (p0 * (b0 + b1) + p1 * (b2 + b3))
            x0 += dot(a1, rest)
            x1 += dot(a2, rest)
        }
        let determinant = c00 * c11 - c01 * c01
        var alpha1 = chord / 3, alpha2 = chord / 3
        if abs(determinant) > 1e-12 {
            let a1 = (x0 * c11 - x1 * c01) / determinant, a2 = (c00 * x1 - c01 * x0) / determinant
            if a1 > chord * 1e-6, a2 > chord * 1e-6, a1.isFinite, a2.isFinite {
                alpha1 = a1
                alpha2 = a2
            }
        }
        return Piece(p0: p0, c1: p0 + leaving * alpha1, c2: p1 + arriving * alpha2, p1: p1)
    }

    /// One Newton step from `t` towards the parameter of the point of `piece` nearest `p`.
    static func nearer(_ piece: Piece, to p: Point, from t: Double) -> Double {
        let d = piece.point(at: t) - p, v = piece.velocity(at: t), a = piece.acceleration(at: t)
        let slope = dot(v, v) + dot(d, a)
        guard abs(slope) > 1e-12 else { return t }
        let next = t - dot(d, v) / slope
        return next.isFinite ? min(1, max(0, next)) : t
    }

    /// The first of `candidates` that is not zero, made one long.
    static func direction(_ candidates: Point...) -> Point? {
        for c in candidates {
            let length = (c.x * c.x + c.y * c.y).squareRoot()
            if length > 1e-9 { return c * (1 / length) }
        }
        return nil
    }

    static func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

    /// How far `p` is from the segment `a`–`b`.
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let d = b - a, lengthSquared = dot(d, d)
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, dot(p - a, d) / lengthSquared))
        return p.distance(to: a + d * t)
    }
}
