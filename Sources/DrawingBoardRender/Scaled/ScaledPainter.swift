import CCairo
import DrawingBoardCore

/// Paints a page from its model at any scale, one region at a time: the background drawn at
/// that scale (a paper's lines, a PDF page through poppler, an image filtered smoothly), each
/// stroke's outline rasterised at that scale, every element drawn from its source (an SVG and a
/// text as vectors, a photo filtered smoothly), never the page's 1x pixels scaled up.
///
/// The page's order is the canvas's (`RunPainter`): the elements cut the strokes into runs;
/// per run its highlights are multiplied in and its ink laid over, every eraser drawn after it
/// clearing its ink first, then the element over the run. Unlike the canvas, which keeps a
/// stroke's coverage whole so a pixel painted again comes out the same, each stroke is
/// rasterised within the region: a region is always painted whole (a tile, a picture), so the
/// same region of the same page gives the same pixels.
///
/// Coordinates: a region is in the page's pixels at this scale, (0, 0) the page's top left.
struct ScaledPainter {
    let scene: PageScene
    let scale: Double
    let resources: PaintResources

    var page: Page { scene.page }

    /// The picture of the whole page at this scale: round(W x S) x round(H x S).
    static func size(of page: PixelSize, at scale: Double) -> PixelSize {
        PixelSize(width: max(1, Int((Double(page.width) * scale).rounded())), height: max(1, Int((Double(page.height) * scale).rounded())))
    }

    var size: PixelSize { Self.size(of: page.size, at: scale) }

    /// Paints `region` of the page onto `target` (in the region's coordinates: a surface placed
    /// at the region's top left, or covering it), replacing what was there. `extra`: strokes
    /// laid over the page's items, as if they were its last (strokes still being drawn).
    /// `background`: false leaves what is under the items transparent (a picture of some of
    /// them, laid over the page later).
    func paint(_ region: PixelRect, on target: CairoSurface, extra: [Stroke] = [], background: Bool = true) throws(RenderError) {
        let cr = try CairoContext(target)
        cr.clip(to: region)
        if background { paintBackground(on: cr) }
        let items = Items(scene: scene, extra: extra)
        guard items.count > 0 else { return }
        let mask = try CairoSurface(format: .a8, size: PixelSize(width: region.width, height: region.height))
        mask.place(atX: region.x, y: region.y)
        var scratch = RunPainter.RunScratch(region: region)
        // Erasers anywhere on the page, in order: each clears the runs before it.
        let erasers = (0..<items.count).filter { items.tool($0) == .eraser && meets(items.box($0), region) }
        var start = 0
        for i in 0..<items.count where items.isElement(i) || i == items.count - 1 {
            let end = items.isElement(i) ? i : i + 1
            try paintRun(start..<end, items: items, erasers: erasers, region: region, mask: mask, scratch: &scratch, onto: cr)
            start = i + 1
            guard items.isElement(i), meets(items.box(i), region), case .element(let element) = page.items[i] else { continue }
            cr.isolated {
                cairo_scale(cr.handle, scale, scale)
                ElementArt.draw(element, on: cr.handle, assets: resources.assets)
            }
        }
    }

    /// The page's items with the extra strokes after them.
    private struct Items {
        let page: Page
        let entries: [ItemIndex.Entry]
        let extra: [Stroke]
        let extraBoxes: [Rect?]

        init(scene: PageScene, extra: [Stroke]) {
            page = scene.page
            entries = scene.entries
            self.extra = extra
            extraBoxes = extra.map { $0.outline.bounds }
        }

        var count: Int { entries.count + extra.count }
        func isElement(_ i: Int) -> Bool { i < entries.count && entries[i].isElement }
        func tool(_ i: Int) -> Tool? { i < entries.count ? entries[i].tool : extra[i - entries.count].tool }
        /// The item's box on the page (`.some(nil)`: the base, which covers the page).
        func box(_ i: Int) -> Rect?? { i < entries.count ? .some(entries[i].box) : .some(extraBoxes[i - entries.count]) }
        func stroke(_ i: Int) -> Stroke? {
            guard i < entries.count else { return extra[i - entries.count] }
            if case .stroke(let stroke) = page.items[i] { return stroke }
            return nil
        }
        func isBase(_ i: Int) -> Bool { i == 0 && page.base != nil && !entries.isEmpty }
    }

    /// Whether an item's box (page pixels; `.some(nil)`: the base) reaches `region`.
    private func meets(_ box: Rect??, _ region: PixelRect) -> Bool {
        guard let box else { return false }
        guard let box else { return true }
        let scaled = Rect(minX: box.minX * scale - 1, minY: box.minY * scale - 1, maxX: box.maxX * scale + 1, maxY: box.maxY * scale + 1)
        return scaled.intersects(region.rect)
    }

    /// One run of ink (items `range`): its strokes (and the base) into the scratch layers, every
    /// eraser drawn after it clearing them, then its highlights multiplied into `cr` and its ink
    /// laid over.
    private func paintRun(_ range: Range<Int>, items: Items, erasers: [Int], region: PixelRect, mask: CairoSurface,
                          scratch: inout RunPainter.RunScratch, onto cr: CairoContext) throws(RenderError) {
        let inRegion = range.filter { !items.isElement($0) && meets(items.box($0), region) }
        guard !inRegion.isEmpty else { return }
        let ink = try scratch.surface(highlights: false)
        let marks = inRegion.contains { items.tool($0) == .highlighter } ? try scratch.surface(highlights: true) : nil
        let baked = page.bakedStrokes
        for i in inRegion + erasers.filter({ $0 >= range.upperBound }) {
            if items.isBase(i) {
                try paintBase(into: ink, region: region)
                continue
            }
            guard let stroke = items.stroke(i), !baked.contains(stroke.id) else { continue }
            try paint(stroke, region: region, mask: mask, ink: ink, highlights: marks)
        }
        if let marks {
            cr.isolated {
                cr.setBlend(.multiply)
                cr.paint(marks)
            }
        }
        cr.paint(ink)
    }

    /// One stroke's coverage at this scale within `region`, then its colour through it with
    /// the tool's operator.
    private func paint(_ stroke: Stroke, region: PixelRect, mask: CairoSurface, ink: CairoSurface, highlights: CairoSurface?) throws(RenderError) {
        mask.zero(region)
        let mc = try CairoContext(mask)
        mc.clip(to: region)
        cairo_scale(mc.handle, scale, scale)
        if stroke.clip != nil {
            // Drawn on a smaller canvas: what lay outside it was never drawn.
            let limit = InkCompositing.limit(of: stroke, on: page.size)
            cairo_rectangle(mc.handle, 0, 0, Double(limit.width), Double(limit.height))
            cairo_clip(mc.handle)
        }
        mc.setSource(.black)
        mc.strokeInPieces(stroke.outline)
        try InkCompositing.paint(tool: stroke.tool, style: stroke.style, within: region, mask: mask, ink: ink, highlights: highlights)
    }

    /// The pixels another app drew, under the strokes, resampled smoothly.
    private func paintBase(into ink: CairoSurface, region: PixelRect) throws(RenderError) {
        guard let base = scene.base else { return }
        let cr = try CairoContext(ink)
        cr.clip(to: region)
        cairo_scale(cr.handle, scale, scale)
        paintSmoothly(base, on: cr)
    }

    private func paintSmoothly(_ surface: CairoSurface, on cr: CairoContext) {
        cairo_set_source_surface(cr.handle, surface.handle, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr.handle), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr.handle), CAIRO_EXTEND_PAD)
        cairo_rectangle(cr.handle, 0, 0, Double(surface.size.width), Double(surface.size.height))
        cairo_fill(cr.handle)
    }

    /// The background at this scale, over the region (`cr` is clipped to it).
    private func paintBackground(on cr: CairoContext) {
        cr.isolated {
            cairo_scale(cr.handle, scale, scale)
            switch page.background {
            case .color(let color):
                cr.setSource(color)
                cr.paintAll()
            case .paper(let paper):
                BackgroundLayer.rule(paper, on: cr.handle, size: page.size)
            case .xournal(let paper):
                XournalPaperPainter.paint(paper, on: cr.handle, size: page.size)
            case .image:
                cr.setSource(.white)
                cr.paintAll()
                if let image = scene.backgroundImage { cr.paintCovering(image, target: page.size) }
            case .pdf(let pdf):
                cr.setSource(.white)
                cr.paintAll()
                // A page poppler cannot draw stays white here, as it does at 1x meanwhile.
                try? PDFPainter.draw(pdf, on: cr.handle, size: page.size, documents: resources.pdfs)
            }
        }
    }
}
