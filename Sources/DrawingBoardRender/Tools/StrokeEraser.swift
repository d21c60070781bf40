import DrawingBoardCore

/// The stroke eraser: every whole stroke its disc (the width) touches goes, tested against the
/// stroke's outline. One pointer at a time: each move is an edit of its own, so strokes go as
/// the eraser touches them, and the gesture is one undo step, written to the journal as its
/// whole path (replayed, the same path removes the same strokes).
final class StrokeEraser: ToolHandler {
    static let tool: Tool? = .strokeEraser
    static let title = "Stroke eraser"
    static let icon = "stroke-eraser"
    static let key: Character? = "x"

    private var gesture: (source: PointerSource, width: Double, points: [Point])?
    /// The instrument's edge the gesture started near: its points go along it.
    private var guide: Guide?

    init() {}

    func handle(_ event: PointerEvent, _ editor: Editor) -> ToolResult {
        var p = event.position
        if event.phase == .down, gesture == nil { guide = editor.tools.instrument?.guide(from: p) }
        if let guide { p = guide.project(p) }
        switch event.phase {
        case .down:
            // A press from the pointer already erasing means its release was lost: that
            // gesture ends here. Strokes being drawn by other pointers must end first.
            var actions = gesture?.source == event.source ? finish() : []
            guard gesture == nil, editor.input.isEmpty else { return ToolResult(actions) }
            let width = editor.toolState.style.width
            gesture = (event.source, width, [p])
            actions += [.begin(.strokeErase, placing: false), .perform(.eraseStrokes(path: [p], width: width))]
            return ToolResult(actions)
        case .move:
            guard let g = gesture, g.source == event.source, let last = g.points.last else { return ToolResult() }
            gesture?.points.append(p)
            return ToolResult([.perform(.eraseStrokes(path: [last, p], width: g.width))])
        case .up:
            guard let g = gesture, g.source == event.source, let last = g.points.last else { return ToolResult() }
            var actions: [ToolResult.Action] = []
            if p != last {
                gesture?.points.append(p)
                actions.append(.perform(.eraseStrokes(path: [last, p], width: g.width)))
            }
            return ToolResult(actions + finish())
        case .cancel:
            guard gesture?.source == event.source else { return ToolResult() }
            gesture = nil
            return ToolResult([.bail])
        }
    }

    /// The gesture ends as one step, recorded as its whole path.
    private func finish() -> [ToolResult.Action] {
        guard let g = gesture else { return [] }
        gesture = nil
        return [.end(recording: .eraseStrokes(path: g.points, width: g.width))]
    }

    func lost(_ source: PointerSource, _ editor: Editor) -> ToolResult {
        ToolResult(gesture?.source == source ? finish() : [])
    }

    func cancel(_ editor: Editor) -> ToolResult {
        guard gesture != nil else { return ToolResult() }
        gesture = nil
        return ToolResult([.bail])
    }

    func dragEnded(_ kind: Edit.Kind, keeping: Bool) -> Edit? {
        guard kind == .strokeErase, let g = gesture else { return nil }
        gesture = nil
        return keeping ? .eraseStrokes(path: g.points, width: g.width) : nil
    }
}
