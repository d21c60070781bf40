import DrawingBoardCore

/// What the window shows: the page's layers with the strokes in progress over them, composed
/// into a frame through the view, and the desk around the page. It keeps the scratch surfaces
/// composing needs (an eraser in progress must clear a copy of the ink, not the ink).
final class Compositor {
    /// The ink layer with the live strokes applied, for display (made again when the page's
    /// size changes).
    private var scratch: CairoSurface?
    private var scratchContext: CairoContext?
    /// The highlights while an eraser in progress clears them.
    private var highlightsScratch: CairoSurface?

    /// What the window shows beyond the page's edges: a neutral desk.
    static let outside = RGBColor(red: 0x8a, green: 0x8d, blue: 0x91)

    /// Paints the canvas as the user sees it into `area` of `frame` (window pixels), shown
    /// through `view`: the page's layers, with the strokes in progress over them. At any other
    /// scale than 1, `tiles` paints the page from its view tiles instead, at that scale.
    func compose(_ canvas: PageCanvas, page: Page, live: [LiveStroke], into frame: Frame, area: PixelRect, view: ViewTransform, desk: Bool = true,
                 tiles: TileComposer? = nil) {
        guard let cr = frame.context else { return }
        defer { frame.composed(area) }
        if let tiles, view.scale != 1 {
            cr.isolated {
                cr.clip(to: area)
                if desk { paintDesk(on: cr, size: page.size, view: view) }
                tiles.compose(on: cr, area: area, view: view, middle: Point(Double(frame.size.width) / 2, Double(frame.size.height) / 2))
                tiles.drawLive(live, on: cr, area: area, view: view)
            }
            return
        }
        let painter = RunPainter(canvas: canvas, page: page)
        var base: ((CairoContext) -> Void)?
        if let drag = canvas.drag, drag.covers(page) {
            // An element being dragged is composed from its layers; the under layer catches up
            // when the drag ends.
            let canvasArea = view.isIdentity ? area : view.canvasRect(area)
            // A frame that cannot be composed here (out of memory) keeps what it showed; the
            // next one tries again.
            if let visible = canvasArea.intersection(PixelRect(size: page.size)) { try? drag.ready(visible, painter: painter) }
            base = { cr in drag.paint(on: cr, painter: painter, smooth: view.scale != 1) }
        }
        let erasers = live.filter { $0.tool.blend == .clear }
        if base == nil, let under = canvas.under, !erasers.isEmpty {
            // An eraser being drawn clears ink under the elements too: shown from a copy of the
            // under layer painted again where it went (the layer itself changes when it ends).
            let canvasArea = view.isIdentity ? area : view.canvasRect(area)
            if let erasing = erasingUnder(under, erasers: erasers, area: canvasArea, painter: painter) {
                base = { cr in cr.paint(erasing, smooth: view.scale != 1) }
            }
        } else if erasers.isEmpty {
            canvas.underErasing = nil
        }
        let inkEmpty = painter.topRunStart == page.items.count && canvas.highlights == nil
        cr.isolated {
            compose(canvas, live: live, size: page.size, on: cr, area: area, view: view, inkEmpty: inkEmpty, base: base, desk: desk)
        }
    }

    /// The under layer with the erasers in progress applied within `area` (and as it was
    /// painted before elsewhere), kept while they are drawn.
    private func erasingUnder(_ under: CairoSurface, erasers: [LiveStroke], area: PixelRect, painter: RunPainter) -> CairoSurface? {
        let canvas = painter.canvas
        if canvas.underErasing?.size != under.size {
            guard let copy = try? CairoSurface(format: .argb32, size: under.size), let cc = try? CairoContext(copy) else { return nil }
            cc.copy(under)
            canvas.underErasing = copy
        }
        guard let erasing = canvas.underErasing, let last = painter.canvas.lastElement(of: painter.page), let cr = try? CairoContext(erasing) else { return nil }
        for stroke in erasers { stroke.catchUpMask() }
        let reach = erasers.compactMap(\.drawn).reduce(nil) { union($0, $1) }
        guard let region = reach?.intersection(area)?.intersection(PixelRect(size: painter.size)) else { return erasing }
        cr.clip(to: region)
        cr.copy(canvas.background.surface)
        guard (try? painter.compose(0..<last, region: region, on: cr, liveErasers: erasers.map(\.mask))) != nil else { return nil }
        if case .element(let element) = painter.page.items[last] { canvas.elements.paint(element, on: cr.handle, assets: canvas.assets) }
        return erasing
    }

    /// Strokes `pieces` onto `frame`, which must show the canvas of `size` as composed through
    /// `view`. Returns window areas to compose again: a piece's whose tail could not be taken
    /// off by putting its pixels back (the piece is left out), and other strokes' tails it
    /// painted over.
    func paint(_ pieces: [StrokeIncrement], into frame: Frame, size: PixelSize, view: ViewTransform) -> [PixelRect] {
        guard !pieces.isEmpty, let cr = frame.context else { return [] }
        var left: [PixelRect] = []
        let screen = PixelRect(size: frame.size)
        func onScreen(_ r: PixelRect) -> PixelRect? { (view.isIdentity ? r : view.windowRect(r)).intersection(screen) }
        cr.isolated {
            applyView(view, size: size, frame: frame, on: cr)
            for piece in pieces {
                if let tail = piece.replacesTail {
                    guard let under = onScreen(tail), frame.tails.restore(under, into: frame.surface, for: piece.owner) else {
                        if let area = onScreen(piece.area) { left.append(area) }
                        continue
                    }
                    left += frame.tails.drawn(over: under, except: piece.owner)
                }
                if let marked = onScreen(piece.bounds) { left += frame.tails.drawn(over: marked, except: piece.owner) }
                cr.setSource(piece.color)
                cr.stroke(piece.outline)
            }
        }
        return left
    }

    /// Strokes the provisional `tails` over what `frame` shows, after its areas were composed:
    /// new ones (keeping what each covers first) and those an area composed since went over;
    /// never inside `avoiding` (window pixels: the interface, which stays on top). Returns the
    /// window areas painted.
    func paint(tails: [StrokeIncrement], into frame: Frame, size: PixelSize, view: ViewTransform, avoiding: [PixelRect]) -> [PixelRect] {
        frame.tails.keep(onlyFor: tails)
        let screen = PixelRect(size: frame.size)
        let due = tails.compactMap { tail -> (StrokeIncrement, PixelRect)? in
            guard let rect = (view.isIdentity ? tail.bounds : view.windowRect(tail.bounds)).intersection(screen),
                  !frame.tails.shows(rect, for: tail.owner) else { return nil }
            return (tail, rect)
        }
        guard !due.isEmpty, let cr = frame.context else { return [] }
        for (tail, rect) in due {
            cr.isolated {
                // The interface stays on top: the tail goes only where none is (each hole
                // clipped away in turn, so overlapping ones stay out too).
                for hole in avoiding where hole.intersection(rect) != nil {
                    cr.clip(out: hole, of: screen)
                }
                applyView(view, size: size, frame: frame, on: cr)
                if frame.tails.needsStroke(rect, for: tail.owner) {
                    frame.tails.stroked(tail.owner)
                } else {
                    frame.tails.save(rect, of: frame.surface, for: tail.owner)
                }
                cr.setSource(tail.color)
                cr.stroke(tail.outline)
            }
        }
        return due.map(\.1)
    }

    /// Draws in canvas coordinates through `view`, within the canvas.
    private func applyView(_ view: ViewTransform, size: PixelSize, frame: Frame, on cr: CairoContext) {
        if !view.isIdentity {
            cr.transform(scale: view.scale, offset: view.offset)
        }
        if !view.isIdentity || frame.size.width > size.width || frame.size.height > size.height {
            cr.clip(to: PixelRect(size: size))
        }
    }

    /// Paints the canvas as the user sees it (background, drawing, strokes in progress) into
    /// `area` of `cr` (window pixels), shown through `view`; outside the canvas, a neutral grey.
    /// `base`: paints what lies under the top run of ink (the under layer, the background, or
    /// an element being dragged between its layers); `inkEmpty`: the top run has no ink.
    private func compose(_ layers: PageCanvas, live: [LiveStroke], size: PixelSize, on cr: CairoContext, area: PixelRect, view: ViewTransform,
                         inkEmpty: Bool, base: ((CairoContext) -> Void)?, desk: Bool) {
        cr.clip(to: area)
        let canvasArea = view.isIdentity ? area : view.canvasRect(area)
        guard let visible = canvasArea.intersection(PixelRect(size: size)) else {
            if desk { paintDesk(on: cr, size: size, view: view) }
            return
        }
        if desk, !view.isIdentity || area.maxX > size.width || area.maxY > size.height {
            paintDesk(on: cr, size: size, view: view)
        }
        cr.transform(scale: view.scale, offset: view.offset)
        cr.clip(to: PixelRect(size: size))
        if let base {
            base(cr)
        } else if let under = layers.under {
            cr.paint(under, smooth: view.scale != 1)
        } else {
            layers.background.paint(on: cr, view: view)
        }
        let touching = live.filter { $0.drawn?.intersection(visible) != nil }
        for stroke in touching { stroke.catchUpMask() }
        paintHighlights(layers.highlights, on: cr, visible: visible, view: view, erasers: touching.filter { $0.tool.blend == .clear })
        guard !touching.isEmpty else {
            // (A page whose top run has no ink has nothing to lay over.)
            if !inkEmpty { cr.paint(layers.ink.surface, smooth: view.scale != 1) }
            return
        }
        // A highlighter in progress multiplies into everything under it, as it will once drawn.
        defer {
            for stroke in touching where stroke.tool.blend == .multiply {
                cr.isolated {
                    cr.setBlend(.multiply)
                    cr.setSource(stroke.style.color, alpha: stroke.style.opacity)
                    cr.paint(through: stroke.mask, smooth: view.scale != 1)
                }
            }
        }
        // OVER is associative: painting strokes go straight onto the frame after the drawing.
        // Only an eraser needs the drawing copied first, to clear it where the eraser is.
        if touching.allSatisfy({ $0.tool.blend != .clear }) {
            cr.paint(layers.ink.surface, smooth: view.scale != 1)
            for stroke in touching where stroke.tool.blend == .over {
                cr.setSource(stroke.style.color, alpha: stroke.style.opacity)
                cr.paint(through: stroke.mask, smooth: view.scale != 1)
            }
            return
        }
        if scratch?.size != layers.ink.surface.size {
            scratch = try? CairoSurface(format: .argb32, size: layers.ink.surface.size)
            scratchContext = scratch.flatMap { try? CairoContext($0) }
        }
        guard let scratch, let sc = scratchContext else {
            cr.paint(layers.ink.surface, smooth: view.scale != 1)
            return
        }
        sc.isolated {
            sc.clip(to: visible)
            sc.copy(layers.ink.surface)
            for stroke in touching where stroke.tool.blend != .multiply {
                sc.setBlend(stroke.tool.blend)
                sc.setSource(stroke.style.color, alpha: stroke.style.opacity)
                sc.paint(through: stroke.mask)
            }
        }
        cr.paint(scratch, smooth: view.scale != 1)
    }

    /// Lays the highlights over the background just painted (with an eraser in progress
    /// clearing them where it passes, as it will once drawn).
    private func paintHighlights(_ highlights: InkLayer?, on cr: CairoContext, visible: PixelRect, view: ViewTransform, erasers: [LiveStroke]) {
        guard let highlights else { return }
        var layer = highlights.surface
        if !erasers.isEmpty {
            if highlightsScratch?.size != highlights.surface.size {
                highlightsScratch = try? CairoSurface(format: .argb32, size: highlights.surface.size)
            }
            if let scratch = highlightsScratch, let sc = try? CairoContext(scratch) {
                sc.clip(to: visible)
                sc.copy(highlights.surface)
                sc.setBlend(.clear)
                for eraser in erasers { sc.paint(through: eraser.mask) }
                layer = scratch
            }
        }
        cr.isolated {
            cr.setBlend(.multiply)
            cr.paint(layer, smooth: view.scale != 1)
        }
    }

    /// The desk around the page, with a soft shadow along the page's edges so the user sees
    /// where the page ends.
    /// A page still being painted off the event loop: white where it lies, under `area`.
    func composeBlank(_ size: PixelSize, into frame: Frame, area: PixelRect, view: ViewTransform) {
        guard let cr = frame.context else { return }
        cr.isolated {
            cr.clip(to: area)
            cr.transform(scale: view.scale, offset: view.offset)
            cr.clip(to: PixelRect(size: size))
            cr.setSource(.white)
            cr.paintAll()
        }
    }

    private func paintDesk(on cr: CairoContext, size: PixelSize, view: ViewTransform) {
        cr.setSource(Self.outside)
        cr.paintAll()
        paintShadow(on: cr, size: size, view: view)
    }

    /// The desk under the pages of a notebook, with each page's shadow (`pages`: each page's
    /// size and where it is shown).
    func paintDesk(into frame: Frame, area: PixelRect, pages: [(size: PixelSize, view: ViewTransform)]) {
        guard let cr = frame.context else { return }
        cr.isolated {
            cr.clip(to: area)
            cr.setSource(Self.outside)
            cr.paintAll()
            for page in pages { paintShadow(on: cr, size: page.size, view: page.view) }
        }
    }

    private func paintShadow(on cr: CairoContext, size: PixelSize, view: ViewTransform) {
        let x = view.offset.x, y = view.offset.y
        let w = Double(size.width) * view.scale, h = Double(size.height) * view.scale
        for spread in stride(from: 6.0, through: 1, by: -1) {
            cr.setSource(.black, alpha: 0.05)
            cr.fill(x - spread, y - spread + 2, w + 2 * spread, h + 2 * spread)
        }
    }

}

