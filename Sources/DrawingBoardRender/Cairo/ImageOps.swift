import CCairo
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

    /// `image` stretched to exactly `size`, its aspect not kept, filtered as Cairo's GOOD
    /// filter does (how Xournal++ lays an image over a page).
    public static func stretched(_ image: RasterImage, to size: PixelSize) throws(RenderError) -> RasterImage {
        guard image.size != size else { return image }
        let source = try CairoSurface(image: image)
        let out = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(out)
        cairo_scale(cr.handle, Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        cairo_set_source_surface(cr.handle, source.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr.handle), CAIRO_FILTER_GOOD)
        cairo_paint(cr.handle)
        out.flush()
        return out.rasterImage()
    }
}
