import CCairo
import DrawingBoardCore

/// Owns a Cairo drawing context on one surface.
final class CairoContext {
    let handle: OpaquePointer
    private let surface: CairoSurface

    init(_ surface: CairoSurface) throws(RenderError) {
        guard let cr = cairo_create(surface.handle) else { throw RenderError("cannot create a drawing context") }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw RenderError("cannot create a drawing context: \(String(cString: cairo_status_to_string(status)))")
        }
        self.handle = cr
        self.surface = surface
    }

    deinit {
        cairo_destroy(handle)
    }

    /// Limits drawing to `rect` until the context is released.
    func clip(to rect: PixelRect) {
        cairo_rectangle(handle, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
        cairo_clip(handle)
    }

    /// Limits all further drawing to `bounds` without `hole`.
    func clip(out hole: PixelRect, of bounds: PixelRect) {
        cairo_new_path(handle)
        cairo_rectangle(handle, Double(bounds.x), Double(bounds.y), Double(bounds.width), Double(bounds.height))
        cairo_rectangle(handle, Double(hole.x), Double(hole.y), Double(hole.width), Double(hole.height))
        cairo_set_fill_rule(handle, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(handle)
        cairo_set_fill_rule(handle, CAIRO_FILL_RULE_WINDING)
    }

    /// Fills a rectangle in the current source.
    func fill(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        cairo_rectangle(handle, x, y, width, height)
        cairo_fill(handle)
    }

    func setSource(_ color: RGBColor, alpha: Double = 1) {
        cairo_set_source_rgba(handle, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha)
    }

    func setBlend(_ blend: InkBlend) {
        switch blend {
        case .over: cairo_set_operator(handle, CAIRO_OPERATOR_OVER)
        case .clear: cairo_set_operator(handle, CAIRO_OPERATOR_CLEAR)
        case .multiply: cairo_set_operator(handle, CAIRO_OPERATOR_MULTIPLY)
        }
    }

    /// Strokes `outline` with round caps and joins in the current source.
    func stroke(_ outline: StrokeOutline) {
        Self.setStroke(outline, on: handle)
        Self.inkPath(outline, on: handle)
    }

    /// Strokes the current path (`setStroke`), or fills it for an outline with pressure, whose
    /// path is the ink's shape.
    static func inkPath(_ outline: StrokeOutline, on cr: OpaquePointer) {
        if outline.filled {
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        } else {
            cairo_stroke(cr)
        }
    }

    /// Strokes a long outline in pieces of `piece` path elements, each stroked on its own and
    /// laid over the others (into a coverage mask: the pieces' round caps make the joins).
    /// Cairo's scan converter slows down with the edges crossing each row, so one stroke of a
    /// hundred thousand segments that cross each other costs far more than its pieces do.
    func strokeInPieces(_ outline: StrokeOutline, piece: Int = 1024) {
        coverInPieces(outline, piece: piece)
        guard !outline.holes.isEmpty else { return }
        // What the erasers took of it: cleared from its coverage, as the eraser clears ink.
        cairo_save(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_CLEAR)
        for hole in outline.holes { coverInPieces(hole, piece: piece) }
        cairo_restore(handle)
    }

    private func coverInPieces(_ outline: StrokeOutline, piece: Int) {
        if outline.fill != nil || outline.segmentWidths != nil { return Self.strokePolyline(outline, on: handle) }
        let elements = outline.path.elements
        guard elements.count > piece, outline.dashes.isEmpty, !outline.filled else { return stroke(outline) }
        var start = 0
        var pen: Point?
        while start < elements.count {
            var part = VectorPath()
            // A piece that starts mid-path starts where the last one ended.
            if case .move = elements[start] {} else if let pen { part.move(to: pen) }
            for element in elements[start..<min(start + piece, elements.count)] {
                switch element {
                case .move(let p): part.move(to: p); pen = p
                case .line(let p): part.line(to: p); pen = p
                case .curve(let a, let b, let c): part.curve(to: c, control1: a, control2: b); pen = c
                case .close: part.close()
                }
            }
            stroke(StrokeOutline(path: part, width: outline.width))
            start += piece
        }
    }

    /// Makes `outline` the current path of any Cairo context (image, SVG or PDF), with its
    /// width, round caps and joins, and dashes, ready to stroke.
    static func setStroke(_ outline: StrokeOutline, on cr: OpaquePointer) {
        cairo_new_path(cr)
        for element in outline.path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let c): cairo_curve_to(cr, a.x, a.y, b.x, b.y, c.x, c.y)
            case .close: cairo_close_path(cr)
            }
        }
        cairo_set_line_width(cr, outline.width)
        setCap(outline.cap, on: cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        outline.dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
    }

    static func setCap(_ cap: PolylineForm.Cap, on cr: OpaquePointer) {
        switch cap {
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    /// Another app's polyline into the current source (a coverage mask, or a vector file's
    /// page), as that app draws it: the polygon filled with `fill` of the source's alpha, then
    /// the line over it, one stroke, or one stroke per segment at its own width, the dashes
    /// going on along the line.
    static func strokePolyline(_ outline: StrokeOutline, on cr: OpaquePointer) {
        let points = outline.path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p): return p
            case .curve(_, _, let p): return p
            case .close: return nil
            }
        }
        guard let first = points.first else { return }
        if let fill = outline.fill {
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_move_to(cr, first.x, first.y)
            for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, fill)
            cairo_restore(cr)
        }
        guard let widths = outline.segmentWidths, points.count > 1 else {
            setStroke(outline, on: cr)
            cairo_stroke(cr)
            return
        }
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        setCap(outline.cap, on: cr)
        var along = 0.0
        for i in 0..<(points.count - 1) {
            let a = points[i], b = points[i + 1]
            cairo_new_path(cr)
            cairo_move_to(cr, a.x, a.y)
            cairo_line_to(cr, b.x, b.y)
            cairo_set_line_width(cr, i < widths.count ? widths[i] : outline.width)
            outline.dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), along) }
            cairo_stroke(cr)
            along += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// Paints the current source through the coverage of `mask`.
    func paint(through mask: CairoSurface) {
        cairo_mask_surface(handle, mask.handle, 0, 0)
    }

    /// The same, with the mask filtered like the layers when the view is scaled.
    func paint(through mask: CairoSurface, smooth: Bool) {
        let pattern = cairo_pattern_create_for_surface(mask.handle)
        cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        cairo_mask(handle, pattern)
        cairo_pattern_destroy(pattern)
    }

    /// Paints `image` over the whole target, scaled (keeping its aspect) to cover it and centred.
    func paintCovering(_ image: CairoSurface, target: PixelSize) {
        let scale = max(Double(target.width) / Double(image.size.width), Double(target.height) / Double(image.size.height))
        cairo_save(handle)
        cairo_translate(handle, (Double(target.width) - Double(image.size.width) * scale) / 2,
                        (Double(target.height) - Double(image.size.height) * scale) / 2)
        cairo_scale(handle, scale, scale)
        cairo_set_source_surface(handle, image.handle, 0, 0)
        let pattern = cairo_get_source(handle)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint(handle)
        cairo_restore(handle)
    }

    /// Paints `layer` over what is there.
    func paint(_ layer: CairoSurface) {
        cairo_set_source_surface(handle, layer.handle, 0, 0)
        cairo_paint(handle)
    }
}

extension CairoContext {
    /// Runs `body` with the drawing state (clip, transform, source, operator) saved before and
    /// restored after, so a long-lived context can serve many operations.
    func isolated(_ body: () -> Void) {
        cairo_save(handle)
        body()
        cairo_restore(handle)
    }

    /// Paints `layer` with its top-left corner at `origin`, at `alpha` opacity.
    func paint(_ layer: CairoSurface, at origin: Point, alpha: Double) {
        cairo_set_source_surface(handle, layer.handle, origin.x, origin.y)
        cairo_paint_with_alpha(handle, alpha)
    }

    /// Maps later drawing through a scale and an offset (the window's view of the canvas).
    func transform(scale: Double, offset: Point) {
        cairo_translate(handle, offset.x, offset.y)
        cairo_scale(handle, scale, scale)
    }

    /// Paints `layer` over what is there; `smooth` filters it when scaled down, otherwise every
    /// canvas pixel stays a crisp square when zoomed in.
    func paint(_ layer: CairoSurface, smooth: Bool) {
        cairo_set_source_surface(handle, layer.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(handle), smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        cairo_paint(handle)
    }

    /// Fills the whole target (within the clip) with the current source.
    func paintAll() {
        cairo_paint(handle)
    }
}

extension CairoContext {
    /// Replaces the target's pixels (within the clip) with `layer`'s.
    func copy(_ layer: CairoSurface) {
        cairo_save(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(handle, layer.handle, 0, 0)
        cairo_paint(handle)
        cairo_restore(handle)
    }
}
