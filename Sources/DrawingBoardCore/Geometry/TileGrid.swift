/// The position of a tile in the grid (column, row).
public struct TileIndex: Sendable, Hashable, Comparable {
    public var column: Int
    public var row: Int

    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    public static func < (a: TileIndex, b: TileIndex) -> Bool {
        (a.row, a.column) < (b.row, b.column)
    }
}

/// Splits a canvas into square tiles (the ink layer is allocated in whole ones).
public struct TileGrid: Sendable, Hashable {
    public static let defaultTileSize = 64

    public let canvas: PixelSize
    public let tileSize: Int

    public init(canvas: PixelSize, tileSize: Int = TileGrid.defaultTileSize) {
        precondition(tileSize > 0)
        self.canvas = canvas
        self.tileSize = tileSize
    }

    public var columns: Int { (canvas.width + tileSize - 1) / tileSize }
    public var rows: Int { (canvas.height + tileSize - 1) / tileSize }

    /// The pixels a tile covers (edge tiles are cut to the canvas).
    public func rect(of tile: TileIndex) -> PixelRect {
        let x = tile.column * tileSize, y = tile.row * tileSize
        return PixelRect(x: x, y: y, width: min(tileSize, canvas.width - x), height: min(tileSize, canvas.height - y))
    }

    /// Every tile that overlaps `rect`, row by row.
    public func tiles(overlapping rect: PixelRect) -> [TileIndex] {
        guard let r = rect.intersection(PixelRect(size: canvas)) else { return [] }
        var result: [TileIndex] = []
        for row in (r.y / tileSize)...((r.maxY - 1) / tileSize) {
            for column in (r.x / tileSize)...((r.maxX - 1) / tileSize) {
                result.append(TileIndex(column: column, row: row))
            }
        }
        return result
    }

    public var allTiles: [TileIndex] { tiles(overlapping: PixelRect(size: canvas)) }
}
