import CCairo
import DrawingBoardCore
import Foundation

/// Draws a Xournal++ paper (`XournalPaper`) where and in the colours Xournal++ 1.1.3 draws it:
/// the page's colour, then the style's lines or dots, in points (4/3 of a page pixel each),
/// with the style's line width, spacing and margins unless the paper's settings give others.
enum XournalPaperPainter {
    /// Draws `paper` over the whole of `cr`'s target, a page of `size` pixels.
    static func paint(_ paper: XournalPaper, on cr: OpaquePointer, size: PixelSize) {
        let settings = (try? paper.settings()) ?? XournalPaper.Settings()
        cairo_save(cr)
        defer { cairo_restore(cr) }
        set(paper.color, on: cr)
        cairo_paint(cr)
        let scale = 4.0 / 3.0
        cairo_scale(cr, scale, scale)
        let points = paper.points(for: size)
        let w = points.width, h = points.height
        let style = Style(paper.style)
        let first = paper.isDark ? settings.af1 ?? style.alternative : settings.f1 ?? style.foreground
        let lw = settings.lineWidth ?? style.lineWidth
        let r = spacing(settings.spacing ?? 14.17, width: w, height: h)
        set(first, on: cr)
        cairo_set_line_width(cr, lw)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            cairo_move_to(cr, x1, y1)
            cairo_line_to(cr, x2, y2)
        }
        switch paper.style {
        case .ruled, .lined:
            // The line spacing Xournal++ 1.2 reads from `r1` (1.1.3's fixed 24 points otherwise).
            let spacing = max(settings.spacing ?? 24, (w * h / Double(maxMarks)).squareRoot(), 0.01)
            let count = Int((h - 80 - 20) / (spacing + lw))
            for i in 0..<max(count, 0) { line(0, 80 + spacing * Double(i), w, 80 + spacing * Double(i)) }
            cairo_stroke(cr)
            if paper.style == .lined {
                set(paper.isDark ? settings.af2 ?? RGBColor(rgb: 0x220080) : settings.f2 ?? RGBColor(rgb: 0xFF0080), on: cr)
                // The margin's line: an inch in unless the paper says where; a negative margin
                // counts from the right edge (Xournal++'s page for right-to-left writing).
                let margin = settings.margin ?? 72
                let x = margin < 0 ? w + margin : margin
                line(x, 0, x, h)
                cairo_stroke(cr)
            }
        case .graph:
            // A negative margin is none.
            let m = max(settings.margin ?? 0, 0)
            var mLR = m, mTB = m
            if settings.roundMargin == true {
                let iw: Double = w - 2 * m, ih: Double = h - 2 * m
                let restW: Double = iw - (iw / r).rounded(.down) * r, restH: Double = ih - (ih / r).rounded(.down) * r
                mLR += restW / 2
                mTB += restH / 2
            }
            // Every `bli`th line bold (`blw` points), the others as usual: two passes.
            let bold = settings.boldInterval ?? 0
            for pass in bold > 0 ? [false, true] : [false] {
                if pass { cairo_set_line_width(cr, settings.boldWidth ?? 1.5) }
                func drawn(_ k: Int) -> Bool { bold > 0 ? (k % bold == 0) == pass : true }
                var pos = r, k = 1
                while pos < w {
                    if !(pos < m || pos > w - m), drawn(k) { line(pos, mTB - 2.5, pos, h - mTB - 2.5) }
                    pos += r
                    k += 1
                }
                pos = r
                k = 1
                while pos < h {
                    if !(pos < m || pos > h - mTB), drawn(k) { line(mLR, pos, w - mLR, pos) }
                    pos += r
                    k += 1
                }
                cairo_stroke(cr)
            }
        case .dotted:
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            var x = r
            while x < w {
                var y = r
                while y < h {
                    line(x, y, x, y)
                    y += r
                }
                x += r
            }
            cairo_stroke(cr)
        case .staves:
            let size = 4 * 5 + 5 * lw + 40
            let count = Int((h - 80 - 20 + 40) / size)
            var offset = 80.0
            for _ in 0..<max(count, 0) {
                for j in 0..<5 { line(50, offset + 5 * Double(j), w - 50, offset + 5 * Double(j)) }
                line(50, offset - lw / 2, 50, offset + 20 + lw / 2)
                line(w - 50, offset - lw / 2, w - 50, offset + 20 + lw / 2)
                cairo_stroke(cr)
                offset += size
            }
        case .isodotted, .isograph:
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            isometric(lines: paper.style == .isograph, r: r, w: w, h: h, line: line)
            cairo_stroke(cr)
        }
    }

    /// Most dots (or grid cells) a page's paper is drawn with.
    static let maxMarks = 1_000_000

    /// The spacing the paper is drawn at, in points: the one it asks for, unless that would
    /// put more than `maxMarks` dots on a page of `width` x `height` points (a paper of one
    /// point on the largest page would take millions of path elements, seconds and gigabytes
    /// to draw; at that density it is an even tint either way).
    static func spacing(_ asked: Double, width: Double, height: Double) -> Double {
        max(asked, (width * height / Double(maxMarks)).squareRoot())
    }

    /// The isometric grid, centred on the page one spacing in from its edges: dots on every
    /// other row of each column, or the grid's lines and both diagonals.
    private static func isometric(lines: Bool, r: Double, w: Double, h: Double, line: (Double, Double, Double, Double) -> Void) {
        let xs = 3.0.squareRoot() / 2 * r, ys = r / 2
        let cols = Int(floor((w - 2 * r) / xs)), rows = Int(floor((h - 2 * r) / ys))
        guard cols >= 0, rows >= 0 else { return }
        let cw = Double(cols) * xs, ch = Double(rows) * ys
        let ox = (w - cw) / 2, oy = (h - ch) / 2
        func at(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) { line(ox + x1, oy + y1, ox + x2, oy + y2) }
        guard lines else {
            for col in 0...cols {
                let x = Double(col) * xs, even = col % 2 == 0
                var row = 0
                while row <= (even ? rows - 2 : rows) {
                    let y = (even ? ys : 0) + Double(row) * ys
                    at(x, y, x, y)
                    row += 2
                }
            }
            return
        }
        at(0, 0, cw, 0)
        at(0, ch, cw, ch)
        for col in 0...cols { at(Double(col) * xs, 0, Double(col) * xs, ch) }
        let hd = cols / 2, vd = rows / 2, diags = hd + vd, hc = cols - 2 * hd, vc = rows - 2 * vd
        for d in 0..<max(diags + hc * vc, 0) {
            var x1 = cw, y1 = 0.0, x2 = 0.0, y2 = ch
            if d < hd { x1 = xs + Double(d) * 2 * xs } else { y1 = ys + Double(d - hd) * 2 * ys - Double(hc) * ys }
            if d < vd { y2 = ys + Double(d) * 2 * ys } else { x2 = xs + Double(d - vd) * 2 * xs - Double(vc) * xs }
            at(x1, y1, x2, y2)
        }
        for d in 0..<max(diags, 0) {
            var x1 = 0.0, y1 = 0.0, x2 = cw, y2 = ch
            if d < hd { x1 = cw - (xs + Double(d) * 2 * xs) - Double(hc) * xs } else { y1 = ys + Double(d - hd) * 2 * ys }
            if d < vd { y2 = ys + Double(d) * 2 * ys + Double(hc) * ys } else { x2 = cw - (xs + Double(d - vd) * 2 * xs) + Double(vc - hc) * xs }
            at(x1, y1, x2, y2)
        }
    }

    /// Each style's colours and line width, as Xournal++ sets them before reading the settings.
    private struct Style {
        var foreground: RGBColor
        var alternative: RGBColor
        var lineWidth: Double

        init(_ style: XournalPaper.Style) {
            switch style {
            case .ruled, .lined: self.init(0x40A0FF, 0x434343, 0.5)
            case .graph: self.init(0xBDBDBD, 0x434343, 0.5)
            case .dotted, .isodotted: self.init(0xBDBDBD, 0x434343, 1.5)
            case .isograph: self.init(0xBDBDBD, 0x434343, 1.0)
            case .staves: self.init(0x000000, 0xFFFFFF, 0.5)
            }
        }

        private init(_ f: UInt32, _ a: UInt32, _ lw: Double) {
            foreground = RGBColor(rgb: f)
            alternative = RGBColor(rgb: a)
            lineWidth = lw
        }
    }

    private static func set(_ c: RGBColor, on cr: OpaquePointer) {
        cairo_set_source_rgb(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
    }
}
