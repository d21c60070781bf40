import Foundation
import Testing
@testable import DrawingBoardCore

/// Fitting a stroke's curves for a vector file: fewer pieces, and never further from the
/// stroke's own line than the tolerance.
@Suite struct CurveFitterTests {
    /// Points along every piece of `path` (`perPiece` on each curve or line).
    static func dense(_ path: VectorPath, perPiece: Int) -> [[Point]] {
        var lines: [[Point]] = []
        var current = Point(0, 0)
        for element in path.elements {
            switch element {
            case .move(let p):
                lines.append([p])
                current = p
            case .line(let p):
                for k in 1...perPiece { lines[lines.count - 1].append(current + (p - current) * (Double(k) / Double(perPiece))) }
                current = p
            case .curve(let a, let b, let c):
                for k in 1...perPiece { lines[lines.count - 1].append(VectorPath.cubicPoint(current, a, b, c, at: Double(k) / Double(perPiece))) }
                current = c
            case .close:
                break
            }
        }
        return lines
    }

    /// The farthest any point of `original` lies from `fitted` (each subpath from its own).
    static func farthest(_ original: VectorPath, from fitted: VectorPath) -> Double {
        let a = dense(original, perPiece: 8), b = dense(fitted, perPiece: 64)
        #expect(a.count == b.count)
        var worst = 0.0
        for (line, other) in zip(a, b) {
            for p in line {
                var nearest = Double.infinity
                for (q, r) in zip(other, other.dropFirst()) { nearest = min(nearest, CurveFitter.distance(p, toSegment: q, r)) }
                worst = max(worst, nearest)
            }
        }
        return worst
    }

    static func pieces(_ path: VectorPath) -> Int {
        path.elements.filter { if case .move = $0 { false } else { true } }.count
    }

    /// Handwriting as the pen samples it: a wave with a sample every 5 pixels, a circle, and
    /// a scrawl of tight turns.
    static let lines: [(String, [Point])] = [("wave", wave), ("circle", circle), ("scrawl", scrawl)]

    static var wave: [Point] {
        (0..<30).map { (k: Int) -> Point in
            let t = Double(k)
            return Point(100 + t * 5, 300 + 20 * sin(t / 3))
        }
    }

    static var circle: [Point] {
        (0...100).map { (k: Int) -> Point in
            let angle = Double(k) * Double.pi / 50
            return Point(200 + 30 * cos(angle), 200 + 30 * sin(angle))
        }
    }

    static var scrawl: [Point] {
        (0..<80).map { (k: Int) -> Point in
            let t = Double(k)
            return Point(50 + t * 2 + 6 * cos(t * 0.9), 80 + 9 * sin(t * 0.7))
        }
    }

    @Test(arguments: [0.05, 0.1, 0.25])
    func staysWithinTheTolerance(_ tolerance: Double) {
        for (name, points) in Self.lines {
            let original = StrokeOutline.smoothPath(through: points)
            let fitted = CurveFitter.fitted(original, within: tolerance)
            let worst = Self.farthest(original, from: fitted)
            #expect(worst <= tolerance, "\(name): \(worst) px from the stroke")
            #expect(fitted.elements.first == original.elements.first, "\(name) starts where it did")
            #expect(Self.end(of: fitted) == Self.end(of: original), "\(name) ends where it did")
        }
    }

    static func end(of path: VectorPath) -> Point? {
        switch path.elements.last {
        case .move(let p), .line(let p), .curve(_, _, let p): p
        default: nil
        }
    }

    @Test func writesFewerPieces() {
        let counts = Self.lines.map { name, points in
            let original = StrokeOutline.smoothPath(through: points)
            return (name, Self.pieces(original), Self.pieces(CurveFitter.fitted(original, within: 0.1)))
        }
        for (name, before, after) in counts {
            // Tight turns every few samples (the scrawl) leave less to merge.
            #expect(after * (name == "scrawl" ? 5 : 2) <= before * (name == "scrawl" ? 4 : 1), "\(name): \(before) pieces became \(after)")
        }
        // A circle of a hundred samples is a handful of curves.
        #expect(counts[1].2 <= 12, "\(counts[1])")
    }

    @Test func aStraightStrokeBecomesOneLine() {
        let points = (0..<50).map { (k: Int) -> Point in Point(10 + Double(k) * 3, 40 + Double(k)) }
        let fitted = CurveFitter.fitted(StrokeOutline.smoothPath(through: points), within: 0.1)
        #expect(fitted.elements == [.move(points[0]), .line(points[49])])
    }

    @Test func aCornerStaysSharp() {
        // Down and back up: the turn is where the samples turn, not rounded off.
        let points = (0...20).map { (k: Int) -> Point in
            let t = Double(k)
            return Point(t * 4, 100 - 60 * abs(1 - t / 10))
        }
        let original = StrokeOutline.smoothPath(through: points)
        let fitted = CurveFitter.fitted(original, within: 0.1)
        #expect(Self.farthest(original, from: fitted) <= 0.1)
        #expect(Self.dense(fitted, perPiece: 64)[0].contains { $0.distance(to: Point(40, 100)) < 0.2 })
    }

    @Test func dotsLinesAndSeveralStrokesKeepTheirShape() {
        var path = VectorPath()
        // A dot (a tap), a shape's lines, then two strokes in one path (strokes merged).
        path.move(to: Point(5, 5))
        path.line(to: Point(5, 5))
        path.move(to: Point(10, 10))
        path.line(to: Point(60, 10))
        path.line(to: Point(60, 40))
        path.close()
        let wave = StrokeOutline.smoothPath(through: Self.lines[0].1)
        path.append(wave)
        path.append(wave)
        let fitted = CurveFitter.fitted(path, within: 0.1)
        #expect(Array(fitted.elements.prefix(6)) == Array(path.elements.prefix(6)))
        #expect(fitted.elements.filter { if case .move = $0 { true } else { false } }.count == 4)
        #expect(Self.farthest(path, from: fitted) <= 0.1)
    }

    @Test func repeatedSamplesAndTinyCurves() {
        // A pen resting: the same point many times, then a move of a fraction of a pixel.
        let points = [Point](repeating: Point(30, 30), count: 10) + [Point(30.2, 30.1), Point(30.2, 30.1), Point(30.4, 30.3), Point(31, 30)]
        let original = StrokeOutline.smoothPath(through: points)
        let fitted = CurveFitter.fitted(original, within: 0.1)
        #expect(Self.end(of: fitted) == Self.end(of: original))
        #expect(Self.farthest(original, from: fitted) <= 0.1)
        for element in fitted.elements {
            if case .curve(let a, let b, let c) = element { #expect([a, b, c].allSatisfy { $0.x.isFinite && $0.y.isFinite }) }
        }
    }
}
