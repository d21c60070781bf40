import DrawingBoardCore

/// The pixels of one page, every one of them a cache of the page model, painted from it: the
/// background layer shows the background; the ink layer what the top run of items paints (the
/// items after the last element: all of them on a page without elements); the highlights layer
/// what highlighters laid over the background; `under` everything below the top run
/// (background, lower runs, elements), made when the page has elements; `base` the pixels of
/// another app's drawing, ready to paint. Besides them: each element drawn at its size, the
/// boxes of the items, and the layers of an element being dragged.
///
/// The caches follow the page in one place: `follow`, given what an applied edit changed.
final class PageCanvas {
    private(set) var size: PixelSize
    private(set) var ink: InkLayer
    private(set) var background: BackgroundLayer
    /// Made when the first highlighter stroke is; nil while no highlighter marks the page.
    var highlights: InkLayer?
    /// The page's base item as a surface, when it has one.
    var base: CairoSurface?
    /// Everything under the top run of ink, when the page has elements (see RunPainter).
    var under: CairoSurface?
    /// The same without the last element (what lies under the topmost element).
    var belowLast: CairoSurface?
    /// Each element drawn at its size, ready to lay on the page.
    let elements = ElementCache()
    /// The decoded image files of the page's elements.
    private(set) var assets: AssetStore
    /// The page under and over an element being dragged.
    var drag: DragCache?
    /// The under layer as erasers being drawn show it.
    var underErasing: CairoSurface?
    /// Ids, tools and boxes of the page's items.
    var index = ItemIndex()
    /// Coverage masks the size of the ink layer, kept for the next stroke painted.
    private var masks: [CairoSurface] = []
    /// The canvas area whose pixels changed since the frame last asked.
    private var dirty: PixelRect?
    /// The layer under the topmost element for an earlier state, for undo and redo.
    private var stash = UnderStash()
    /// How many times everything under the top run was painted again (for tests).
    private(set) var wholeUnderPaints = 0

    /// Empty layers for a page of `size` on `background`.
    init(size: PixelSize, background: Background, assets: AssetStore) throws(RenderError) {
        self.size = size
        ink = try InkLayer(size: size)
        self.background = try BackgroundLayer(size: size, background: background, drawer: assets.pdfDrawer)
        self.assets = assets
    }

    /// A canvas painted off the event loop (`PagePainter`, with a store of its own) joins the
    /// editor's: its images are decoded from the editor's store from now on, and a PDF page shown
    /// on it later is drawn by the editor's worker.
    func adopt(_ editorAssets: AssetStore) {
        assets = editorAssets
        background.adopt(drawer: editorAssets.pdfDrawer)
    }

    /// Brings the layers built on the background up to date with what the worker drew off the
    /// event loop (`now`: draws a PDF page still coming here, for a file). True when the page
    /// must be shown again.
    @discardableResult
    func catchUpBackground(page: Page, now: Bool = false) throws(RenderError) -> Bool {
        var arrived = false
        if now, background.pending != nil {
            try background.complete()
            arrived = true
        } else {
            arrived = background.catchUp()
        }
        if arrived {
            stash.drop()
            if under != nil { try RunPainter(canvas: self, page: page).paintUnder(PixelRect(size: size)) }
            invalidateAll()
        }
        return arrived
    }

    // MARK: - Layers and masks

    /// A coverage mask the size of the ink layer, for painting a stroke.
    func borrowMask() throws(RenderError) -> CairoSurface {
        if let failure = simulatedMaskFailure {
            simulatedMaskFailure = nil
            throw failure
        }
        if let mask = masks.popLast() { return mask }
        return try CairoSurface(format: .a8, size: ink.surface.size)
    }

    func giveBack(_ mask: CairoSurface) {
        if mask.size == ink.surface.size { masks.append(mask) }
    }

    /// The highlights layer, made (transparent) if it is not there yet.
    func highlightsLayer() throws(RenderError) -> InkLayer {
        if let highlights { return highlights }
        let layer = try InkLayer(size: ink.surface.size)
        highlights = layer
        return layer
    }

    func invalidate(_ rect: PixelRect?) {
        dirty = union(dirty, rect)
    }

    func invalidateAll() { invalidate(PixelRect(size: size)) }

    /// The area changed since the last call.
    func takeDirty() -> PixelRect? {
        defer { dirty = nil }
        return dirty
    }

    // MARK: - Following the page

    /// Where the page's runs stood before a change (what `follow` compares with).
    struct Shape {
        var lastElementID: UInt64?
        var lastElementIndex: Int?
        var topRunStart: Int

        init(_ page: Page, on canvas: PageCanvas) {
            lastElementIndex = canvas.lastElement(of: page)
            lastElementID = lastElementIndex.flatMap { page.items[$0].element?.id }
            topRunStart = (lastElementIndex ?? -1) + 1
        }
    }

    /// Where the last element of `page` lies (kept with the boxes: a page of 10,000 strokes is
    /// not scanned per motion sample).
    func lastElement(of page: Page) -> Int? {
        index.lastElement(in: page.items)
    }

    /// For tests: the next `follow` fails with this before it changes anything, as running out
    /// of memory would.
    var simulatedFailure: RenderError?
    /// For tests: the next mask asked for fails with this (painting from the page fails
    /// part-way, after some layers changed).
    var simulatedMaskFailure: RenderError?
    /// The ink where a selection is being lifted, painted off the event loop (`LiftPatch`):
    /// laid in when the lift's change is followed, instead of painting that area again.
    var liftPatch: LiftPatch?

    /// A stroke that was just drawn on top: its outline, worked out once, and the stroke in
    /// progress whose mask covers it already, if any.
    struct StrokePaint {
        var outline: StrokeOutline
        var live: LiveStroke?
    }

    /// Brings every cache in step with `page` after `change` (the page stood as `before`):
    /// the one place the caches follow the page. A stroke or an element put on top is painted
    /// on what is there; anything else is painted again from the page where it reaches.
    /// `dragging`: an element drag is under way (its motions compose from the drag's layers).
    /// `previous`: the page before the change (lets the layer under the topmost element be
    /// kept for an undo or a redo, `UnderStash`).
    /// `wholeLater`: when everything under the top run must be painted again, nothing more is
    /// done here and true is returned: the caller has the page painted whole off the event loop
    /// (`WholeRepaint`) and this canvas replaced.
    @discardableResult
    func follow(_ change: PageChange, on page: Page, from before: Shape, stroke: StrokePaint? = nil, dragging: Bool = false,
                previous: Page? = nil, wholeLater: Bool = false) throws(RenderError) -> Bool {
        if let failure = simulatedFailure {
            simulatedFailure = nil
            throw failure
        }
        let painter = RunPainter(canvas: self, page: page)
        let moved = change.elementMovedInPlace
        // An element drag's layers paint the under layer from the new page when they go: the
        // layer then stands for no earlier page, and is not kept.
        var previous = previous
        if drag != nil, !(dragging && moved.map { drag?.id == $0.new.id } == true) {
            previous = nil
            try dropDrag(page)
        }
        if let stroke, let drawn = Self.strokeOnTop(change, page) {
            // (Its box is in the index already: the editor put it there as it made the stroke.)
            index.follow(change.items, now: page.items)
            try paint(drawn, stroke, on: page, painter: painter)
            return false
        }
        index.follow(change.items, now: page.items)
        if change.items.contains(where: { $0.placed.contains { if case .base = $0.item { return true } else { return false } } }) {
            base = nil
        }
        if change.background {
            // Everything under the top run is painted again: off the event loop, when asked.
            if wholeLater, lastElement(of: page) != nil { index.forget(); return true }
            stash.drop()
            try background.show(page.background)
            try painter.paintUnder(PixelRect(size: size))
            invalidateAll()
        }
        guard !change.items.isEmpty else { return false }
        let replaced = belowLast
        if before.lastElementIndex == nil || under?.size == size, let placed = Self.elementOnTop(change, page), painter.absorbTopRun() {
            // The layer under the element that was topmost goes: kept for an undo.
            stash.keep(replaced, for: previous, last: before.lastElementIndex)
            // On top: the page as it stands goes under it; the top run of ink starts empty.
            try painter.layPlacedElement(placed)
            try painter.repaintTopRun()
            return false
        }
        if dragging, let moved { prepareDrag(moved.new.id, on: page) }
        let after = Shape(page, on: self)
        if after.lastElementID != before.lastElementID || Self.reorders(change, after.lastElementID) {
            // The top run holds other strokes now: everything is painted again, unless the
            // layer for this page was kept (an undo or a redo of laying an element on top).
            let all = PixelRect(size: size)
            if let last = after.lastElementIndex, let kept = stash.take(for: page, last: last, size: size) {
                stash.keep(belowLast, for: previous, last: before.lastElementIndex)
                try painter.takeBack(kept)
            } else if wholeLater {
                // This canvas shows the page before the change until the new one comes: its
                // entries are made again from whatever page is asked about.
                index.forget()
                return true
            } else {
                stash.keep(belowLast, for: previous, last: before.lastElementIndex)
                // Painted into new layers: the old one may be kept.
                under = nil
                belowLast = nil
                wholeUnderPaints += 1
                try painter.paintUnder(all)
            }
            elements.prune(keeping: Set(page.elements.map(\.id)))
            invalidateAll()
            try painter.repaintTopRun()
            return false
        }
        let (underArea, inkArea) = areas(of: change, before: before, after: after)
        if let underArea, after.lastElementIndex != nil {
            try painter.paintUnder(underArea)
            invalidate(underArea)
        }
        if let inkArea, try liftPatch?.lay(on: self, area: inkArea) != true { try painter.repaint(inkArea) }
        if !painter.hasHighlighterStrokes { highlights = nil }
        // An element moved keeps its cache; one that is gone drops it.
        var gone = Set<UInt64>()
        for step in change.items where !step.inserts {
            for placed in step.placed { if let id = placed.item.elementID { gone.insert(id) } }
        }
        guard !gone.isEmpty else { return false }
        for step in change.items where step.inserts {
            for placed in step.placed { if let id = placed.item.elementID { gone.remove(id) } }
        }
        if !gone.isEmpty { elements.forget(gone) }
        return false
    }

    /// Whether the change moves element `id` elsewhere in the page's order (the last element
    /// lowered: the strokes over it are another run now, though it is still the last).
    private static func reorders(_ change: PageChange, _ id: UInt64?) -> Bool {
        guard let id else { return false }
        var from: Int?, to: Int?
        for step in change.items {
            for placed in step.placed where placed.item.elementID == id {
                if step.inserts { to = placed.index } else { from = placed.index }
            }
        }
        return from != nil && to != nil && from != to
    }

    /// The one stroke the change put on top of the page, if that is all it did.
    private static func strokeOnTop(_ change: PageChange, _ page: Page) -> Stroke? {
        guard !change.background, !change.whole, change.items.count == 1, case .insert(let p) = change.items[0], p.count == 1,
              p[0].index == page.items.count - 1 else { return nil }
        return p[0].item.stroke
    }

    /// The one element the change put on top of the page, if that is all it did.
    private static func elementOnTop(_ change: PageChange, _ page: Page) -> Element? {
        guard !change.background, change.items.count == 1, case .insert(let p) = change.items[0], p.count == 1,
              p[0].index == page.items.count - 1 else { return nil }
        return p[0].item.element
    }

    /// Where a change reaches: under the top run (elements, lower runs, every eraser), and in
    /// the ink layer (the strokes of the top run, the base).
    private func areas(of change: PageChange, before: Shape, after: Shape) -> (under: PixelRect?, ink: PixelRect?) {
        let all = PixelRect(size: size)
        let topStart = min(before.topRunStart, after.topRunStart)
        let reach = max(before.topRunStart, after.topRunStart)
        var underArea: PixelRect?, inkArea: PixelRect?
        for placed in change.items.flatMap(\.placed) {
            switch placed.item {
            case .element(let element):
                underArea = union(underArea, element.placement.bounds.pixelRect(clippedTo: size))
            case .stroke(let stroke):
                let box = index.box(of: stroke)?.pixelRect(clippedTo: size)
                if placed.index < reach || stroke.tool == .eraser { underArea = union(underArea, box) }
                if placed.index >= topStart { inkArea = union(inkArea, box) }
            case .base:
                underArea = all
                inkArea = all
            }
        }
        return (underArea, inkArea)
    }

    /// A stroke drawn on top: painted into the ink layer through one mask (the mask of the
    /// stroke in progress, which covers it already, or one borrowed). An eraser also clears
    /// the ink under the elements.
    private func paint(_ stroke: Stroke, _ paint: StrokePaint, on page: Page, painter: RunPainter) throws(RenderError) {
        let box = paint.outline.bounds
        let limit = InkCompositing.limit(of: stroke, on: size)
        guard let bounds = box?.pixelRect(clippedTo: size)?.intersection(limit) else { return }
        let mask: CairoSurface
        if let live = paint.live {
            // (A mask that could not grow to the stroke, out of memory, is refused below.)
            live.cover(bounds.outset(by: InkCompositing.clipMargin).intersection(limit) ?? bounds)
            mask = live.mask
        } else {
            mask = try borrowMask()
        }
        defer { if paint.live == nil { giveBack(mask) } }
        // A highlighter's layer is made before anything is painted, so a failure leaves the
        // drawing as it was.
        if stroke.tool.blend == .multiply { _ = try highlightsLayer() }
        try InkCompositing.composite(paint.outline, tool: stroke.tool, style: stroke.style, within: bounds, of: bounds, limit: limit, mask: mask,
                                     ink: ink.surface, highlights: highlights?.surface)
        invalidate(bounds)
        if stroke.tool == .eraser, lastElement(of: page) != nil, let area = box?.pixelRect(clippedTo: size) {
            try painter.paintUnder(area)
            invalidate(area)
        }
    }

    // MARK: - Drags

    /// The drag ended: its layers go, and what they composed inexactly is painted from the page.
    func dropDrag(_ page: Page) throws(RenderError) {
        guard let ended = drag else { return }
        drag = nil
        if let area = ended.painted {
            try RunPainter(canvas: self, page: page).paintUnder(area)
            invalidate(area)
        }
    }

    /// Makes the layers under and over the element `id` for its drag, if it pays (nothing
    /// multiplying over it).
    private func prepareDrag(_ id: UInt64, on page: Page) {
        guard drag?.id != id, let i = page.index(ofElement: id), let last = lastElement(of: page) else { return }
        if i == last, let below = belowLast {
            // The topmost element: the page under it is kept anyway.
            drag = DragCache(id: id, index: i, count: page.items.count, below: below, above: nil, ready: true)
            return
        }
        let entries = index.entries(for: page.items)
        guard !entries[(i + 1)..<(last + 1)].contains(where: { $0.tool == .highlighter }),
              let below = try? CairoSurface(format: .argb32, size: size), let above = try? CairoSurface(format: .argb32, size: size) else { return }
        drag = DragCache(id: id, index: i, count: page.items.count, below: below, above: above, ready: false)
    }
}
