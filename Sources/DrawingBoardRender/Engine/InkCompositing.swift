import DrawingBoardCore

/// How one stroke goes into the layers, with one uniform opacity: its outline is stroked into
/// an 8-bit coverage mask, then its colour goes through the mask with the tool's operator (OVER
/// for pens and shapes, CLEAR for the eraser, MULTIPLY for the highlighter).
///
/// The highlighter multiplies into everything under it, the background included, as a marker on
/// paper does. The background and the drawing are separate layers (so the eraser can show the
/// background), so a highlighter stroke acts on both:
/// - the drawing's colours are multiplied by the marker where it passes, keeping their alpha
///   (nothing appears where nothing was drawn: `multiplyKeepingAlpha`);
/// - the **highlights** layer, a transparent layer between the two, gets the marker with Cairo's
///   MULTIPLY; it is laid over the background with MULTIPLY. Two markers there multiply exactly
///   as they would on paper (MULTIPLY of two translucent colours composes their factors).
/// An eraser clears both.
enum InkCompositing {
    /// How far beyond its box a stroke's outline is rasterised (its box holds it; this is room
    /// for rounding).
    static let clipMargin = 4

    /// Paints one stroke into `ink` (and `highlights`, if given) inside `area`, a part of
    /// `whole` (the stroke's box on the canvas it was drawn on, `limit`). A stroke reaching
    /// over more than `bandedAbove` pixels is painted in bands of rows.
    static func composite(_ outline: StrokeOutline, tool: Tool, style: StrokeStyle, within area: PixelRect, of whole: PixelRect,
                          limit: PixelRect, mask: CairoSurface, ink: CairoSurface, highlights: CairoSurface?,
                          bandedAbove: Int = bandedAbove) throws(RenderError) {
        let reach = whole.outset(by: clipMargin).intersection(limit) ?? whole
        guard reach.area > bandedAbove, let painted = area.intersection(reach) else {
            let covered = try cover(outline, whole, limit: limit, mask: mask)
            defer { mask.zero(covered) }
            try paint(tool: tool, style: style, within: area, mask: mask, ink: ink, highlights: highlights)
            return
        }
        // A stroke across a big page: its coverage one band of rows at a time, in a mask the
        // band's size, so the stroke never costs a page-sized mask of memory. The bands are
        // the stroke's own (its reach's width, rows counted from the page's top), whatever
        // area is painted: Cairo may round a pixel on a band's edge differently than within
        // a band, and a pixel painted again (after an undo) must come out the same.
        let rows = max(64, bandedAbove / reach.width)
        let band = try CairoSurface(format: .a8, size: PixelSize(width: reach.width, height: rows))
        var top = painted.y / rows * rows
        while top < painted.y + painted.height {
            let rect = PixelRect(x: reach.x, y: top, width: reach.width, height: rows)
            top += rows
            guard let inBand = rect.intersection(reach), let part = inBand.intersection(painted) else { continue }
            band.place(atX: rect.x, y: rect.y)
            band.zero(band.covered)
            let cr = try CairoContext(band)
            cr.clip(to: inBand)
            cr.setSource(.black)
            cr.strokeInPieces(outline)
            try paint(tool: tool, style: style, within: part, mask: band, ink: ink, highlights: highlights)
        }
    }

    /// The most pixels a stroke's coverage is made for at once: a stroke reaching further is
    /// painted in bands of rows.
    static let bandedAbove = 16 << 20

    /// Paints the coverage in `mask` into the layers within `area`.
    static func paint(tool: Tool, style: StrokeStyle, within area: PixelRect, mask: CairoSurface, ink: CairoSurface,
                              highlights: CairoSurface?) throws(RenderError) {
        if tool.blend == .multiply {
            // Into the drawing's colours only where there is drawing (the highlights layer
            // takes the marker over the background).
            multiplyKeepingAlpha(ink, mask: mask, area: area, color: style.color, opacity: style.opacity)
        } else {
            let inkContext = try CairoContext(ink)
            inkContext.clip(to: area)
            inkContext.setBlend(tool.blend)
            inkContext.setSource(style.color, alpha: style.opacity)
            inkContext.paint(through: mask)
        }
        if let highlights { try mark(highlights, tool: tool, style: style, mask: mask, area: area) }
    }

    /// The stroke's coverage in `mask`, all of it (`whole`: its box on the canvas it was drawn
    /// on, `limit`), never a part: Cairo rounds the edges of a path it cuts at a clip, which
    /// changes pixels all along them. So a pixel has the same coverage whatever part of the
    /// stroke is being painted (a region painted again after an undo, a stroke eraser, an
    /// element's drag), and painting from the page gives exactly the pixels drawing did.
    /// Returns the area the mask then holds, to clear when done.
    static func cover(_ outline: StrokeOutline, _ whole: PixelRect, limit: PixelRect, mask: CairoSurface) throws(RenderError) -> PixelRect {
        let reach = whole.outset(by: clipMargin).intersection(limit) ?? whole
        guard reach.intersection(mask.covered) == reach else { throw RenderError("out of memory for the stroke's mask") }
        let maskContext = try CairoContext(mask)
        mask.zero(reach)
        maskContext.clip(to: reach)
        maskContext.setSource(.black)
        maskContext.strokeInPieces(outline)
        return reach
    }

    /// The canvas a stroke may mark: the page, or the part of it the stroke was drawn on.
    static func limit(of stroke: Stroke, on size: PixelSize) -> PixelRect {
        PixelRect(size: stroke.clip.map { PixelSize(width: min($0.width, size.width), height: min($0.height, size.height)) } ?? size)
    }

    /// Multiplies the colours of `surface` in `area` by the marker's factor where `mask` covers
    /// them (1 − a + a × colour, per channel, a being the opacity times the coverage), keeping
    /// every pixel's alpha.
    static func multiplyKeepingAlpha(_ surface: CairoSurface, mask: CairoSurface, area: PixelRect, color: RGBColor, opacity: Double) {
        surface.flush()
        mask.flush()
        // The factor for each coverage byte, per channel, in 16.16 fixed point.
        func table(_ channel: UInt8) -> [UInt32] {
            let c = Double(channel) / 255
            return (0...255).map { m in
                let a = opacity * Double(m) / 255
                return UInt32(((1 - a + a * c) * 65536).rounded())
            }
        }
        let red = table(color.red), green = table(color.green), blue = table(color.blue)
        // Only where the mask covers: elsewhere there is no coverage.
        guard let area = area.intersection(mask.covered) else { return }
        guard let area = area.intersection(surface.covered) else { return }
        let pixels = surface.pixels, coverage = mask.pixels
        for row in area.y..<(area.y + area.height) {
            let line = (pixels + (row - surface.origin.y) * surface.stride + (area.x - surface.origin.x) * 4).bindMemory(to: UInt32.self, capacity: area.width)
            let cover = (coverage + (row - mask.origin.y) * mask.stride + area.x - mask.origin.x)
                .bindMemory(to: UInt8.self, capacity: area.width)
            for x in 0..<area.width {
                let m = Int(cover[x])
                let p = line[x]
                guard m != 0, p != 0 else { continue }
                let r = ((p >> 16) & 0xFF) * red[m], g = ((p >> 8) & 0xFF) * green[m], b = (p & 0xFF) * blue[m]
                line[x] = (p & 0xFF00_0000) | ((r + 0x8000) >> 16) << 16 | ((g + 0x8000) >> 16) << 8 | ((b + 0x8000) >> 16)
            }
        }
        surface.markDirty(area)
    }

    /// Applies a stroke whose coverage is in `mask` to a highlights layer within `area`: a
    /// highlighter multiplies into it, an eraser clears it, other tools leave it alone.
    static func mark(_ highlights: CairoSurface, tool: Tool, style: StrokeStyle, mask: CairoSurface, area: PixelRect) throws(RenderError) {
        switch tool.blend {
        case .over: return
        case .clear:
            let cr = try CairoContext(highlights)
            cr.clip(to: area)
            cr.setBlend(.clear)
            cr.paint(through: mask)
        case .multiply:
            let cr = try CairoContext(highlights)
            cr.clip(to: area)
            cr.setBlend(.multiply)
            cr.setSource(style.color, alpha: style.opacity)
            cr.paint(through: mask)
        }
    }
}
