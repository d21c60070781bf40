import DrawingBoardCore
import Foundation

/// The Render side of one element kind (`ElementContent`): how it is drawn, and how a
/// script's `place` step makes one. One painter per kind, listed in `ElementPainters`.
protocol ElementPainter {
    associatedtype Content: ElementContent
    associatedtype Request: PlaceRequest

    /// Draws `content` filling its natural size at the origin: the context is already clipped
    /// to the element and scaled so that one unit is one natural pixel (`placement.scale`
    /// page pixels).
    static func draw(_ content: Content, _ placement: Element.Placement, on cr: OpaquePointer, assets: AssetStore)

    /// The content's size at scale 1 (what `ElementContent.naturalSize` gives, where it gives
    /// one).
    static func measure(_ content: Content) -> Size

    /// The element's content, natural size and width for a `place` step (`width`: the one the
    /// step gives, if any). Errors name the step's field (`path` is the step's place).
    static func make(_ request: Request, width: Double?, in context: PlacingContext, at path: String) throws(ScriptError) -> Placed
}

/// What a `place` step made: the source, its size at scale 1, and the width it is placed at.
struct Placed {
    var source: ElementSource
    var natural: Size
    var width: Double
}

/// What a painter may use to make an element for a script: the script's folder, the page,
/// the image decoder, the stickers, the brush's colour; and where decoded pixels go (so a
/// file read once is not decoded again).
struct PlacingContext {
    var base: URL
    var canvas: PixelSize
    var decoder: any ImageDecoding
    var stickers: (any StickerProviding)?
    var color: RGBColor
    var keepDecoded: (RasterImage, ImageAsset) -> Void
}

extension ElementPainter {
    static func measure(_ content: Content) -> Size { content.naturalSize ?? Size(width: 1, height: 1) }

    static func measureIfOwn(_ content: any ElementContent) -> Size? {
        (content as? Content).map(measure)
    }

    /// Draws `content` if it is this painter's kind.
    static func drawIfOwn(_ content: any ElementContent, _ placement: Element.Placement, on cr: OpaquePointer, assets: AssetStore) -> Bool {
        guard let own = content as? Content else { return false }
        draw(own, placement, on: cr, assets: assets)
        return true
    }

    /// Makes the element if the step asks for this painter's kind.
    static func makeIfOwn(_ source: DrawingScript.Placing.Source, width: Double?, in context: PlacingContext, at path: String) throws(ScriptError) -> Placed? {
        guard source.kind == Content.self, let request = source.request as? Request else { return nil }
        return try make(request, width: width, in: context, at: path)
    }

    /// Whether this painter draws `kind`.
    static func paints(_ kind: any ElementContent.Type) -> Bool { kind == Content.self }
}

/// Every painter: one per kind in `ElementKinds.all`.
public enum ElementPainters {
    nonisolated(unsafe) static let all: [any ElementPainter.Type] = [ImagePainter.self, StickerPainter.self, TextPainter.self]

    /// Draws `content` with its kind's painter.
    static func draw(_ content: any ElementContent, _ placement: Element.Placement, on cr: OpaquePointer, assets: AssetStore) {
        for painter in all where painter.drawIfOwn(content, placement, on: cr, assets: assets) { return }
    }

    /// The size of `source` at scale 1: what its kind knows, or what its painter lays out.
    public static func natural(of source: ElementSource) -> Size {
        if let known = source.content.naturalSize { return known }
        for painter in all { if let size = painter.measureIfOwn(source.content) { return size } }
        return Size(width: 1, height: 1)
    }

    /// Makes what a `place` step asks for with its kind's painter.
    static func make(_ source: DrawingScript.Placing.Source, width: Double?, in context: PlacingContext, at path: String) throws(ScriptError) -> Placed {
        for painter in all {
            if let placed = try painter.makeIfOwn(source, width: width, in: context, at: path) { return placed }
        }
        throw ScriptError(path, "\"\(source.kind.kind)\" elements cannot be placed here")
    }
}
