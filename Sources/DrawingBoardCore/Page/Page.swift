/// The page as data: its size, its background, and what lies on it, in one order (the first
/// item is at the bottom). This is the document; every pixel the window shows (the ink layer,
/// the highlights) is a cache painted from it, and can be painted again for any region.
///
/// The items are strokes (each with its tool: pen, shapes, eraser, highlighter), elements
/// (photos, stickers and text, each with its place and transform) and, for a drawing another
/// app made, the pixels no stroke explains (`base`, always at the bottom), in the order they
/// were made: an element covers what lies before it, ink drawn after it lies over it.
public struct Page: Sendable, Hashable {
    public var size: PixelSize
    public var background: Background
    public var items: [PageItem]

    public init(size: PixelSize, background: Background = .default, items: [PageItem] = []) {
        self.size = size
        self.background = background
        self.items = items
    }

    /// The strokes, bottom first.
    public var strokes: [Stroke] {
        items.compactMap { item in
            if case .stroke(let stroke) = item { return stroke }
            return nil
        }
    }

    /// The pixels under everything that no item explains, if the page has them.
    public var base: BasePixels? {
        if case .base(let base)? = items.first { return base }
        return nil
    }

    /// Strokes already part of the base's pixels (they cannot be taken out of them).
    public var bakedStrokes: Set<UInt64> { base?.baked ?? [] }

    /// The next stroke or element id: one past the largest in use.
    public var nextStrokeID: UInt64 {
        (items.lazy.compactMap { $0.stroke?.id ?? $0.element?.id }.max() ?? 0) + 1
    }

    /// The elements, bottom first.
    public var elements: [Element] { items.compactMap(\.element) }

    /// Where the last element lies: the ink after it is the top run (drawn over everything).
    public var lastElementIndex: Int? { items.lastIndex { $0.element != nil } }

    /// The index of the element with this id.
    public func index(ofElement id: UInt64) -> Int? {
        items.firstIndex { $0.element?.id == id }
    }

    /// The topmost element whose rotated box holds `p`.
    public func topElement(at p: Point, slack: Double = 0) -> Int? {
        items.lastIndex { $0.element?.placement.contains(p, slack: slack) == true }
    }

    /// Each element with the number of strokes under it: with the strokes in order, that gives
    /// back the whole order of the items (how documents keep it).
    public var elementsAmongStrokes: [(strokesBefore: Int, element: Element)] {
        var strokes = 0
        var result: [(Int, Element)] = []
        for item in items {
            switch item {
            case .stroke: strokes += 1
            case .element(let element): result.append((strokes, element))
            case .base: break
            }
        }
        return result
    }

    /// Puts `elements` among the page's strokes, each after as many strokes as it says (in
    /// their order where several say the same).
    public mutating func insert(_ elements: [(strokesBefore: Int, element: Element)]) {
        var result: [PageItem] = []
        var pending = elements[...]
        var strokes = 0
        for item in items {
            if case .stroke = item {
                while let next = pending.first, next.strokesBefore <= strokes {
                    result.append(.element(next.element))
                    pending = pending.dropFirst()
                }
                strokes += 1
            }
            result.append(item)
        }
        result += pending.map { .element($0.element) }
        items = result
    }

    /// The index of the element a script names: by its name, or else by its id written out.
    public func index(ofElementNamed name: String) -> Int? {
        items.lastIndex { $0.element?.name == name } ?? UInt64(name).flatMap { index(ofElement: $0) }
    }
}

/// One thing on the page.
public enum PageItem: Sendable, Hashable {
    /// A stroke of ink (or of an eraser, which clears the ink under it).
    case stroke(Stroke)
    /// Pixels that no item explains: another app's drawing this page started from.
    case base(BasePixels)
    /// A photo, sticker or text, with its place.
    case element(Element)

    public var stroke: Stroke? {
        if case .stroke(let stroke) = self { return stroke }
        return nil
    }

    public var element: Element? {
        if case .element(let element) = self { return element }
        return nil
    }
}

/// Another app's drawing, as pixels (premultiplied ARGB, the page's size), and the strokes
/// that were drawn into them before they became pixels.
public struct BasePixels: Sendable, Hashable {
    public var image: RasterImage
    public var baked: Set<UInt64>

    public init(image: RasterImage, baked: Set<UInt64> = []) {
        self.image = image
        self.baked = baked
    }
}

/// A change to the page's items that knows its own inverse: applying it returns the change
/// that puts the items back. Undo and redo are both "apply what the step holds".
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
}

extension Page {
    /// Applies `change` and returns its inverse.
    @discardableResult
    public mutating func apply(_ change: ItemChange) -> ItemChange {
        switch change {
        case .insert(let placed):
            for p in placed { items.insert(p.item, at: p.index) }
            return .remove(placed.reversed())
        case .remove(let placed):
            // What was really there goes back (not what the change remembered).
            let removed = placed.map { ItemChange.Placed(index: $0.index, item: items.remove(at: $0.index)) }
            return .insert(removed.reversed())
        }
    }

    /// Applies `changes` in order and returns what undoes them all (their inverses, last first).
    public mutating func apply(_ changes: [ItemChange]) -> [ItemChange] {
        changes.map { apply($0) }.reversed()
    }
}
