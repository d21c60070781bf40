import DrawingBoardCore

/// The page as a whole: loading a document into the layers, and changing the page's size
/// with the drawing anchored where the user chose, as one undoable step that swaps the whole
/// document (a rare step, so a full copy is fine).
extension Editor {
    /// Shows `document` in place of everything: size, background, drawing, items. The history
    /// is left alone (opening starts a new editor; a page step swaps through here).
    func load(_ document: DocumentContents) throws(RenderError) {
        guard document.drawing.size == document.size else {
            throw RenderError("the drawing layer is \(document.drawing.size), not \(document.size)")
        }
        // The new layers are made whole before any is swapped in: a failure (out of memory on a
        // large page) leaves the editor exactly as it was.
        try Self.checkLimits(document.size)
        let next = try PageLayers(size: document.size, background: document.background)
        next.ink.surface.write(document.drawing.pixels, into: PixelRect(size: document.size))
        var page = document.page
        let ids = page.items.compactMap { $0.stroke?.id ?? $0.element?.id }
        if Set(ids).count != ids.count || ids.contains(where: { $0 >= PageLimits.strokeID }) {
            // Ids name strokes and elements (the stroke eraser's cache, the journal) and the
            // next id follows the largest: a damaged list gets fresh ones.
            var n: UInt64 = 0
            for i in page.items.indices {
                switch page.items[i] {
                case .stroke(var stroke):
                    n += 1
                    stroke.id = n
                    page.items[i] = .stroke(stroke)
                case .element(var element):
                    n += 1
                    element.id = n
                    page.items[i] = .element(element)
                case .base:
                    break
                }
            }
        }
        if let base = page.base {
            next.base = try CairoSurface(image: base.image)
        }
        layers.ink = next.ink
        layers.background = next.background
        layers.base = next.base
        layers.highlights = nil
        layers.under = nil
        layers.belowLast = nil
        layers.dragCache = nil
        layers.elementCache.removeAll()
        layers.dropMasks()
        compositor.dropScratch()
        index.reset()
        self.page = page
        // Ids never go back (an undone page step brings back an older page, whose next id
        // would name strokes drawn since).
        nextStrokeID = max(nextStrokeID, page.nextStrokeID)
        if page.lastElementIndex != nil {
            // With elements, the page is what counts: the ink layer is its top run.
            // (Painting the top run marks its highlights too.)
            paintFromPage(PixelRect(size: size), onto: nil)
            paintUnder(PixelRect(size: size))
        } else {
            try adoptOpenedDrawing()
            try paintHighlightsOfOpenedDocument()
        }
        assets.prune(keeping: Set(page.elements.compactMap(\.source.asset)))
        invalidateAll()
    }

    /// Where the old page's top left lands on a page of `newSize` anchored at `anchor`.
    public static func pageOffset(from old: PixelSize, to new: PixelSize, anchor: Int) -> (dx: Int, dy: Int) {
        let column = min(max(anchor, 0), 8) % 3, row = min(max(anchor, 0), 8) / 3
        return ((new.width - old.width) * column / 2, (new.height - old.height) * row / 2)
    }

    /// Makes the page `newSize`, the drawing keeping to `anchor`; what falls outside is cut,
    /// new room is transparent over the background (an image background keeps its place; new
    /// room is white).
    func resize(to newSize: PixelSize, anchor: Int, saving step: inout HistoryStep) throws(RenderError) -> Bool {
        try Self.checkLimits(newSize)
        guard newSize != size else { return false }
        cancelAll()
        let before = contents()
        let after = moved(before, to: newSize, anchor: anchor)
        do {
            try load(after)
        } catch {
            try? load(before)
            throw error
        }
        step.page = before
        return true
    }

    /// `image` on a canvas of `size`, its top left at `offset`; `fill` where it does not reach.
    static func shift(_ image: RasterImage, to size: PixelSize, by offset: (dx: Int, dy: Int), fill: UInt32) -> RasterImage {
        let (dx, dy) = offset
        var pixels = [UInt32](repeating: fill, count: size.area)
        let x0 = max(0, dx), x1 = min(size.width, image.width + dx)
        if x0 < x1 {
            for y in max(0, dy)..<max(max(0, dy), min(size.height, image.height + dy)) {
                let from = (y - dy) * image.width + (x0 - dx)
                pixels.replaceSubrange(y * size.width + x0..<y * size.width + x1, with: image.pixels[from..<from + (x1 - x0)])
            }
        }
        return RasterImage(width: size.width, height: size.height, pixels: pixels)!
    }

    private func moved(_ document: DocumentContents, to newSize: PixelSize, anchor: Int) -> DocumentContents {
        let offset = Self.pageOffset(from: document.size, to: newSize, anchor: anchor)
        var page = document.page
        page.size = newSize
        if case .image(_, let name) = page.background {
            page.background = .image(Self.shift(layers.background.surface.rasterImage(), to: newSize, by: offset, fill: 0xFFFF_FFFF), name: name)
        }
        let d = Point(Double(offset.dx), Double(offset.dy))
        // A stroke's clip names the canvas it was drawn on from the origin; once moved it would
        // name the wrong place, so it goes, and loading checks that the strokes still paint
        // the drawing (if one reached past an old edge, the strokes stay part of the pixels).
        page.items = page.items.map { item in
            switch item {
            case .stroke(var s):
                s.points = s.points.map { $0 + d }
                s.clip = nil
                return .stroke(s)
            case .base(var base):
                base.image = Self.shift(base.image, to: newSize, by: offset, fill: 0)
                return .base(base)
            case .element(var element):
                element.placement = element.placement.moved(by: d)
                return .element(element)
            }
        }
        return DocumentContents(page: page, drawing: Self.shift(document.drawing, to: newSize, by: offset, fill: 0))
    }
}
