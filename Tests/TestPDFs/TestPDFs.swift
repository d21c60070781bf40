import CCairo
import Foundation

/// PDFs the tests make themselves: lecture pages drawn with Cairo (text and vector shapes), and
/// hostile files written by hand (no pages, a password, too many pages, damage).
public enum TestPDF {
    /// A page of `size` points (width, height).
    public typealias Size = (width: Double, height: Double)

    /// An entry of a test PDF's outline: its parent (0: the top; else the number of an entry
    /// before it, from 1), title, page (from 1) and whether it is shown unfolded.
    public typealias OutlineEntry = (parent: Int, title: String, page: Int, open: Bool)

    /// A lecture of `pages` A4 pages with this outline (bookmarks).
    public static func lecture(pages: Int, outline: [OutlineEntry]) -> Data {
        lecture(Array(repeating: (595, 842), count: pages), outline: outline)
    }

    /// One page per size: "Lecture page N" in text at (72, 100) and a green rectangle at
    /// (72, 200) 200 x 100, in points; `outline`, its bookmarks.
    public static func lecture(_ sizes: [Size], outline: [OutlineEntry] = []) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, bytes, length in
            Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), sizes[0].width, sizes[0].height)
        let cr = cairo_create(surface)
        for (i, size) in sizes.enumerated() {
            cairo_pdf_surface_set_size(surface, size.width, size.height)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 24)
            cairo_move_to(cr, 72, 100)
            cairo_show_text(cr, "Lecture page \(i + 1)")
            cairo_set_source_rgb(cr, 0, 0.5, 0)
            cairo_rectangle(cr, 72, 200, 200, 100)
            cairo_fill(cr)
            cairo_show_page(cr)
        }
        for entry in outline {
            _ = cairo_pdf_surface_add_outline(surface, Int32(entry.parent), entry.title, "page=\(entry.page)",
                                              entry.open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0))
        }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return sink.data
    }

    /// `count` A4 pages.
    public static func lecture(pages count: Int) -> Data {
        lecture(Array(repeating: (595, 842), count: count))
    }

    /// A PDF written by hand from its objects (numbered from 1), with a correct cross-reference
    /// table; `trailer` adds keys to the trailer.
    public static func handMade(_ objects: [String], trailer: String = "") -> Data {
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// Two A4 pages; the first has a link to the web at (72, 100)-(272, 140) points from the
    /// top left (https://example.org/entropy) and one to page 2 at (72, 200)-(272, 240).
    public static var withLinks: Data {
        handMade([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [5 0 R 6 0 R] >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
            "<< /Type /Annot /Subtype /Link /Rect [72 702 272 742] /Border [0 0 0] /A << /S /URI /URI (https://example.org/entropy) >> >>",
            "<< /Type /Annot /Subtype /Link /Rect [72 602 272 642] /Border [0 0 0] /Dest [4 0 R /Fit] >>",
        ])
    }

    /// A well-formed PDF with no pages.
    public static var noPages: Data {
        handMade(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"])
    }

    /// `count` empty pages of `size` points, all in one page tree.
    public static func blankPages(_ count: Int, size: Size = (595, 842)) -> Data {
        let kids = (0..<count).map { "\($0 + 3) 0 R" }.joined(separator: " ")
        let pages = (0..<count).map { _ in "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(size.width) \(size.height)] >>" }
        return handMade(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>"] + pages)
    }

    /// A one-page PDF that needs a password to open (the standard security handler, revision 2,
    /// whose user password is not empty).
    public static var passwordProtected: Data {
        let o = String(repeating: "4f", count: 32), u = String(repeating: "a5", count: 32)
        return handMade([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
            "<< /Filter /Standard /V 1 /R 2 /O <\(o)> /U <\(u)> /P -44 >>",
        ], trailer: "/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]")
    }

    /// One A4 page that takes poppler a long time to draw: `squares` tiny grey squares, each
    /// its own fill, over the bottom half, then the lecture's green rectangle (72, 200 points
    /// from the top left, 200 x 100).
    public static func heavy(squares: Int) -> Data {
        var content = "0.6 g\n"
        for i in 0..<squares {
            content += String(format: "%.1f %.1f 0.5 0.5 re f\n", 20 + Double(i % 1100) * 0.5, 20 + Double(i / 1100 % 700) * 0.5)
        }
        content += "0 0.502 0 rg 72 542 200 100 re f\n"
        return handMade([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
        ])
    }

    /// The first `count` bytes of a lecture: a file cut short.
    public static func truncated(_ count: Int = 200) -> Data {
        lecture(pages: 2).prefix(count)
    }
}
