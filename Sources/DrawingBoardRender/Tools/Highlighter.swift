import DrawingBoardCore

/// A wide see-through marker that multiplies its colour into everything under it (Cairo's
/// MULTIPLY), the background and elements included, so lines under it stay readable. It keeps
/// a colour, width and opacity of its own (`ToolRules`).
final class Highlighter: StrokeTool {
    static let tool: Tool? = .highlighter
    static let title = "Highlighter"
    static let icon = "highlighter"
    static let key: Character? = "h"
    init() {}
}
