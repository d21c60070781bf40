import DrawingBoardCore

/// The drawing tools share how they draw: each pointer's stroke in progress lives in the
/// editor's `LiveInput` (its samples, its stabiliser, its coverage mask) until the pointer
/// lifts; then it is one stroke edit, painted through that mask. What differs between them
/// (a freehand curve or a shape, how it combines with the drawing) is the stroke's data: its
/// tool's outline (`StrokeOutline`) and blend.
protocol StrokeTool: ToolHandler {}

extension StrokeTool {
    func handle(_ event: PointerEvent, _ editor: Editor) -> ToolResult {
        var event = event
        // A shape's corners land on the paper's lines or dots when the Snap switch is on.
        if editor.tools.snapsToPaper, editor.toolState.tool.isShape, let snap = PaperSnap(editor.page.background) {
            event.position = snap.snap(event.position)
        }
        let canvas = editor.size
        switch event.phase {
        case .down:
            // One stroke-eraser gesture is one step with the tiles from before it: no stroke
            // may be committed in the middle of it.
            guard editor.drag.group?.kind != .strokeErase else { return ToolResult() }
            let guided = [.pencil, .highlighter, .eraser].contains(editor.toolState.tool)
            editor.input.begin(event, with: editor.toolState, canvas: canvas, guide: guided ? editor.tools.instrument?.guide(from: event.position) : nil)
        case .move:
            editor.input.move(event, canvas: canvas)
        case .up:
            // A shape clicked without a drag is no shape (it left a dot, and a step to undo).
            if let held = editor.input.strokes[event.source], held.tool.isShape, held.samples.allSatisfy({ $0 == event.position }) {
                editor.input.cancel(event.source)
                return ToolResult()
            }
            guard let live = editor.input.finish(event, canvas: canvas) else { return ToolResult() }
            var stroke = Stroke(id: 0, tool: live.tool, style: live.style, points: live.strokePoints, pressures: live.strokePressures)
            // Started near an instrument's edge: drawn along it (a straight edge as the line
            // tool draws; the compass's circle as an arc).
            if let instrument = editor.tools.instrument, [.pencil, .highlighter, .eraser].contains(stroke.tool),
               let along = instrument.guided(stroke.points) {
                stroke.points = along
                stroke.pressures = nil
            }
            // An eraser's pass that met no ink changed no pixel: it is no step (undo would seem
            // to do nothing).
            if stroke.tool == .eraser, !editor.tools.keepsEveryEraserPass, !Self.inkMet(by: stroke, on: editor) {
                editor.input.retire(live)
                return ToolResult()
            }
            return ToolResult([.stroke(stroke, live)])
        case .cancel:
            editor.input.cancel(event.source)
        }
        return ToolResult()
    }

    /// Whether an eraser's `stroke` touches ink on the editor's page (its curve runs between
    /// its points: the disc is taken a pixel wider).
    private static func inkMet(by stroke: Stroke, on editor: Editor) -> Bool {
        guard let reach = stroke.outline.bounds else { return false }
        let page = editor.page
        return page.inkMet(along: stroke.points, radius: stroke.style.width / 2 + 1, within: reach,
                           candidates: editor.canvas.index.strokes(meeting: reach, in: page.items))
    }

    /// A press from a pointer already drawing: its release was lost, and its stroke goes.
    func lost(_ source: PointerSource, _ editor: Editor) -> ToolResult {
        editor.input.cancel(source)
        return ToolResult()
    }

    func cancel(_ editor: Editor) -> ToolResult {
        editor.input.cancelAll()
        return ToolResult()
    }
}
