import CCairo
import CRsvg
import DrawingBoardCore
import Foundation

/// SVG files opened as images (a background, later a photo): librsvg reads the document, its
/// intrinsic size (width and height, or the viewBox) is checked against the pixel limit, and
/// only then is it rendered. No base file is given, so an SVG cannot pull in other files.
public enum SVGImage {
    public struct Problem: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// `decode` as an image decoder's SVG hook.
    public static let decodeFile: @Sendable (Data, Int) throws -> RasterImage = { data, maxPixels in
        try decode(data, maxPixels: maxPixels)
    }

    /// The SVG's intrinsic size in pixels (at 96 dpi), rounded up.
    public static func size(of data: Data) throws(Problem) -> PixelSize {
        let handle = try open(data)
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        return try size(of: handle)
    }

    /// Renders the SVG at its intrinsic size, refusing sizes over `maxPixels` first.
    public static func decode(_ data: Data, maxPixels: Int) throws(Problem) -> RasterImage {
        let handle = try open(data)
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        let size = try size(of: handle)
        guard size.area <= maxPixels else {
            throw Problem(message: "the image is \(size), \(size.area) pixels, above the limit of \(maxPixels)")
        }
        let surface: CairoSurface
        let cr: CairoContext
        do {
            surface = try CairoSurface(format: .argb32, size: size)
            cr = try CairoContext(surface)
        } catch {
            throw Problem(message: error.message)
        }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        var error: UnsafeMutablePointer<GError>?
        let ok = rsvg_handle_render_document(handle, cr.handle, &viewport, &error)
        let text = error.map { String(cString: $0.pointee.message) } ?? "it cannot be drawn"
        if let error { g_error_free(error) }
        guard ok != 0 else { throw Problem(message: "a damaged SVG image (\(text))") }
        surface.flush()
        return surface.rasterImage()
    }

    static func open(_ data: Data) throws(Problem) -> UnsafeMutablePointer<RsvgHandle> {
        var error: UnsafeMutablePointer<GError>?
        let handle = data.withUnsafeBytes { raw in
            rsvg_handle_new_from_data(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(raw.count), &error)
        }
        guard let handle else {
            let text = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            if let error { g_error_free(error) }
            throw Problem(message: "not a readable SVG image (\(text.trimmingCharacters(in: .whitespacesAndNewlines)))")
        }
        return handle
    }

    static func size(of handle: UnsafeMutablePointer<RsvgHandle>) throws(Problem) -> PixelSize {
        var w = 0.0, h = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &w, &h) == 0 {
            // Percentages with no viewBox to resolve them: the size is unknown.
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                throw Problem(message: "the SVG gives no size (no width and height in absolute units, no viewBox)")
            }
            (w, h) = (viewBox.width, viewBox.height)
        }
        guard w.isFinite, h.isFinite, w >= 0.5, h >= 0.5 else {
            throw Problem(message: "the SVG's size \(w) x \(h) is not a size an image can have")
        }
        guard w <= Double(1 << 30), h <= Double(1 << 30) else {
            throw Problem(message: "the image is \(Int(w)) x \(Int(h)) pixels, above the limit")
        }
        return PixelSize(width: Int(w.rounded(.up)), height: Int(h.rounded(.up)))
    }
}
