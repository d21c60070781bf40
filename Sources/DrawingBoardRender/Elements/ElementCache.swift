import DrawingBoardCore

/// Each element drawn once at its size on the page (unturned), so moving and turning it lays
/// the same pixels again instead of decoding, scaling or laying out its source every frame.
/// An entry is made again when the element's source or size changes. Elements too large to
/// keep (over `maxPixels`) are drawn from their source each time.
final class ElementCache {
    static let maxPixels = 4096 * 4096

    private struct Entry {
        var source: ElementSource
        var width: Double
        var natural: Size
        var surface: CairoSurface
    }

    private var entries: [UInt64: Entry] = [:]

    /// Lays `element` on `cr` (page coordinates) where it lies.
    func paint(_ element: Element, on cr: OpaquePointer, assets: AssetStore) {
        guard let surface = surface(for: element, assets: assets) else {
            ElementArt.draw(element, on: cr, assets: assets)
            return
        }
        ElementArt.paint(surface, of: element.placement, on: cr)
    }

    /// The element at its size, made if the cache has not got it.
    func surface(for element: Element, assets: AssetStore) -> CairoSurface? {
        let p = element.placement
        guard p.width * p.height <= Double(Self.maxPixels) else { return nil }
        if let entry = entries[element.id], entry.width == p.width, entry.natural == p.natural, entry.source == element.source {
            return entry.surface
        }
        guard let surface = ElementArt.raster(element, assets: assets) else { return nil }
        entries[element.id] = Entry(source: element.source, width: p.width, natural: p.natural, surface: surface)
        return surface
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
