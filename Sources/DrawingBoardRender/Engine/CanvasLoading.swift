import DrawingBoardCore

/// A page and its drawing (a document opened, a page resized) made into a canvas. The page is
/// the truth: a document of format 7 or later says its items are the drawing, and is painted
/// from them. An older one's drawing is what the page showed, and a drawing its items do not
/// paint nearly exactly (another app drew on it too) becomes the page's base: the pixels no
/// stroke explains, under the strokes, with the strokes already in them marked baked.
enum CanvasLoading {
    /// The page as it will be shown, and its canvas. Throws, changing nothing, when the layers
    /// cannot be made (out of memory, a size outside the limits). A document without a drawing
    /// layer to check (its items are the drawing: format 7) is painted from its page.
    static func load(_ document: DocumentContents, assets: AssetStore) throws(RenderError) -> (Page, PageCanvas) {
        guard let drawing = document.drawing else {
            let page = renumbered(document.page)
            let canvas = try paint(page, assets: assets)
            assets.prune(keeping: Set(page.elements.compactMap(\.source.asset)))
            return (page, canvas)
        }
        guard drawing.size == document.size else {
            throw RenderError("the drawing layer is \(drawing.size), not \(document.size)")
        }
        try Editor.checkLimits(document.size)
        let all = PixelRect(size: document.size)
        let canvas = try PageCanvas(size: document.size, background: document.background, assets: assets)
        var page = renumbered(document.page)
        if page.lastElementIndex != nil {
            // With elements, the page is what counts: the ink layer is its top run.
            let painter = RunPainter(canvas: canvas, page: page)
            try painter.paintFromPage(all)
            try painter.paintUnder(all)
        } else {
            page = try explained(page, drawing: drawing, on: canvas)
            try RunPainter(canvas: canvas, page: page).repaintHighlights(all)
        }
        assets.prune(keeping: Set(page.elements.compactMap(\.source.asset)))
        canvas.invalidateAll()
        return (page, canvas)
    }

    /// A canvas painted from the page alone (a notebook's page shown again: the page is the
    /// truth, its base included).
    static func paint(_ page: Page, assets: AssetStore) throws(RenderError) -> PageCanvas {
        try Editor.checkLimits(page.size)
        let all = PixelRect(size: page.size)
        let canvas = try PageCanvas(size: page.size, background: page.background, assets: assets)
        let painter = RunPainter(canvas: canvas, page: page)
        try painter.paintFromPage(all)
        if page.lastElementIndex != nil {
            try painter.paintUnder(all)
        } else {
            try painter.repaintHighlights(all)
        }
        canvas.invalidateAll()
        return canvas
    }

    /// Ids name strokes and elements (the boxes kept for them, the journal) and the next id
    /// follows the largest: a damaged list gets fresh ones.
    private static func renumbered(_ page: Page) -> Page {
        let ids = page.items.compactMap { $0.stroke?.id ?? $0.element?.id }
        guard Set(ids).count != ids.count || ids.contains(where: { $0 >= PageLimits.strokeID }) else { return page }
        var n: UInt64 = 0
        let items = page.items.map { item -> PageItem in
            switch item {
            case .stroke(var stroke):
                n += 1
                stroke.id = n
                return .stroke(stroke)
            case .element(var element):
                n += 1
                element.id = n
                return .element(element)
            case .base:
                return item
            }
        }
        return Page(size: page.size, background: page.background, items: items)
    }

    /// The page whose items paint the document's drawing: as it is when they do (a base saved
    /// by DrawingBoard is trusted only then), else with the drawing as its base. The ink layer
    /// holds the drawing after it.
    private static func explained(_ page: Page, drawing: RasterImage, on canvas: PageCanvas) throws(RenderError) -> Page {
        let all = PixelRect(size: page.size)
        var page = page
        if page.base != nil {
            if try itemsRepaint(page, drawing, canvas) { return page }
            page = Page(size: page.size, background: page.background, items: Array(page.items.dropFirst()))
            canvas.ink.surface.zero(all)
        }
        // (A layer never painted is left as it was made: its memory is never touched.)
        guard drawing.pixels.contains(where: { $0 != 0 }) else { return page }
        var baked: Set<UInt64> = []
        if !page.items.isEmpty {
            if try itemsRepaint(page, drawing, canvas) { return page }
            // Another app drew here too: the strokes stay part of the pixels, and vector export
            // must embed those pixels, since the strokes alone are not the drawing.
            baked = Set(page.strokes.map(\.id))
        }
        canvas.ink.surface.write(drawing.pixels, into: all)
        canvas.base = try CairoSurface(image: drawing)
        canvas.index.reset()
        return Page(size: page.size, background: page.background, items: [.base(BasePixels(image: drawing, baked: baked))] + page.items)
    }

    /// Whether the page's items, painted afresh into the ink layer, give the drawing (compared
    /// one tile at a time, so no second full-size buffer is made). The layer is all zero when
    /// it is called (never painted, or cleared), so only the tiles with ink are ever touched.
    private static func itemsRepaint(_ page: Page, _ drawing: RasterImage, _ canvas: PageCanvas) throws(RenderError) -> Bool {
        let all = PixelRect(size: page.size)
        let layer = canvas.ink.surface
        canvas.index.reset()
        canvas.base = nil
        try RunPainter(canvas: canvas, page: page).paintFromPage(all, onto: layer, fresh: true)
        for tile in canvas.ink.grid.tiles(overlapping: all) {
            // The layer is whole tiles; the drawing is the page.
            guard let rect = canvas.ink.grid.rect(of: tile).intersection(all) else { continue }
            let painted = layer.read(rect)
            for row in 0..<rect.height {
                let start = (rect.y + row) * drawing.width + rect.x
                for column in 0..<rect.width {
                    let x = painted[row * rect.width + column], y = drawing.pixels[start + column]
                    guard x == y || nearlyEqual(x, y) else { return false }
                }
            }
        }
        return true
    }

    /// Two premultiplied pixels equal but for rounding (every channel within 2).
    static func nearlyEqual(_ x: UInt32, _ y: UInt32) -> Bool {
        for shift in stride(from: 0, to: 32, by: 8) {
            let d = Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)
            if abs(d) > 2 { return false }
        }
        return true
    }
}
