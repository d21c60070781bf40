/// One change to the page, as a value. `Page.apply` carries it out and returns the edit that
/// undoes it; the history keeps those inverses, the journal writes the edits themselves (they
/// are Codable). A new kind of change is a new case here, its coding (Edit+Coding) and its
/// apply (`Page.apply`, in Page.swift).
///
/// The first cases are what users and scripts do. The last three are exact changes: the
/// inverses that `apply` returns (an item put back at its index, a page as it was, several
/// edits undone in order). They live in the undo history only and are never written.
public enum Edit: Sendable, Hashable {
    /// A stroke of any drawing tool, added on top (its id is the editor's to give).
    case stroke(Stroke)
    /// The stroke eraser's gesture: every stroke its disc (`width` across) touches along
    /// `path` is removed.
    case eraseStrokes(path: [Point], width: Double)
    /// Every item goes; the background stays.
    case clear
    case background(Background)
    /// The canvas grows (with the window) to at least this size; not an undo step.
    case grow(PixelSize)
    /// The page takes this size, the drawing anchored at 0...8 (row by row).
    case page(PixelSize, anchor: Int)
    /// An element goes on top of the page (its id is the editor's to give).
    case place(Element)
    /// The element with this id becomes this one (moved, scaled, turned, its text changed).
    case change(Element)
    /// The element with this id goes.
    case delete(UInt64)
    /// The element with this id goes to the top (or the bottom) of the page's order.
    case reorder(UInt64, top: Bool)
    /// Something done to a selection of strokes and elements.
    case selection(SelectionEdit)
    /// Items inserted and removed at their indices, in order.
    case items([ItemChange])
    /// The whole page becomes this one.
    case replace(Page)
    /// These edits, in order.
    case batch([Edit])
    /// A change to the notebook's list of pages (carried out by the notebook, not a page).
    case pages(PagesEdit)

    /// What kind of step the edit makes, for the history's records and for drags (a drag goes
    /// on while its edits are of one kind).
    public enum Kind: String, Sendable {
        case stroke, clear, background, page, element, undo, pages, selection
        /// The stroke eraser removed whole strokes.
        case strokeErase = "stroke-erase"
    }

    public var kind: Kind {
        switch self {
        case .stroke, .grow: return .stroke
        case .eraseStrokes: return .strokeErase
        case .clear: return .clear
        case .background: return .background
        case .page, .replace: return .page
        case .place, .change, .delete, .reorder: return .element
        case .selection: return .selection
        case .items, .batch: return .undo
        case .pages: return .pages
        }
    }

    /// Whether the edit is a step of the undo history.
    public var makesStep: Bool {
        if case .grow = self { return false }
        return true
    }

    /// Whether the edit is one a user, a tool or a script makes (the last three cases are the
    /// history's own way of writing an inverse, never performed as an edit).
    public var isPerformable: Bool {
        switch self {
        case .items, .replace, .batch, .pages(.insert), .pages(.takeBack): return false
        default: return true
        }
    }

    /// Edits that are steps of their own even amid a drag of their kind.
    public var endsDrags: Bool {
        switch self {
        case .place, .delete, .reorder: return true
        // A stroke snapped to its shape as it ends leaves the other fingers drawing.
        case .selection(let edit):
            if case .snap = edit { return false }
            return true
        default: return false
        }
    }

    /// Checks every value before anything acts on it; `path` names the edit.
    public func validate(at path: String) throws(ValidationError) {
        switch self {
        case .stroke(let stroke):
            try stroke.validate(at: "\(path).stroke")
        case .eraseStrokes(let points, let width):
            try Check.pointCount(points.count, at: "\(path).stroke.points")
            for (i, p) in points.enumerated() { try Check.point(p, at: "\(path).stroke.points[\(i)]") }
            try Check.number(width, at: "\(path).stroke.style.width", in: StrokeStyle.widthRange)
        case .clear:
            break
        case .background(.image(let image, _)):
            try Check.canvas(image.size, at: "\(path).image")
        case .background(.paper(let paper)):
            try paper.validate(at: path)
        case .background(.xournal(let paper)):
            try paper.validate(at: path)
        case .background(.color), .background(.pdf):
            break
        case .grow(let size):
            try Check.canvas(size, at: "\(path).grow")
        case .page(let size, let anchor):
            try Check.canvas(size, at: "\(path).page")
            guard (0...8).contains(anchor) else { throw ValidationError("\(path).page", "the anchor \(anchor) is outside 0...8") }
        case .place(let element):
            try element.validate(at: "\(path).place")
        case .change(let element):
            try element.validate(at: "\(path).change")
        case .delete(let id), .reorder(let id, _):
            try Check.strokeID(id, at: "\(path).element")
        case .selection(let edit):
            try edit.validate(at: "\(path).selection")
        case .items(let changes):
            for (i, change) in changes.enumerated() {
                for (j, placed) in change.placed.enumerated() {
                    try placed.item.validate(at: "\(path).items[\(i)][\(j)]")
                }
            }
        case .replace(let page):
            try page.validate(itemsAt: "\(path).replace.items")
        case .batch(let edits):
            for (i, edit) in edits.enumerated() { try edit.validate(at: "\(path)[\(i)]") }
        case .pages(.add(_, let pages)):
            guard pages.count <= PDFLimits.pages else { throw ValidationError("\(path).pages", "adds more pages than a notebook holds") }
            for (i, page) in pages.enumerated() {
                try Check.canvas(page.size, at: "\(path).pages[\(i)]")
                try Edit.background(page.background).validate(at: "\(path).pages[\(i)]")
                try page.validate(itemsAt: "\(path).pages[\(i)].items")
            }
        case .pages(.insert(let pages, _, _)):
            for (i, page) in pages.enumerated() { try page.page.validate(itemsAt: "\(path).pages[\(i)].items") }
        case .pages:
            break
        }
    }

    /// The inverse of a drag's edits so far (`self`, undoing the earlier ones) with `later`'s
    /// inverse added in front: undoing runs the later one first. A background or an element
    /// changed again needs no second inverse (the earliest one puts back what was there first),
    /// and item changes join into one list, so a long drag keeps a short inverse.
    public func preceded(by later: Edit) -> Edit {
        var edits: [Edit]
        if case .batch(let list) = self { edits = list } else { edits = [self] }
        if let first = edits.first {
            switch (later, first) {
            case (.background, .background):
                return self
            case (.change(let a), .change(let b)) where a.id == b.id:
                return self
            case (.items(let a), .items(let b)):
                edits[0] = .items(a + b)
                return edits.count == 1 ? edits[0] : .batch(edits)
            default:
                break
            }
        }
        if case .batch(let list) = later { return .batch(list + edits) }
        return .batch([later] + edits)
    }
}

/// What the history tells the journal: an edit performed, or a step undone or redone.
public enum HistoryEvent: Sendable, Hashable {
    case edit(Edit)
    case undo
    case redo
    /// The page at this index (0-based) became the one drawn on.
    case show(Int)
}

extension HistoryEvent {
    /// The edits by name, as the journal's callers write them (`journal.append(.clear)`).
    public static func stroke(_ stroke: Stroke) -> HistoryEvent { .edit(.stroke(stroke)) }
    public static var clear: HistoryEvent { .edit(.clear) }
    public static func background(_ background: Background) -> HistoryEvent { .edit(.background(background)) }
    public static func grow(_ size: PixelSize) -> HistoryEvent { .edit(.grow(size)) }
    public static func page(_ size: PixelSize, anchor: Int) -> HistoryEvent { .edit(.page(size, anchor: anchor)) }
}
