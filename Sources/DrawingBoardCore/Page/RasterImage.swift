import Foundation

/// Decoded pixels in the layout the layers use: 32-bit ARGB, alpha premultiplied, row by row.
public struct RasterImage: Sendable, Hashable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var byteCount: Int { pixels.count * 4 }
    /// Its size, not its pixels (messages and test failures stay readable).
    public var description: String { "RasterImage(\(width)x\(height))" }

    public func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}

/// Turns an image file into pixels. The platform layer implements it (with SDL2_image), so the
/// core and the renderer never see a decoder.
public protocol ImageDecoding: Sendable {
    /// Decodes the file at `path`, refusing images over `maxPixels` pixels.
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage
    /// Decodes a file's bytes already read (`fileExtension` helps tell formats apart).
    func decodeImage(data: Data, fileExtension: String, maxPixels: Int) throws -> RasterImage
}

extension ImageDecoding {
    public func decodeImage(data: Data, fileExtension: String, maxPixels: Int) throws -> RasterImage {
        throw ValidationError("", "this decoder reads files only")
    }
}

/// Limits that keep a canvas or an image within memory the machine can give.
public enum CanvasLimits {
    /// Longest side of a canvas, in pixels.
    public static let maxSide = 16_384
    /// Most pixels in a canvas or a decoded image: 16384 x 16384, 1 GiB per layer.
    public static let maxPixels = 16_384 * 16_384
}
