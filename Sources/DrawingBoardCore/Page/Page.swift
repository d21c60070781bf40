/// The page as data: its size, its background, and what lies on it, in one order (the first
/// item is at the bottom). This is the document; every pixel the window shows (the ink layer,
/// the highlights) is a cache painted from it, and can be painted again for any region.
///
/// The items are strokes (each with its tool: pen, shapes, eraser, highlighter), elements
/// (photos, stickers and text, each with its place and transform) and, for a drawing another
/// app made, the pixels no stroke explains (`base`, always at the bottom), in the order they
/// were made: an element covers what lies before it, ink drawn after it lies over it.
///
/// The page changes in one place only: `apply`, which carries out an `Edit` and returns the
/// edit that undoes it, with what changed (for the caches to follow).
public struct Page: Sendable, Hashable {
    public internal(set) var size: PixelSize
    public internal(set) var background: Background
    public internal(set) var items: [PageItem]

    public init(size: PixelSize, background: Background = .default, items: [PageItem] = []) {
        self.size = size
        self.background = background
        self.items = items
    }

    /// The strokes, bottom first.
    public var strokes: [Stroke] { items.compactMap(\.stroke) }

    /// The pixels under everything that no item explains, if the page has them.
    public var base: BasePixels? {
        if case .base(let base)? = items.first { return base }
        return nil
    }

    /// Strokes already part of the base's pixels (they cannot be taken out of them).
    public var bakedStrokes: Set<UInt64> { base?.baked ?? [] }

    /// One past the largest stroke or element id in use.
    public var nextStrokeID: UInt64 {
        (items.lazy.compactMap { $0.stroke?.id ?? $0.element?.id }.max() ?? 0) + 1
    }

    /// The elements, bottom first.
    public var elements: [Element] { items.compactMap(\.element) }

    /// Where the last element lies: the ink after it is the top run (drawn over everything).
    public var lastElementIndex: Int? { items.lastIndex { $0.element != nil } }

    /// The index of the element with this id.
    public func index(ofElement id: UInt64) -> Int? {
        items.firstIndex { $0.elementID == id }
    }

    /// The element with this id.
    public func element(_ id: UInt64) -> Element? {
        index(ofElement: id).flatMap { items[$0].element }
    }

    /// The topmost element whose rotated box holds `p`.
    public func topElement(at p: Point, slack: Double = 0) -> Int? {
        items.lastIndex { $0.element?.placement.contains(p, slack: slack) == true }
    }

    /// The index of the element a script names: by its name, or else by its id written out.
    public func index(ofElementNamed name: String) -> Int? {
        items.lastIndex { $0.element?.name == name } ?? UInt64(name).flatMap { index(ofElement: $0) }
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
    /// their order where several say the same). For readers building a page from a file.
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
}

// MARK: - Edits

extension Page {
    /// The page's size grown to hold `other` too (never smaller).
    public func grownSize(toHold other: PixelSize) -> PixelSize {
        PixelSize(width: max(size.width, other.width), height: max(size.height, other.height))
    }

    /// An edit carried out: the edit that undoes it, and what it changed.
    public struct Applied: Sendable {
        public var undo: Edit
        public var change: PageChange
    }

    /// Carries out `edit`, returning the edit that undoes it and what changed, or nil when it
    /// changed nothing (a stroke eraser that touched no stroke, an element already so).
    /// `strokesNear`: for the stroke eraser, the indices of the strokes whose boxes meet its
    /// path, when the caller keeps boxes (else every stroke is looked at).
    public mutating func apply(_ edit: Edit, strokesNear: [Int]? = nil) -> Applied? {
        switch edit {
        case .stroke(let stroke):
            return change([.insert([ItemChange.Placed(index: items.count, item: .stroke(stroke))])])
        case .place(let element):
            return change([.insert([ItemChange.Placed(index: items.count, item: .element(element))])])
        case .eraseStrokes(let path, let width):
            let hit = strokesTouched(along: path, radius: width / 2, near: strokesNear)
            guard !hit.isEmpty else { return nil }
            return change([.remove(hit.reversed().map { ItemChange.Placed(index: $0, item: items[$0]) })])
        case .clear:
            return change([.remove(items.indices.reversed().map { ItemChange.Placed(index: $0, item: items[$0]) })])
        case .background(let next):
            let old = background
            background = next
            return Applied(undo: .background(old), change: PageChange(background: true))
        case .grow(let newSize):
            let target = grownSize(toHold: newSize)
            guard target != size else { return nil }
            var next = self
            next.size = target
            next.fitBase()
            return replace(with: next)
        case .page(let newSize, let anchor):
            guard newSize != size else { return nil }
            return replace(with: resized(to: newSize, anchor: anchor))
        case .change(let element):
            guard let i = index(ofElement: element.id), let old = items[i].element, old != element else { return nil }
            items[i] = .element(element)
            return Applied(undo: .change(old), change: PageChange(items: [.remove([ItemChange.Placed(index: i, item: .element(old))]),
                                                                          .insert([ItemChange.Placed(index: i, item: .element(element))])]))
        case .delete(let id):
            guard let i = index(ofElement: id) else { return nil }
            return change([.remove([ItemChange.Placed(index: i, item: items[i])])])
        case .reorder(let id, let top):
            guard let i = index(ofElement: id) else { return nil }
            let target = top ? items.count - 1 : (base == nil ? 0 : 1)
            guard target != i else { return nil }
            return change([.remove([ItemChange.Placed(index: i, item: items[i])]), .insert([ItemChange.Placed(index: target, item: items[i])])])
        case .selection(let edit):
            guard let changes = changes(for: edit) else { return nil }
            return change(changes)
        case .items(let changes):
            return change(changes)
        case .replace(let page):
            return replace(with: page)
        case .pages:
            // The notebook's list changes, not a page.
            return nil
        case .batch(let edits):
            var undos: [Edit] = []
            var changed = PageChange()
            for next in edits {
                guard let done = apply(next) else { continue }
                undos.append(done.undo)
                changed.append(done.change)
            }
            guard !undos.isEmpty else { return nil }
            return Applied(undo: undos.count == 1 ? undos[0] : .batch(undos.reversed()), change: changed)
        }
    }

    /// Applies item changes in order; the undo is their inverses, last first.
    private mutating func change(_ changes: [ItemChange]) -> Applied {
        var undo: [ItemChange] = []
        var done: [ItemChange] = []
        for c in changes {
            switch c {
            case .insert(let placed):
                for p in placed { items.insert(p.item, at: p.index) }
                undo.append(.remove(placed.reversed()))
                done.append(c)
            case .remove(let placed):
                // What was really there goes back (not what the change remembered).
                let removed = placed.map { ItemChange.Placed(index: $0.index, item: items.remove(at: $0.index)) }
                undo.append(.insert(removed.reversed()))
                done.append(.remove(removed))
            }
        }
        // A base put back on a page that grew since keeps its place at the top left.
        if done.contains(where: { $0.inserts && $0.placed.contains { if case .base = $0.item { return true } else { return false } } }) {
            fitBase()
        }
        return Applied(undo: .items(undo.reversed()), change: PageChange(items: done))
    }

    private mutating func replace(with next: Page) -> Applied {
        let old = self
        self = next
        return Applied(undo: .replace(old), change: PageChange(whole: true))
    }

    /// The indices of the strokes the stroke eraser's disc touches along `path`, ascending:
    /// tested against each stroke's outline, never an eraser's, never one baked into the base.
    public func strokesTouched(along path: [Point], radius: Double, near candidates: [Int]? = nil) -> [Int] {
        guard let first = path.first else { return [] }
        let segments = path.count == 1 ? [(first, first)] : Array(zip(path, path.dropFirst()))
        let baked = bakedStrokes
        var hit: [Int] = []
        for i in candidates ?? Array(items.indices) {
            guard i < items.count, case .stroke(let stroke) = items[i], stroke.tool != .eraser, !baked.contains(stroke.id) else { continue }
            let test = StrokeHitTest(stroke.outline)
            if segments.contains(where: { test.touches(from: $0.0, to: $0.1, radius: radius) }) { hit.append(i) }
        }
        return hit.sorted()
    }

    /// Whether an eraser's pass could change a pixel: its disc of `radius` along `path` touches
    /// the ink of a stroke among `candidates` (the strokes whose boxes meet `reach`, the pass's
    /// box; any stroke but an eraser's, and a filled shape anywhere in its box), or a pixel of
    /// the base within `reach` is not clear. Elements are never erased.
    public func inkMet(along path: [Point], radius: Double, within reach: Rect, candidates: [Int]) -> Bool {
        let filled = candidates.contains { i in
            i < items.count && items[i].stroke.map { $0.tool != .eraser && $0.outline.fill != nil } == true
        }
        if filled || !strokesTouched(along: path, radius: radius, near: candidates).isEmpty { return true }
        guard let image = base?.image, let area = reach.pixelRect(clippedTo: image.size) else { return false }
        for y in area.y..<area.y + area.height {
            let row = y * image.width
            if image.pixels[row + area.x..<row + area.x + area.width].contains(where: { $0 >> 24 != 0 }) { return true }
        }
        return false
    }

    /// The page at `newSize`, its drawing anchored at `anchor` (0...8, row by row): strokes,
    /// elements and the base move by the offset; what falls outside is cut. A stroke's clip
    /// names the canvas it was drawn on from the origin; moved, it would name the wrong place,
    /// so it goes (the renderer checks that the strokes still paint the drawing). An image
    /// background the page's size keeps its place, the new room white; another is scaled to
    /// cover the new size as before.
    public func resized(to newSize: PixelSize, anchor: Int) -> Page {
        let offset = Self.offset(from: size, to: newSize, anchor: anchor)
        var page = self
        page.size = newSize
        if case .image(let image, let name) = background, image.size == size {
            page.background = .image(image.shifted(to: newSize, by: offset, fill: 0xFFFF_FFFF), name: name)
        }
        let d = Point(Double(offset.dx), Double(offset.dy))
        page.items = items.map { item in
            switch item {
            case .stroke(var s):
                s.points = s.points.map { $0 + d }
                s.clip = nil
                return .stroke(s)
            case .base(var base):
                base.image = base.image.shifted(to: newSize, by: offset, fill: 0)
                return .base(base)
            case .element(var element):
                element.placement = element.placement.moved(by: d)
                return .element(element)
            }
        }
        return page
    }

    /// Where the old page's top left lands on a page of `new` size anchored at `anchor`.
    public static func offset(from old: PixelSize, to new: PixelSize, anchor: Int) -> (dx: Int, dy: Int) {
        let column = min(max(anchor, 0), 8) % 3, row = min(max(anchor, 0), 8) / 3
        return ((new.width - old.width) * column / 2, (new.height - old.height) * row / 2)
    }

    /// The base keeps its place at the top left of a page that grew: the new room has nothing
    /// under the strokes.
    mutating func fitBase() {
        guard let base, base.image.size != size else { return }
        items[0] = .base(BasePixels(image: base.image.shifted(to: size, by: (0, 0), fill: 0), baked: base.baked))
    }
}
