import CCairo
import DrawingBoardCore

/// A page with elements as vectors: the items in their order, each element drawn from its
/// source (an image embedded as an image, an SVG sticker as its shapes, a text as text). The
/// eraser's passes are not painted: the ink and another app's pixels before a pass are clipped
/// outside it (`Page.itemsAsWritten`), so under it is the page as it is, untouched (painting
/// the page again there left each pass's antialiased edge as a grey outline on a PDF page).
/// A pass never takes an element, whatever its place.
extension VectorExport {
    /// `assets`: the elements' decoded sources.
    static func drawWithElements(_ page: Page, assets: AssetStore, on cr: OpaquePointer) {
        // Strokes in a row are planned together (a pen's handwriting is one path).
        var run: [Stroke] = []
        func flush() {
            guard !run.isEmpty else { return }
            VectorStrokes.draw(VectorStrokes.plan(run), on: cr)
            run = []
        }
        for (item, erased) in page.itemsAsWritten {
            switch item {
            case .stroke(let stroke):
                run.append(stroke)
            case .base(let base):
                // Another app's pixels: embedded as they are, outside the passes that took them.
                flush()
                guard let layer = try? CairoSurface(image: base.image) else { continue }
                cairo_save(cr)
                VectorStrokes.clipOutside(erased.map(\.outline), on: cr)
                cairo_set_source_surface(cr, layer.handle, 0, 0)
                cairo_paint(cr)
                cairo_restore(cr)
            case .element(let element):
                flush()
                ElementArt.draw(element, on: cr, assets: assets)
            }
        }
        flush()
    }
}
