import CSDL2
import CSDL2Image
import CWebP
import DrawingBoardCore
import Foundation

/// Writes JPEG through SDL2_image (quality 92, no alpha: the picture is opaque) and WebP
/// through libwebp (lossless, which keeps drawn lines exact).
public struct SDLImageEncoder: ImageEncoding {
    public init() {}

    public func encode(_ image: RasterImage, as format: ExportFormat) throws -> [UInt8] {
        var bytes = Self.rgba(image)
        if format == .jpeg {
            // Packed to RGB in place: the encoder's own format, taken without a copy.
            bytes.withUnsafeMutableBytes { raw in
                let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for i in 0..<image.pixels.count { (p[3 * i], p[3 * i + 1], p[3 * i + 2]) = (p[4 * i], p[4 * i + 1], p[4 * i + 2]) }
            }
        }
        return try bytes.withUnsafeMutableBytes { raw in
            try encode(raw.baseAddress!, size: image.size, as: format)
        }
    }

    /// Encodes a picture's bytes, row after row with no padding: packed RGB for JPEG, straight
    /// RGBA for WebP (what each encoder takes as it is).
    public func encode(_ pixels: UnsafeMutableRawPointer, size: PixelSize, as format: ExportFormat) throws -> [UInt8] {
        switch format {
        case .jpeg: return try jpeg(pixels, size)
        case .webp: return try webp(pixels, size)
        default: throw ImageLoadError("\(format.title) is not encoded here")
        }
    }

    /// Straight (not premultiplied) RGBA bytes, row by row.
    static func rgba(_ image: RasterImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.pixels.count * 4)
        for (i, p) in image.pixels.enumerated() {
            let a = p >> 24
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
            out[4 * i] = straight((p >> 16) & 0xFF)
            out[4 * i + 1] = straight((p >> 8) & 0xFF)
            out[4 * i + 2] = straight(p & 0xFF)
            out[4 * i + 3] = UInt8(a)
        }
        return out
    }

    private func webp(_ rgba: UnsafeMutableRawPointer, _ size: PixelSize) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let count = WebPEncodeLosslessRGBA(rgba.assumingMemoryBound(to: UInt8.self), Int32(size.width), Int32(size.height), Int32(size.width * 4), &output)
        guard count > 0, let output else { throw ImageLoadError("the WebP encoder failed") }
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    private func jpeg(_ rgb: UnsafeMutableRawPointer, _ size: PixelSize) throws -> [UInt8] {
        guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(rgb, Int32(size.width), Int32(size.height), 24,
                                                               Int32(size.width * 3), SDL_PIXELFORMAT_RGB24.rawValue) else {
            throw ImageLoadError("the JPEG encoder failed (\(String(cString: SDL_GetError())))")
        }
        defer { SDL_FreeSurface(surface) }
        // SDL2_image writes to an RWops; a growing buffer would need a custom one, so it
        // writes a private temporary file that is read back and removed at once.
        let path = NSTemporaryDirectory() + "drawingboard-\(UUID().uuidString).jpg"
        defer { unlink(path) }
        guard IMG_SaveJPG(surface, path, 92) == 0, let written = FileManager.default.contents(atPath: path), !written.isEmpty else {
            throw ImageLoadError("the JPEG encoder failed (\(String(cString: SDL_GetError())))")
        }
        return [UInt8](written)
    }
}
