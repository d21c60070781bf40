/// Everything a saved document holds: the canvas size, the background (as a colour, or as the
/// image the background layer shows), the drawing layer's pixels and the strokes as data.
public struct DocumentContents: Sendable {
    public var size: PixelSize
    public var background: Background
    /// The drawing layer, premultiplied ARGB, `size` pixels.
    public var drawing: RasterImage
    public var strokes: [Stroke]
    /// Pixels under the strokes that no stroke explains (another app's drawing this document
    /// started from), so the stroke eraser can repaint from them; nil when the strokes are
    /// the whole drawing.
    public var base: RasterImage?
    /// Strokes that are already part of `base`'s pixels and cannot be taken out of them.
    public var bakedStrokes: Set<UInt64>
    /// False when a clear hid `base` (an undo can bring it back). Kept in memory for the page
    /// step's snapshots; never written to a file (a saved document holds what shows).
    public var baseShown = true

    public init(size: PixelSize, background: Background, drawing: RasterImage, strokes: [Stroke],
                base: RasterImage? = nil, bakedStrokes: Set<UInt64> = []) {
        self.size = size
        self.background = background
        self.drawing = drawing
        self.strokes = strokes
        self.base = base
        self.bakedStrokes = bakedStrokes
    }

    /// Pixel bytes it holds (the drawing, the base, a background image).
    public var byteCount: Int {
        drawing.byteCount + (base?.byteCount ?? 0) + background.byteCount
    }
}
