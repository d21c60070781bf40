import DrawingBoardCore

/// While an element is dragged (moved, scaled, turned), the page under it and the page over it
/// (up to the top run of ink) are kept as two layers, so each motion composes only the old and
/// the new box from them: under, the element, over. Made when the drag's first change comes,
/// dropped when the drag ends or anything else changes the page. Over is one layer only when
/// nothing in it multiplies (a highlighter between the element and the top run): then the drag
/// paints from the page as any change does.
final class DragCache {
    let id: UInt64
    let index: Int
    let count: Int
    let below: CairoSurface
    let above: CairoSurface?
    /// Where the page changed during the drag: the under layer is painted there when it ends
    /// (the frames meanwhile come from these layers).
    var painted: PixelRect?
    /// The layers are painted a tile at a time, as the drag reaches them (at once for the
    /// topmost element, whose under layer is kept anyway): the first motion costs what its
    /// boxes cost, not what the page costs.
    private var ready: Set<Int>
    private let tile = 128
    private let columns: Int

    init(id: UInt64, index: Int, count: Int, below: CairoSurface, above: CairoSurface?, ready: Bool) {
        self.id = id
        self.index = index
        self.count = count
        self.below = below
        self.above = above
        columns = (below.size.width + tile - 1) / tile
        let rows = (below.size.height + tile - 1) / tile
        self.ready = ready ? Set(0..<(columns * rows)) : []
    }

    /// Whether the page is the one the layers were made for (the same items, the element where
    /// it was).
    func covers(_ page: Page) -> Bool {
        page.items.count == count && page.items[index].element?.id == id
    }

    /// The area of the tiles within `region` not painted yet (nil when all are), and marks them.
    private func claim(_ region: PixelRect) -> PixelRect? {
        var missing: PixelRect?
        for ty in (region.y / tile)...((region.maxY - 1) / tile) {
            for tx in (region.x / tile)...((region.maxX - 1) / tile) where ready.insert(ty * columns + tx).inserted {
                missing = union(missing, PixelRect(x: tx * tile, y: ty * tile, width: tile, height: tile))
            }
        }
        return missing
    }

    /// Paints the parts of the layers within `region` not painted yet.
    func ready(_ region: PixelRect, painter: RunPainter) throws(RenderError) {
        guard let missing = claim(region)?.intersection(PixelRect(size: painter.size)), let last = painter.canvas.lastElement(of: painter.page)
        else { return }
        let bc = try CairoContext(below)
        bc.clip(to: missing)
        bc.copy(painter.canvas.background.surface)
        try painter.compose(0..<index, region: missing, on: bc)
        if let above {
            let ac = try CairoContext(above)
            above.zero(missing)
            try painter.compose((index + 1)..<(last + 1), region: missing, on: ac)
        }
    }

    /// Under, the element where it is now, over, onto `cr` (already clipped to the area).
    func paint(on cr: CairoContext, painter: RunPainter, smooth: Bool) {
        cr.paint(below, smooth: smooth)
        if case .element(let element) = painter.page.items[index] {
            painter.canvas.elements.paint(element, on: cr.handle, assets: painter.canvas.assets, moving: true)
        }
        if let above { cr.paint(above, smooth: smooth) }
    }

    /// Brings the under layer up to date while the element is dragged (for what reads it: the
    /// eyedropper, an export), from the drag's layers.
    func flush(into under: CairoSurface, painter: RunPainter) {
        // (What cannot be painted here, out of memory, stays as the drag last showed it.)
        guard covers(painter.page), let area = painted, let cr = try? CairoContext(under), (try? ready(area, painter: painter)) != nil else { return }
        cr.clip(to: area)
        paint(on: cr, painter: painter, smooth: false)
    }
}
