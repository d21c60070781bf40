import CCairo
import DrawingBoardCore
import Foundation

/// The first page of a small PDF (a Xournal++ LaTeX picture's rendering) as an SVG, so it
/// is an element's picture like any drawing: vectors at any size, kept in documents.
public enum PDFPicture {
    /// Largest SVG made (a LaTeX formula's is a few kilobytes).
    static let maxBytes = 64 << 20

    public static func svg(fromPDF bytes: Data, name: String) throws(RenderError) -> Data {
        let (poppler, document) = try PDFReader.open(bytes, name: name)
        defer { poppler.release(document) }
        guard let page = poppler.page(document, 0) else { throw RenderError("\(name): the PDF has no page") }
        defer { poppler.release(page) }
        let points = poppler.size(page)
        guard points.width.isFinite, points.height.isFinite, points.width > 0, points.height > 0,
              points.width <= 14_400, points.height <= 14_400 else {
            throw RenderError("\(name): its page is \(points.width) x \(points.height) points")
        }
        final class Sink {
            var data = Data()
            var tooBig = false
        }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            guard sink.data.count + Int(length) <= PDFPicture.maxBytes else {
                sink.tooBig = true
                return CAIRO_STATUS_WRITE_ERROR
            }
            sink.data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let scale = 4.0 / 3.0
        try withExtendedLifetime(sink) { () throws(RenderError) in
            guard let surface = cairo_svg_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(),
                                                                      points.width * scale, points.height * scale) else {
                throw RenderError("\(name): cannot make its picture")
            }
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            if let cr = cairo_create(surface) {
                cairo_scale(cr, scale, scale)
                let quiet = QuietStandardError()
                poppler.render(page, on: cr, printing: false)
                quiet.restore()
                cairo_destroy(cr)
            }
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS, !sink.tooBig else { throw RenderError("\(name): its picture cannot be made") }
        }
        return sink.data
    }
}
