import DrawingBoardCore

/// Image operations documents need: thumbnails and flattening a stack of layers.
public enum ImageOps {
    /// `image` scaled down (keeping its aspect) to fit `maxSide` pixels; unchanged if it fits.
    public static func thumbnail(_ image: RasterImage, maxSide: Int) throws(RenderError) -> RasterImage {
        let scale = min(1, Double(maxSide) / Double(max(image.width, image.height)))
        guard scale < 1 else { return image }
        let size = PixelSize(width: max(1, Int((Double(image.width) * scale).rounded())),
                             height: max(1, Int((Double(image.height) * scale).rounded())))
        let out = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(out)
        cr.paintCovering(try CairoSurface(image: image), target: size)
        return out.rasterImage()
    }

    /// A layer of a stack: its pixels, where its top-left corner goes, and its opacity.
    public struct Layer {
        public var image: RasterImage
        public var x: Int
        public var y: Int
        public var opacity: Double
        /// Multiplied into the layers under it (`svg:multiply`) rather than laid over them.
        public var multiply: Bool

        public init(image: RasterImage, x: Int, y: Int, opacity: Double, multiply: Bool = false) {
            self.image = image
            self.x = x
            self.y = y
            self.opacity = opacity
            self.multiply = multiply
        }
    }

    /// Composites layers one at a time, bottom first, so a caller can decode each, add it and
    /// let it go: memory holds the page and one layer, however many layers there are.
    public struct Flattener {
        let out: CairoSurface
        let cr: CairoContext

        public init(size: PixelSize) throws(RenderError) {
            out = try CairoSurface(format: .argb32, size: size)
            cr = try CairoContext(out)
        }

        public mutating func add(_ layer: Layer) {
            cr.setBlend(layer.multiply ? .multiply : .over)
            guard let surface = try? CairoSurface(image: layer.image) else { return }
            cr.paint(surface, at: Point(Double(layer.x), Double(layer.y)), alpha: layer.opacity)
        }

        public func image() -> RasterImage { out.rasterImage() }
    }
}
