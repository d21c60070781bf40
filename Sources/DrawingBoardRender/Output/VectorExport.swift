import CCairo
import DrawingBoardCore
import Foundation

/// SVG and PDF through Cairo's vector surfaces, drawn from the stroke data: every stroke is a
/// path with its colour's opacity (both formats paint a stroke as one shape, so the opacity is
/// uniform where it crosses itself, as on screen), and an eraser stroke is painted with the background itself (its
/// colour, or its image as a pattern): in a flat picture, erasing the drawing is showing the
/// background, and this keeps every stroke a path in both formats. Paper stays shapes too. Backgrounds that are images are embedded as images; a drawing that
/// did not come from strokes (another app's document) is embedded as its pixels.
public enum VectorExport {
    public enum Format: String, Sendable {
        case svg, pdf
    }

    /// A PDF point is 1/72 inch; a page's pixel 1/96.
    public static let pointsPerPixel = 0.75

    public static func export(_ picture: PageImage, as format: Format) throws(RenderError) -> Data {
        try write(format, pages: 1, size: picture.page.size) { _ in ExportedPage(page: picture.page) { () throws(RenderError) in picture } }
    }

    /// A page to write: its model, and its pixels, made only if the page needs them (an image
    /// background, elements, another app's drawing); a page of strokes over a colour, paper or
    /// a PDF page is written from its model alone.
    public struct ExportedPage {
        public var page: Page
        public var pixels: () throws(RenderError) -> PageImage

        public init(page: Page, pixels: @escaping () throws(RenderError) -> PageImage) {
            self.page = page
            self.pixels = pixels
        }

        var needsPixels: Bool {
            if case .image = page.background { return true }
            return page.lastElementIndex != nil || page.base != nil
        }
    }

    /// A PDF of the editor's whole notebook, page after page.
    public static func exportNotebook(_ editor: Editor) throws(RenderError) -> Data {
        let notebook = editor.pages.notebook
        return try exportPDF(pages: notebook.count, size: notebook.pages[0].page.size) { i in
            ExportedPage(page: notebook.pages[i].page) { () throws(RenderError) in try editor.pages.image(i) }
        }
    }

    /// A PDF of every page of the notebook, in order, each at its own size; `page` gives each
    /// page's picture when it is its turn (one at a time, so the pages' pixels never add up).
    public static func exportPDF(pages count: Int, size first: PixelSize, page: (Int) -> ExportedPage) throws(RenderError) -> Data {
        try write(.pdf, pages: count, size: first, page: page)
    }

    private static func write(_ format: Format, pages count: Int, size first: PixelSize, page: (Int) -> ExportedPage) throws(RenderError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let box = Unmanaged.passUnretained(sink).toOpaque()
        // SVG is in pixels; a PDF page in points, at 96 pixels per inch (a page made from an A4
        // PDF page is A4 again).
        let unit = format == .pdf ? pointsPerPixel : 1
        guard let surface = format == .svg
            ? cairo_svg_surface_create_for_stream(write, box, Double(first.width), Double(first.height))
            : cairo_pdf_surface_create_for_stream(write, box, Double(first.width) * unit, Double(first.height) * unit) else {
            throw RenderError("cannot create the \(format.rawValue) surface")
        }
        defer { cairo_surface_destroy(surface) }
        if format == .svg { cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX) }
        for i in 0..<count {
            let exported = page(i)
            let size = exported.page.size
            // A page made from a PDF page keeps that page's own size in points.
            var points = (width: Double(size.width) * unit, height: Double(size.height) * unit)
            if case .pdf(let pdf) = exported.page.background, pdf.pageSize.pixelSize == size {
                points = (pdf.pageSize.width, pdf.pageSize.height)
            }
            if format == .pdf { cairo_pdf_surface_set_size(surface, points.width, points.height) }
            guard let cr = cairo_create(surface) else { throw RenderError("cannot draw the \(format.rawValue) file") }
            defer { cairo_destroy(cr) }
            if format == .pdf { cairo_scale(cr, points.width / Double(size.width), points.height / Double(size.height)) }
            // The page's pixels live only while it is written.
            let picture = exported.needsPixels ? try exported.pixels() : nil
            try draw(exported.page, picture, on: cr, size: size)
            if format == .pdf { cairo_show_page(cr) }
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write the \(format.rawValue) file: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.data
    }

    /// Draws one page: its background, then its items as vectors where they can be.
    private static func draw(_ page: Page, _ picture: PageImage?, on cr: OpaquePointer, size: PixelSize) throws(RenderError) {
        // The background, and the paint an eraser stroke uses: erasing shows the background.
        let backgroundPattern: OpaquePointer
        var backgroundLayer: CairoSurface?
        switch page.background {
        case .color(let c):
            backgroundPattern = cairo_pattern_create_rgb(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
        case .paper(let paper):
            // A recording of the ruling: drawn as shapes wherever it is painted (the page,
            // and eraser strokes, which show the paper).
            var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, &extents)
            let rc = cairo_create(recording)
            BackgroundLayer.rule(paper, on: rc!, size: size)
            cairo_destroy(rc)
            backgroundPattern = cairo_pattern_create_for_surface(recording)
            cairo_surface_destroy(recording)
        case .pdf(let pdf):
            // The PDF page as poppler draws it for printing, recorded: replayed into the file,
            // its text stays text and its drawings vectors (and an eraser shows it).
            var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, &extents)
            let rc = cairo_create(recording)!
            defer { cairo_surface_destroy(recording) }
            defer { cairo_destroy(rc) }
            try PDFPainter.draw(pdf, on: rc, size: size, printing: true)
            backgroundPattern = cairo_pattern_create_for_surface(recording)
        case .image:
            guard let picture else { throw RenderError("a page with an image background is written from its pixels") }
            let layer = try CairoSurface(image: picture.backgroundLayerImage())
            backgroundLayer = layer
            backgroundPattern = cairo_pattern_create_for_surface(layer.handle)
        }
        defer { cairo_pattern_destroy(backgroundPattern) }
        cairo_set_source(cr, backgroundPattern)
        cairo_paint(cr)
        if let picture, page.lastElementIndex != nil {
            drawWithElements(picture, on: cr, background: backgroundPattern)
        } else if page.base == nil {
            // On the page, in order: a highlighter multiplies into everything under it, the
            // background included, and an eraser paints the background back, as on screen.
            // PDF keeps it all as vectors; Cairo's SVG writer has no multiply and embeds a page
            // with highlighters as pixels.
            drawStrokes(page.strokes, on: cr, eraserPaint: backgroundPattern)
        } else if let picture {
            // The drawing as pixels; what highlighters laid on the background goes under it.
            if let marks = picture.highlightsLayerImage() {
                let layer = try CairoSurface(image: marks)
                cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
                cairo_set_source_surface(cr, layer.handle, 0, 0)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            let layer = try CairoSurface(image: picture.drawingLayer())
            cairo_set_source_surface(cr, layer.handle, 0, 0)
            cairo_paint(cr)
        }
        withExtendedLifetime(backgroundLayer) {}
    }

    /// Draws strokes in order. Opaque strokes in a row of one colour, width and kind (a pen's
    /// handwriting) are one path stroked once: where opaque ink of one colour overlaps, the
    /// picture is the same, and the file holds one drawing operation instead of hundreds.
    static func drawStrokes(_ strokes: [Stroke], on cr: OpaquePointer, eraserPaint: OpaquePointer) {
        var i = 0
        while i < strokes.count {
            let first = strokes[i]
            var end = i + 1
            if first.mergesInVectors {
                while end < strokes.count, strokes[end].mergesInVectors, strokes[end].style == first.style, strokes[end].tool == first.tool,
                      strokes[end].clip == first.clip { end += 1 }
            }
            if end - i == 1 {
                draw(first, on: cr, eraserPaint: eraserPaint)
            } else {
                let outlines = strokes[i..<end].map(\.outline).filter { !$0.path.isEmpty }
                guard let width = outlines.first?.width else { i = end; continue }
                cairo_save(cr)
                if let clip = first.clip {
                    cairo_rectangle(cr, 0, 0, Double(clip.width), Double(clip.height))
                    cairo_clip(cr)
                }
                var merged = VectorPath()
                for outline in outlines { merged.append(outline.path) }
                CairoContext.setStroke(StrokeOutline(path: merged, width: width), on: cr)
                let c = first.style.color
                cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
                cairo_stroke(cr)
                cairo_restore(cr)
            }
            i = end
        }
    }

    /// Draws one stroke; an eraser paints with `eraserPaint` (the background).
    static func draw(_ stroke: Stroke, on cr: OpaquePointer, eraserPaint: OpaquePointer) {
        let outline = stroke.outline
        guard !outline.path.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let clip = stroke.clip {
            // What lay beyond the canvas it was drawn on was never drawn.
            cairo_rectangle(cr, 0, 0, Double(clip.width), Double(clip.height))
            cairo_clip(cr)
        }
        CairoContext.setStroke(outline, on: cr)
        if stroke.tool == .eraser {
            cairo_set_source(cr, eraserPaint)
        } else {
            // SVG and PDF paint a stroked path as one shape: its opacity is uniform where it
            // crosses itself.
            let c = stroke.style.color
            cairo_set_source_rgba(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, stroke.style.opacity)
        }
        if stroke.tool.blend == .multiply { cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY) }
        // With pressure, the outline is the ink's shape, filled.
        CairoContext.inkPath(outline, on: cr)
    }
}

extension Stroke {
    /// Whether the stroke may share one stroked path with the strokes like it next to it in a
    /// vector file: opaque, of one width (no pressure, no dashes), painted normally.
    var mergesInVectors: Bool {
        style.opacity == 1 && pressures == nil && [.pencil, .line, .rectangle, .ellipse].contains(tool)
    }
}
