import CCairo
import DrawingBoardCore

/// Ink and elements in one order. The elements cut the page's strokes into runs: the run
/// before an element lies under it, the run after it over it. The last run (after the last
/// element, the whole page when there is none) is the ink and highlights layers the window
/// draws on as before; everything under it (background, lower runs, elements) is one opaque
/// layer, `under`, painted from the page for any region:
///
///     under = background;  for each element e:  under = (under × highlights(run)) OVER
///     ink(run) OVER e;  picture = (under × highlights(top run)) OVER ink(top run)
///
/// An eraser removes ink only, in every run before it (so it shows what lies under that ink,
/// never an element): a run's ink is painted with its own strokes, then every eraser drawn
/// after it clears it too. A highlighter multiplies into everything under it, elements
/// included, through its run's highlights.
extension Editor {
    /// Where the top run starts: just after the last element (0 when there is none).
    var topRunStart: Int { (page.lastElementIndex ?? -1) + 1 }

    /// The id of the last element, whose place decides what the top run holds.
    var lastElementID: UInt64? { page.lastElementIndex.flatMap { page.items[$0].element?.id } }

    /// What the frame and the flattened picture start from: the background, or everything
    /// under the top run when the page has elements.
    var pictureBase: CairoSurface {
        flushDrag()
        return layers.under ?? layers.background.surface
    }

    /// Brings the under layer up to date while an element is dragged (for what reads it: the
    /// eyedropper, an export), from the drag's layers.
    func flushDrag() {
        guard let drag = layers.dragCache, drag.covers(page), let area = drag.painted, let under = layers.under,
              let cr = try? CairoContext(under) else { return }
        readyDrag(drag, area)
        cr.clip(to: area)
        paintDrag(drag, on: cr, smooth: false)
    }

    /// Paints `region` of the under layer anew from the page (made when the page has its first
    /// element, dropped when it has none). The page under the last element is kept as a layer
    /// of its own (`belowLast`), so dragging the topmost element, or placing one on top,
    /// never paints the page again.
    func paintUnder(_ region: PixelRect) {
        guard let last = page.lastElementIndex else {
            layers.under = nil
            layers.belowLast = nil
            return
        }
        guard let region = region.intersection(PixelRect(size: size)) else { return }
        if layers.under?.size != size || layers.belowLast?.size != size {
            layers.under = try? CairoSurface(format: .argb32, size: size)
            layers.belowLast = try? CairoSurface(format: .argb32, size: size)
            guard layers.under != nil, layers.belowLast != nil else {
                layers.under = nil
                layers.belowLast = nil
                return
            }
            paintUnder(PixelRect(size: size))
            return
        }
        if let drag = layers.dragCache, drag.covers(page) {
            // An element being dragged: the frames come from its layers; the under layer is
            // painted where it changed once the drag ends.
            drag.painted = union(drag.painted, region)
            return
        }
        guard let under = layers.under, let cr = try? CairoContext(under), let belowLast = layers.belowLast,
              let bc = try? CairoContext(belowLast) else { return }
        cr.clip(to: region)
        bc.clip(to: region)
        bc.copy(layers.background.surface)
        compose(0..<last, region: region, on: bc)
        cr.copy(belowLast)
        if case .element(let element) = page.items[last] { layers.elementCache.paint(element, on: cr.handle, assets: assets) }
    }

    /// An element placed on top: the page as it stands becomes the layer under it (the ink of
    /// the top run composed over the under layer, as the frame shows it), without painting the
    /// page again. Called before the element joins the page.
    func absorbTopRun() -> Bool {
        guard layers.under?.size == size || page.lastElementIndex == nil,
              let next = try? CairoSurface(format: .argb32, size: size), let cr = try? CairoContext(next),
              let under = layers.under ?? (try? CairoSurface(format: .argb32, size: size)) else { return false }
        cr.copy(layers.under ?? layers.background.surface)
        if let marks = layers.highlights?.surface {
            cr.isolated {
                cr.setBlend(.multiply)
                cr.paint(marks)
            }
        }
        cr.paint(layers.ink.surface)
        layers.belowLast = next
        layers.under = under
        return true
    }

    /// After `absorbTopRun` and the element's placing: the under layer is the page under it
    /// with the element over it.
    func layPlacedElement(_ element: Element) {
        guard let under = layers.under, let belowLast = layers.belowLast, let cr = try? CairoContext(under) else { return }
        cr.copy(belowLast)
        layers.elementCache.paint(element, on: cr.handle, assets: assets)
    }

    /// Composes `range` of the page's items within `region` onto `cr`: each run of ink (its
    /// highlights multiplied in, its ink over, every later eraser clearing it) and each element
    /// over it.
    /// `liveErasers`: the masks of erasers still being drawn, which clear every run too.
    func compose(_ range: Range<Int>, region: PixelRect, on cr: CairoContext, liveErasers: [CairoSurface] = []) {
        guard let mask = layers.borrowMask() else { return }
        defer { layers.giveBack(mask) }
        let entries = index.entries(for: page.items)
        // Erasers anywhere on the page, in order: each clears the runs before it.
        let erasers = entries.indices.filter { entries[$0].tool == .eraser && entries[$0].box?.pixelRect(clippedTo: size)?.intersection(region) != nil }
        var scratch = RunScratch(region: region)
        var start = range.lowerBound
        for i in range where entries[i].isElement || i == range.upperBound - 1 {
            let end = entries[i].isElement ? i : i + 1
            paintRun(start..<end, erasers: erasers, entries: entries, mask: mask, scratch: &scratch, onto: cr, liveErasers: liveErasers)
            start = i + 1
            guard entries[i].isElement, entries[i].box?.pixelRect(clippedTo: size)?.intersection(region) != nil,
                  case .element(let element) = page.items[i] else { continue }
            layers.elementCache.paint(element, on: cr.handle, assets: assets)
        }
    }

    /// Surfaces the size of the region being painted, made once and cleared per run.
    struct RunScratch {
        let region: PixelRect
        private var ink: CairoSurface?
        private var marks: CairoSurface?

        init(region: PixelRect) { self.region = region }

        mutating func surface(highlights: Bool) -> CairoSurface? {
            if let made = highlights ? marks : ink {
                made.zero(region)
                return made
            }
            guard let made = try? CairoSurface(format: .argb32, size: PixelSize(width: region.width, height: region.height)) else { return nil }
            made.place(atX: region.x, y: region.y)
            if highlights { marks = made } else { ink = made }
            return made
        }
    }

    /// Composes one run of ink (items `range`) over `cr` within the scratch's region: its
    /// highlights multiplied in, then its ink over.
    private func paintRun(_ range: Range<Int>, erasers: [Int], entries: [ItemIndex.Entry], mask: CairoSurface, scratch: inout RunScratch,
                          onto cr: CairoContext, liveErasers: [CairoSurface] = []) {
        let region = scratch.region
        let inRegion = range.filter { i in
            let entry = entries[i]
            return entry.box == nil || entry.box?.pixelRect(clippedTo: size)?.intersection(region) != nil
        }
        guard !inRegion.isEmpty, let ink = scratch.surface(highlights: false) else { return }
        let marks = inRegion.contains { entries[$0].tool == .highlighter } ? scratch.surface(highlights: true) : nil
        paintItems(inRegion, region: region, entries: entries, mask: mask, ink: ink, highlights: marks)
        // Erasers drawn after the run clear its ink too.
        paintItems(erasers.filter { $0 >= range.upperBound }, region: region, entries: entries, mask: mask, ink: ink, highlights: marks)
        for live in liveErasers {
            for surface in [ink, marks].compactMap({ $0 }) {
                guard let sc = try? CairoContext(surface) else { continue }
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
    func paintItems(_ indices: [Int], region: PixelRect, entries: [ItemIndex.Entry], mask: CairoSurface, ink: CairoSurface?, highlights: CairoSurface?) {
        let baked = page.bakedStrokes
        for i in indices {
            let entry = entries[i]
            guard let box = entry.box else {
                // The base, under everything.
                if entry.tool == nil, let base = baseSurface(), let cr = try? CairoContext(ink ?? layers.ink.surface) {
                    cr.clip(to: region)
                    cr.paint(base)
                }
                continue
            }
            // Each stroke only within its own box (and within the canvas it was drawn on).
            guard !baked.contains(entry.id), var area = box.pixelRect(clippedTo: size)?.intersection(region),
                  case .stroke(let stroke) = page.items[i] else { continue }
            if let clip = stroke.clip {
                guard let inside = area.intersection(PixelRect(size: clip)) else { continue }
                area = inside
            }
            try? composite(stroke.outline, tool: stroke.tool, style: stroke.style, within: area, mask: mask, onto: ink, highlights: highlights)
        }
    }

    /// After the page's items changed (`changes`, applied; the last element's id was
    /// `lastBefore`, the top run started at `topBefore`): the under layer is painted again
    /// where they were. When the last element changed, the top run holds other strokes: the
    /// under layer and the highlights are painted again whole, and the caller makes the ink
    /// layer the new top run (`repaintTopRun`, or the tiles of an undo step). Returns whether
    /// that happened.
    @discardableResult
    func refreshRuns(after changes: [ItemChange], lastBefore: UInt64?, topBefore: Int) -> Bool {
        let all = PixelRect(size: size)
        if lastElementID != lastBefore {
            paintUnder(all)
            layers.elementCache.prune(keeping: Set(page.elements.map(\.id)))
            invalidateAll()
            return true
        }
        guard page.lastElementIndex != nil else { return false }
        let reach = max(topBefore, topRunStart)
        var area: PixelRect?
        for change in changes {
            let placed: [ItemChange.Placed]
            switch change {
            case .insert(let p), .remove(let p): placed = p
            }
            for p in placed {
                switch p.item {
                case .element(let element):
                    area = union(area, element.placement.bounds.pixelRect(clippedTo: size))
                case .stroke(let stroke) where p.index < reach || stroke.tool == .eraser:
                    area = union(area, index.box(of: stroke)?.pixelRect(clippedTo: size))
                case .base:
                    area = all
                default:
                    break
                }
            }
        }
        if let area {
            paintUnder(area)
            invalidate(area)
        }
        return false
    }

    /// Paints the ink and highlights layers again from the top run, saving first every tile
    /// that held ink before or holds ink after.
    func repaintTopRun(saving step: inout HistoryStep) {
        let all = PixelRect(size: size)
        var saved = Set(step.tiles.map(\.tile))
        for record in layers.ink.nonEmptyTiles() where !saved.contains(record.tile) && !savedByDrag(record.tile) {
            step.tiles.append(record)
            saved.insert(record.tile)
        }
        paintFromPage(all, onto: nil)
        if !hasHighlighterStrokes { layers.highlights = nil }
        for tile in layers.ink.grid.tiles(overlapping: all) where !saved.contains(tile) && !savedByDrag(tile) {
            if layers.ink.surface.hasContent(in: layers.ink.grid.rect(of: tile)) {
                step.tiles.append(TileRecord(tile: tile, payload: .empty))
            }
        }
        invalidateAll()
    }
}
