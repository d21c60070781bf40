import DrawingBoardCore
import DrawingBoardRender
import Foundation

// MARK: - Undo on the journal page: every step crossed by painting from the page

/// Undo and redo of the last step on the journal page (2,000 strokes, 200 elements), for each
/// kind of step: the history keeps edits, and the pixels are painted from the page where the
/// edit reached.
func undoFromPageFigures() throws {
    print("")
    let editor = try journalPage()
    let frame = try Frame(size: editor.size)
    editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
    var figures: [String: Any] = [:]
    func handwriting(at origin: Point) -> [Point] {
        (0..<40).map { i in
            let t = Double(i) / 39
            return Point(origin.x + 160 * t, origin.y + 14 * sin(t * 19) + Double.random(in: -1.5...1.5, using: &rng))
        }
    }
    func draw(_ tool: Tool, _ color: RGBColor, _ width: Double, _ points: [Point], opacity: Double = 1) {
        editor.toolState = ToolState(tool: tool, style: StrokeStyle(color: color, width: width, opacity: opacity))
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: points[0]))
        for p in points.dropFirst() { editor.handle(PointerEvent(source: .mouse, phase: .move, position: p)) }
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: points.last!))
        _ = editor.screen.takeDirtyRect()
    }
    let kinds: [(String, () throws -> Void)] = [
        ("a word of handwriting", { draw(.pencil, .black, 3, handwriting(at: Point(700, 500))) }),
        ("a highlighter stroke", { draw(.highlighter, RGBColor(red: 250, green: 230, blue: 40), 24, [Point(600, 400), Point(1100, 410)]) }),
        ("an eraser stroke", { draw(.eraser, .black, 30, [Point(500, 300), Point(800, 700), Point(1200, 520)]) }),
        ("a photo moved", {
            let moved = editor.elements[editor.elements.count * 3 / 4]
            var step = moved
            step.placement = moved.placement.moved(by: Point(40, 30))
            try editor.perform(.change(step))
            _ = editor.screen.takeDirtyRect()
        }),
    ]
    for (name, make) in kinds {
        try make()
        var times: [Double] = []
        for _ in 0..<10 {
            for back in [true, false] {
                let t0 = now()
                if back { try editor.undo() } else { try editor.redo() }
                if let dirty = editor.screen.takeDirtyRect() { editor.screen.compose(into: frame, area: dirty) }
                times.append(now() - t0)
            }
        }
        let t = Stats(times)
        row("journal page, undo or redo of \(name)", "\(ms(t.median)) median, \(ms(times.max()!)) most")
        figures[name] = ["median_ms": t.median * 1e3, "max_ms": times.max()! * 1e3]
    }
    json["undo_from_page"] = figures
}
