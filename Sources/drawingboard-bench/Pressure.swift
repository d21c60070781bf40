import CairoBaseline
import DrawingBoardCore
import DrawingBoardRender
import Foundation

// MARK: - 7. Pens: a pressure stroke per motion event

/// The path as opcodes and points for the C baseline.
func flatten(_ path: VectorPath) -> (ops: [Int32], xy: [Double]) {
    var ops: [Int32] = [], xy: [Double] = []
    for element in path.elements {
        switch element {
        case .move(let p): ops.append(0); xy += [p.x, p.y]
        case .line(let p): ops.append(1); xy += [p.x, p.y]
        case .curve(let a, let b, let p): ops.append(2); xy += [a.x, a.y, b.x, b.y, p.x, p.y]
        case .close: ops.append(3)
        }
    }
    return (ops, xy)
}

/// A pen's stroke (pressure varying along it, or 1 everywhere) drawn live, per motion event
/// including composing the frame, against raw Cairo filling the outline of the same newest
/// segments, taken in turns; and the pen at pressure 1 against today's pencil (the mouse)
/// drawing the same points.
func pressureFigures() throws {
    print("")
    let size = PixelSize(width: 1920, height: 1080)
    let points = scribble(size, 600)
    let canvas = cb_canvas_new(Int32(size.width), Int32(size.height))
    defer { cb_canvas_free(canvas) }
    var figures: [String: Any] = [:]
    let cases: [(String, PointerSource, (Int) -> Double)] = [
        ("mouse", .mouse, { _ in 1 }),
        ("varying", .pen(.tip), { i in 0.2 + 0.8 * abs(sin(Double(i) / 40)) }),
        ("ones", .pen(.tip), { _ in 1 }),
    ]
    var mouseMedian = 0.0
    for (name, source, pressure) in cases {
        let editor = try makeEditor(size)
        let frame = try Frame(size: size)
        editor.screen.compose(into: frame, area: PixelRect(size: size))
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 12))
        var ours: [Double] = [], raw: [Double] = []
        editor.handle(PointerEvent(source: source, phase: .down, position: points[0], pressure: pressure(0)))
        for i in 1..<points.count {
            let t0 = now()
            editor.handle(PointerEvent(source: source, phase: .move, position: points[i], pressure: pressure(i)))
            editor.screen.paint(editor.screen.takeIncrements(), into: frame)
            if let r = editor.screen.takeDirtyRect() { editor.screen.compose(into: frame, area: r) }
            ours.append(now() - t0)
            // Raw Cairo: the outline of the newest segments (the last four points) filled once.
            let from = max(0, i - 3)
            let outline = StrokeOutline(pressureStrokeOf: .pencil, width: 12, points: Array(points[from...i]),
                                        pressures: (from...i).map(pressure))
            let (ops, xy) = flatten(outline.path)
            let r0 = now()
            cb_fill_path(canvas, ops, Int32(ops.count), xy)
            raw.append(now() - r0)
        }
        editor.handle(PointerEvent(source: source, phase: .up, position: points[points.count - 1], pressure: 1))
        _ = cb_canvas_checksum(canvas)
        let o = Stats(ours), r = Stats(raw)
        if name == "mouse" {
            mouseMedian = o.median
            row("pencil, mouse, 600 samples (1080p): median / p99", "\(us(o.median)) / \(us(o.p99))")
            figures["mouse"] = ["median_us": o.median * 1e6, "p99_us": o.p99 * 1e6]
            continue
        }
        let label = name == "ones" ? "1 everywhere" : name
        row("pen, pressure \(label): median / p99", "\(us(o.median)) / \(us(o.p99))")
        if name == "varying" {
            row("  raw Cairo filling the same newest outline, median", us(r.median) + String(format: " (ours %.2fx, target 1.5x)", o.median / r.median))
        }
        row("  against the mouse's pencil, median", String(format: "%.2fx", o.median / mouseMedian) + (name == "ones" ? " (target 1.1x)" : ""))
        figures[name] = ["median_us": o.median * 1e6, "p99_us": o.p99 * 1e6, "raw_median_us": r.median * 1e6,
                         "ratio_to_raw": o.median / r.median, "ratio_to_mouse": o.median / mouseMedian]
    }
    json["pen"] = figures
}
