/// Everything a saved document holds: the canvas size, the background (as a colour, or as the
/// image the background layer shows), the drawing layer's pixels and the strokes as data.
public struct DocumentContents: Sendable {
    public var size: PixelSize
    public var background: Background
    /// The drawing layer, premultiplied ARGB, `size` pixels.
    public var drawing: RasterImage
    public var strokes: [Stroke]

    public init(size: PixelSize, background: Background, drawing: RasterImage, strokes: [Stroke]) {
        self.size = size
        self.background = background
        self.drawing = drawing
        self.strokes = strokes
    }
}
