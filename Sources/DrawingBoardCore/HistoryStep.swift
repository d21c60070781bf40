/// One undoable step. A step holds only what it changed, and holds it as a *swap*: while the
/// step is done it keeps the state from before it; undoing exchanges that with the live state,
/// so it then keeps the state from after it, ready for redo. One copy of each changed tile,
/// never two, and never a whole canvas.
public struct HistoryStep: Sendable {
    public enum Kind: String, Sendable {
        case stroke
        case clear
        case background
        /// The stroke eraser removed whole strokes.
        case strokeErase = "stroke-erase"
        /// The page changed size: the whole document is the other side of the swap.
        case page
    }

    /// What happens to the document's stroke list.
    public enum StrokeEdit: Sendable, Hashable {
        case none
        /// The step added this stroke at the end of the list.
        case added(Stroke)
        /// The step cleared the drawing; these were the strokes before it.
        case cleared([Stroke])
        /// The step removed these strokes, in this order, each from this place in the list.
        case removed([RemovedStroke])
    }

    public struct RemovedStroke: Sendable, Hashable {
        public var index: Int
        public var stroke: Stroke
        public init(index: Int, stroke: Stroke) {
            self.index = index
            self.stroke = stroke
        }
    }

    public var kind: Kind
    /// Unique within one history (given by `UndoHistory.push`), so a saved state can be recognised.
    public internal(set) var id: UInt64 = 0
    /// The drawing-layer tiles the step changed, holding the other side of the swap.
    public var tiles: [TileRecord]
    /// For a background change: the other side of the background swap.
    public var background: Background?
    public var strokeEdit: StrokeEdit
    /// For a clear: whether pixels under the strokes (an opened image) showed before it.
    public var baseShownBefore = true
    /// For a page step: the other side of the swap, the whole document.
    public var page: DocumentContents?

    public init(kind: Kind, tiles: [TileRecord] = [], background: Background? = nil, strokeEdit: StrokeEdit = .none,
                page: DocumentContents? = nil) {
        self.kind = kind
        self.page = page
        self.tiles = tiles
        self.background = background
        self.strokeEdit = strokeEdit
    }

    /// Pixel bytes this step holds in memory (tiles and a background image).
    public var residentBytes: Int {
        tiles.reduce((background?.byteCount ?? 0) + (page?.byteCount ?? 0)) { $0 + $1.payload.residentBytes }
    }

    /// Pixel bytes this step has moved to disk.
    public var spilledBytes: Int {
        tiles.reduce(0) { $0 + $1.payload.spilledBytes }
    }
}
