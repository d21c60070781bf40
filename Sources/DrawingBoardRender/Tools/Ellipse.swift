import DrawingBoardCore

/// The ellipse inside the box between the press and the release, as four Béziers (Shift: a
/// circle; Alt: from its centre).
final class Ellipse: StrokeTool {
    static let tool: Tool? = .ellipse
    static let title = "Ellipse"
    static let icon = "ellipse"
    init() {}
}
