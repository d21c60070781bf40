/// One undoable step: the edit that takes the page to the other side of it (its inverse while
/// the step is done; undoing it gives back the edit that redoes it), and, as a cache, the ink
/// layer's pixels from that other side, so putting them back is exact and cheap: the tiles the
/// step changed (one copy of each, never two, never a whole canvas), or the whole drawing of a
/// page that was replaced. Undo and redo are one exchange. Without its cache a step still
/// works: the pixels are painted again from the page.
public struct HistoryStep: Sendable {
    /// What the step did (for records and tests).
    public var kind: Edit.Kind
    /// Unique within one history (given by `UndoHistory.push`), so a saved state can be recognised.
    public internal(set) var id: UInt64 = 0
    /// The edit to apply to cross the step: undo while it is done, redo while it is undone.
    public var edit: Edit
    /// The id of the notebook page the edit changes (crossing the step shows that page); 0
    /// for a change to the list of pages, which says itself which page to show.
    public var page: UInt64 = 0
    /// The ink layer's tiles from the other side of the step.
    public var tiles: [TileRecord]
    /// For a page replaced whole (a new size): its drawing from the other side.
    public var drawing: RasterImage?
    /// For a page replaced whole: how far its contents move when the step is crossed (the
    /// anchor's offset, one way or the other; nothing for a page grown).
    public var shift = (dx: 0, dy: 0)
    /// The tiles were lost (dropped, or never read back from disk): crossing the step paints
    /// the ink from the page instead, and keeps the tiles again.
    public var tilesLost = false

    public init(kind: Edit.Kind = .stroke, edit: Edit = .batch([]), tiles: [TileRecord] = [], drawing: RasterImage? = nil) {
        self.kind = kind
        self.edit = edit
        self.tiles = tiles
        self.drawing = drawing
    }

    /// Pixel bytes this step holds in memory (tiles, a drawing, the images its edit carries).
    public var residentBytes: Int {
        tiles.reduce((drawing?.byteCount ?? 0) + edit.byteCount) { $0 + $1.payload.residentBytes }
    }

    /// Pixel bytes this step has moved to disk.
    public var spilledBytes: Int {
        tiles.reduce(0) { $0 + $1.payload.spilledBytes }
    }

    /// Makes this step also undo `later`, a step done after it (a drag squashed into one step):
    /// its edit undoes the later one first, and it keeps the tiles from before both.
    public mutating func absorb(_ later: HistoryStep) {
        if !later.tiles.isEmpty {
            let known = Set(tiles.map(\.tile))
            tiles += later.tiles.filter { !known.contains($0.tile) }
        }
        edit = edit.preceded(by: later.edit)
        if drawing == nil { drawing = later.drawing }
        // A later step whose pixels were never kept: the whole way back paints from the page.
        if later.tilesLost { tilesLost = true }
    }
}

extension Edit {
    /// Bytes of image pixels the edit carries (a background image, a page's).
    public var byteCount: Int {
        switch self {
        case .background(let background): return background.byteCount
        case .replace(let page): return page.background.byteCount + (page.base?.image.byteCount ?? 0)
        case .items(let changes): return changes.reduce(0) { $0 + $1.placed.reduce(0) { $0 + (Self.baseBytes($1.item)) } }
        case .batch(let edits): return edits.reduce(0) { $0 + $1.byteCount }
        case .pages(.insert(let gone, _, _)): return gone.reduce(0) { $0 + Edit.replace($1.page).byteCount }
        case .pages(.add(_, let pages)): return pages.reduce(0) { $0 + $1.background.byteCount }
        default: return 0
        }
    }

    private static func baseBytes(_ item: PageItem) -> Int {
        if case .base(let base) = item { return base.image.byteCount }
        return 0
    }
}

/// Edits performed since a drag began (a background slider, the stroke eraser's gesture, an
/// element moved or typed into), kept as one step until the drag ends: tldraw's mark and squash.
public struct EditGroup: Sendable {
    public var kind: Edit.Kind
    /// The step the group makes so far (nil until an edit changes something).
    public var step: HistoryStep?
    /// The last edit performed in the group (what the journal gets if nobody says better).
    public var last: Edit
    /// Tiles the step already holds from before the group: later edits need not save them.
    public var saved: Set<TileIndex> = []
    /// An element change may place an element too (a text typed in a new box): its id.
    public var allowsPlace = false
    public var placed: UInt64?

    public init(kind: Edit.Kind, last: Edit, allowsPlace: Bool = false) {
        self.kind = kind
        self.last = last
        self.allowsPlace = allowsPlace
    }

    /// Adds one more edit's step.
    public mutating func absorb(_ next: HistoryStep, _ edit: Edit) {
        if step == nil { step = next } else { step?.absorb(next) }
        saved.formUnion(next.tiles.map(\.tile))
        last = edit
    }

    /// Whether `edit` goes on this drag, or ends it first.
    public func continues(with edit: Edit) -> Bool {
        guard edit.makesStep else { return true }
        if case .place = edit { return kind == .element && allowsPlace }
        return kind == edit.kind && !edit.endsDrags
    }
}
