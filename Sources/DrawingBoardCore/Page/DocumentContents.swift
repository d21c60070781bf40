/// A page and the pixels it paints: what a document file holds. The drawing layer is a picture
/// of the page (saved so other apps see it); the page is the truth.
public struct DocumentContents: Sendable {
    public var page: Page
    /// The drawing layer, premultiplied ARGB, the page's size: what a file written holds, and
    /// what a document older than format 7 is checked against (whose strokes were trusted only
    /// when they paint it). Nil when the page's items are the drawing (format 7 and later): it
    /// is painted from them.
    public var drawing: RasterImage?
    /// A notebook's pages after the first (`page`), as models: their pixels are painted from
    /// them when they are shown.
    public var otherPages: [Page] = []

    public init(page: Page, drawing: RasterImage?) {
        self.page = page
        self.drawing = drawing
    }

    /// A page of `strokes` over `base` (the pixels no stroke explains, if any).
    public init(size: PixelSize, background: Background, drawing: RasterImage?, strokes: [Stroke],
                base: RasterImage? = nil, bakedStrokes: Set<UInt64> = []) {
        let items = (base.map { [PageItem.base(BasePixels(image: $0, baked: bakedStrokes))] } ?? []) + strokes.map(PageItem.stroke)
        self.init(page: Page(size: size, background: background, items: items), drawing: drawing)
    }

    public var size: PixelSize { page.size }
    public var background: Background { page.background }
    public var strokes: [Stroke] { page.strokes }
    /// The pixels no stroke explains (the page's base item), if any.
    public var base: RasterImage? {
        get { page.base?.image }
        set {
            let baked = page.bakedStrokes
            if page.base != nil { page.items.removeFirst() }
            if let newValue { page.items.insert(.base(BasePixels(image: newValue, baked: baked)), at: 0) }
        }
    }

    /// Strokes already part of the base's pixels.
    public var bakedStrokes: Set<UInt64> {
        get { page.bakedStrokes }
        set {
            guard case .base(var base)? = page.items.first else { return }
            base.baked = newValue
            page.items[0] = .base(base)
        }
    }

    /// Pixel bytes it holds (the drawing, the base, a background image).
    public var byteCount: Int {
        (drawing?.byteCount ?? 0) + (base?.byteCount ?? 0) + background.byteCount
    }

    /// Every page, the first one first.
    public var pages: [Page] { [page] + otherPages }
}
