import CCairo
import DrawingBoardCore

/// The opaque layer under the drawing, rendered from a `Background` at the canvas size.
final class BackgroundLayer {
    private(set) var surface: CairoSurface
    private(set) var background: Background
    /// A PDF page drawn at the zoom it is shown at, for the part of the window it covers: its
    /// view's scale and offset, and the window rectangle it holds.
    private var zoomed: (scale: Double, offset: Point, rect: PixelRect, surface: CairoSurface)?

    /// Largest zoomed picture kept (pixels): a 4K window's worth.
    static let maxZoomedPixels = 3840 * 2160

    init(size: PixelSize, background: Background) throws(RenderError) {
        surface = try CairoSurface(format: .argb32, size: size)
        self.background = .default
        try show(background)
    }

    /// Renders `background`: a colour fills the layer; an image is scaled to cover it, over
    /// white where the image is transparent.
    func show(_ background: Background) throws(RenderError) {
        let cr = try CairoContext(surface)
        switch background {
        case .color(let color):
            cr.setSource(color)
            cr.paintAll()
        case .image(let image, _):
            let source = try CairoSurface(image: image)
            cr.setSource(.white)
            cr.paintAll()
            cr.paintCovering(source, target: surface.size)
        case .paper(let paper):
            Self.rule(paper, on: cr.handle, size: surface.size)
        case .pdf(let pdf):
            try PDFPainter.draw(pdf, on: cr.handle, size: surface.size)
        }
        self.background = background
        zoomed = nil
    }

    /// Paints the background on `cr` (transformed to the page's pixels through `view`). A PDF
    /// page zoomed in beyond its pixels is drawn by poppler at that zoom, crisp, for the part
    /// of the window (`window`, its size) the page covers, and kept while the zoom stays (a
    /// scroll by whole pixels moves it).
    func paint(on cr: CairoContext, view: ViewTransform, window: PixelSize) {
        cr.paint(surface, smooth: view.scale < 1)
        guard case .pdf(let pdf) = background, view.scale > 1.01,
              let shown = view.windowRect(PixelRect(size: surface.size)).intersection(PixelRect(size: window)) else { return }
        var kept: (rect: PixelRect, surface: CairoSurface)?
        if let z = zoomed, z.scale == view.scale {
            let dx = view.offset.x - z.offset.x, dy = view.offset.y - z.offset.y
            if dx == dx.rounded(), dy == dy.rounded() {
                let moved = PixelRect(x: z.rect.x + Int(dx), y: z.rect.y + Int(dy), width: z.rect.width, height: z.rect.height)
                if moved.intersection(shown) == shown { kept = (moved, z.surface) }
            }
        }
        if kept == nil {
            guard shown.area <= Self.maxZoomedPixels, let layer = try? CairoSurface(format: .argb32, size: PixelSize(width: shown.width, height: shown.height)),
                  let zc = try? CairoContext(layer) else { return }
            cairo_translate(zc.handle, Double(-shown.x), Double(-shown.y))
            cairo_translate(zc.handle, view.offset.x, view.offset.y)
            cairo_scale(zc.handle, view.scale, view.scale)
            // A page poppler cannot draw now keeps its picture at 96 dpi.
            guard (try? PDFPainter.draw(pdf, on: zc.handle, size: surface.size)) != nil else { return }
            zoomed = (view.scale, view.offset, shown, layer)
            kept = (shown, layer)
        }
        guard let kept else { return }
        cairo_save(cr.handle)
        cairo_identity_matrix(cr.handle)
        cairo_set_source_surface(cr.handle, kept.surface.handle, Double(kept.rect.x), Double(kept.rect.y))
        cairo_paint(cr.handle)
        cairo_restore(cr.handle)
    }

    /// Paper: its colour, then lines one pixel wide (on whole pixels, so they stay crisp) or
    /// dots, `spacing` apart from one spacing in from the top and left edges. On any Cairo
    /// context: the layer's, or a vector file's (SVG and PDF keep the lines as shapes).
    static func rule(_ paper: Paper, on cr: OpaquePointer, size: PixelSize) {
        func source(_ c: RGBColor) { cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255) }
        source(paper.color)
        cairo_paint(cr)
        source(paper.line)
        let s = paper.spacing
        func marks(_ extent: Int) -> [Double] {
            stride(from: s, to: Double(extent), by: s).map { $0.rounded(.down) }
        }
        let rows = marks(size.height), columns = marks(size.width)
        let w = Double(size.width), h = Double(size.height)
        switch paper.ruling {
        case .lined:
            for y in rows { cairo_rectangle(cr, 0, y, w, 1) }
        case .squared:
            for y in rows { cairo_rectangle(cr, 0, y, w, 1) }
            for x in columns { cairo_rectangle(cr, x, 0, 1, h) }
        case .dotted:
            for y in rows {
                for x in columns {
                    cairo_new_sub_path(cr)
                    cairo_arc(cr, x + 0.5, y + 0.5, 1.25, 0, 2 * Double.pi)
                }
            }
        }
        cairo_fill(cr)
    }

    /// Re-renders the background for a canvas of a new size.
    func resize(to size: PixelSize) throws(RenderError) {
        guard size != surface.size else { return }
        surface = try CairoSurface(format: .argb32, size: size)
        try show(background)
    }
}
