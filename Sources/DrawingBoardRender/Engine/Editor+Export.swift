import DrawingBoardCore

/// A page with the layers it paints, as a document file holds them: what a writer of
/// documents needs, and all it sees (the editor is one).
public protocol PageRendering {
    /// The page and its ink layer.
    func contents() -> DocumentContents
    /// The background layer's pixels as shown.
    func backgroundLayerImage() -> RasterImage
    /// What highlighters laid over the background, if anything.
    func highlightsLayerImage() -> RasterImage?
    /// The picture as the user sees it.
    func flattened() throws(RenderError) -> RasterImage
    /// The layers under the top run of ink, bottom first (none on a page without elements).
    func forEachLowerLayer(_ body: (PageLayer) throws -> Void) throws
}

extension Editor: PageRendering {}

/// What the editor writes: the document's contents, the flattened picture, the eyedropper's
/// colour, the PNG, the layers alone.
extension Editor {
    /// The document as it stands now (strokes in progress are not part of it).
    public func contents() -> DocumentContents {
        DocumentContents(page: page, drawing: drawingLayer())
    }

    /// The background layer's pixels as shown (an image scaled to cover the canvas).
    public func backgroundLayerImage() -> RasterImage {
        layers.background.surface.rasterImage()
    }

    /// The picture as the user sees it: the drawing over the background.
    public func flattened() throws(RenderError) -> RasterImage {
        try flattenedSurface().rasterImage()
    }

    /// The colour the picture shows at canvas point `p` (the drawing over the background), as
    /// the eyedropper picks it; nil outside the canvas.
    public func color(at p: Point) -> RGBColor? {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
        let one = PixelRect(x: x, y: y, width: 1, height: 1)
        var under = pictureBase.read(one)[0]
        let over = layers.ink.surface.read(one)[0]
        if let highlights = layers.highlights {
            // The background as the highlights multiply it: each channel times (1 − a + colour).
            let h = highlights.surface.read(one)[0], a = h >> 24
            func tinted(_ shift: UInt32) -> UInt32 {
                let factor = 255 - a + ((h >> shift) & 0xFF)
                return ((under >> shift) & 0xFF) * factor / 255
            }
            under = 0xFF00_0000 | tinted(16) << 16 | tinted(8) << 8 | tinted(0)
        }
        // Premultiplied OVER, channel by channel.
        let alpha = Double(over >> 24) / 255
        func channel(_ shift: UInt32) -> UInt8 {
            let top = Double((over >> shift) & 0xFF), bottom = Double((under >> shift) & 0xFF)
            return UInt8(min(max((top + bottom * (1 - alpha)).rounded(), 0), 255))
        }
        return RGBColor(red: channel(16), green: channel(8), blue: channel(0))
    }

    func flattenedSurface() throws(RenderError) -> CairoSurface {
        let out = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(out)
        cr.paint(pictureBase)
        if let highlights = layers.highlights {
            cr.setBlend(.multiply)
            cr.paint(highlights.surface)
            cr.setBlend(.over)
        }
        cr.paint(layers.ink.surface)
        return out
    }

    /// The picture encoded as PNG.
    public func pngData() throws(RenderError) -> [UInt8] {
        [UInt8](try PNGFile.encode(try flattenedSurface()))
    }

    /// The drawing layer alone (transparent where nothing is drawn or where it was erased).
    public func drawingLayer() -> RasterImage {
        let all = layers.ink.surface.read(PixelRect(size: size))
        return RasterImage(width: size.width, height: size.height, pixels: all)!
    }
}
