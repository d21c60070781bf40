/// A change to the page's items that knows its own inverse: applying it returns the change
/// that puts the items back.
public enum ItemChange: Sendable, Hashable {
    /// Insert each item at its index, in this order.
    case insert([Placed])
    /// Remove the item at each index, in this order (the items are kept for the inverse).
    case remove([Placed])

    public struct Placed: Sendable, Hashable {
        public var index: Int
        public var item: PageItem
        public init(index: Int, item: PageItem) {
            self.index = index
            self.item = item
        }
    }

    /// The items it inserts or removes, with their indices.
    public var placed: [Placed] {
        switch self {
        case .insert(let p), .remove(let p): return p
        }
    }

    public var inserts: Bool {
        if case .insert = self { return true }
        return false
    }
}

/// What an applied edit changed on its page: everything a cache of the page (pixels, an index
/// of boxes, decoded images) needs to follow it. `Page.apply` gives it with the inverse; the
/// renderer's caches follow it in one place.
public struct PageChange: Sendable, Hashable {
    /// The items inserted and removed, in the order it happened (an element changed in place
    /// is removed and inserted at its index).
    public var items: [ItemChange] = []
    /// The background is another.
    public var background = false
    /// The page was replaced whole (its size may have changed): every cache starts again.
    public var whole = false

    public init(items: [ItemChange] = [], background: Bool = false, whole: Bool = false) {
        self.items = items
        self.background = background
        self.whole = whole
    }

    /// This change followed by `next`.
    public mutating func append(_ next: PageChange) {
        items += next.items
        background = background || next.background
        whole = whole || next.whole
    }

    /// The one element changed in place, when that is all the change is (a drag's motion):
    /// its index, and what it was.
    public var elementMovedInPlace: (index: Int, old: Element, new: Element)? {
        guard !background, !whole, items.count == 2, case .remove(let r) = items[0], case .insert(let i) = items[1],
              r.count == 1, i.count == 1, r[0].index == i[0].index,
              let old = r[0].item.element, let new = i[0].item.element, old.id == new.id else { return nil }
        return (i[0].index, old, new)
    }
}
