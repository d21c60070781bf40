import DrawingBoardCore

/// A straight line of dashes and gaps about three times its width long.
final class DashedLine: StrokeTool {
    static let tool: Tool? = .dashedLine
    static let title = "Dashed line"
    static let icon = "dashed-line"
    init() {}
}
