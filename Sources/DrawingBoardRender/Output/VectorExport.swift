import CCairo
import DrawingBoardCore
import Foundation

/// SVG and PDF through Cairo's vector surfaces, drawn from the stroke data: every stroke is a
/// path with its colour's opacity (both formats paint a stroke as one shape, so the opacity is
/// uniform where it crosses itself, as on screen), and an eraser's pass is not painted: each
/// stroke before it that it reaches is clipped outside it (`Page.strokesAsWritten`), so what is
/// under the ink (a PDF page's text and drawings) is never painted twice, and every stroke
/// stays a path in both formats. Paper stays shapes too. Backgrounds that are images are
/// embedded as images; a drawing that did not come from strokes (another app's document) is
/// embedded as its pixels.
public enum VectorExport {
    public enum Format: String, Sendable {
        case svg, pdf
    }

    /// A PDF point is 1/72 inch; a page's pixel 1/96.
    public static let pointsPerPixel = 0.75

    public static func export(_ picture: PageImage, as format: Format) throws(RenderError) -> Data {
        var data = Data()
        try write(format, pages: 1, size: picture.page.size, to: { data.append(contentsOf: $0); return true }) { _ in
            ExportedPage(page: picture.page) { () throws(RenderError) in picture }
        }
        return data
    }

    /// A page to write: its model, and its pixels, made only if the page needs them (an image
    /// background, elements, another app's drawing); a page of strokes over a colour, paper or
    /// a PDF page is written from its model alone.
    public struct ExportedPage {
        public var page: Page
        public var pixels: () throws(RenderError) -> PageImage
        /// Only what was drawn on the page is written: its PDF page goes under it as it is.
        var drawsOverPDF = false

        public init(page: Page, pixels: @escaping () throws(RenderError) -> PageImage) {
            self.page = page
            self.pixels = pixels
        }

        /// An image background and another app's drawing are written from the page's pixels;
        /// strokes and elements are drawn from the model (elements from their sources).
        var needsPixels: Bool {
            if case .image = page.background { return true }
            return page.base != nil
        }
    }

    /// A PDF of the editor's whole notebook, page after page.
    public static func exportNotebook(_ editor: Editor) throws(RenderError) -> Data {
        var data = Data()
        try exportNotebook(editor) { data.append(contentsOf: $0); return true }
        return data
    }

    /// The same, handed to `sink` as it is made (the file is not held whole in memory; the
    /// pages Cairo draws beside kept PDF pages are, until libqpdf takes them in); `sink` says
    /// whether it took the bytes.
    public static func exportNotebook(_ editor: Editor, to sink: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) {
        try exportNotebook(editor.pages.notebook.pages.map(\.page), to: sink) { i throws(RenderError) in try editor.pages.image(i) }
    }

    /// The same for a notebook's pages without an editor: a page that needs pixels (elements,
    /// an image background) is painted from its model when it is its turn.
    public static func exportNotebook(_ pages: [Page], to sink: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) {
        try exportNotebook(pages, to: sink) { i throws(RenderError) in try PageImage.painted(pages[i]) }
    }

    private static func exportNotebook(_ pages: [Page], to sink: (UnsafeRawBufferPointer) -> Bool,
                                       pixels: @escaping (Int) throws(RenderError) -> PageImage) throws(RenderError) {
        guard let first = pages.first else { throw RenderError("a notebook has at least one page") }
        try write(.pdf, pages: pages.count, size: first.size, to: sink, strokes: { pages[$0].strokesAsWritten }) { i in
            ExportedPage(page: pages[i]) { () throws(RenderError) in try pixels(i) }
        }
    }

    /// A PDF of every page of the notebook, in order, each at its own size; `page` gives each
    /// page's picture when it is its turn (one at a time, so the pages' pixels never add up).
    public static func exportPDF(pages count: Int, size first: PixelSize, page: (Int) -> ExportedPage) throws(RenderError) -> Data {
        var data = Data()
        try write(.pdf, pages: count, size: first, to: { data.append(contentsOf: $0); return true }, page: page)
        return data
    }

    /// `strokes`, given: each page's strokes, for planning them on a second thread ahead of
    /// the writer (a notebook of many pages).
    private static func write(_ format: Format, pages count: Int, size first: PixelSize, to sink: (UnsafeRawBufferPointer) -> Bool,
                              strokes: (@Sendable (Int) -> [Stroke])? = nil, page: (Int) -> ExportedPage) throws(RenderError) {
        // A PDF with pages of PDFs: those pages go in as they are, with what was drawn on them
        // drawn over them (`KeptPDFPages`).
        let pages = format == .pdf ? (0..<count).map { page($0).page } : []
        let kept = format == .pdf ? KeptPDFPages.plan(pages) : KeptPDFPages.Plan()
        guard kept.keepsAny else {
            let planner = strokes.map { StrokePlanner(pages: count, strokes: $0) }
            defer { planner?.stop() }
            try withoutActuallyEscaping(sink) { sink throws(RenderError) in
                try write(format, pages: count, size: first, sink: Sink(sink), planner: planner, page: page)
            }
            return
        }
        // Cairo draws the pages not kept, and the ink over kept pages `PDFInk` does not write.
        let drawnPages = (0..<count).filter { kept.drawn($0) }.map { i in
            var one = page(i)
            one.drawsOverPDF = kept.keeps(i)
            return one
        }
        let drawn = drawnPages.isEmpty ? [] : try drawForKeptPages(drawnPages)
        do {
            try KeptPDFPages.write(pages, drawn: drawn, plan: kept, to: sink)
        } catch where !error.started {
            // A PDF libqpdf cannot take apart (poppler read it): every page drawn whole, as
            // before, rather than no file.
            try withoutActuallyEscaping(sink) { sink throws(RenderError) in
                try write(format, pages: count, size: first, sink: Sink(sink), planner: nil, page: page)
            }
        } catch {
            throw error.error
        }
    }

    /// The pages drawn for `KeptPDFPages` (the kept ones holding only what was drawn on them):
    /// on both cores, each half of the notebook a PDF of its own, when every page is drawn from
    /// its model alone (nothing painted to pixels, no PDF page drawn by poppler); else in order
    /// on this thread.
    private static func drawForKeptPages(_ pages: [ExportedPage]) throws(RenderError) -> [Data] {
        let alone = pages.allSatisfy { one in
            if one.needsPixels { return false }
            if case .pdf = one.page.background { return one.drawsOverPDF }
            return true
        }
        guard alone, pages.count >= 8 else {
            var drawn = Data()
            try write(.pdf, pages: pages.count, size: pages[0].page.size, sink: Sink { drawn.append(contentsOf: $0); return true }, planner: nil) { pages[$0] }
            return [drawn]
        }
        final class Half: @unchecked Sendable {
            var data = Data()
            var error: RenderError?
        }
        final class Shared: @unchecked Sendable {
            let pages: [ExportedPage]
            init(_ pages: [ExportedPage]) { self.pages = pages }
        }
        let shared = Shared(pages), halves = [Half(), Half()]
        let ranges = [0..<pages.count / 2, pages.count / 2..<pages.count]
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let range = ranges[k], half = halves[k]
            do throws(RenderError) {
                try write(.pdf, pages: range.count, size: shared.pages[range.lowerBound].page.size, sink: Sink { half.data.append(contentsOf: $0); return true },
                          planner: nil) { shared.pages[range.lowerBound + $0] }
            } catch {
                half.error = error
            }
        }
        if let error = halves.compactMap(\.error).first { throw error }
        return halves.map(\.data)
    }

    /// Where Cairo's writer puts the bytes.
    private final class Sink {
        let take: (UnsafeRawBufferPointer) -> Bool
        init(_ take: @escaping (UnsafeRawBufferPointer) -> Bool) { self.take = take }
    }

    private static func write(_ format: Format, pages count: Int, size first: PixelSize, sink: Sink, planner: StrokePlanner?,
                               page: (Int) -> ExportedPage) throws(RenderError) {
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            return sink.take(UnsafeRawBufferPointer(start: bytes, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
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
            // Curves stay curves in the file; Cairo flattens them only to work out what each
            // operation covers, and at its default tolerance that is most of its work on
            // handwriting. Half a unit bounds the coverage closely enough.
            cairo_set_tolerance(cr, 0.5)
            if format == .pdf { cairo_scale(cr, points.width / Double(size.width), points.height / Double(size.height)) }
            // The page's pixels live only while it is written.
            let picture = exported.needsPixels ? try exported.pixels() : nil
            try draw(exported.page, picture, plan: planner?.take(i), on: cr, size: size, overPDF: exported.drawsOverPDF)
            if format == .pdf { cairo_show_page(cr) }
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write the \(format.rawValue) file: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// Draws one page: its background, then its items as vectors where they can be.
    /// `plan`: the page's strokes made ready (nil: made here).
    /// `overPDF`: the PDF page is not drawn (it goes under the page as it is).
    private static func draw(_ page: Page, _ picture: PageImage?, plan: [VectorStrokes.Piece]?, on cr: OpaquePointer, size: PixelSize,
                             overPDF: Bool = false) throws(RenderError) {
        // The background (no eraser pass paints it again: what a pass took is a hole in the
        // ink before it).
        let backgroundPattern: OpaquePointer
        var backgroundLayer: CairoSurface?
        switch page.background {
        case .color(let c):
            backgroundPattern = cairo_pattern_create_rgb(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
        case .paper, .xournal:
            // A recording of the ruling: drawn as shapes.
            var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, &extents)
            let rc = cairo_create(recording)
            switch page.background {
            case .paper(let paper): BackgroundLayer.rule(paper, on: rc!, size: size)
            case .xournal(let paper): XournalPaperPainter.paint(paper, on: rc!, size: size)
            default: break
            }
            cairo_destroy(rc)
            backgroundPattern = cairo_pattern_create_for_surface(recording)
            cairo_surface_destroy(recording)
        case .pdf where overPDF:
            // (The page goes under the file's page as it is: nothing of it is drawn here.)
            backgroundPattern = cairo_pattern_create_rgba(0, 0, 0, 0)
        case .pdf(let pdf):
            // The PDF page as poppler draws it for printing, recorded: replayed into the file,
            // its text stays text and its drawings vectors.
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
        if !overPDF {
            cairo_set_source(cr, backgroundPattern)
            cairo_paint(cr)
        }
        if page.lastElementIndex != nil {
            // The elements' sources decoded for this page (on this thread), or the canvas's.
            drawWithElements(page, assets: picture?.canvas.assets ?? AssetStore(), on: cr)
        } else if page.base == nil {
            // On the page, in order: a highlighter multiplies into everything under it, the
            // background included, as on screen. PDF keeps it all as vectors; Cairo's SVG
            // writer has no multiply and embeds a page with highlighters as pixels.
            VectorStrokes.draw(plan ?? VectorStrokes.plan(page.strokesAsWritten), on: cr)
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
}

extension Stroke {
    /// Whether the stroke may share one stroked path with the strokes like it next to it in a
    /// vector file: opaque, of one width (no pressure, no dashes), painted normally.
    var mergesInVectors: Bool {
        style.opacity == 1 && pressures == nil && form == nil && transform == nil && holes == nil && [.pencil, .line, .rectangle, .ellipse].contains(tool)
    }
}
