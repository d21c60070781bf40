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
    var ready: Set<Int>
    let tile = 128
    let columns: Int

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
    func claim(_ region: PixelRect) -> PixelRect? {
        var missing: PixelRect?
        for ty in (region.y / tile)...((region.maxY - 1) / tile) {
            for tx in (region.x / tile)...((region.maxX - 1) / tile) where ready.insert(ty * columns + tx).inserted {
                missing = union(missing, PixelRect(x: tx * tile, y: ty * tile, width: tile, height: tile))
            }
        }
        return missing
    }
}

extension Editor {
    /// The drag ended: its layers go, and what they composed inexactly is painted from the page.
    func dropDragCache() {
        guard let drag = layers.dragCache else { return }
        layers.dragCache = nil
        if let area = drag.painted {
            paintUnder(area)
            invalidate(area)
        }
    }

    /// Paints the parts of the drag's layers within `region` not painted yet.
    func readyDrag(_ drag: DragCache, _ region: PixelRect) {
        guard let missing = drag.claim(region)?.intersection(PixelRect(size: size)), let last = page.lastElementIndex,
              let bc = try? CairoContext(drag.below) else { return }
        bc.clip(to: missing)
        bc.copy(layers.background.surface)
        compose(0..<drag.index, region: missing, on: bc)
        if let above = drag.above, let ac = try? CairoContext(above) {
            above.zero(missing)
            compose((drag.index + 1)..<(last + 1), region: missing, on: ac)
        }
    }

    /// Under, the element where it is now, over, onto `cr` (already clipped to the area).
    func paintDrag(_ drag: DragCache, on cr: CairoContext, smooth: Bool) {
        cr.paint(drag.below, smooth: smooth)
        if case .element(let element) = page.items[drag.index] { layers.elementCache.paint(element, on: cr.handle, assets: assets) }
        if let above = drag.above { cr.paint(above, smooth: smooth) }
    }

    /// Makes the layers under and over the element `id` for its drag, if it pays (a drag in
    /// progress, nothing multiplying over it).
    func prepareDrag(of id: UInt64) {
        guard group?.kind == .element, layers.dragCache?.id != id, let i = page.index(ofElement: id),
              let last = page.lastElementIndex else { return }
        if i == last, let below = layers.belowLast {
            // The topmost element: the page under it is kept anyway.
            layers.dragCache = DragCache(id: id, index: i, count: page.items.count, below: below, above: nil, ready: true)
            return
        }
        let entries = index.entries(for: page.items)
        guard !entries[(i + 1)...last].contains(where: { $0.tool == .highlighter }),
              let below = try? CairoSurface(format: .argb32, size: size), let above = try? CairoSurface(format: .argb32, size: size) else { return }
        layers.dragCache = DragCache(id: id, index: i, count: page.items.count, below: below, above: above, ready: false)
    }
}
