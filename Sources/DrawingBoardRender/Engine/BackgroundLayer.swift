import CCairo
import DrawingBoardCore

/// The opaque layer under the drawing, rendered from a `Background` at the canvas size.
final class BackgroundLayer {
    /// The layer's pixels; a colour or paper not drawn yet (`unpainted`) is drawn when they are
    /// first asked for.
    var surface: CairoSurface {
        if unpainted { paintNow() }
        return pixels
    }
    private var pixels: CairoSurface
    private(set) var background: Background
    /// For a process that draws one page and exits (`drawingboard render`): a colour, paper or
    /// PDF page is drawn only when its pixels are asked for (a PDF export never asks), so a picture flattened with the background
    /// painted under its ink (`flattenUnder`) never fills a second full-size buffer.
    nonisolated(unsafe) static var paintsWhenAsked = false
    /// The background is a colour, paper or PDF page not drawn into `pixels` yet.
    private var unpainted = false
    /// Draws PDF pages off the event loop (the window's); nil: drawn here and now.
    private var drawer: PDFPageDrawer?
    /// The PDF page being drawn off the event loop: the layer is white until it comes.
    private(set) var pending: PDFPageDrawer.Request?

    /// A layer drawn whole off the event loop, now the window's: a later PDF page shown on it
    /// comes from the window's worker.
    func adopt(drawer: PDFPageDrawer?) {
        self.drawer = drawer
    }

    init(size: PixelSize, background: Background, drawer: PDFPageDrawer? = nil) throws(RenderError) {
        pixels = try CairoSurface(format: .argb32, size: size)
        self.background = .default
        self.drawer = drawer
        try show(background)
    }

    /// Whether the page came from the worker since the last look (it is in the layer now).
    func catchUp() -> Bool {
        guard let drawer, let pending, let picture = drawer.picture(pending) else { return false }
        place(picture)
        return true
    }

    /// Whether something is still being drawn for this layer off the event loop.
    var waiting: Bool { pending != nil }

    /// The layer as it will be, now: a PDF page still being drawn off the event loop is drawn
    /// here (for a file, which cannot wait).
    func complete() throws(RenderError) {
        guard case .pdf(let pdf) = background, pending != nil else { return }
        let cr = try CairoContext(surface)
        try PDFPainter.draw(pdf, on: cr.handle, size: surface.size)
        pending = nil
    }

    private func place(_ picture: RasterImage) {
        pending = nil
        if picture.size == surface.size { surface.write(picture.pixels, into: PixelRect(size: surface.size)) }
    }

    /// Renders `background`: a colour fills the layer; an image is scaled to cover it, over
    /// white where the image is transparent.
    func show(_ background: Background) throws(RenderError) {
        unpainted = false
        switch background {
        case .color where Self.paintsWhenAsked, .paper where Self.paintsWhenAsked, .xournal where Self.paintsWhenAsked, .pdf where Self.paintsWhenAsked && drawer == nil:
            self.background = background
            pending = nil
            unpainted = true
            return
        default:
            break
        }
        let cr = try CairoContext(pixels)
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
        case .xournal(let paper):
            XournalPaperPainter.paint(paper, on: cr.handle, size: surface.size)
        case .pdf(let pdf):
            if let drawer {
                // White until the page comes from the worker (at once, when it was drawn before).
                cr.setSource(.white)
                cr.paintAll()
                let request = PDFPageDrawer.Request(background: pdf, size: surface.size)
                if let picture = drawer.picture(request) { place(picture) } else { pending = request }
            } else {
                try PDFPainter.draw(pdf, on: cr.handle, size: surface.size)
            }
        }
        self.background = background
        if case .pdf = background {} else { pending = nil }
    }

    /// Paints the background on `cr` (transformed to the page's pixels through `view`): its
    /// pixels at the page's size. (The window at another scale shows the page's view tiles,
    /// which draw a PDF page from the PDF at that scale; this layer stands in until they come.)
    func paint(on cr: CairoContext, view: ViewTransform) {
        cr.paint(surface, smooth: view.scale < 1)
    }

    /// Paper: its colour, then lines one pixel wide (on whole pixels, so they stay crisp) or
    /// dots, `spacing` apart from one spacing in from the top and left edges. On any Cairo
    /// context: the layer's, or a vector file's (SVG and PDF keep the lines as shapes).
    /// `under`: drawn with DEST_OVER, under what the target holds (the lines, then the colour).
    static func rule(_ paper: Paper, on cr: OpaquePointer, size: PixelSize, under: Bool = false) {
        func source(_ c: RGBColor) { cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255) }
        if !under {
            source(paper.color)
            cairo_paint(cr)
        }
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
        if under {
            source(paper.color)
            cairo_paint(cr)
        }
    }

    /// Re-renders the background for a canvas of a new size.
    func resize(to size: PixelSize) throws(RenderError) {
        guard size != pixels.size else { return }
        pixels = try CairoSurface(format: .argb32, size: size)
        try show(background)
    }

    /// Draws a colour or paper left to be drawn when asked for (cairo keeps a context that
    /// cannot be made in an error state: nothing is drawn then, and nothing crashes).
    private func paintNow() {
        unpainted = false
        let cr = cairo_create(pixels.handle)
        defer { cairo_destroy(cr) }
        switch background {
        case .color(let c):
            cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
            cairo_paint(cr)
        case .paper(let paper):
            Self.rule(paper, on: cr!, size: pixels.size)
        case .xournal(let paper):
            XournalPaperPainter.paint(paper, on: cr!, size: pixels.size)
        case .pdf(let pdf):
            do {
                try PDFPainter.draw(pdf, on: cr!, size: pixels.size)
            } catch {
                Self.unpaintable = error
            }
        default:
            break
        }
    }

    /// Why a background left to be drawn when asked could not be (a PDF page poppler failed
    /// to draw): the process that asked (`render`) reports it instead of writing the picture.
    nonisolated(unsafe) static var unpaintable: RenderError?

    /// Paints a colour or paper not drawn yet under the ink of `target` (ink over background,
    /// in place: no other buffer the page's size); false when the background is not one, or
    /// was drawn already (its layer is then the picture's start).
    /// (Dotted paper is drawn the usual way: its dots' soft edges would round differently.)
    func flattenUnder(_ target: CairoSurface) -> Bool {
        if case .paper(let paper) = background, paper.ruling == .dotted { return false }
        guard unpainted, let cr = cairo_create(target.handle) else { return false }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
        switch background {
        case .color(let c):
            cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
            cairo_paint(cr)
        case .paper(let paper):
            // The lines first, then the paper's colour, each under what is there: the ink
            // over the lines over the colour, as on a page drawn the usual way.
            Self.rule(paper, on: cr, size: target.size, under: true)
        default:
            return false
        }
        return true
    }
}
