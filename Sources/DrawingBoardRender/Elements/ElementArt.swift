import CCairo
import CPangoCairo
import DrawingBoardCore

/// Draws elements, each by its kind's painter (`ElementPainters`), turned and placed. Onto
/// a raster target the element is drawn once at its size into a cache (`ElementCache`) and the
/// cache is laid on the page turned and moved; onto SVG and PDF it is drawn directly, so text
/// stays text and vectors stay vectors.
enum ElementArt {
    /// Draws `element` from its source onto `cr`, in page coordinates.
    static func draw(_ element: Element, on cr: OpaquePointer, assets: AssetStore) {
        let p = element.placement
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, p.center.x, p.center.y)
        cairo_rotate(cr, p.rotation * .pi / 180)
        cairo_translate(cr, -p.width / 2, -p.height / 2)
        drawUnrotated(element, on: cr, assets: assets)
    }

    /// Draws the element filling `width` x `height` at the context's origin, unrotated.
    static func drawUnrotated(_ element: Element, on cr: OpaquePointer, assets: AssetStore) {
        let p = element.placement
        cairo_rectangle(cr, 0, 0, p.width, p.height)
        cairo_clip(cr)
        cairo_scale(cr, p.width / p.natural.width, p.height / p.natural.height)
        ElementPainters.draw(element.source.content, p, on: cr, assets: assets)
    }

    /// Where an unturned element's box starts within its pixel (0 ..< 1 each way); a turned
    /// element's is zero (it is resampled as it turns anyway).
    static func phase(of p: Element.Placement) -> Point {
        guard p.rotation == 0 else { return Point(0, 0) }
        let x = p.center.x - p.width / 2, y = p.center.y - p.height / 2
        return Point(x - x.rounded(.down), y - y.rounded(.down))
    }

    /// The element drawn unrotated at its size on the page, `phase` into a surface of whole
    /// pixels (the element fills `width` x `height` from there).
    static func raster(_ element: Element, phase: Point = Point(0, 0), assets: AssetStore) -> CairoSurface? {
        let p = element.placement
        let size = PixelSize(width: max(1, Int((p.width + phase.x).rounded(.up))), height: max(1, Int((p.height + phase.y).rounded(.up))))
        guard let surface = try? CairoSurface(format: .argb32, size: size), let cr = try? CairoContext(surface) else { return nil }
        cairo_translate(cr.handle, phase.x, phase.y)
        drawUnrotated(element, on: cr.handle, assets: assets)
        surface.flush()
        return surface
    }

    /// Lays a surface from `raster` (drawn at `phase`) on the page where the element lies.
    static func paint(_ cached: CairoSurface, of placement: Element.Placement, phase: Point = Point(0, 0), on cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let x = placement.center.x - placement.width / 2, y = placement.center.y - placement.height / 2
        // Unturned and drawn at its phase (or on whole pixels), the cache is copied as it is.
        let aligned = placement.rotation == 0 && phase == self.phase(of: placement)
        if aligned {
            cairo_translate(cr, x.rounded(.down), y.rounded(.down))
        } else {
            cairo_translate(cr, placement.center.x, placement.center.y)
            cairo_rotate(cr, placement.rotation * .pi / 180)
            cairo_translate(cr, -placement.width / 2 - phase.x, -placement.height / 2 - phase.y)
        }
        cairo_set_source_surface(cr, cached.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), aligned ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        // Painted, not filled: each pixel samples the surface on its own, so painting any part of
        // the page again gives exactly the same pixels (an edge's antialiasing does not depend on
        // the area being painted).
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_NONE)
        cairo_paint(cr)
    }
}

/// Text elements laid out by Pango, with metric hinting off so the window, PNG and PDF place
/// every glyph at the same spot.
public enum TextArt {
    /// Page pixels per unit of the style's layout (Xournal++'s texts are laid out in points).
    static func unit(_ style: TextStyle) -> Double { style.layout == .xournal ? 4.0 / 3.0 : 1 }

    static func layout(_ style: TextStyle, on cr: OpaquePointer) -> OpaquePointer? {
        if style.layout == .xournal { return xournalLayout(style, on: cr) }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        defer { cairo_font_options_destroy(options) }
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        // Laid out in the text's own units whatever the context's scale or turn: Pango rounds
        // glyph positions to whole device pixels, so a layout made through a zoom would put
        // the glyphs elsewhere (and a line at another width) than on the page at 100%.
        pango_context_set_matrix(pango_layout_get_context(layout), nil)
        pango_layout_context_changed(layout)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, style.font)
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, style.text, -1)
        return layout
    }

    /// As Xournal++ lays a text out: its font description and size in points, the context's
    /// transformation left out (so glyphs are placed on whole points with hinted metrics, as
    /// an image surface's default options have them), lines one font height apart.
    private static func xournalLayout(_ style: TextStyle, on cr: OpaquePointer) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_matrix(context, nil)
        pango_layout_context_changed(layout)
        let font = pango_font_description_from_string(style.font)
        pango_font_description_set_absolute_size(font, style.size / unit(style) * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_line_spacing(layout, 1)
        pango_layout_set_text(layout, style.text, -1)
        return layout
    }

    /// The size the text takes, laid out (its logical box, at least a pixel).
    public static func measure(_ style: TextStyle) -> Size {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return Size(width: 1, height: 1) }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return Size(width: 1, height: 1) }
        defer { cairo_destroy(cr) }
        guard let layout = layout(style, on: cr) else { return Size(width: 1, height: 1) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE) / unit(style)
        return Size(width: max(1, Double(logical.width) / scale), height: max(1, Double(logical.height) / scale))
    }

    /// Draws the text with its logical box's top left at the origin.
    static func draw(_ style: TextStyle, on cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, unit(style), unit(style))
        guard let layout = layout(style, on: cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        cairo_set_source_rgb(cr, Double(style.color.red) / 255, Double(style.color.green) / 255, Double(style.color.blue) / 255)
        cairo_move_to(cr, -Double(logical.x) / scale, -Double(logical.y) / scale)
        pango_cairo_show_layout(cr, layout)
    }
}

extension TextArt {
    /// The three families fontconfig always resolves.
    public static let standardFamilies = ["Sans", "Serif", "Monospace"]

    /// The font families installed that write Latin letters and digits (symbol and dingbat
    /// fonts are left out, and so are aliases such as "system-ui"), sorted by name; looked up
    /// once.
    public static func families() -> [String] {
        if let known = installedFamilies { return known }
        let found = lookUpFamilies()
        installedFamilies = found
        return found
    }

    nonisolated(unsafe) private static var installedFamilies: [String]?

    private static func lookUpFamilies() -> [String] {
        guard let map = pango_cairo_font_map_get_default(), let context = pango_font_map_create_context(map) else { return standardFamilies }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &list, &count)
        defer { g_free(list) }
        guard let list else { return standardFamilies }
        var names = Set<String>()
        for i in 0..<Int(count) {
            guard let family = list[i], let cName = pango_font_family_get_name(family) else { continue }
            let name = String(cString: cName)
            let description = pango_font_description_new()
            pango_font_description_set_family(description, name)
            pango_font_description_set_absolute_size(description, 16 * Double(PANGO_SCALE))
            defer { pango_font_description_free(description) }
            guard let font = pango_font_map_load_font(map, context, description) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(font)) }
            // A font that has "a", "A", "1", "Ł" and "š" of its own: fontconfig lends symbol
            // fonts the Latin-1 range (their signs sit there), not Latin Extended; and a family
            // fontconfig stands another font in for (an alias) is not the family chosen.
            guard let loaded = pango_font_describe(font) else { continue }
            defer { pango_font_description_free(loaded) }
            let actual = pango_font_description_get_family(loaded).map { String(cString: $0) } ?? ""
            guard actual.caseInsensitiveCompare(name) == .orderedSame || standardFamilies.contains(name) else { continue }
            guard [0x61, 0x41, 0x31, 0x141, 0x161].allSatisfy({ pango_font_has_char(font, gunichar($0)) != 0 }) else { continue }
            names.insert(name)
        }
        return names.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }

    /// Where the caret goes before the character at `offset` (in Characters) of the style's
    /// text: its top and height, in the text's own coordinates (its logical box at 0, 0).
    public static func caret(_ style: TextStyle, at offset: Int) -> (x: Double, y: Double, height: Double) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return (0, 0, style.size) }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return (0, 0, style.size) }
        defer { cairo_destroy(cr) }
        guard let layout = layout(style, on: cr) else { return (0, 0, style.size) }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let prefix = style.text.prefix(offset)
        var pos = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(prefix.utf8.count), &pos)
        let scale = Double(PANGO_SCALE) / unit(style)
        return (Double(pos.x - logical.x) / scale, Double(pos.y - logical.y) / scale, Double(pos.height) / scale)
    }
}

extension TextArt {
    /// The caret's place (in Characters) nearest to `point`, given in the text's own
    /// coordinates (its logical box at 0, 0).
    public static func offset(_ style: TextStyle, at point: Point) -> Int {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return style.text.count }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return style.text.count }
        defer { cairo_destroy(cr) }
        guard let layout = layout(style, on: cr) else { return style.text.count }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE) / unit(style)
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_xy_to_index(layout, Int32((point.x * scale).rounded()) + logical.x, Int32((point.y * scale).rounded()) + logical.y,
                                 &index, &trailing)
        // A byte index into the UTF-8 text, to Characters (and past the character when the
        // point is on its trailing half).
        let utf8 = Array(style.text.utf8)
        let prefix = String(decoding: utf8.prefix(max(0, min(Int(index), utf8.count))), as: UTF8.self)
        return min(prefix.count + Int(trailing), style.text.count)
    }
}
