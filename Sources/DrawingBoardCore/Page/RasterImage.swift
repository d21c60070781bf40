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

    /// The image on a canvas of `size`, its top left at `offset`, `fill` where it does not reach.
    public func shifted(to size: PixelSize, by offset: (dx: Int, dy: Int), fill: UInt32) -> RasterImage {
        let (dx, dy) = offset
        var out = [UInt32](repeating: fill, count: size.area)
        let x0 = max(0, dx), x1 = min(size.width, width + dx)
        if x0 < x1 {
            for y in max(0, dy)..<max(max(0, dy), min(size.height, height + dy)) {
                let from = (y - dy) * width + (x0 - dx)
                out.replaceSubrange(y * size.width + x0..<y * size.width + x1, with: pixels[from..<from + (x1 - x0)])
            }
        }
        return RasterImage(width: size.width, height: size.height, pixels: out)!
    }
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
    /// Most pixels, and longest side, of a page's picture drawn at a scale (`render --scale`,
    /// an export at a resolution): 1 GiB, and Cairo's largest image.
    public static let maxPicturePixels = 16_384 * 16_384
    public static let maxPictureSide = 32_767
}
