import DrawingBoardCore
import DrawingBoardRender
import Foundation

// The hardening figures: a long stroke's cost per point as it grows (it must stay flat), and
// what 20 fingers' masks cost.

/// A wandering line of `n` points (steps of up to 5 px), or points anywhere on the canvas.
func wander(_ n: Int, uniform: Bool, in size: PixelSize) -> [Point] {
    var seed: UInt64 = 11
    func next() -> Double {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Double(seed >> 11) / Double(1 << 53)
    }
    var x = Double(size.width) / 2, y = Double(size.height) / 2
    return (0..<n).map { _ in
        if uniform { return Point(next() * Double(size.width), next() * Double(size.height)) }
        x = min(Double(size.width) - 4, max(4, x + next() * 10 - 5))
        y = min(Double(size.height) - 4, max(4, y + next() * 10 - 5))
        return Point(x, y)
    }
}

/// Seconds to draw `points` as one stroke the way `render` does (no preview, drawn at the end).
func scriptStroke(_ points: [Point], in size: PixelSize) throws -> Double {
    let editor = try makeEditor(size)
    editor.screen.previewsStrokes = false
    let t0 = now()
    editor.handle(PointerEvent(source: .mouse, phase: .down, position: points[0]))
    for p in points.dropFirst().dropLast() { editor.handle(PointerEvent(source: .mouse, phase: .move, position: p)) }
    editor.handle(PointerEvent(source: .mouse, phase: .up, position: points[points.count - 1]))
    return now() - t0
}

func hardeningFigures() throws {
    let size = PixelSize(width: 1024, height: 768)
    var long: [String: Any] = [:]
    var perPoint: [Int: Double] = [:]
    for n in [10_000, 100_000, 1_000_000] {
        let t = try scriptStroke(wander(n, uniform: false, in: size), in: size)
        perPoint[n] = t / Double(n)
        row("long stroke, \(n) wandering points: total / per point", "\(ms(t)) / " + String(format: "%.2f us", t / Double(n) * 1e6))
        long["wander_\(n)_ms"] = t * 1e3
    }
    row("long stroke: per point at 1,000,000 / at 10,000", String(format: "%.2fx (1.00x is linear)", perPoint[1_000_000]! / perPoint[10_000]!))
    for n in [10_000, 100_000] {
        let t = try scriptStroke(wander(n, uniform: true, in: size), in: size)
        row("long stroke, \(n) points anywhere on the canvas", "\(ms(t)) (each segment crosses the canvas)")
        long["uniform_\(n)_ms"] = t * 1e3
    }
    json["long_stroke"] = long

    // 20 fingers, each a short translucent stroke (their masks are drawn as they go), on a
    // 4096x4096 canvas: what their masks hold.
    let big = try makeEditor(PixelSize(width: 4096, height: 4096))
    big.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 12, opacity: 0.5))
    for i in 0..<20 {
        big.handle(PointerEvent(source: .finger(i), phase: .down, position: Point(Double(100 + i * 190), 300)))
        big.handle(PointerEvent(source: .finger(i), phase: .move, position: Point(Double(130 + i * 190), 700)))
    }
    let masks = big.screen.liveMaskBytes
    row("20 fingers on 4096x4096: mask bytes / canvas-sized masks", String(format: "%.1f MB / %.1f MB", Double(masks) / 1e6, 20 * 4096 * 4096 / 1e6))
    json["twenty_finger_mask_mb"] = Double(masks) / 1e6
}
