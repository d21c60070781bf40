import CSDL2
import CSDL2Image
import DrawingBoardCore
import Foundation

/// A problem reading an image file, worded for the user.
public struct ImageLoadError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Decodes PNG, JPEG, WebP, BMP, GIF and the other formats SDL2_image knows into premultiplied
/// ARGB pixels. Images larger than the limit are refused from their header, before decoding.
public struct SDLImageDecoder: ImageDecoding {
    public init() {}

    public func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ImageLoadError("no such file")
        }
        guard !isFolder.boolValue else { throw ImageLoadError("it is a folder, not an image") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImageLoadError("permission denied") }
        let head = [UInt8]((try? handle.read(upToCount: ImageHeader.prefixLength)) ?? Data())
        try? handle.close()
        guard !head.isEmpty else { throw ImageLoadError("the file is empty") }
        if let size = ImageHeader.dimensions(of: head) {
            try check(size, maxPixels: maxPixels)
        }

        // libpng and friends print their complaints to stderr; keep them for the message
        // instead, so a bad file gives one clear line.
        let (decoded, decoderOutput) = CapturedStandardError.capture { IMG_Load(path) }
        guard let loaded = decoded else {
            let detail = decoderOutput
                .split(separator: "\n")
                .map { $0.replacingOccurrences(of: "libpng error: ", with: "").trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("libpng warning") }
            let reason = ([Self.lastError.trimmingCharacters(in: CharacterSet(charactersIn: ". "))] + detail).joined(separator: ": ")
            if let format = ImageHeader.format(of: head) {
                throw ImageLoadError("a damaged or incomplete \(format) image (\(reason))")
            }
            throw ImageLoadError("not a readable image (\(reason))")
        }
        defer { SDL_FreeSurface(loaded) }
        let size = PixelSize(width: Int(loaded.pointee.w), height: Int(loaded.pointee.h))
        try check(size, maxPixels: maxPixels)
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ImageLoadError("cannot convert its pixels (\(Self.lastError))")
        }
        defer { SDL_FreeSurface(argb) }
        guard SDL_LockSurface(argb) == 0, let base = argb.pointee.pixels else {
            throw ImageLoadError("cannot read its pixels (\(Self.lastError))")
        }
        defer { SDL_UnlockSurface(argb) }
        let pitch = Int(argb.pointee.pitch)
        var pixels = [UInt32](repeating: 0, count: size.area)
        for y in 0..<size.height {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width {
                pixels[y * size.width + x] = Self.premultiplied(row[x])
            }
        }
        guard let image = RasterImage(width: size.width, height: size.height, pixels: pixels) else {
            throw ImageLoadError("the image has no pixels")
        }
        return image
    }

    private func check(_ size: PixelSize, maxPixels: Int) throws {
        guard size.width > 0, size.height > 0 else { throw ImageLoadError("the image has no pixels (\(size))") }
        guard size.area <= maxPixels else {
            throw ImageLoadError("the image is \(size), \(size.area) pixels, above the limit of \(maxPixels)")
        }
    }

    /// Straight ARGB to the premultiplied form Cairo uses.
    static func premultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        func scale(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
        return a << 24 | scale((p >> 16) & 0xFF) << 16 | scale((p >> 8) & 0xFF) << 8 | scale(p & 0xFF)
    }

    private static var lastError: String {
        let text = String(cString: SDL_GetError())
        return text.isEmpty ? "unknown format" : text
    }
}
