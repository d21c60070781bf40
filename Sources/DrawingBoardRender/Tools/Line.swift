import DrawingBoardCore

/// A straight line from the press to the release (Shift: in 15° steps; Alt: from its middle).
final class Line: StrokeTool {
    static let tool: Tool? = .line
    static let title = "Line"
    static let icon = "line"
    init() {}
}
