import DrawingBoardCore

/// The pencil: a freehand line through every sample (a Catmull-Rom curve between them),
/// steadied when smoothing is on, as wide as a pen presses. Opaque, it paints straight onto
/// the screen as it goes, one final segment per sample.
final class Pencil: StrokeTool {
    static let tool: Tool? = .pencil
    static let title = "Pencil"
    static let icon = "pencil"
    init() {}
}
