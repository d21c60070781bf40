import CCairo
import DrawingBoardCore

/// Composes a page shown at a scale other than 1 into the frame from its view tiles
/// (`ViewTiles`): each tile as it was painted, whatever it lacks since made good on the spot
/// (strokes laid on top drawn over it as vectors; a small changed part painted from the page;
/// a large one stood in for by the page's 1x pixels until the tile is painted again), and a
/// tile not painted yet stood in for by the nearest scale's tiles, scaled, over the 1x pixels.
/// Every tile not as the page is now is asked of the workers.
struct TileComposer {
    let tiles: ViewTiles
    /// The page's id, and the page as painters read it now.
    let id: UInt64
    let scene: () -> PageScene
    /// The page's size in its own pixels.
    let size: PixelSize
    /// The loop's own images and poppler documents, for parts painted here.
    let resources: PaintResources
    /// Paints the page's 1x pixels (scaled smoothly through the view) into a window area (`cr`
    /// in window pixels): the stand-in for what has no tile yet; nil when the page has none.
    let standIn: ((CairoContext, PixelRect) -> Void)?

    /// The most pixels of a tile's changed part painted from the page on the loop; a larger
    /// part waits for the workers, its 1x pixels standing in.
    static let paintedHere = 2 * ViewTiles.side * ViewTiles.side

    /// Composes `area` (window pixels) of the page shown through `view` (its offset whole
    /// pixels: the grid of tiles then meets the screen's) onto `cr`. `middle`: the window's
    /// middle, whose tiles are painted first.
    func compose(on cr: CairoContext, area: PixelRect, view: ViewTransform, middle: Point) {
        let s = view.scale
        let ox = Int(view.offset.x.rounded()), oy = Int(view.offset.y.rounded())
        let scaled = ScaledPainter.size(of: size, at: s)
        guard let visible = area.intersection(PixelRect(x: ox, y: oy, width: scaled.width, height: scaled.height)) else { return }
        // In the page's pixels at this scale from here on.
        let rel = PixelRect(x: visible.x - ox, y: visible.y - oy, width: visible.width, height: visible.height)
        let version = tiles.version(of: id), round = tiles.newRound()
        var missing: [PixelRect] = [], standIns: [PixelRect] = [], painted: [PixelRect] = []
        var overlays: [(PixelRect, [Stroke])] = []
        cairo_save(cr.handle)
        defer { cairo_restore(cr.handle) }
        cairo_translate(cr.handle, Double(ox), Double(oy))
        for region in ScaledPicture.tiles(covering: rel) {
            let t = ViewTiles.side
            let key = ViewTiles.Key(page: id, scale: s, x: region.x / t, y: region.y / t)
            let tileBox = PixelRect(x: key.x * t, y: key.y * t, width: t, height: t)
            let centre = Point(Double(ox + tileBox.x + t / 2), Double(oy + tileBox.y + t / 2))
            func ask() { tiles.ask(key, version: version, scene: scene(), round: round, distance: centre.distance(to: middle)) }
            guard let tile = tiles.tile(key) else {
                missing.append(region)
                ask()
                continue
            }
            cr.isolated {
                cr.clip(to: region)
                cairo_set_source_surface(cr.handle, tile.surface.handle, 0, 0)
                cairo_paint(cr.handle)
            }
            switch tiles.lack(of: id, since: tile.version, within: ViewTiles.onPage(key)) {
            case .nothing:
                // (Changes since it was painted all lie elsewhere: it is the page as it is.)
                tile.version = version
                continue
            case .strokes(let strokes):
                overlays.append((region, strokes))
            case .area(nil):
                if region.area <= Self.paintedHere { painted.append(region) } else { standIns.append(region) }
            case .area(let box?):
                // (A change to the tile's part out of the window shows nothing here.)
                if let part = Self.scaled(box, s)?.intersection(region) {
                    if part.area <= Self.paintedHere { painted.append(part) } else { standIns.append(part) }
                }
            }
            ask()
        }
        if let standIn {
            for part in missing + standIns {
                cr.isolated {
                    cairo_translate(cr.handle, Double(-ox), Double(-oy))
                    standIn(cr, PixelRect(x: part.x + ox, y: part.y + oy, width: part.width, height: part.height))
                }
            }
        }
        paintNearestScale(missing, on: cr, scale: s)
        for part in painted { paintFromPage(part, on: cr, scale: s) }
        for (region, strokes) in overlays { Self.draw(strokes, within: region, scale: s, on: cr) }
    }

    /// A page rectangle at scale `s`, in whole pixels (grown to them).
    static func scaled(_ r: Rect, _ s: Double) -> PixelRect? {
        let x0 = Int((r.minX * s).rounded(.down)) - 1, y0 = Int((r.minY * s).rounded(.down)) - 1
        let x1 = Int((r.maxX * s).rounded(.up)) + 1, y1 = Int((r.maxY * s).rounded(.up)) + 1
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The parts no tile covers yet, from the tiles of the nearest scale there are, scaled
    /// (smoothly), each part from the one scale that covers most of it.
    private func paintNearestScale(_ parts: [PixelRect], on cr: CairoContext, scale s: Double) {
        guard !parts.isEmpty else { return }
        let t = ViewTiles.side
        for other in tiles.otherScales(of: id, near: s).prefix(2) {
            let ratio = s / other
            for part in parts {
                // The other scale's tiles under this part.
                let there = PixelRect(x: Int((Double(part.x) / ratio).rounded(.down)), y: Int((Double(part.y) / ratio).rounded(.down)),
                                      width: Int((Double(part.width) / ratio).rounded(.up)) + 1, height: Int((Double(part.height) / ratio).rounded(.up)) + 1)
                for region in ScaledPicture.tiles(covering: there) {
                    guard let tile = tiles.tile(ViewTiles.Key(page: id, scale: other, x: region.x / t, y: region.y / t)) else { continue }
                    cr.isolated {
                        cr.clip(to: part)
                        cairo_scale(cr.handle, ratio, ratio)
                        cairo_set_source_surface(cr.handle, tile.surface.handle, 0, 0)
                        cairo_pattern_set_filter(cairo_get_source(cr.handle), CAIRO_FILTER_GOOD)
                        cairo_rectangle(cr.handle, Double(region.x), Double(region.y), Double(region.width), Double(region.height))
                        cairo_fill(cr.handle)
                    }
                }
            }
        }
    }

    /// A part painted from the page now, on the loop (`extra`: strokes being drawn, laid last).
    private func paintFromPage(_ part: PixelRect, on cr: CairoContext, scale s: Double, extra: [Stroke] = []) {
        guard let surface = try? CairoSurface(format: .argb32, size: PixelSize(width: part.width, height: part.height)) else { return }
        surface.place(atX: part.x, y: part.y)
        guard (try? ScaledPainter(scene: scene(), scale: s, resources: resources).paint(part, on: surface, extra: extra)) != nil else { return }
        cr.isolated {
            cr.clip(to: part)
            cairo_set_source_surface(cr.handle, surface.handle, 0, 0)
            cairo_paint(cr.handle)
        }
    }

    /// Strokes drawn over what `cr` shows within `region` (the page's pixels at scale `s`).
    static func draw(_ strokes: [Stroke], within region: PixelRect, scale s: Double, on cr: CairoContext) {
        draw(strokes.map { ($0.outline, $0.tool, $0.style) }, within: region, scale: s, on: cr)
    }

    /// Outlines drawn over what `cr` shows within `region` (the page's pixels at scale `s`),
    /// each as it is painted into a tile: its coverage at that scale, then its colour through
    /// it with its tool's operator, one opacity over the whole stroke.
    static func draw(_ outlines: [(StrokeOutline, Tool, StrokeStyle)], within region: PixelRect, scale s: Double, on cr: CairoContext) {
        guard !outlines.isEmpty, let mask = try? CairoSurface(format: .a8, size: PixelSize(width: region.width, height: region.height)) else { return }
        mask.place(atX: region.x, y: region.y)
        for (outline, tool, style) in outlines {
            guard let box = outline.bounds, let reach = scaled(box, s)?.intersection(region) else { continue }
            mask.zero(reach)
            guard let mc = try? CairoContext(mask) else { return }
            mc.clip(to: reach)
            cairo_scale(mc.handle, s, s)
            mc.setSource(.black)
            mc.strokeInPieces(outline)
            mask.flush()
            cr.isolated {
                cr.clip(to: reach)
                cr.setBlend(tool.blend)
                cr.setSource(style.color, alpha: style.opacity)
                cr.paint(through: mask)
            }
        }
    }

    /// The strokes being drawn over `area` (window pixels) of the page, at the view's scale:
    /// pens and highlighters drawn over what is there as vectors; an eraser shown by painting
    /// the part it reaches from the page with the eraser laid last.
    func drawLive(_ live: [LiveStroke], on cr: CairoContext, area: PixelRect, view: ViewTransform) {
        guard !live.isEmpty else { return }
        let s = view.scale
        let ox = Int(view.offset.x.rounded()), oy = Int(view.offset.y.rounded())
        let scaledSize = ScaledPainter.size(of: size, at: s)
        guard let visible = area.intersection(PixelRect(x: ox, y: oy, width: scaledSize.width, height: scaledSize.height)) else { return }
        let rel = PixelRect(x: visible.x - ox, y: visible.y - oy, width: visible.width, height: visible.height)
        let onPage = Rect(minX: Double(rel.x) / s, minY: Double(rel.y) / s, maxX: Double(rel.maxX) / s, maxY: Double(rel.maxY) / s)
        cairo_save(cr.handle)
        defer { cairo_restore(cr.handle) }
        cairo_translate(cr.handle, Double(ox), Double(oy))
        cr.clip(to: rel)
        let touching = live.filter { $0.drawn.map { $0.rect.intersects(onPage) } == true }
        let erasers = touching.filter { $0.tool.blend == .clear }.compactMap { stroke -> Stroke? in
            guard !stroke.samples.isEmpty else { return nil }
            return Stroke(id: 0, tool: stroke.tool, style: stroke.style, points: stroke.strokePoints, pressures: stroke.strokePressures)
        }
        if !erasers.isEmpty {
            let reach = erasers.compactMap { $0.outline.bounds }.compactMap { Self.scaled($0, s) }.reduce(nil) { union($0, $1) }
            if let part = reach?.intersection(rel) { paintFromPage(part, on: cr, scale: s, extra: erasers) }
        }
        let pens = touching.filter { $0.tool.blend != .clear }.compactMap { stroke in stroke.outline(crossing: onPage).map { ($0, stroke.tool, stroke.style) } }
        Self.draw(pens, within: rel, scale: s, on: cr)
    }
}
