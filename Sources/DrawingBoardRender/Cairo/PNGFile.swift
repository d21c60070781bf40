import CCairo
import DrawingBoardCore
import Foundation

/// PNG encoding and decoding through Cairo.
public enum PNGFile {
    /// Encodes `image` as an 8-bit RGBA PNG.
    public static func encode(_ image: RasterImage) throws(RenderError) -> Data {
        let surface = try CairoSurface(image: image)
        return try encode(surface)
    }

    static func encode(_ surface: CairoSurface) throws(RenderError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface.handle, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot encode PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.data
    }

    /// Encodes `image` quickly (rows unfiltered, zlib at its fastest level): for the layers of a
    /// document, mostly transparent, which other apps read and DrawingBoard paints again anyway.
    public static func encodeFast(_ image: RasterImage) throws(RenderError) -> Data {
        guard let raw = FastPNG.encode(image) else { return try encode(image) }
        return raw
    }

    /// Reads a PNG file into premultiplied ARGB pixels.
    public static func decode(atPath path: String) throws(RenderError) -> RasterImage {
        try image(from: cairo_image_surface_create_from_png(path), name: path)
    }

    /// Decodes PNG bytes, refusing images over `maxPixels` from their header, before decoding.
    public static func decode(_ data: Data, name: String, maxPixels: Int = CanvasLimits.maxPixels) throws(RenderError) -> RasterImage {
        guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]), let size = ImageHeader.dimensions(of: [UInt8](data.prefix(64)), format: .png) else {
            throw RenderError("\(name) is not a PNG image")
        }
        guard size.width > 0, size.height > 0, let area = size.checkedArea, area <= maxPixels else {
            throw RenderError("\(name) is \(size), \(size.checkedArea.map(String.init) ?? "too many") pixels, above the limit of \(maxPixels)")
        }
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source([UInt8](data))
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let s = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                let n = Int(length)
                guard s.offset + n <= s.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                s.bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + s.offset, count: n) }
                s.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        return try image(from: surface, name: name)
    }

    private static func image(from surface: OpaquePointer?, name path: String) throws(RenderError) -> RasterImage {
        guard let surface else { throw RenderError("cannot read \(path)") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot read \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        let format = cairo_image_surface_get_format(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else {
            throw RenderError("cannot read \(path): unexpected pixel format")
        }
        let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = row[x] | opaque }
        }
        guard let image = RasterImage(width: width, height: height, pixels: pixels) else {
            throw RenderError("cannot read \(path): empty image")
        }
        return image
    }
}
