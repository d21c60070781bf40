import CCairo
import DrawingBoardCore
import Foundation

/// The decoded form of each image file the page's elements show, made once per distinct file
/// (by digest) however many elements, copies, undo steps and journal lines refer to it: a
/// raster image's pixels as a Cairo surface, an SVG's librsvg handle (drawn as vectors at
/// whatever size the element has).
public final class AssetStore {
    /// How raster files are decoded (SDL2_image, given by the app and the command line; PNG
    /// alone without it).
    nonisolated(unsafe) public static var decoder: (any ImageDecoding)?

    enum Decoded {
        case raster(CairoSurface)
        case svg(SVGDrawing)
        /// The file could not be decoded (it is shown as an empty frame, and kept).
        case broken(String)
    }

    private var decoded: [UInt64: (asset: ImageAsset, art: Decoded)] = [:]

    /// Draws PDF pages off the event loop, for the window (nil: drawn where they are asked for,
    /// as files and the headless renderer need).
    var pdfDrawer: PDFPageDrawer?

    public init() {}

    /// The asset's decoded form, decoded on first use.
    func art(for asset: ImageAsset) -> Decoded {
        if let known = decoded[asset.digest], known.asset == asset { return known.art }
        let art = Self.decode(asset)
        decoded[asset.digest] = (asset, art)
        return art
    }

    /// Keeps pixels already decoded for `asset` (when the file was just read), so they are not
    /// decoded again.
    func keep(_ image: RasterImage, for asset: ImageAsset) {
        guard decoded[asset.digest] == nil, let surface = try? CairoSurface(image: image) else { return }
        decoded[asset.digest] = (asset, .raster(surface))
    }

    /// Forgets the files no element in `keeping` shows.
    func prune(keeping assets: Set<ImageAsset>) {
        let digests = Set(assets.map(\.digest))
        decoded = decoded.filter { digests.contains($0.key) }
    }

    /// Bytes of decoded pixels held.
    var residentBytes: Int {
        decoded.values.reduce(0) { total, entry in
            if case .raster(let surface) = entry.art { return total + surface.stride * surface.size.height }
            return total
        }
    }

    private static func decode(_ asset: ImageAsset) -> Decoded {
        switch asset.kind {
        case .svg:
            do {
                return .svg(try SVGDrawing(asset.bytes))
            } catch {
                return .broken(error.message)
            }
        case .raster:
            do {
                let image: RasterImage
                if let decoder {
                    image = try decoder.decodeImage(data: asset.bytes, fileExtension: (asset.name as NSString).pathExtension,
                                                    maxPixels: CanvasLimits.maxPixels)
                } else {
                    image = try PNGFile.decode(asset.bytes, name: asset.name)
                }
                guard image.size == asset.size else {
                    return .broken("the image is \(image.size), not the \(asset.size) recorded for it")
                }
                return .raster(try CairoSurface(image: image))
            } catch {
                return .broken("\(error)")
            }
        }
    }
}

/// An SVG file opened once with librsvg, drawn at any size.
final class SVGDrawing {
    let handle: OpaquePointer
    let size: PixelSize
    private let library: RsvgLibrary

    init(_ data: Data) throws(SVGImage.Problem) {
        (library, handle) = try SVGImage.open(data)
        do {
            size = try SVGImage.size(of: handle, library)
        } catch {
            library.release(handle)
            throw error
        }
    }

    deinit { library.release(handle) }

    /// Draws the document filling `width` x `height` at the context's origin.
    func draw(on cr: OpaquePointer, width: Double, height: Double) {
        library.render(handle, on: cr, width: width, height: height)
    }
}
