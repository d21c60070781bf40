import DrawingBoardCore

/// Each element drawn once at its size on the page (unturned), so moving and turning it lays
/// the same pixels again instead of decoding, scaling or laying out its source every frame.
/// An unturned element is drawn at its place's fraction of a pixel (`phase`) and laid on whole
/// pixels, so it has the very pixels drawing it straight onto the page gives (a notebook's
/// image lands where Xournal++ draws it). An entry is made again when the element's source,
/// size or phase changes; a drag takes the entry it has, whatever its phase, and the page is
/// painted at the exact phase once the drag ends. Elements too large to keep (over
/// `maxPixels`), and texts from Xournal++ notebooks, are drawn from their source each time.
final class ElementCache {
    static let maxPixels = 4096 * 4096

    private struct Entry {
        var source: ElementSource
        var width: Double
        var natural: Size
        var phase: Point
        var surface: CairoSurface
    }

    private var entries: [UInt64: Entry] = [:]

    /// Lays `element` on `cr` (page coordinates) where it lies. `moving`: an element being
    /// dragged, laid from the entry the cache has (whatever its phase) rather than drawn again.
    func paint(_ element: Element, on cr: OpaquePointer, assets: AssetStore, moving: Bool = false) {
        guard let (surface, phase) = surface(for: element, assets: assets, moving: moving) else {
            ElementArt.draw(element, on: cr, assets: assets)
            return
        }
        ElementArt.paint(surface, of: element.placement, phase: phase, on: cr)
    }

    /// The element at its size, made if the cache has not got it, and the phase it was drawn at.
    private func surface(for element: Element, assets: AssetStore, moving: Bool) -> (CairoSurface, Point)? {
        let p = element.placement
        guard p.width * p.height <= Double(Self.maxPixels) else { return nil }
        // A notebook's text is drawn where Xournal++ draws it, to the fraction of a pixel
        // (laid out again each time: a text costs little to lay out).
        if let text = element.source.content as? TextStyle, text.layout == .xournal { return nil }
        let phase = ElementArt.phase(of: p)
        if let entry = entries[element.id], entry.width == p.width, entry.natural == p.natural, entry.source == element.source,
           entry.phase == phase || moving {
            return (entry.surface, entry.phase)
        }
        guard let surface = ElementArt.raster(element, phase: phase, assets: assets) else { return nil }
        entries[element.id] = Entry(source: element.source, width: p.width, natural: p.natural, phase: phase, surface: surface)
        return (surface, phase)
    }

    /// Forgets the elements not in `ids`.
    func prune(keeping ids: Set<UInt64>) {
        entries = entries.filter { ids.contains($0.key) }
    }

    /// Drops the caches of the elements `ids` (gone from the page).
    func forget(_ ids: Set<UInt64>) {
        for id in ids { entries[id] = nil }
    }



    /// Bytes of pixels held.
    var residentBytes: Int { entries.values.reduce(0) { $0 + $1.surface.stride * $1.surface.size.height } }
}
