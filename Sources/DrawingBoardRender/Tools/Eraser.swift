import DrawingBoardCore

/// The true eraser: a freehand stroke that clears the ink under it (Cairo's CLEAR), in every
/// run of ink before it, showing whatever lies under that ink (the background, an element).
final class Eraser: StrokeTool {
    static let tool: Tool? = .eraser
    static let title = "Eraser"
    static let icon = "eraser"
    static let key: Character? = "e"
    init() {}
}
