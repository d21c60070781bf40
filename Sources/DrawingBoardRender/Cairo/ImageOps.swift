import DrawingBoardCore

/// Image operations documents need: thumbnails (stacks of layers: `LayerStackComposer`).
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
}
