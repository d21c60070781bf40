import CSDL2
import CSDL2Image
import DrawingBoardCore
import Foundation

/// A problem reading an image file, worded for the user.
public struct ImageLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Decodes the raster formats of `ImageFormat` with SDL2_image into premultiplied ARGB pixels,
/// and SVG through `svg` (librsvg, from the renderer). The file is read once (a regular file
/// only, never a folder or a FIFO); its format and pixel size come from its own bytes, and the
/// size is checked before the format's own decoder (called directly, never guessed by SDL) sees
/// it. JPEGs with more scans than `maxJPEGScans` are refused: each scan redoes the whole image.
public struct SDLImageDecoder: ImageDecoding {
    /// Largest image file read.
    public static let maxFileBytes = 512 << 20
    /// Most scans a JPEG may have (progressive JPEGs have about ten).
    public static let maxJPEGScans = 100

    let svg: (@Sendable (Data, Int) throws -> RasterImage)?

    public init(svg: (@Sendable (Data, Int) throws -> RasterImage)? = nil) {
        self.svg = svg
    }

    public func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage {
        let data: Data
        do {
            data = try RegularFile.read(path, limit: Self.maxFileBytes, noun: "image")
        } catch {
            throw ImageLoadError(error.message)
        }
        return try decodeImage(data: data, fileExtension: URL(fileURLWithPath: path).pathExtension, maxPixels: maxPixels)
    }

    public func decodeImage(data: Data, fileExtension ext: String, maxPixels: Int) throws -> RasterImage {
        guard !data.isEmpty else { throw ImageLoadError("the file is empty") }
        let bytes = [UInt8](data)
        guard let format = ImageFormat.detect(bytes, fileExtension: ext) else {
            throw ImageLoadError("not an image DrawingBoard opens (it opens \(ImageFormat.names))")
        }
        if format == .svg {
            guard let svg else { throw ImageLoadError("SVG images cannot be opened here") }
            return try svg(data, maxPixels)
        }
        guard let size = ImageHeader.dimensions(of: bytes, format: format) else {
            throw ImageLoadError("a damaged \(format.name) image (its size cannot be read from its header)")
        }
        try check(size, maxPixels: maxPixels)
        if format == .jpeg {
            let scans = ImageHeader.jpegScanCount(bytes)
            guard scans <= Self.maxJPEGScans else {
                throw ImageLoadError("a JPEG image with \(scans) scans, more than the \(Self.maxJPEGScans) DrawingBoard decodes")
            }
        }

        // libpng and friends print their complaints to stderr; keep them for the message
        // instead, so a bad file gives one clear line.
        let (decoded, decoderOutput) = CapturedStandardError.capture {
            bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
                guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return nil }
                defer { SDL_RWclose(rw) }
                return Self.load(format, rw)
            }
        }
        guard let loaded = decoded else {
            let detail = decoderOutput
                .split(separator: "\n")
                .map { $0.replacingOccurrences(of: "libpng error: ", with: "").trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("libpng warning") }
            let reason = ([Self.lastError.trimmingCharacters(in: CharacterSet(charactersIn: ". "))] + detail).joined(separator: ": ")
            throw ImageLoadError("a damaged or incomplete \(format.name) image (\(reason))")
        }
        defer { SDL_FreeSurface(loaded) }
        let loadedSize = PixelSize(width: Int(loaded.pointee.w), height: Int(loaded.pointee.h))
        try check(loadedSize, maxPixels: maxPixels)
        guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ImageLoadError("cannot convert its pixels (\(Self.lastError))")
        }
        defer { SDL_FreeSurface(argb) }
        guard SDL_LockSurface(argb) == 0, let base = argb.pointee.pixels else {
            throw ImageLoadError("cannot read its pixels (\(Self.lastError))")
        }
        defer { SDL_UnlockSurface(argb) }
        let pitch = Int(argb.pointee.pitch)
        var pixels = [UInt32](repeating: 0, count: loadedSize.area)
        for y in 0..<loadedSize.height {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<loadedSize.width {
                pixels[y * loadedSize.width + x] = Self.premultiplied(row[x])
            }
        }
        guard let image = RasterImage(width: loadedSize.width, height: loadedSize.height, pixels: pixels) else {
            throw ImageLoadError("the image has no pixels")
        }
        return image
    }

    /// The format's own loader: SDL_image's IMG_Load would pick one by the file's extension
    /// and signatures, which need not be the one whose header was checked.
    private static func load(_ format: ImageFormat, _ rw: UnsafeMutablePointer<SDL_RWops>) -> UnsafeMutablePointer<SDL_Surface>? {
        switch format {
        case .png: return IMG_LoadPNG_RW(rw)
        case .jpeg: return IMG_LoadJPG_RW(rw)
        case .gif: return IMG_LoadGIF_RW(rw)
        case .bmp: return IMG_LoadBMP_RW(rw)
        case .webp: return IMG_LoadWEBP_RW(rw)
        case .tga: return IMG_LoadTGA_RW(rw)
        case .ico: return IMG_LoadICO_RW(rw)
        case .cur: return IMG_LoadCUR_RW(rw)
        case .tiff: return IMG_LoadTIF_RW(rw)
        case .pnm: return IMG_LoadPNM_RW(rw)
        case .qoi: return IMG_LoadQOI_RW(rw)
        case .pcx: return IMG_LoadPCX_RW(rw)
        case .svg: return nil
        }
    }

    private func check(_ size: PixelSize, maxPixels: Int) throws {
        guard size.width > 0, size.height > 0 else { throw ImageLoadError("the image has no pixels (\(size))") }
        guard let area = size.checkedArea, area <= maxPixels else {
            throw ImageLoadError("the image is \(size), \(size.checkedArea.map(String.init) ?? "too many") pixels, above the limit of \(maxPixels)")
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
