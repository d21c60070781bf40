import DrawingBoardCore

/// The outline of the box between the press and the release (Shift: a square; Alt: from its
/// centre).
final class Rectangle: StrokeTool {
    static let tool: Tool? = .rectangle
    static let title = "Rectangle"
    static let icon = "rectangle"
    init() {}
}
