import CPangoCairo
import CCairo
import DrawingBoardCore

/// Lays out and draws interface text with Pango (shaping, fallback fonts, any script).
enum TextRenderer {
    /// Draws `text` centred vertically in `rect`, aligned as asked, ellipsised if too long.
    static func draw(_ text: String, on cr: OpaquePointer, in rect: Rect, size: Double, color: RGBA,
                     align: TextAlign, bold: Bool, wrap: Bool = false, family: String = "Sans") {
        guard let layout = makeLayout(cr, text, size: size, bold: bold, family: family) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(rect.width * Double(PANGO_SCALE)))
        if wrap {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_height(layout, Int32(rect.height * Double(PANGO_SCALE)))
        }
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        switch align {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, rect.minX, rect.minY + (rect.height - Double(h)) / 2)
        pango_cairo_show_layout(cr, layout)
    }

    /// The pixel size `text` takes on one line.
    static func measure(_ text: String, on cr: OpaquePointer, size: Double, bold: Bool) -> (width: Double, height: Double) {
        guard let layout = makeLayout(cr, text, size: size, bold: bold) else { return (0, 0) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return (Double(w), Double(h))
    }

    static func makeLayout(_ cr: OpaquePointer, _ text: String, size: Double, bold: Bool, family: String = "Sans") -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}

public enum TextAlign: Sendable {
    case left, center, right
}

/// Text measured away from any frame (for layouts that depend on how text wraps).
public enum TextMetrics {
    /// How many lines `text` wraps to at `width` pixels in the interface font at `size`.
    public static func lineCount(_ text: String, width: Double, size: Double, bold: Bool = false) -> Int {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return 1 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return 1 }
        defer { cairo_destroy(cr) }
        guard let layout = TextRenderer.makeLayout(cr, text, size: size, bold: bold) else { return 1 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        return max(1, Int(pango_layout_get_line_count(layout)))
    }

    /// The width each of `texts` takes on one line in the interface font at `size`.
    public static func widths(_ texts: [String], size: Double, bold: Bool = false) -> [Double] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return texts.map { _ in 0 } }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return texts.map { _ in 0 } }
        defer { cairo_destroy(cr) }
        return texts.map { TextRenderer.measure($0, on: cr, size: size, bold: bold).width }
    }
}
