/// One undoable step: the edit that takes the page to the other side of it (its inverse while
/// the step is done; undoing it gives back the edit that redoes it). Crossing it applies that
/// edit to the page, and every pixel is painted again from the page where the edit reached:
/// the page is the one truth, and the history keeps no pixels of its own.
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
    /// For a page replaced whole (a new size): how far its contents move when the step is
    /// crossed (the anchor's offset, one way or the other; nothing for a page grown).
    public var shift = (dx: 0, dy: 0)

    public init(kind: Edit.Kind = .stroke, edit: Edit = .batch([])) {
        self.kind = kind
        self.edit = edit
    }

    /// Pixel bytes this step holds in memory (the images its edit carries: a background, a
    /// page's pixels from another app).
    public var residentBytes: Int { edit.byteCount }

    /// Makes this step also undo `later`, a step done after it (a drag squashed into one step):
    /// its edit undoes the later one first.
    public mutating func absorb(_ later: HistoryStep) {
        edit = edit.preceded(by: later.edit)
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
        last = edit
    }

    /// Whether `edit` goes on this drag, or ends it first.
    public func continues(with edit: Edit) -> Bool {
        guard edit.makesStep else { return true }
        if case .place = edit { return kind == .element && allowsPlace }
        return kind == edit.kind && !edit.endsDrags
    }
}
