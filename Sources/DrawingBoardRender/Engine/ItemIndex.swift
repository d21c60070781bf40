import DrawingBoardCore

/// What the engine asks about the page's items again and again, kept beside them: per item its
/// stroke id, tool and box, and how many highlighter strokes there are. The stroke eraser and
/// repainting skip the items far from where they work without touching the items themselves (a
/// page of 10,000 strokes is scanned per motion sample). Boxes are worked out once per stroke
/// id; the entries follow each change of the items (`follow`), or are made again when next
/// asked for after anything else.
struct ItemIndex {
    struct Entry {
        /// 0 for the base.
        var id: UInt64
        /// nil for the base and for elements.
        var tool: Tool?
        var box: Rect?
        var isElement = false
    }

    /// Each stroke's box, with the transform and width it was worked out for (a stroke moved
    /// or restyled keeps its id).
    private var boxes: [UInt64: (box: Rect?, transform: Affine?, width: Double)] = [:]
    private var cached: [Entry]? {
        didSet { lastElementFound = nil }
    }
    /// Where the last element lies in the cached entries, once looked for (the outer nil: not
    /// looked for since the entries changed).
    private var lastElementFound: Int??
    /// Highlighter strokes among the entries (baked or not).
    private(set) var highlighters = 0
    /// Elements among the entries.
    private(set) var elementCount = 0

    /// The entries for `items`, made if the items changed since.
    mutating func entries(for items: [PageItem]) -> [Entry] {
        if let cached, cached.count == items.count { return cached }
        let made = items.map { entry(for: $0) }
        highlighters = made.reduce(0) { $0 + ($1.tool == .highlighter ? 1 : 0) }
        elementCount = made.reduce(0) { $0 + ($1.isElement ? 1 : 0) }
        cached = made
        return made
    }

    /// Follows `changes`, already applied to the items (now `items`): only the changed entries
    /// are made, so an undo costs what it changes. Without entries to follow, or with changes
    /// that do not fit them, they are made when next asked for.
    mutating func follow(_ changes: [ItemChange], now items: [PageItem]) {
        guard var entries = cached else { return }
        // Held once only, so the entries change in place.
        cached = nil
        for change in changes {
            switch change {
            case .insert(let placed):
                for p in placed {
                    guard p.index <= entries.count else { return }
                    let entry = entry(for: p.item)
                    if entry.tool == .highlighter { highlighters += 1 }
                    if entry.isElement { elementCount += 1 }
                    entries.insert(entry, at: p.index)
                }
            case .remove(let placed):
                for p in placed {
                    guard p.index < entries.count else { return }
                    if entries[p.index].tool == .highlighter { highlighters -= 1 }
                    if entries[p.index].isElement { elementCount -= 1 }
                    entries.remove(at: p.index)
                }
            }
        }
        if entries.count == items.count { cached = entries }
    }

    /// Drops the entries (a change failed part-way): they are made again when next asked for.
    mutating func forget() {
        cached = nil
    }

    /// Where the last element of `items` lies (nil when there is none): at once on a page
    /// without elements, from the end otherwise.
    mutating func lastElement(in items: [PageItem]) -> Int? {
        let entries = entries(for: items)
        if let found = lastElementFound { return found }
        let found = elementCount > 0 ? entries.lastIndex { $0.isElement } : nil
        lastElementFound = .some(found)
        return found
    }

    /// The indices of the strokes whose boxes meet `reach` (for the stroke eraser).
    mutating func strokes(meeting reach: Rect, in items: [PageItem]) -> [Int] {
        let entries = entries(for: items)
        return entries.indices.filter { entries[$0].tool != nil && entries[$0].box?.intersects(reach) == true }
    }

    private mutating func entry(for item: PageItem) -> Entry {
        switch item {
        case .stroke(let stroke): return Entry(id: stroke.id, tool: stroke.tool, box: box(of: stroke))
        case .base: return Entry(id: 0, tool: nil, box: nil)
        case .element(let element): return Entry(id: element.id, tool: nil, box: element.placement.bounds, isElement: true)
        }
    }

    /// A new page: ids may name other strokes now.
    mutating func reset() {
        boxes = [:]
        cached = nil
        highlighters = 0
        elementCount = 0
    }

    /// Remembers a stroke's box worked out elsewhere (when it was painted), so it is not
    /// worked out again.
    mutating func remember(_ box: Rect?, of stroke: Stroke) {
        boxes[stroke.id] = (box, stroke.transform, stroke.style.width)
    }

    /// The area a stroke can mark, worked out once per stroke.
    mutating func box(of stroke: Stroke) -> Rect? {
        if let known = boxes[stroke.id], known.transform == stroke.transform, known.width == stroke.style.width { return known.box }
        let box = stroke.outline.bounds
        boxes[stroke.id] = (box, stroke.transform, stroke.style.width)
        return box
    }
}
