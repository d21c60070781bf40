import DrawingBoardCore

/// A page's pictures taken at once, every layer copied out of its canvas: a save encodes and
/// writes them on another thread while the editor goes on (the canvas is the event loop's).
public struct PagePicture: PageRendering, Sendable {
    private let document: DocumentContents
    private let background: RasterImage
    private let highlights: RasterImage?
    private let merged: RasterImage?
    private let lower: [PageLayer]

    /// `merged`: the flattened picture is taken too (a document's merged image and thumbnail).
    public init(_ page: some PageRendering, merged: Bool = true) throws {
        document = page.contents()
        background = page.backgroundLayerImage()
        highlights = page.highlightsLayerImage()
        self.merged = merged ? try page.flattened() : nil
        var layers: [PageLayer] = []
        try page.forEachLowerLayer { layers.append($0) }
        lower = layers
    }

    public func contents() -> DocumentContents { document }
    public func backgroundLayerImage() -> RasterImage { background }
    public func highlightsLayerImage() -> RasterImage? { highlights }

    public func flattened() throws(RenderError) -> RasterImage {
        guard let merged else { throw RenderError("the picture was taken without its flattened image") }
        return merged
    }

    public func forEachLowerLayer(_ body: (PageLayer) throws -> Void) throws {
        for layer in lower { try body(layer) }
    }
}

extension PagePicture {
    /// The pictures of `page` painted afresh from its model, on a canvas and assets of their
    /// own: safe on any thread (a save in the background) while the window's canvas goes on.
    /// The model is what every pixel is painted from, so this is the page the window shows.
    public init(painting page: Page) throws {
        try self.init(PageImage.painted(page))
    }
}

extension PageImage {
    /// `page` painted afresh from its model on a canvas and assets of its own: safe on any
    /// thread (an export in the background) while the window's canvas goes on.
    public static func painted(_ page: Page) throws(RenderError) -> PageImage {
        let canvas = try CanvasLoading.paint(page, assets: AssetStore())
        try canvas.catchUpBackground(page: page, now: true)
        return PageImage(canvas: canvas, page: page)
    }
}
