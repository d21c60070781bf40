import DrawingBoardCore
import Foundation

/// What was copied, as other apps take it from the clipboard: a PNG (transparent around the
/// ink, at `scale` pixels per page pixel) and an SVG (vector paths on a page the size of the
/// selection's box, white under them), both of the box alone. Made off the event loop, with
/// images and SVG documents of their own.
public enum ClipboardPictures {
    /// The most pixels the PNG gets (a larger selection is written at a smaller scale).
    public static let maxPixels = 16_000_000

    public static func make(_ clip: ItemClipboard, scale: Double = 1) throws(RenderError) -> (png: Data, svg: Data) {
        let box = clip.bounds
        let size = PixelSize(width: max(1, Int(box.width.rounded(.up)) + 4), height: max(1, Int(box.height.rounded(.up)) + 4))
        let shift = Affine.move(2 - box.minX, 2 - box.minY)
        let items = clip.items.map { $0.transformed(by: shift) }
        let bounds = Rect(minX: 0, minY: 0, maxX: Double(size.width), maxY: Double(size.height))
        let picture = try SelectionPicture(items: items, pageSize: size, bounds: bounds, scale: min(scale, (Double(maxPixels) / Double(size.area)).squareRoot()),
                                           resources: PaintResources())
        let png = try PNGFile.encode(picture.surface)
        let editor = try Editor(size: size, background: .color(.white))
        guard try editor.perform(.selection(.add(items))) else { throw RenderError("nothing to copy") }
        let svg = try VectorExport.export(editor.image, as: .svg)
        return (png, svg)
    }
}
