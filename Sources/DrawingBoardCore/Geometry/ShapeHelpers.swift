import Foundation

/// Where a shape really starts and ends once the shape helpers apply: Shift turns a line's
/// angle to the nearest 15 degrees and a box into a square; Alt makes the press the centre.
public enum ShapeHelpers {
    public static let angleStep = Double.pi / 12

    /// The two points the shape spans for a press at `start` and the pointer at `end`.
    public static func span(_ tool: Tool, from start: Point, to end: Point, _ modifiers: ShapeModifiers) -> (start: Point, end: Point) {
        guard tool.isShape, !modifiers.isEmpty else { return (start, end) }
        var d = end - start
        if modifiers.contains(.constrain) {
            if tool == .line || tool == .dashedLine {
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                let angle = (atan2(d.y, d.x) / angleStep).rounded() * angleStep
                d = Point(length * cos(angle), length * sin(angle))
                // Keep exact zeros for horizontal and vertical lines.
                if abs(d.x) < 1e-9 { d.x = 0 }
                if abs(d.y) < 1e-9 { d.y = 0 }
            } else {
                let side = max(abs(d.x), abs(d.y))
                d = Point(d.x < 0 ? -side : side, d.y < 0 ? -side : side)
            }
        }
        if modifiers.contains(.fromCentre) { return (start - d, start + d) }
        return (start, start + d)
    }
}

/// Steadies a freehand stroke as it is drawn: each drawn point moves only part of the way
/// towards the pointer, which irons out a shaky hand; while the pointer rests the line keeps
/// gliding in to it (`Editor.screen.glide()`), and when it lifts the line glides in to where it
/// lifted, so the stroke still ends there.
public struct Stabiliser: Sendable {
    public let smoothing: Smoothing
    private var drawn: Point?

    public init(_ smoothing: Smoothing) {
        self.smoothing = smoothing
    }

    /// The point to draw for the pointer at `raw`.
    public mutating func next(_ raw: Point) -> Point {
        guard let last = drawn else {
            drawn = raw
            return raw
        }
        let p = last + (raw - last) * smoothing.follow
        drawn = p
        return p
    }

    /// Whether the line has not caught up with a pointer at `raw` (more than a pixel behind).
    public func isBehind(_ raw: Point) -> Bool {
        guard let p = drawn, smoothing != .off else { return false }
        let d = raw - p
        return d.x * d.x + d.y * d.y >= 1
    }

    /// The points that bring the line in to `raw`, where the pointer lifted.
    public mutating func finish(at raw: Point) -> [Point] {
        guard var p = drawn, smoothing != .off else { return [raw] }
        var result: [Point] = []
        for _ in 0..<40 {
            let d = raw - p
            if (d.x * d.x + d.y * d.y).squareRoot() < 1 { break }
            p = p + d * smoothing.follow
            result.append(p)
        }
        result.append(raw)
        drawn = raw
        return result
    }
}
