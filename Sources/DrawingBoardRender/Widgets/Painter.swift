import CCairo
import DrawingBoardCore

/// What widgets draw with: filled and outlined (rounded) rectangles, circles, lines, text and
/// tinted icons, on a frame. Owns its Cairo context; drawing state is saved around each call.
public final class Painter {
    private let context: CairoContext
    private var cr: OpaquePointer { context.handle }
    public let icons: IconSet

    public init(frame: Frame, icons: IconSet) throws(RenderError) {
        context = try CairoContext(frame.surface)
        self.icons = icons
    }

    /// Limits all further drawing to `rect`.
    public func clip(_ rect: PixelRect) {
        context.clip(to: rect)
    }

    /// Runs `body` with drawing limited to `rect`, then lifts that limit.
    public func clipped(to rect: Rect, _ body: () -> Void) {
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    public func fill(_ rect: Rect, _ color: RGBA, radius: Double = 0) {
        cairo_save(cr)
        path(rect, radius: radius)
        set(color)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    public func outline(_ rect: Rect, _ color: RGBA, width: Double, radius: Double = 0) {
        cairo_save(cr)
        path(rect.insetBy(width / 2), radius: max(0, radius - width / 2))
        set(color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Fills the closed polygon through `points`.
    public func fillPolygon(_ points: [Point], _ color: RGBA) {
        guard let first = points.first else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
        set(color)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    public func fillCircle(center: Point, radius: Double, _ color: RGBA) {
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        set(color)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A hue and saturation disc at brightness `value`: hue turns clockwise from red at the
    /// right (east), saturation grows from grey at the centre to full at the rim.
    public func colorWheel(center: Point, radius: Double, value: Double) {
        let slices = 180
        let grey = value
        cairo_save(cr)
        // A smooth rim from an antialiased clip; the wedges themselves are not antialiased, so
        // neighbours meet without seams where they are thinner than a pixel.
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        cairo_clip(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        for i in 0..<slices {
            let hue = Double(i) * 360 / Double(slices)
            let a0 = (hue - 1.2) * .pi / 180, a1 = (hue + 1.2) * .pi / 180
            let rim = RGBColor(HSV(hue: hue, saturation: 1, value: value))
            guard let gradient = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius) else { continue }
            cairo_pattern_add_color_stop_rgb(gradient, 0, grey, grey, grey)
            cairo_pattern_add_color_stop_rgb(gradient, 1, Double(rim.red) / 255, Double(rim.green) / 255, Double(rim.blue) / 255)
            cairo_new_path(cr)
            cairo_move_to(cr, center.x, center.y)
            cairo_arc(cr, center.x, center.y, radius + 2, a0, a1)
            cairo_close_path(cr)
            cairo_set_source(cr, gradient)
            cairo_fill(cr)
            cairo_pattern_destroy(gradient)
        }
        cairo_restore(cr)
    }

    /// A rounded strip shading from `top` at its top to `bottom` at its bottom.
    public func gradient(_ rect: Rect, top: RGBA, bottom: RGBA, radius: Double) {
        guard let pattern = cairo_pattern_create_linear(0, rect.minY, 0, rect.maxY) else { return }
        cairo_save(cr)
        cairo_pattern_add_color_stop_rgba(pattern, 0, top.red, top.green, top.blue, top.alpha)
        cairo_pattern_add_color_stop_rgba(pattern, 1, bottom.red, bottom.green, bottom.blue, bottom.alpha)
        path(rect, radius: radius)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    public func strokeCircle(center: Point, radius: Double, _ color: RGBA, width: Double) {
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        set(color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    public func line(from a: Point, to b: Point, width: Double, _ color: RGBA, dashes: [Double] = []) {
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        set(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// Draws `string` centred vertically in `rect`; `wrap` breaks it into lines at word ends;
    /// `family`: the font (the interface's, unless a sample of another is shown).
    public func text(_ string: String, in rect: Rect, size: Double, _ color: RGBA, align: TextAlign = .center, bold: Bool = false,
                     wrap: Bool = false, family: String = "Sans") {
        cairo_save(cr)
        TextRenderer.draw(string, on: cr, in: rect, size: size, color: color, align: align, bold: bold, wrap: wrap, family: family)
        cairo_restore(cr)
    }

    public func measure(_ string: String, size: Double, bold: Bool = false) -> (width: Double, height: Double) {
        TextRenderer.measure(string, on: cr, size: size, bold: bold)
    }

    /// Draws icon `name` in `color`, centred in `rect` at `side` pixels. Returns false when the
    /// icon is missing, so the caller can fall back to a label.
    @discardableResult
    public func icon(_ name: String, in rect: Rect, side: Double, _ color: RGBA) -> Bool {
        let px = Int(side.rounded())
        guard let surface = icons.surface(name, side: px) else { return false }
        cairo_save(cr)
        set(color)
        cairo_mask_surface(cr, surface.handle, (rect.minX + (rect.width - Double(px)) / 2).rounded(),
                           (rect.minY + (rect.height - Double(px)) / 2).rounded())
        cairo_restore(cr)
        return true
    }

    /// Draws a small picture (a thumbnail) scaled to fill `rect`, clipped to a circle when
    /// `circle`, else to its rounded rectangle.
    public func image(_ image: RasterImage, in rect: Rect, radius: Double = 0, circle: Bool = false) {
        guard let surface = try? CairoSurface(image: image) else { return }
        cairo_save(cr)
        if circle {
            cairo_new_path(cr)
            cairo_arc(cr, rect.center.x, rect.center.y, min(rect.width, rect.height) / 2, 0, 2 * Double.pi)
        } else {
            path(rect, radius: radius)
        }
        cairo_clip(cr)
        let sx = rect.width / Double(image.width), sy = rect.height / Double(image.height)
        let scale = max(sx, sy)
        cairo_translate(cr, rect.center.x - Double(image.width) * scale / 2, rect.center.y - Double(image.height) * scale / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, surface.handle, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func set(_ color: RGBA) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private func path(_ r: Rect, radius: Double) {
        cairo_new_path(cr)
        let rad = min(radius, r.width / 2, r.height / 2)
        guard rad > 0 else {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
