import CCairo
import DrawingBoardCore

/// A page with elements as vectors: the items in their order, each element drawn from its
/// source (an image embedded as an image, an SVG sticker as its shapes, a text as text). An
/// eraser shows what lay under the ink it removes: it is painted with a snapshot of the page
/// as it stood before that run of ink (a recording, so that too stays vectors). An eraser
/// drawn later removes ink of the runs before it as well, so each run is followed by the later
/// erasers, painted with the same snapshot, before the element that covers it.
extension VectorExport {
    static func drawWithElements(_ picture: PageImage, on cr: OpaquePointer, background: OpaquePointer) {
        let size = picture.page.size
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        guard let page = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents), let pc = cairo_create(page) else { return }
        defer {
            cairo_destroy(pc)
            cairo_surface_destroy(page)
        }
        cairo_set_source(pc, background)
        cairo_paint(pc)
        let items = picture.page.items
        let erasers = items.indices.filter { items[$0].stroke?.tool == .eraser }
        var start = 0
        for i in items.indices where items[i].element != nil || i == items.count - 1 {
            let end = items[i].element != nil ? i : i + 1
            let run = start..<end
            // What this run of ink lies on, as it stands now, for its erasers to show.
            let needsSnapshot = erasers.contains { $0 >= run.lowerBound }
            let snapshot = needsSnapshot ? Self.snapshot(of: page, extents: &extents) : nil
            let paint = snapshot ?? background
            for j in run {
                switch items[j] {
                case .stroke(let stroke) where !picture.page.bakedStrokes.contains(stroke.id):
                    VectorStrokes.draw(stroke, on: pc, eraserPaint: paint)
                case .base(let base):
                    // Another app's pixels, under everything: embedded as they are.
                    if let layer = try? CairoSurface(image: base.image) {
                        cairo_set_source_surface(pc, layer.handle, 0, 0)
                        cairo_paint(pc)
                    }
                default:
                    break
                }
            }
            if items[i].element != nil {
                for j in erasers where j > i {
                    if case .stroke(let stroke) = items[j] { VectorStrokes.draw(stroke, on: pc, eraserPaint: paint) }
                }
                if case .element(let element) = items[i] { ElementArt.draw(element, on: pc, assets: picture.canvas.assets) }
            }
            if let snapshot { cairo_pattern_destroy(snapshot) }
            start = i + 1
        }
        cairo_set_source_surface(cr, page, 0, 0)
        cairo_paint(cr)
    }

    /// A pattern of the page as it stands (the recording is copied when it changes later).
    private static func snapshot(of page: OpaquePointer, extents: inout cairo_rectangle_t) -> OpaquePointer? {
        guard let copy = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents), let cc = cairo_create(copy) else { return nil }
        cairo_set_source_surface(cc, page, 0, 0)
        cairo_paint(cc)
        cairo_destroy(cc)
        defer { cairo_surface_destroy(copy) }
        return cairo_pattern_create_for_surface(copy)
    }
}
