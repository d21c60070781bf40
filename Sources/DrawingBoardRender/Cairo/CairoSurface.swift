import CCairo
import DrawingBoardCore

/// A failure inside the renderer, worded for the user.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Owns a Cairo image surface: created checked, destroyed with the owner.
final class CairoSurface {
    enum Format {
        /// Premultiplied 32-bit ARGB, native endian (the layers and the output).
        case argb32
        /// 32-bit, the top byte unused (an X11 window's pixels).
        case rgb24
        /// 8-bit coverage (stroke masks).
        case a8

        var cairo: cairo_format_t {
            switch self {
            case .argb32: return CAIRO_FORMAT_ARGB32
            case .rgb24: return CAIRO_FORMAT_RGB24
            case .a8: return CAIRO_FORMAT_A8
            }
        }

        var bytesPerPixel: Int { self == .a8 ? 1 : 4 }
    }

    let handle: OpaquePointer
    let format: Format
    let size: PixelSize
    let stride: Int
    /// The canvas pixel the surface's first pixel stands for: a surface covering part of the
    /// canvas (a stroke's mask) is drawn on and painted from in canvas coordinates (Cairo's
    /// device offset), and `zero`, `hasContent` and pixel reads translate too.
    private(set) var origin = (x: 0, y: 0)

    /// The canvas pixels the surface covers.
    var covered: PixelRect { PixelRect(x: origin.x, y: origin.y, width: size.width, height: size.height) }

    /// Places the surface's first pixel at canvas pixel (`x`, `y`).
    func place(atX x: Int, y: Int) {
        origin = (x, y)
        cairo_surface_set_device_offset(handle, Double(-x), Double(-y))
    }

    /// A new surface, every pixel transparent.
    init(format: Format, size: PixelSize) throws(RenderError) {
        handle = try Self.checked(cairo_image_surface_create(format.cairo, Int32(size.width), Int32(size.height)),
                                  "cannot create a \(size) image")
        self.format = format
        self.size = size
        self.stride = Int(cairo_image_surface_get_stride(handle))
    }

    /// A surface over pixels someone else owns, which must outlive it.
    init(wrapping pixels: UnsafeMutableRawPointer, format: Format, size: PixelSize, stride: Int) throws(RenderError) {
        handle = try Self.checked(cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), format.cairo, Int32(size.width), Int32(size.height), Int32(stride)),
                                  "cannot wrap a \(size) frame")
        self.format = format
        self.size = size
        self.stride = stride
    }

    /// The surface, or an error naming what failed (out of memory, a bad size) after freeing it.
    private static func checked(_ surface: OpaquePointer?, _ what: String) throws(RenderError) -> OpaquePointer {
        guard let surface else { throw RenderError("\(what): out of memory") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("\(what): \(String(cString: cairo_status_to_string(status)))")
        }
        return surface
    }

    /// A surface holding a copy of `image`.
    convenience init(image: RasterImage) throws(RenderError) {
        try self.init(format: .argb32, size: image.size)
        write(image.pixels, into: PixelRect(size: image.size))
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    func flush() {
        cairo_surface_flush(handle)
    }

    var pixels: UnsafeMutableRawPointer { data }

    private var data: UnsafeMutableRawPointer {
        // Checked at creation: an image surface that was created successfully has its pixels.
        UnsafeMutableRawPointer(cairo_image_surface_get_data(handle)!)
    }

    /// Copies the ARGB pixels of `rect`, row by row.
    func read(_ rect: PixelRect) -> [UInt32] {
        precondition(format != .a8)
        cairo_surface_flush(handle)
        let base = data
        return [UInt32](unsafeUninitializedCapacity: rect.area) { buffer, count in
            for row in 0..<rect.height {
                let src = base + (rect.y + row) * stride + rect.x * 4
                let dst = UnsafeMutableRawPointer(buffer.baseAddress! + row * rect.width)
                dst.copyMemory(from: src, byteCount: rect.width * 4)
            }
            count = rect.area
        }
    }

    /// Replaces the pixels of `rect` with `pixels` (row by row, `rect.area` of them).
    func write(_ pixels: [UInt32], into rect: PixelRect) {
        precondition(format != .a8 && pixels.count == rect.area)
        cairo_surface_flush(handle)
        let base = data
        pixels.withUnsafeBytes { raw in
            for row in 0..<rect.height {
                let dst = base + (rect.y + row) * stride + rect.x * 4
                dst.copyMemory(from: raw.baseAddress! + row * rect.width * 4, byteCount: rect.width * 4)
            }
        }
        markDirty(rect)
    }

    /// Sets every pixel of `rect` to `value`.
    func fill(_ rect: PixelRect, with value: UInt32) {
        precondition(format == .argb32)
        cairo_surface_flush(handle)
        let base = data
        for row in 0..<rect.height {
            let line = (base + (rect.y + row) * stride + rect.x * 4).bindMemory(to: UInt32.self, capacity: rect.width)
            line.update(repeating: value, count: rect.width)
        }
        markDirty(rect)
    }

    /// Whether any pixel of `rect` is not zero (any coverage in a mask, any ink in a layer).
    func hasContent(in canvasRect: PixelRect) -> Bool {
        guard let rect = local(canvasRect) else { return false }
        cairo_surface_flush(handle)
        let base = data
        let rowBytes = rect.width * format.bytesPerPixel
        for row in 0..<rect.height {
            let line = UnsafeRawBufferPointer(start: base + (rect.y + row) * stride + rect.x * format.bytesPerPixel, count: rowBytes)
            if line.contains(where: { $0 != 0 }) { return true }
        }
        return false
    }

    /// Makes every byte of `rect` zero (transparent, or no coverage).
    func zero(_ canvasRect: PixelRect) {
        guard let rect = local(canvasRect) else { return }
        cairo_surface_flush(handle)
        let base = data
        let rowBytes = rect.width * format.bytesPerPixel
        for row in 0..<rect.height {
            (base + (rect.y + row) * stride + rect.x * format.bytesPerPixel).initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes)
        }
        // In canvas coordinates: Cairo adds the device offset.
        markDirty(PixelRect(x: rect.x + origin.x, y: rect.y + origin.y, width: rect.width, height: rect.height))
    }

    /// The part of a canvas rectangle the surface covers, in the surface's own pixels.
    private func local(_ r: PixelRect) -> PixelRect? {
        guard let inside = r.intersection(covered) else { return nil }
        return PixelRect(x: inside.x - origin.x, y: inside.y - origin.y, width: inside.width, height: inside.height)
    }

    func markDirty(_ rect: PixelRect) {
        cairo_surface_mark_dirty_rectangle(handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
    }

    /// The whole surface as an opaque-or-not ARGB image.
    func rasterImage() -> RasterImage {
        // A surface always has at least one pixel, so this cannot fail.
        RasterImage(width: size.width, height: size.height, pixels: read(PixelRect(size: size)))!
    }
}
