import DrawingBoardCore

/// The highlighter multiplies into everything under it, the background included, as a marker on
/// paper does: text in a background image stays as dark under it as lines in the drawing.
///
/// The background and the drawing are separate layers (so the eraser can reveal the
/// background), so a highlighter stroke acts on both:
/// - the drawing's colours are multiplied by the marker where it passes, keeping their alpha
///   (nothing appears where nothing was drawn: `multiplyKeepingAlpha`);
/// - the **highlights** layer, a transparent layer between the two, gets the marker with Cairo's
///   MULTIPLY; it is laid over the background with MULTIPLY. Two markers there multiply exactly
///   as they would on paper (MULTIPLY of two translucent colours composes their factors).
/// An eraser clears both. The picture is then background × highlights, with the drawing over
/// it: exactly the marker multiplied into everything that was under it when it was drawn.
///
/// The highlights layer is made when the first highlighter stroke is; it follows the strokes
/// (undo, redo, the stroke eraser and opening a document paint it again from them), so it has
/// no history of its own.
extension Editor {
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

    /// Whether any stroke in the list marks the highlights layer.
    var hasHighlighterStrokes: Bool {
        let entries = index.entries(for: page.items)
        guard index.highlighters > 0 else { return false }
        let baked = page.bakedStrokes, start = topRunStart
        if baked.isEmpty, start == 0 { return true }
        return entries[start...].contains { $0.tool?.blend == .multiply && !baked.contains($0.id) }
    }

    /// Paints `region` of the highlights layer anew from the strokes (after an undo, a redo, or
    /// strokes put back). With no highlighter stroke left, the layer goes (composing no longer
    /// pays for it); when one comes back, the step that brought it covers its area.
    func repaintHighlights(_ region: PixelRect?) {
        guard hasHighlighterStrokes else {
            layers.highlights = nil
            return
        }
        guard let region = region?.intersection(PixelRect(size: size)), let highlights = try? layers.highlightsLayer() else { return }
        // What is shown changes there too (a marker over the background has no ink under it).
        invalidate(region)
        highlights.surface.zero(region)
        guard let mask = layers.borrowMask(), let maskContext = try? CairoContext(mask) else { return }
        defer { layers.giveBack(mask) }
        let baked = page.bakedStrokes
        for item in page.items[topRunStart...] {
            guard case .stroke(let stroke) = item, stroke.tool.blend != .over, !baked.contains(stroke.id) else { continue }
            guard var area = index.box(of: stroke)?.pixelRect(clippedTo: size)?.intersection(region) else { continue }
            if let clip = stroke.clip {
                guard let inside = area.intersection(PixelRect(size: clip)) else { continue }
                area = inside
            }
            mask.zero(area)
            maskContext.isolated {
                maskContext.clip(to: area)
                maskContext.setSource(.black)
                maskContext.strokeInPieces(stroke.outline)
            }
            try? Self.mark(highlights.surface, tool: stroke.tool, style: stroke.style, mask: mask, area: area)
            mask.zero(area)
        }
    }

    /// Makes the highlights layer for a document just opened, from its strokes.
    func paintHighlightsOfOpenedDocument() throws(RenderError) {
        guard hasHighlighterStrokes else { return }
        _ = try layers.highlightsLayer()
        repaintHighlights(PixelRect(size: size))
    }

    /// The highlights layer's pixels, when any highlighter has marked the background.
    public func highlightsLayerImage() -> RasterImage? {
        guard let highlights = layers.highlights, highlights.surface.hasContent(in: PixelRect(size: size)) else { return nil }
        return RasterImage(width: size.width, height: size.height, pixels: highlights.surface.read(PixelRect(size: size)))
    }
}
