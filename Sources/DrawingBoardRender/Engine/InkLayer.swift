import DrawingBoardCore

/// The transparent drawing layer, seen as a grid of tiles for the history. Its surface is
/// allocated in whole tiles, so every tile is full-size and tile indices stay valid when the
/// canvas grows.
final class InkLayer {
    private(set) var surface: CairoSurface
    private(set) var grid: TileGrid

    init(size: PixelSize) throws(RenderError) {
        let allocated = Self.allocation(for: size)
        surface = try CairoSurface(format: .argb32, size: allocated)
        grid = TileGrid(canvas: allocated)
    }

    /// `size` rounded up to whole tiles.
    static func allocation(for size: PixelSize) -> PixelSize {
        let t = TileGrid.defaultTileSize
        return PixelSize(width: (size.width + t - 1) / t * t, height: (size.height + t - 1) / t * t)
    }

    /// The current content of `tile`, in its cheapest form.
    func payload(of tile: TileIndex) -> TilePayload {
        TilePayload(pixels: surface.read(grid.rect(of: tile)))
    }

    /// Puts `payload` into `tile`. Spilled payloads must be loaded first.
    func put(_ payload: TilePayload, into tile: TileIndex) {
        let rect = grid.rect(of: tile)
        switch payload {
        case .empty: surface.fill(rect, with: 0)
        case .uniform(let value): surface.fill(rect, with: value)
        case .pixels(let pixels): surface.write(pixels, into: rect)
        case .spilled: preconditionFailure("history tiles must be loaded before they are put back")
        }
    }

    /// Exchanges the stored tiles with the layer's: afterwards the layer shows what the
    /// records held and the records hold what the layer showed. Returns the area changed.
    @discardableResult
    func swap(_ records: inout [TileRecord]) -> PixelRect? {
        var changed: PixelRect?
        for i in records.indices {
            let current = payload(of: records[i].tile)
            put(records[i].payload, into: records[i].tile)
            records[i].payload = current
            changed = union(changed, grid.rect(of: records[i].tile))
        }
        return changed
    }

    /// Every tile that holds any ink, with its content.
    func nonEmptyTiles() -> [TileRecord] {
        grid.allTiles.compactMap { tile in
            guard surface.hasContent(in: grid.rect(of: tile)) else { return nil }
            return TileRecord(tile: tile, payload: payload(of: tile))
        }
    }
}
