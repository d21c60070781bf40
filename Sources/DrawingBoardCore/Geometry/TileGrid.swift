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

/// Splits a canvas into square tiles; the history keeps only the tiles a step changed.
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

/// What a stored tile holds. Transparent and single-colour tiles cost no pixel memory.
public enum TilePayload: Sendable, Hashable {
    /// Every pixel transparent.
    case empty
    /// Every pixel the same ARGB value.
    case uniform(UInt32)
    /// The tile's pixels, row by row.
    case pixels([UInt32])
    /// Pixels moved to the history's spill file.
    case spilled(offset: UInt64, count: Int)

    /// Classifies raw tile pixels, keeping the cheapest form.
    public init(pixels: [UInt32]) {
        guard let first = pixels.first, pixels.allSatisfy({ $0 == first }) else {
            self = .pixels(pixels)
            return
        }
        self = first == 0 ? .empty : .uniform(first)
    }

    /// Pixel bytes held in memory.
    public var residentBytes: Int {
        if case .pixels(let p) = self { return p.count * 4 }
        return 0
    }

    /// Pixel bytes held on disk.
    public var spilledBytes: Int {
        if case .spilled(_, let count) = self { return count * 4 }
        return 0
    }
}

/// One tile of one history step.
public struct TileRecord: Sendable, Hashable {
    public var tile: TileIndex
    public var payload: TilePayload

    public init(tile: TileIndex, payload: TilePayload) {
        self.tile = tile
        self.payload = payload
    }
}
