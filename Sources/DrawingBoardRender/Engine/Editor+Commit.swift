import DrawingBoardCore

/// The one path every change to the page takes: `perform` applies an `Edit` (saving first the
/// tiles it touches, changing the page, repainting), pushes the undo step, counts the revision
/// and tells the journal. Undo and redo (Editor+History) exchange what the step saved.
extension Editor {
    /// Applies `edit`; false when it changed nothing (a stroke eraser that touched no stroke,
    /// a background or a size already in place). Throws, changing nothing, when the pixels
    /// cannot be made (out of memory, a size outside the limits).
    @discardableResult
    public func perform(_ edit: Edit) throws(RenderError) -> Bool {
        try perform(edit, mask: nil)
    }

    /// `mask`: the stroke in progress whose mask can paint the stroke (it covers it already).
    func perform(_ edit: Edit, mask live: LiveStroke?) throws(RenderError) -> Bool {
        // Another kind of step ends the drag under way: a slider's colour stays; the stroke
        // eraser's gesture is put back, as when it is cancelled.
        if let group, edit.makesStep, group.kind != edit.kind || (edit.endsDrags && !(group.allowsPlace && edit.isPlace)) {
            endDrag(keeping: false)
        }
        // Only the drag of the element the drag layers were made for keeps them.
        if case .change(let element) = edit, group?.kind == .element {
            prepareDrag(of: element.id)
        } else if edit.makesStep {
            dropDragCache()
        }
        var step = HistoryStep(kind: edit.kind)
        guard try apply(edit, saving: &step, mask: live) else { return false }
        revision += 1
        if !edit.makesStep {
            recorder?(.edit(edit))
        } else if group != nil {
            group?.absorb(step, edit)
        } else {
            history.push(step)
            recorder?(.edit(edit))
        }
        return true
    }

    private func apply(_ edit: Edit, saving step: inout HistoryStep, mask live: LiveStroke?) throws(RenderError) -> Bool {
        switch edit {
        case .stroke(let stroke):
            return try add(stroke, saving: &step, mask: live)
        case .eraseStrokes(let path, let width):
            return eraseStrokes(along: path, radius: width / 2, saving: &step)
        case .clear:
            cancelAll()
            step.tiles = layers.ink.nonEmptyTiles()
            for record in step.tiles { layers.ink.put(.empty, into: record.tile) }
            layers.highlights = nil
            let all = page.items.indices.reversed().map { ItemChange.Placed(index: $0, item: page.items[$0]) }
            step.items = changeItems([.remove(all)])
            layers.under = nil
            layers.belowLast = nil
            layers.elementCache.removeAll()
            invalidateAll()
            return true
        case .background(let background):
            // In a drag, the same background again is no change; a step of its own always is one.
            guard background != page.background || group == nil else { return false }
            try layers.background.show(background)
            step.background = page.background
            page.background = background
            paintUnder(PixelRect(size: size))
            invalidateAll()
            return true
        case .grow(let newSize):
            return try grow(to: newSize)
        case .page(let newSize, let anchor):
            return try resize(to: newSize, anchor: anchor, saving: &step)
        case .place, .change, .delete, .reorder:
            return try applyElementEdit(edit, saving: &step)
        }
    }

    /// Paints `stroke` into the ink layer and puts it on top of the page.
    private func add(_ stroke: Stroke, saving step: inout HistoryStep, mask live: LiveStroke?) throws(RenderError) -> Bool {
        var stroke = stroke
        // Ids are the page's to give (they name strokes for the bounds cache and the baked
        // ones): a stroke takes the next, replayed or not, so a journal replays the same ids
        // and a hostile one cannot use up the range.
        stroke.id = nextStrokeID
        let outline = stroke.outline
        // Its box, worked out once (a long stroke's control points are many): for the clip,
        // the tiles, and the index.
        let box = outline.bounds
        if stroke.clip == nil, let box,
           box.minX < 0 || box.minY < 0 || box.maxX > Double(size.width) || box.maxY > Double(size.height) {
            stroke.clip = size
        }
        if let bounds = box?.pixelRect(clippedTo: stroke.clip.map { PixelSize(width: min($0.width, size.width), height: min($0.height, size.height)) } ?? size) {
            let mask: CairoSurface
            if let live {
                live.cover(bounds)
                // A mask that could not grow to the stroke (out of memory) would clip it.
                guard live.mask.covered.intersection(bounds) == bounds else { return false }
                mask = live.mask
            } else {
                guard let borrowed = layers.borrowMask() else { return false }
                mask = borrowed
            }
            defer { if live == nil { layers.giveBack(mask) } }
            do {
                try composite(outline, tool: stroke.tool, style: stroke.style, within: bounds, mask: mask) {
                    for tile in layers.ink.grid.tiles(overlapping: bounds) where mask.hasContent(in: layers.ink.grid.rect(of: tile)) {
                        step.tiles.append(TileRecord(tile: tile, payload: layers.ink.payload(of: tile)))
                    }
                }
            } catch {
                // A context could not be made (out of memory): the drawing is unchanged and
                // the stroke is not recorded.
                return false
            }
            invalidate(bounds)
        }
        nextStrokeID = stroke.id + 1
        index.remember(box, of: stroke.id)
        step.items = changeItems([.insert([ItemChange.Placed(index: page.items.count, item: .stroke(stroke))])])
        // An eraser also clears the ink under the elements.
        if stroke.tool == .eraser, page.lastElementIndex != nil, let area = box?.pixelRect(clippedTo: size) {
            paintUnder(area)
            invalidate(area)
        }
        return true
    }

    /// Paints one stroke into the ink layer inside `area`, with one uniform opacity: the
    /// outline goes into `mask`, then the colour through the mask with the tool's operator.
    /// `target` and `highlights`: other surfaces to paint into instead of the page's ink and
    /// highlights layers (a run of ink under an element, a check). `beforePainting` runs once
    /// the mask is ready (to save the tiles about to change).
    func composite(_ outline: StrokeOutline, tool: Tool, style: StrokeStyle, within area: PixelRect, mask: CairoSurface,
                   onto target: CairoSurface? = nil, highlights: CairoSurface? = nil, beforePainting: () -> Void = {}) throws(RenderError) {
        let maskContext = try CairoContext(mask)
        let ink = target ?? layers.ink.surface
        let inkContext = try CairoContext(ink)
        // A highlighter's layer is made before anything is painted, so a failure leaves the
        // drawing as it was.
        if target == nil, tool.blend == .multiply { _ = try layers.highlightsLayer() }
        mask.zero(area)
        defer { mask.zero(area) }
        maskContext.clip(to: area)
        maskContext.setSource(.black)
        maskContext.strokeInPieces(outline)
        beforePainting()
        if tool.blend == .multiply {
            // Into the drawing's colours only where there is drawing (the highlights layer
            // takes the marker over the background).
            Self.multiplyKeepingAlpha(ink, mask: mask, area: area, color: style.color, opacity: style.opacity)
        } else {
            inkContext.clip(to: area)
            inkContext.setBlend(tool.blend)
            inkContext.setSource(style.color, alpha: style.opacity)
            inkContext.paint(through: mask)
        }
        let marks = target == nil ? layers.highlights?.surface : highlights
        if let marks { try Self.mark(marks, tool: tool, style: style, mask: mask, area: area) }
    }

    /// Makes the canvas at least `newSize`, keeping the drawing and the history as they are.
    /// A background image is scaled anew to cover the larger canvas.
    public func grow(toFit newSize: PixelSize) throws(RenderError) {
        try perform(.grow(newSize))
    }

    private func grow(to newSize: PixelSize) throws(RenderError) -> Bool {
        let target = PixelSize(width: max(size.width, newSize.width), height: max(size.height, newSize.height))
        guard target != size else { return false }
        try Self.checkLimits(target)
        cancelAll()
        // A background image under a drawing stays where it is, so the drawing keeps lying on
        // the same spot of it (the new room is white paper); with nothing drawn yet it is
        // scaled again to cover the larger canvas.
        var anchored: Background?
        if case .image(_, let name) = page.background,
           !page.items.isEmpty || layers.ink.surface.hasContent(in: PixelRect(size: size)) {
            let shown = layers.background.surface.rasterImage()
            var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: target.area)
            for y in 0..<shown.height {
                pixels.replaceSubrange(y * target.width..<(y * target.width + shown.width), with: shown.pixels[(y * shown.width)..<((y + 1) * shown.width)])
            }
            anchored = RasterImage(width: target.width, height: target.height, pixels: pixels).map { .image($0, name: name) }
        }
        try layers.ink.grow(toFit: target)
        try layers.highlights?.grow(toFit: target)
        try layers.background.resize(to: target)
        if let anchored {
            try layers.background.show(anchored)
            page.background = anchored
        }
        layers.dropMasks()
        layers.dragCache = nil
        compositor.dropScratch()
        page.size = target
        fitBase()
        if layers.under != nil {
            layers.under = nil
            layers.belowLast = nil
            paintUnder(PixelRect(size: size))
        }
        invalidateAll()
        return true
    }

    /// The base keeps its place at the top left of a page that grew, or of a page it came back
    /// to after the page grew (undoing a clear): the new room has nothing under the strokes.
    func fitBase() {
        guard let base = page.base, base.image.size != size else { return }
        let fitted = Self.shift(base.image, to: size, by: (0, 0), fill: 0)
        page.items[0] = .base(BasePixels(image: fitted, baked: base.baked))
        layers.base = nil
    }
}

extension Edit {
    var isPlace: Bool {
        if case .place = self { return true }
        return false
    }

    /// Edits that are steps of their own even amid a drag of their kind.
    var endsDrags: Bool {
        switch self {
        case .place, .delete, .reorder: return true
        default: return false
        }
    }

    /// The kind of undo step the edit makes.
    var kind: HistoryStep.Kind {
        switch self {
        case .stroke, .grow: return .stroke
        case .eraseStrokes: return .strokeErase
        case .clear: return .clear
        case .background: return .background
        case .page: return .page
        case .place, .change, .delete, .reorder: return .element
        }
    }
}
