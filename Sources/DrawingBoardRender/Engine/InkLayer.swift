import DrawingBoardCore

/// The transparent drawing layer. Its surface is allocated in whole tiles of a grid.
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
}
