import DrawingBoardCore

/// The eyedropper: while it is on (I, or its button in the brush panel), a press or a drag on
/// the page picks the colour the picture shows there (the background included) as the brush's
/// colour; the release keeps it, a cancelled press puts back the colour from before.
final class Eyedropper: ToolHandler {
    static let tool: Tool? = nil
    static let title = "Eyedropper"
    static let icon = "eyedropper"
    static let key: Character? = "i"

    /// The brush's colour when the press began.
    private var before: RGBColor?

    init() {}

    func handle(_ event: PointerEvent, _ editor: Editor) -> ToolResult {
        switch event.phase {
        case .down, .move:
            if before == nil { before = editor.toolState.style.color }
            return ToolResult(picked: editor.image.color(at: event.position))
        case .up:
            before = nil
            return ToolResult()
        case .cancel:
            return cancel(editor)
        }
    }

    func cancel(_ editor: Editor) -> ToolResult {
        defer { before = nil }
        return ToolResult(picked: before)
    }
}
