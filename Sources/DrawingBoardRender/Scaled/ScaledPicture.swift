import CCairo
import DrawingBoardCore
import Foundation

/// A page drawn again from its model at a scale, whole: `drawingboard render --scale` and the
/// window's export at a resolution. It is painted tile by tile on the grid the window's view
/// tiles use, so the window at that scale shows these very pixels, straight
/// into the one buffer the picture needs.
public final class ScaledPicture {
    let surface: CairoSurface
    public var size: PixelSize { surface.size }

    /// Scales `render --scale` and the export take.
    public static let scaleRange: ClosedRange<Double> = 0.1...16
    /// The side of a tile, in pixels at the scale drawn.
    public static let tile = 256

    /// Paints the scene's page at `scale`.
    init(_ scene: PageScene, scale: Double, resources: PaintResources) throws(RenderError) {
        let painter = ScaledPainter(scene: scene, scale: scale, resources: resources)
        let size = painter.size
        guard let area = size.checkedArea, area <= CanvasLimits.maxPicturePixels, max(size.width, size.height) <= CanvasLimits.maxPictureSide else {
            throw RenderError("at scale \(JSONValue.format(scale)) the picture would be \(size.width) x \(size.height) pixels, over the limit (\(CanvasLimits.maxPicturePixels) pixels, \(CanvasLimits.maxPictureSide) a side)")
        }
        surface = try CairoSurface(format: .argb32, size: size)
        for region in Self.tiles(covering: PixelRect(size: size)) {
            try painter.paint(region, on: surface)
        }
        surface.flush()
    }

    /// The tiles of the grid that meet `rect`, each cut to it, row by row.
    static func tiles(covering rect: PixelRect) -> [PixelRect] {
        let t = tile
        var regions: [PixelRect] = []
        var y = rect.y / t * t
        while y < rect.maxY {
            var x = rect.x / t * t
            while x < rect.maxX {
                if let part = PixelRect(x: x, y: y, width: t, height: t).intersection(rect) { regions.append(part) }
                x += t
            }
            y += t
        }
        return regions
    }

    /// Writes the picture as PNG, a piece at a time, through `write` (false: stop, the file
    /// could not take it).
    public func writePNG(_ write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) {
        final class Sink {
            let write: (UnsafeRawBufferPointer) -> Bool
            init(_ write: @escaping (UnsafeRawBufferPointer) -> Bool) { self.write = write }
        }
        let status = withoutActuallyEscaping(write) { write -> cairo_status_t in
            let sink = Sink(write)
            return withExtendedLifetime(sink) {
                cairo_surface_write_to_png_stream(surface.handle, { closure, bytes, length in
                    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                    let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                    return sink.write(UnsafeRawBufferPointer(start: bytes, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
                }, Unmanaged.passUnretained(sink).toOpaque())
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot encode PNG: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The picture's pixels as bytes, row after row with no padding, made in the picture's own
    /// buffer (no copy of it): straight RGBA, or packed RGB (`alpha` false: the picture is
    /// opaque), for encoders that take such bytes. The picture is spent afterwards.
    public func consumeAsBytes<T>(alpha: Bool, _ body: (UnsafeMutableRawPointer, PixelSize) throws -> T) rethrows -> T {
        surface.flush()
        let base = surface.pixels, w = size.width, n = alpha ? 4 : 3
        for y in 0..<size.height {
            let row = (base + y * surface.stride).bindMemory(to: UInt32.self, capacity: w)
            let out = (base + y * w * n).bindMemory(to: UInt8.self, capacity: w * n)
            for x in 0..<w {
                let p = row[x], a = p >> 24
                func straight(_ c: UInt32) -> UInt8 { a == 255 ? UInt8(c) : a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                out[n * x] = straight((p >> 16) & 0xFF)
                out[n * x + 1] = straight((p >> 8) & 0xFF)
                out[n * x + 2] = straight(p & 0xFF)
                if alpha { out[n * x + 3] = UInt8(a) }
            }
        }
        return try body(base, size)
    }

    /// The page `page` drawn at `scale` from its model alone, with images and PDFs of this
    /// thread's own (a file written off the event loop).
    public static func painted(_ page: Page, scale: Double) throws(RenderError) -> ScaledPicture {
        guard scaleRange.contains(scale), scale.isFinite else {
            throw RenderError("a scale of \(JSONValue.format(scale)) is outside \(JSONValue.format(scaleRange.lowerBound))...\(JSONValue.format(scaleRange.upperBound))")
        }
        return try ScaledPicture(PageScene(page), scale: scale, resources: PaintResources())
    }

    /// The picture as PNG bytes.
    public func pngData() throws(RenderError) -> Data {
        var data = Data()
        try writePNG { data.append(contentsOf: $0); return true }
        return data
    }

    /// The picture as an image (a copy), for tests and small pictures.
    public func image() -> RasterImage { surface.rasterImage() }
}

extension Editor {
    /// The page drawn on, drawn again from its model at `scale` (0.1 to 16): every stroke,
    /// paper, text, sticker, SVG and PDF page as sharp as at 1x, photos resampled smoothly.
    public func picture(atScale scale: Double) throws(RenderError) -> ScaledPicture {
        guard ScaledPicture.scaleRange.contains(scale), scale.isFinite else {
            throw RenderError("a scale of \(JSONValue.format(scale)) is outside \(JSONValue.format(ScaledPicture.scaleRange.lowerBound))...\(JSONValue.format(ScaledPicture.scaleRange.upperBound))")
        }
        replacements.finish()
        return try ScaledPicture(scene, scale: scale, resources: PaintResources(assets: assets, pdfs: .shared))
    }

    /// The page drawn on as painters at any scale read it, with the boxes the canvas keeps.
    var scene: PageScene { PageScene(page, entries: canvas.index.entries(for: page.items)) }
}
