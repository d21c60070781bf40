import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// An element's image file read back (from a journal or a document) is checked before the page
/// takes it: a known kind, within the size limits, and the pixel size its own header gives is
/// the one recorded with it.
public enum ElementFiles {
    /// Largest element image file, in bytes.
    public static let maxBytes = 256 << 20

    public static func asset(_ data: Data, name: String, kind: ImageAsset.Kind, size: PixelSize) throws(DocumentError) -> ImageAsset {
        guard data.count <= maxBytes else { throw DocumentError("\(name): the image file is \(data.count) bytes, above the limit of \(maxBytes)") }
        let found: PixelSize
        do {
            found = try measure(data, kind: kind)
        } catch {
            throw DocumentError("\(name): \(error.message)")
        }
        guard found == size else { throw DocumentError("\(name): the image is \(found), not the \(size) recorded for it") }
        return ImageAsset(name: name, bytes: data, kind: kind, size: size)
    }

    /// The pixel size a file says it has, checked against the limits.
    public static func measure(_ data: Data, kind: ImageAsset.Kind) throws(DocumentError) -> PixelSize {
        let size: PixelSize
        switch kind {
        case .svg:
            guard !data.starts(with: [0x1F, 0x8B]) else {
                throw DocumentError("a compressed SVG (svgz) is not read; save it as plain SVG")
            }
            do {
                size = try SVGImage.size(of: data)
            } catch {
                throw DocumentError(error.message)
            }
        case .raster:
            guard let s = ImageHeader.dimensions(of: [UInt8](data.prefix(1 << 20))) else {
                throw DocumentError("not an image DrawingBoard reads (its size cannot be read from its header)")
            }
            size = s
        }
        guard size.width > 0, size.height > 0, let area = size.checkedArea, area <= CanvasLimits.maxPixels else {
            throw DocumentError("the image is \(size), above the limit of \(CanvasLimits.maxPixels) pixels")
        }
        return size
    }
}
