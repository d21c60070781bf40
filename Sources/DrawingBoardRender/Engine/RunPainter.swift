import DrawingBoardCore

/// Paints a page's items into its canvas, for any region, exactly as drawing them one by one
/// did. The elements cut the page's strokes into runs: the run before an element lies under
/// it, the run after it over it. The last run (after the last element, the whole page when
/// there is none) is the canvas's ink and highlights layers; everything under it is one opaque
/// layer, `under`:
///
///     under = background;  for each element e:  under = (under × highlights(run)) OVER
///     ink(run) OVER e;  picture = (under × highlights(top run)) OVER ink(top run)
///
/// An eraser removes ink only, in every run before it (so it shows what lies under that ink,
/// never an element): a run's ink is painted with its own strokes, then every eraser drawn
/// after it clears it too. A highlighter multiplies into everything under it, elements
/// included, through its run's highlights.
struct RunPainter {
    let canvas: PageCanvas
    let page: Page

    var size: PixelSize { canvas.size }

    /// Where the top run starts: just after the last element (0 when there is none).
    var topRunStart: Int { (canvas.lastElement(of: page) ?? -1) + 1 }

    // MARK: - Under the top run

    /// Paints `region` of the under layer anew from the page (made when the page has its first
    /// element, dropped when it has none). The page under the last element is kept as a layer
    /// of its own (`belowLast`), so dragging the topmost element, or placing one on top,
    /// never paints the page again.
    func paintUnder(_ region: PixelRect) throws(RenderError) {
        guard let last = canvas.lastElement(of: page) else {
            canvas.under = nil
            canvas.belowLast = nil
            return
        }
        guard let region = region.intersection(PixelRect(size: size)) else { return }
        if canvas.under?.size != size || canvas.belowLast?.size != size {
            do {
                canvas.under = try CairoSurface(format: .argb32, size: size)
                canvas.belowLast = try CairoSurface(format: .argb32, size: size)
            } catch {
                canvas.under = nil
                canvas.belowLast = nil
                throw error
            }
            try paintUnder(PixelRect(size: size))
            return
        }
        if let drag = canvas.drag, drag.covers(page) {
            // An element being dragged: the frames come from its layers; the under layer is
            // painted where it changed once the drag ends.
            drag.painted = union(drag.painted, region)
            return
        }
        guard let under = canvas.under, let belowLast = canvas.belowLast else { return }
        let cr = try CairoContext(under), bc = try CairoContext(belowLast)
        cr.clip(to: region)
        bc.clip(to: region)
        bc.copy(canvas.background.surface)
        try compose(0..<last, region: region, on: bc)
        cr.copy(belowLast)
        if case .element(let element) = page.items[last] { canvas.elements.paint(element, on: cr.handle, assets: canvas.assets) }
    }

    /// An element about to go on top: the page as it stands (the ink of the top run composed
    /// over the under layer, as the frame shows it) becomes the layer under it, without
    /// painting the page again.
    func absorbTopRun() -> Bool {
        guard let next = try? CairoSurface(format: .argb32, size: size), let cr = try? CairoContext(next),
              let under = canvas.under ?? (try? CairoSurface(format: .argb32, size: size)) else { return false }
        cr.copy(canvas.under ?? canvas.background.surface)
        if let marks = canvas.highlights?.surface {
            cr.isolated {
                cr.setBlend(.multiply)
                cr.paint(marks)
            }
        }
        cr.paint(canvas.ink.surface)
        canvas.belowLast = next
        canvas.under = under
        return true
    }

    /// The layer under the topmost element, kept for this page (`UnderStash`), back in place:
    /// the under layer is it with the topmost element over it.
    func takeBack(_ kept: CairoSurface) throws(RenderError) {
        guard let last = canvas.lastElement(of: page), case .element(let element) = page.items[last] else { return }
        let under = canvas.under?.size == size ? canvas.under! : try CairoSurface(format: .argb32, size: size)
        canvas.belowLast = kept
        canvas.under = under
        try layPlacedElement(element)
    }

    /// After `absorbTopRun` and the element's placing: the under layer is the page under it
    /// with the element over it.
    func layPlacedElement(_ element: Element) throws(RenderError) {
        guard let under = canvas.under, let belowLast = canvas.belowLast else { return }
        let cr = try CairoContext(under)
        cr.copy(belowLast)
        canvas.elements.paint(element, on: cr.handle, assets: canvas.assets)
    }

    /// Composes `range` of the page's items within `region` onto `cr`: each run of ink (its
    /// highlights multiplied in, its ink over, every later eraser clearing it) and each element
    /// over it. `liveErasers`: the masks of erasers still being drawn, which clear every run too.
    func compose(_ range: Range<Int>, region: PixelRect, on cr: CairoContext, liveErasers: [CairoSurface] = []) throws(RenderError) {
        let mask = try canvas.borrowMask()
        defer { canvas.giveBack(mask) }
        let entries = canvas.index.entries(for: page.items)
        // Erasers anywhere on the page, in order: each clears the runs before it.
        let erasers = entries.indices.filter { entries[$0].tool == .eraser && entries[$0].box?.pixelRect(clippedTo: size)?.intersection(region) != nil }
        var scratch = RunScratch(region: region)
        var start = range.lowerBound
        for i in range where entries[i].isElement || i == range.upperBound - 1 {
            let end = entries[i].isElement ? i : i + 1
            try paintRun(start..<end, erasers: erasers, entries: entries, mask: mask, scratch: &scratch, onto: cr, liveErasers: liveErasers)
            start = i + 1
            guard entries[i].isElement, entries[i].box?.pixelRect(clippedTo: size)?.intersection(region) != nil,
                  case .element(let element) = page.items[i] else { continue }
            canvas.elements.paint(element, on: cr.handle, assets: canvas.assets)
        }
    }

    /// Surfaces the size of the region being painted, made once and cleared per run.
    struct RunScratch {
        let region: PixelRect
        private var ink: CairoSurface?
        private var marks: CairoSurface?

        init(region: PixelRect) { self.region = region }

        mutating func surface(highlights: Bool) throws(RenderError) -> CairoSurface {
            if let made = highlights ? marks : ink {
                made.zero(region)
                return made
            }
            let made = try CairoSurface(format: .argb32, size: PixelSize(width: region.width, height: region.height))
            made.place(atX: region.x, y: region.y)
            if highlights { marks = made } else { ink = made }
            return made
        }
    }

    /// Composes one run of ink (items `range`) over `cr` within the scratch's region: its
    /// highlights multiplied in, then its ink over.
    private func paintRun(_ range: Range<Int>, erasers: [Int], entries: [ItemIndex.Entry], mask: CairoSurface, scratch: inout RunScratch,
                          onto cr: CairoContext, liveErasers: [CairoSurface]) throws(RenderError) {
        let region = scratch.region
        let inRegion = range.filter { i in
            let entry = entries[i]
            return entry.box == nil || entry.box?.pixelRect(clippedTo: size)?.intersection(region) != nil
        }
        guard !inRegion.isEmpty else { return }
        let ink = try scratch.surface(highlights: false)
        let marks = inRegion.contains { entries[$0].tool == .highlighter } ? try scratch.surface(highlights: true) : nil
        try paintItems(inRegion, region: region, entries: entries, mask: mask, ink: ink, highlights: marks)
        // Erasers drawn after the run clear its ink too.
        try paintItems(erasers.filter { $0 >= range.upperBound }, region: region, entries: entries, mask: mask, ink: ink, highlights: marks)
        for live in liveErasers {
            for surface in [ink, marks].compactMap({ $0 }) {
                let sc = try CairoContext(surface)
                sc.clip(to: region)
                sc.setBlend(.clear)
                sc.paint(through: live)
            }
        }
        if let marks {
            cr.isolated {
                cr.setBlend(.multiply)
                cr.paint(marks)
            }
        }
        cr.paint(ink)
    }

    /// Paints the strokes (and the base) at `indices` into `ink` and `highlights` within
    /// `region`, exactly as drawing them one by one did.
    func paintItems(_ indices: [Int], region: PixelRect, entries: [ItemIndex.Entry], mask: CairoSurface, ink: CairoSurface,
                    highlights: CairoSurface?) throws(RenderError) {
        try Self.paintStrokes(indices, of: page, size: size, region: region, entries: entries, mask: mask, ink: ink, highlights: highlights) {
            () throws(RenderError) in try baseSurface()
        }
    }

    /// `paintItems` for a page of `size` without a canvas (off the event loop too): `base` gives
    /// the base's pixels when the base is among `indices`.
    static func paintStrokes(_ indices: [Int], of page: Page, size: PixelSize, region: PixelRect, entries: [ItemIndex.Entry], mask: CairoSurface,
                             ink: CairoSurface, highlights: CairoSurface?, base: () throws(RenderError) -> CairoSurface?) throws(RenderError) {
        let baked = page.bakedStrokes
        for i in indices {
            let entry = entries[i]
            guard let box = entry.box else {
                // The base, under everything.
                if entry.tool == nil, !entry.isElement, let base = try base() {
                    let cr = try CairoContext(ink)
                    cr.clip(to: region)
                    cr.paint(base)
                }
                continue
            }
            // Each stroke only within its own box (and within the canvas it was drawn on).
            guard !baked.contains(entry.id), let near = box.pixelRect(clippedTo: size), near.intersection(region) != nil,
                  case .stroke(let stroke) = page.items[i] else { continue }
            let limit = InkCompositing.limit(of: stroke, on: size)
            guard let whole = near.intersection(limit), let area = whole.intersection(region) else { continue }
            try InkCompositing.composite(stroke.outline, tool: stroke.tool, style: stroke.style, within: area, of: whole, limit: limit,
                                         mask: mask, ink: ink, highlights: highlights)
        }
    }

    // MARK: - The top run

    /// Paints `region` of `target` (the ink layer and its highlights when nil) from the top run
    /// of the page's items (all of them when the page has no element).
    /// `fresh`: the target was just made, all zero (clearing it again would only touch memory
    /// that no ink needs).
    func paintFromPage(_ region: PixelRect, onto target: CairoSurface? = nil, fresh: Bool = false) throws(RenderError) {
        let surface = target ?? canvas.ink.surface
        if !fresh { surface.zero(region) }
        // The ink layer's highlighters mark the highlights layer, made if they are the first.
        if target == nil, canvas.highlights == nil, hasHighlighterStrokes { _ = try canvas.highlightsLayer() }
        let marks = target == nil ? canvas.highlights?.surface : nil
        marks?.zero(region)
        let mask = try canvas.borrowMask()
        defer { canvas.giveBack(mask) }
        let entries = canvas.index.entries(for: page.items)
        try paintItems(Array(topRunStart..<entries.count), region: region, entries: entries, mask: mask, ink: surface, highlights: marks)
    }

    /// Paints `area` of the ink layer (and its highlights) anew from the page.
    func repaint(_ area: PixelRect) throws(RenderError) {
        guard let region = area.intersection(PixelRect(size: size)) else { return }
        try paintFromPage(region)
        if !hasHighlighterStrokes { canvas.highlights = nil }
        canvas.invalidate(region)
    }

    /// Paints the ink and highlights layers again from the top run.
    func repaintTopRun() throws(RenderError) {
        try paintFromPage(PixelRect(size: size))
        if !hasHighlighterStrokes { canvas.highlights = nil }
        canvas.invalidateAll()
    }

    /// The base item's pixels as a surface (made again when the base came back).
    func baseSurface() throws(RenderError) -> CairoSurface? {
        guard let base = page.base else { return nil }
        if let surface = canvas.base, surface.size == base.image.size { return surface }
        canvas.base = try CairoSurface(image: base.image)
        return canvas.base
    }

    // MARK: - Highlights

    /// Whether any stroke of the top run marks the highlights layer.
    var hasHighlighterStrokes: Bool {
        let entries = canvas.index.entries(for: page.items)
        guard canvas.index.highlighters > 0 else { return false }
        let baked = page.bakedStrokes, start = topRunStart
        if baked.isEmpty, start == 0 { return true }
        return entries[start...].contains { $0.tool?.blend == .multiply && !baked.contains($0.id) }
    }

    /// Paints `region` of the highlights layer anew from the strokes (after an undo, a redo).
    /// With no highlighter stroke left, the layer goes (composing no longer pays for it); when
    /// one comes back, the step that brought it covers its area.
    func repaintHighlights(_ region: PixelRect?) throws(RenderError) {
        guard hasHighlighterStrokes else {
            canvas.highlights = nil
            return
        }
        guard let region = region?.intersection(PixelRect(size: size)) else { return }
        let highlights = try canvas.highlightsLayer()
        // What is shown changes there too (a marker over the background has no ink under it).
        canvas.invalidate(region)
        highlights.surface.zero(region)
        let mask = try canvas.borrowMask()
        defer { canvas.giveBack(mask) }
        let baked = page.bakedStrokes
        for item in page.items[topRunStart...] {
            guard case .stroke(let stroke) = item, stroke.tool.blend != .over, !baked.contains(stroke.id) else { continue }
            let limit = InkCompositing.limit(of: stroke, on: size)
            guard let whole = canvas.index.box(of: stroke)?.pixelRect(clippedTo: size)?.intersection(limit),
                  let area = whole.intersection(region) else { continue }
            let reach = try InkCompositing.cover(stroke.outline, whole, limit: limit, mask: mask)
            try InkCompositing.mark(highlights.surface, tool: stroke.tool, style: stroke.style, mask: mask, area: area)
            mask.zero(reach)
        }
    }
}
