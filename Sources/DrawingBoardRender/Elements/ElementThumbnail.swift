import CCairo
import DrawingBoardCore

/// An image file drawn small, fitted into a square (the Stickers panel's cells).
public enum ElementThumbnail {
    public static func make(_ asset: ImageAsset, side: Int) throws(RenderError) -> RasterImage {
        let store = AssetStore()
        let surface = try CairoSurface(format: .argb32, size: PixelSize(width: side, height: side))
        let cr = try CairoContext(surface)
        let w = Double(asset.size.width), h = Double(asset.size.height)
        let scale = Double(side) / max(w, h)
        let element = Element(source: .image(asset), placement: .init(center: Point(Double(side) / 2, Double(side) / 2),
                                                                     width: w * scale, natural: Size(width: w, height: h)))
        ElementArt.draw(element, on: cr.handle, assets: store)
        surface.flush()
        return surface.rasterImage()
    }
}
