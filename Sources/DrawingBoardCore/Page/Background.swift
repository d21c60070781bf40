/// The layer under the drawing: a flat colour, or an image scaled to cover the canvas.
public enum Background: Sendable, Hashable {
    case color(RGBColor)
    /// `name` is where it came from, for messages and documents.
    case image(RasterImage, name: String)
    /// A journal page: a colour ruled with lines, squares or dots.
    case paper(Paper)
    /// A page of a Xournal++ notebook: its paper, as Xournal++ rules it.
    case xournal(XournalPaper)
    /// A page of a PDF, drawn over white at the page's size (its bytes are shared, counted once
    /// by the notebook, not here).
    case pdf(PDFBackground)

    public static let `default` = Background.color(.white)

    /// Bytes its pixels hold in memory (a colour holds none).
    public var byteCount: Int {
        if case .image(let image, _) = self { return image.byteCount }
        return 0
    }
}
