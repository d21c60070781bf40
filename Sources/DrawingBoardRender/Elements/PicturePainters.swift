import CCairo
import DrawingBoardCore
import Foundation

/// A photo from a file: its pixels (filtered as they are scaled) or its SVG as vectors. A
/// script's image is read from its path, at its own width fitted inside the page.
enum ImagePainter: ElementPainter {
    static func draw(_ content: ImageContent, _ placement: Element.Placement, on cr: OpaquePointer, assets: AssetStore) {
        PictureArt.draw(content.file, placement, on: cr, assets: assets)
    }

    static func make(_ request: ImageContent.Request, width: Double?, in context: PlacingContext, at path: String) throws(ScriptError) -> Placed {
        let url = request.path.hasPrefix("/") ? URL(fileURLWithPath: request.path) : context.base.appendingPathComponent(request.path)
        let asset: ImageAsset
        do {
            let (read, decoded) = try ElementSources.image(atPath: url.path, name: request.path, decoder: context.decoder)
            if let decoded { context.keepDecoded(decoded, read) }
            asset = read
        } catch {
            throw ScriptError("\(path).image", "cannot load \"\(request.path)\": \(error)")
        }
        let source = ElementSource.image(asset), natural = ElementPainters.natural(of: source)
        let fit = min(1, Double(context.canvas.width) / natural.width, Double(context.canvas.height) / natural.height)
        return Placed(source: source, natural: natural, width: width ?? natural.width * fit)
    }
}

/// A sticker: drawn like a photo from its file; a script's sticker is found by name in the
/// library, 128 px wide.
enum StickerPainter: ElementPainter {
    static func draw(_ content: StickerContent, _ placement: Element.Placement, on cr: OpaquePointer, assets: AssetStore) {
        PictureArt.draw(content.file, placement, on: cr, assets: assets)
    }

    static func make(_ request: StickerContent.Request, width: Double?, in context: PlacingContext, at path: String) throws(ScriptError) -> Placed {
        guard let stickers = context.stickers else { throw ScriptError("\(path).sticker", "no stickers are installed") }
        let asset: ImageAsset
        do {
            asset = try stickers.sticker(named: request.name)
        } catch {
            throw ScriptError("\(path).sticker", "\(error)")
        }
        let source = ElementSource.sticker(request.name, asset)
        return Placed(source: source, natural: ElementPainters.natural(of: source), width: width ?? Element.stickerWidth)
    }
}

/// An image file drawn at an element's size: shared by the kinds that show a file.
enum PictureArt {
    static func draw(_ asset: ImageAsset, _ p: Element.Placement, on cr: OpaquePointer, assets: AssetStore) {
        switch assets.art(for: asset) {
        case .raster(let surface):
            cairo_scale(cr, p.natural.width / Double(surface.size.width), p.natural.height / Double(surface.size.height))
            cairo_set_source_surface(cr, surface.handle, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
        case .svg(let drawing):
            drawing.draw(on: cr, width: p.natural.width, height: p.natural.height)
        case .broken:
            // The file is kept; the page shows where it is.
            cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.5)
            cairo_set_line_width(cr, 2 * p.natural.width / p.width)
            cairo_rectangle(cr, 0, 0, p.natural.width, p.natural.height)
            cairo_stroke(cr)
        }
    }
}
