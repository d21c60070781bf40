import CCairo
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
        let (library, handle) = try open(data)
        defer { library.release(handle) }
        return try size(of: handle, library)
    }

    /// Renders the SVG at its intrinsic size, refusing sizes over `maxPixels` first.
    public static func decode(_ data: Data, maxPixels: Int) throws(Problem) -> RasterImage {
        let (library, handle) = try open(data)
        defer { library.release(handle) }
        let size = try size(of: handle, library)
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
        if let failure = library.render(handle, on: cr.handle, width: Double(size.width), height: Double(size.height)) {
            throw Problem(message: "a damaged SVG image (\(failure.text))")
        }
        surface.flush()
        return surface.rasterImage()
    }

    static func open(_ data: Data) throws(Problem) -> (RsvgLibrary, OpaquePointer) {
        guard let library = RsvgLibrary.shared else { throw Problem(message: RsvgLibrary.missing) }
        switch library.open(data) {
        case .success(let handle): return (library, handle)
        case .failure(let failure): throw Problem(message: "not a readable SVG image (\(failure.text))")
        }
    }

    static func size(of handle: OpaquePointer, _ library: RsvgLibrary) throws(Problem) -> PixelSize {
        var w = 0.0, h = 0.0
        if let size = library.sizeInPixels(handle) {
            (w, h) = size
        } else {
            // Percentages with no viewBox to resolve them: the size is unknown.
            guard let viewBox = library.viewBox(handle) else {
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
