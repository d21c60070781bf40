/// One committed change to a drawing, as the editor reports it for the autosave journal.
/// Replaying the records on the document they started from rebuilds the same pixels and the
/// same undo history, because the engine is deterministic.
public enum EditRecord: Sendable, Hashable {
    case stroke(Stroke)
    case undo
    case redo
    case clear
    case background(Background)
    case grow(PixelSize)
    /// The page took this size, the drawing anchored at 0...8 (row by row).
    case page(PixelSize, anchor: Int)
}
