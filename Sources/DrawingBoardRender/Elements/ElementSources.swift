import DrawingBoardCore
import Foundation

/// Where the stickers come from (the app's own set and the user's folder).
public protocol StickerProviding {
    /// The names of every sticker, in the order the panel shows them.
    var stickerNames: [String] { get }
    /// The sticker's file, read and checked.
    func sticker(named name: String) throws -> ImageAsset
}

/// Image files read for elements: the bytes kept as they are, the kind and size taken from
/// them, a raster file decoded once (its pixels handed to the editor, so they are not decoded
/// again) and an SVG measured (it is drawn as vectors).
public enum ElementSources {
    /// Largest image file read for an element.
    public static let maxFileBytes = 256 << 20

    /// Reads the image file at `path` (`name`: how the user knows it).
    public static func image(atPath path: String, name: String, decoder: any ImageDecoding) throws -> (ImageAsset, RasterImage?) {
        let data: Data
        do {
            data = try RegularFile.read(path, limit: maxFileBytes, noun: "image")
        } catch {
            throw RenderError(error.message)
        }
        return try image(data: data, name: name, decoder: decoder)
    }

    /// The same for bytes already read (a pasted image).
    public static func image(data: Data, name: String, decoder: any ImageDecoding) throws -> (ImageAsset, RasterImage?) {
        let bytes = [UInt8](data.prefix(4096))
        guard !data.isEmpty else { throw RenderError("the file is empty") }
        // A gzip file here can only be a compressed SVG, which could inflate without end.
        guard !data.starts(with: [0x1F, 0x8B]) else { throw RenderError("a compressed SVG (svgz) is not read; save it as plain SVG") }
        let ext = (name as NSString).pathExtension
        if ImageFormat.detect(bytes, fileExtension: ext) == .svg || (ext.lowercased() == "svg" && ImageFormat.looksLikeSVG(bytes)) {
            return (try svg(data, name: name), nil)
        }
        let image = try decoder.decodeImage(data: data, fileExtension: ext, maxPixels: CanvasLimits.maxPixels)
        return (ImageAsset(name: name, bytes: data, kind: .raster, size: image.size), image)
    }

    /// Longest, in seconds, an SVG inserted in the window may take to draw and still be kept
    /// as vectors: it is drawn again on the event loop whenever the page under it is (moved,
    /// turned, undone), and one of 200,000 blurred circles took 80 s each time.
    public static let vectorBudget = 0.25
    /// The longer side of the picture a slow SVG becomes (its own size, if smaller).
    public static let pictureSide = 2048

    /// `image(atPath:)` for the window: an SVG that takes longer than `budget` seconds of CPU
    /// to draw (timed here, off the event loop, at its picture's size) comes back as a picture
    /// instead (a PNG, and its pixels), so it never holds the window up again. It is looked at
    /// small first: one slow even at `probeSide` px is made a picture at once, as large as
    /// about `pictureSeconds` of drawing allows, never drawn whole to find out. `picture`
    /// says which.
    public static func imageForWindow(atPath path: String, name: String, decoder: any ImageDecoding,
                                      budget: Double = vectorBudget) throws -> (asset: ImageAsset, decoded: RasterImage?, picture: Bool) {
        let (asset, decoded) = try image(atPath: path, name: name, decoder: decoder)
        guard asset.kind == .svg else { return (asset, decoded, false) }
        let drawing: SVGDrawing
        do {
            drawing = try SVGDrawing(asset.bytes)
        } catch {
            throw RenderError(error.message)
        }
        func picture(_ pixels: RasterImage) throws -> (asset: ImageAsset, decoded: RasterImage?, picture: Bool) {
            (ImageAsset(name: name, bytes: try PNGFile.encode(pixels), kind: .raster, size: pixels.size), pixels, true)
        }
        let longer = max(asset.size.width, asset.size.height)
        let probe = try draw(drawing, fitting: min(longer, probeSide), of: asset.size)
        if probe.seconds > budget {
            // Drawing time grows with the pixels drawn (blurs, fills): the side for about
            // `pictureSeconds`, between the probe's and `pictureSide`.
            let side = Int(Double(probeSide) * (pictureSeconds / max(probe.seconds, 1e-6)).squareRoot())
            guard side > probeSide, longer > probeSide else { return try picture(probe.pixels) }
            return try picture(try draw(drawing, fitting: min(side, pictureSide, longer), of: asset.size).pixels)
        }
        // Quick enough at its whole size even if its time grew with its pixels: vectors, with no
        // second drawing to find out.
        let side = min(longer, pictureSide), scale = Double(side) / Double(min(longer, probeSide))
        guard probe.seconds * scale * scale > budget else { return (asset, nil, false) }
        let whole = try draw(drawing, fitting: side, of: asset.size)
        return whole.seconds > budget ? try picture(whole.pixels) : (asset, nil, false)
    }

    /// The side of the first, small look at an SVG, and about how long its picture may take.
    static let probeSide = 256
    static let pictureSeconds = 2.0

    /// Draws `drawing` with its longer side `side` px, and the thread's CPU time it took (not
    /// the clock's: a busy machine must not turn a quick drawing into a picture).
    private static func draw(_ drawing: SVGDrawing, fitting side: Int, of size: PixelSize) throws(RenderError) -> (pixels: RasterImage, seconds: Double) {
        let scale = Double(side) / Double(max(size.width, size.height))
        let target = PixelSize(width: max(Int((Double(size.width) * scale).rounded()), 1), height: max(Int((Double(size.height) * scale).rounded()), 1))
        let surface = try CairoSurface(format: .argb32, size: target)
        let cr = try CairoContext(surface)
        let start = threadSeconds()
        drawing.draw(on: cr.handle, width: Double(target.width), height: Double(target.height))
        surface.flush()
        return (surface.rasterImage(), threadSeconds() - start)
    }

    private static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// An SVG file as an element's source: plain SVG only, its size within the limits.
    public static func svg(_ data: Data, name: String) throws(RenderError) -> ImageAsset {
        guard !data.starts(with: [0x1F, 0x8B]) else {
            throw RenderError("a compressed SVG (svgz) is not read; save it as plain SVG")
        }
        let size: PixelSize
        do {
            size = try SVGImage.size(of: data)
            // Drawing it once proves it can be drawn (and costs what it costs here, not later).
            _ = try SVGDrawing(data)
        } catch {
            throw RenderError(error.message)
        }
        guard let area = size.checkedArea, area <= CanvasLimits.maxPixels else {
            throw RenderError("the image is \(size), above the limit of \(CanvasLimits.maxPixels) pixels")
        }
        return ImageAsset(name: name, bytes: data, kind: .svg, size: size)
    }
}
