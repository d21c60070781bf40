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
        switch format {
        case .jpeg: return try jpeg(image)
        case .webp: return try webp(image)
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

    private func webp(_ image: RasterImage) throws -> [UInt8] {
        let bytes = Self.rgba(image)
        var output: UnsafeMutablePointer<UInt8>?
        let count = bytes.withUnsafeBufferPointer {
            WebPEncodeLosslessRGBA($0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        guard count > 0, let output else { throw ImageLoadError("the WebP encoder failed") }
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }

    private func jpeg(_ image: RasterImage) throws -> [UInt8] {
        var bytes = Self.rgba(image)
        let written: [UInt8]? = bytes.withUnsafeMutableBytes { raw -> [UInt8]? in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(image.width), Int32(image.height), 32,
                                                                   Int32(image.width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else { return nil }
            defer { SDL_FreeSurface(surface) }
            // SDL2_image writes to an RWops; a growing buffer would need a custom one, so it
            // writes a private temporary file that is read back and removed at once.
            let path = NSTemporaryDirectory() + "drawingboard-\(UUID().uuidString).jpg"
            defer { unlink(path) }
            guard IMG_SaveJPG(surface, path, 92) == 0 else { return nil }
            return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        }
        guard let written, !written.isEmpty else {
            throw ImageLoadError("the JPEG encoder failed (\(String(cString: SDL_GetError())))")
        }
        return written
    }
}
