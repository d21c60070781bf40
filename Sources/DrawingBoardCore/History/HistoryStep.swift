/// One undoable step. A step holds only what it changed, and holds it as a *swap*: while the
/// step is done it keeps the state from before it; undoing exchanges that with the live state,
/// so it then keeps the state from after it, ready for redo. Undo and redo are the same
/// exchange. One copy of each changed tile, never two, and never a whole canvas.
public struct HistoryStep: Sendable {
    public enum Kind: String, Sendable {
        case stroke
        case clear
        case background
        /// The stroke eraser removed whole strokes.
        case strokeErase = "stroke-erase"
        /// The page changed size: the whole document is the other side of the swap.
        case page
        /// An element was placed, moved, scaled, turned, changed, deleted, raised or lowered.
        case element
    }

    public var kind: Kind
    /// Unique within one history (given by `UndoHistory.push`), so a saved state can be recognised.
    public internal(set) var id: UInt64 = 0
    /// The drawing-layer tiles the step changed, holding the other side of the swap.
    public var tiles: [TileRecord]
    /// For a background change: the other side of the background swap.
    public var background: Background?
    /// The changes to the page's items that take it to the other side (applied in order;
    /// applying them gives the changes that come back).
    public var items: [ItemChange]
    /// For a page step: the other side of the swap, the whole document.
    public var page: DocumentContents?

    public init(kind: Kind, tiles: [TileRecord] = [], background: Background? = nil, items: [ItemChange] = [],
                page: DocumentContents? = nil) {
        self.kind = kind
        self.page = page
        self.tiles = tiles
        self.background = background
        self.items = items
    }

    /// Pixel bytes this step holds in memory (tiles and a background image).
    public var residentBytes: Int {
        tiles.reduce((background?.byteCount ?? 0) + (page?.byteCount ?? 0)) { $0 + $1.payload.residentBytes }
    }

    /// Pixel bytes this step has moved to disk.
    public var spilledBytes: Int {
        tiles.reduce(0) { $0 + $1.payload.spilledBytes }
    }

    /// Makes this step also undo `later`, a step done after it (a drag squashed into one
    /// step): the tiles and the background from before both, and `later`'s item changes
    /// undone first.
    public mutating func absorb(_ later: HistoryStep) {
        let known = Set(tiles.map(\.tile))
        tiles += later.tiles.filter { !known.contains($0.tile) }
        if background == nil { background = later.background }
        items = later.items + items
        if page == nil { page = later.page }
    }
}
