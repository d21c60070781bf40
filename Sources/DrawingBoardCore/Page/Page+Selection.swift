import Foundation

/// Selections on the page: what a lasso, a box or "all" takes, and the selection's edits
/// carried out on the items.
///
/// Where moved ink goes: an eraser's pass clears the ink before it in the page's order, so a
/// stroke moved where it stays would be cleared at its new place by passes that never met it,
/// and would lose what the passes that met it took. So a stroke moved, scaled or turned goes
/// to the top of the page (after every pass) and carries the passes that took parts of it
/// (`Stroke.holes`), which go where it goes. The selection's elements after its first stroke
/// go to the top with it, in their order; those under all of its strokes change in place.
extension Page {
    /// Whether the item can be selected: any stroke but an eraser's (or one baked into the
    /// pixels under the strokes), and any element.
    public func isSelectable(_ item: PageItem) -> Bool {
        switch item {
        case .stroke(let stroke): return !stroke.tool.isEraser && !bakedStrokes.contains(stroke.id)
        case .element: return true
        case .base: return false
        }
    }

    /// The ids of the strokes whose points all lie inside the closed polygon `lasso`, and of
    /// the elements whose centres do, bottom first.
    public func selection(inLasso lasso: [Point]) -> [UInt64] {
        guard lasso.count >= 3, let box = Rect(around: lasso) else { return [] }
        return selection { p in box.contains(p) && Self.polygon(lasso, contains: p) }
    }

    /// The ids of what lies inside `rect` (as a lasso of its corners).
    public func selection(inRect rect: Rect) -> [UInt64] {
        selection { rect.contains($0) }
    }

    /// Every stroke and element that can be selected, bottom first.
    public var selectingAll: [UInt64] {
        items.compactMap { isSelectable($0) ? $0.stroke?.id ?? $0.elementID : nil }
    }

    /// The id of the topmost stroke or element that can be selected under `p`: an element
    /// whose box holds it, a stroke whose ink passes within `slack` of it.
    public func topSelectable(at p: Point, slack: Double) -> UInt64? {
        for item in items.reversed() where isSelectable(item) {
            switch item {
            case .stroke(let stroke):
                let outline = stroke.outline
                guard let box = outline.bounds, box.insetBy(-slack).contains(p) else { continue }
                if StrokeHitTest(outline).touches(from: p, to: p, radius: slack) { return stroke.id }
            case .element(let element):
                if element.placement.contains(p) { return element.id }
            case .base:
                continue
            }
        }
        return nil
    }

    private func selection(_ inside: (Point) -> Bool) -> [UInt64] {
        items.compactMap { item -> UInt64? in
            guard isSelectable(item) else { return nil }
            switch item {
            case .stroke(let stroke):
                let points = stroke.pagePoints
                return !points.isEmpty && points.allSatisfy(inside) ? stroke.id : nil
            case .element(let element):
                return inside(element.placement.center) ? element.id : nil
            case .base:
                return nil
            }
        }
    }

    /// Even-odd: whether `p` lies inside the closed polygon.
    public static func polygon(_ polygon: [Point], contains p: Point) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// The indices of the items with these ids, ascending.
    public func indices(of ids: [UInt64]) -> [Int] {
        let wanted = Set(ids)
        return items.indices.filter { i in (items[i].stroke?.id ?? items[i].elementID).map(wanted.contains) == true && isSelectable(items[i]) }
    }

    /// The box on the page around the selected items (strokes' ink and elements' turned boxes).
    public func bounds(of ids: [UInt64]) -> Rect? {
        indices(of: ids).compactMap { i -> Rect? in
            switch items[i] {
            case .stroke(let stroke): return stroke.outline.bounds
            case .element(let element): return element.placement.bounds
            case .base: return nil
            }
        }.reduce(nil) { $0?.union($1) ?? $1 }
    }

    /// The items at `found` (ascending), each stroke with every pass of the eraser after it
    /// that reaches its box carried in it (the parts of it they took), ready to go anywhere in
    /// the page's order; elements as they are. The passes are read once for all of them.
    public func sealedItems(_ found: [Int]) -> [PageItem] {
        guard let first = found.first else { return [] }
        let reaches = eraserReaches(eraserPasses.filter { $0 > first })
        return found.map { sealed($0, reaches: reaches).map(PageItem.stroke) ?? items[$0] }
    }

    /// An eraser's pass as strokes before it carry it (no id, no clip), with the box it covers.
    struct EraserReach {
        var index: Int
        var pass: Stroke
        var box: Rect
    }

    /// The passes at `indices` (bottom first) as strokes carry them; those that cover nothing
    /// are left out.
    func eraserReaches(_ indices: [Int]) -> [EraserReach] {
        indices.compactMap { j in
            guard case .stroke(var pass) = items[j], let box = pass.outline.bounds else { return nil }
            pass.id = 0
            pass.clip = nil
            return EraserReach(index: j, pass: pass, box: box)
        }
    }

    /// Stroke `i` carrying, as holes, the passes of `reaches` after it that reach it (the
    /// passes' boxes worked out once for many strokes).
    func sealed(_ i: Int, reaches: [EraserReach]) -> Stroke? {
        guard case .stroke(var stroke) = items[i] else { return nil }
        let after = reaches.drop { $0.index <= i }
        guard !after.isEmpty, let box = stroke.outline.bounds else { return stroke }
        let holes = (stroke.holes ?? []) + after.filter { $0.box.intersects(box) }.map(\.pass)
        stroke.holes = holes.isEmpty ? nil : Array(holes.suffix(Stroke.maxHoles))
        return stroke
    }

    /// The page's strokes as a vector file writes them: the eraser's passes are not painted
    /// (painting the background again where they went leaves the edge of each pass drawn over
    /// the page, a grey outline on a PDF page); every stroke before a pass that reaches it
    /// carries the pass as a hole instead, sealed as a selected stroke is, and is clipped
    /// outside it.
    public var strokesAsWritten: [Stroke] {
        let reaches = eraserReaches(eraserPasses)
        guard !reaches.isEmpty else { return strokes.filter { $0.tool != .eraser } }
        return items.indices.compactMap { i in
            guard case .stroke(let stroke) = items[i], stroke.tool != .eraser else { return nil }
            return sealed(i, reaches: reaches)
        }
    }

    /// The page's items as a vector file writes them, in order, when elements are among them:
    /// the eraser's passes left out, each stroke as `strokesAsWritten` has it, elements as they
    /// are (a pass never takes an element), and another app's pixels with the passes after
    /// them (`erased`), which took those pixels too. Strokes whose pixels are in another app's
    /// (`bakedStrokes`) are left out, their passes with them: what they did is in those pixels.
    public var itemsAsWritten: [(item: PageItem, erased: [Stroke])] {
        let baked = bakedStrokes
        let reaches = eraserReaches(eraserPasses.filter { items[$0].stroke.map { !baked.contains($0.id) } == true })
        return items.indices.compactMap { i in
            switch items[i] {
            case .stroke(let stroke):
                guard stroke.tool != .eraser, !baked.contains(stroke.id), let sealed = sealed(i, reaches: reaches) else { return nil }
                return (.stroke(sealed), [])
            case .base:
                // (As many as a stroke carries at most, the latest.)
                return (items[i], Array(reaches.filter { $0.index > i }.map(\.pass).suffix(Stroke.maxHoles)))
            case .element:
                return (items[i], [])
            }
        }
    }

    /// The indices of the eraser's passes on the page, bottom first.
    public var eraserPasses: [Int] {
        items.indices.filter { if case .stroke(let s) = items[$0] { return s.tool == .eraser } else { return false } }
    }

    /// The selection edit's item changes (nil: it changes nothing).
    func changes(for edit: SelectionEdit) -> [ItemChange]? {
        switch edit {
        case .transform(let ids, let m):
            guard !m.isIdentity else { return nil }
            return toTop(indices(of: ids)) { $0.transformed(by: m) }
        case .restyle(let ids, let restyle):
            var removed: [ItemChange.Placed] = [], added: [ItemChange.Placed] = []
            for i in indices(of: ids) {
                let next = restyled(items[i], restyle)
                guard next != items[i] else { continue }
                removed.append(ItemChange.Placed(index: i, item: items[i]))
                added.append(ItemChange.Placed(index: i, item: next))
            }
            guard !added.isEmpty else { return nil }
            return [.remove(removed.reversed()), .insert(added)]
        case .remove(let ids):
            let found = indices(of: ids)
            guard !found.isEmpty else { return nil }
            return [.remove(found.reversed().map { ItemChange.Placed(index: $0, item: items[$0]) })]
        case .add(let added):
            guard !added.isEmpty else { return nil }
            return [.insert(added.enumerated().map { ItemChange.Placed(index: items.count + $0.offset, item: $0.element) })]
        case .reorder(let ids, let top):
            let found = indices(of: ids)
            guard !found.isEmpty else { return nil }
            return top ? toTop(found) { $0 } : toBottom(found)
        case .snap(let id, let shapes):
            guard let i = items.firstIndex(where: { $0.stroke?.id == id }) else { return nil }
            return [.remove([ItemChange.Placed(index: i, item: items[i])]),
                    .insert(shapes.enumerated().map { ItemChange.Placed(index: i + $0.offset, item: .stroke($0.element)) })]
        }
    }

    /// The items at `found` (ascending) changed by `change`: from the first stroke among them
    /// on, sealed and put on top in their order; elements before it changed in place.
    private func toTop(_ found: [Int], _ change: (PageItem) -> PageItem) -> [ItemChange]? {
        guard !found.isEmpty else { return nil }
        let firstStroke = found.first { items[$0].stroke != nil } ?? Int.max
        var inPlace: [(Int, PageItem)] = [], moving: [PageItem] = []
        for (i, sealed) in zip(found, sealedItems(found)) {
            if i < firstStroke {
                inPlace.append((i, change(items[i])))
            } else {
                moving.append(change(sealed))
            }
        }
        let movingIndices = found.filter { $0 >= firstStroke }
        // Already on top and unchanged: nothing to do.
        if inPlace.allSatisfy({ items[$0.0] == $0.1 }), movingIndices == Array((items.count - movingIndices.count)..<items.count),
           zip(movingIndices, moving).allSatisfy({ items[$0.0] == $0.1 }) { return nil }
        var changes: [ItemChange] = []
        let removed = (inPlace.map(\.0) + movingIndices).sorted()
        changes.append(.remove(removed.reversed().map { ItemChange.Placed(index: $0, item: items[$0]) }))
        var back: [ItemChange.Placed] = []
        // The in-place ones lie before every moving one: their indices are as they were.
        for (i, item) in inPlace { back.append(ItemChange.Placed(index: i, item: item)) }
        let kept = items.count - movingIndices.count
        for (k, item) in moving.enumerated() { back.append(ItemChange.Placed(index: kept + k, item: item)) }
        changes.append(.insert(back))
        return changes
    }

    /// The items at `found` put as low as they go: at the bottom (over the pixels under the
    /// strokes), but never under a pass of the eraser that reaches one of their strokes and did
    /// not take it before (its ink stays whole). Strokes are sealed first.
    private func toBottom(_ found: [Int]) -> [ItemChange]? {
        let bottom = base == nil ? 0 : 1
        let boxes = found.compactMap { items[$0].stroke?.outline.bounds }
        let firstFound = found[0]
        var target = bottom
        for j in bottom..<firstFound {
            guard case .stroke(let pass) = items[j], pass.tool == .eraser, let reach = pass.outline.bounds else { continue }
            if boxes.contains(where: { $0.intersects(reach) }) { target = j + 1 }
        }
        let moving = sealedItems(found)
        // Already there: nothing to do.
        if found == Array(target..<(target + found.count)) { return nil }
        return [.remove(found.reversed().map { ItemChange.Placed(index: $0, item: items[$0]) }),
                .insert(moving.enumerated().map { ItemChange.Placed(index: target + $0.offset, item: $0.element) })]
    }

    private func restyled(_ item: PageItem, _ r: SelectionEdit.Restyle) -> PageItem {
        switch item {
        case .stroke(var stroke):
            if let color = r.color { stroke.style.color = color }
            if let opacity = r.opacity { stroke.style.opacity = opacity }
            if let width = r.width {
                let range = stroke.form == nil ? StrokeStyle.widthRange : PolylineForm.widthRange
                stroke.style.width = min(max(width / (stroke.transform?.lengthScale ?? 1), range.lowerBound), range.upperBound)
                // A stroke from another app with widths per segment takes them in proportion.
                if let form = stroke.form, let widths = form.widths, let widest = widths.max(), widest > 0 {
                    let f = stroke.style.width / widest
                    stroke.form?.widths = widths.map { min(max($0 * f, PolylineForm.widthRange.lowerBound), PolylineForm.widthRange.upperBound) }
                }
            }
            return .stroke(stroke)
        case .element(var element):
            if let color = r.color, var style = element.source.text {
                style.color = color
                element.source = .text(style)
            }
            return .element(element)
        case .base:
            return item
        }
    }
}

extension Element.Placement {
    /// The place taken through `m`: the centre mapped, the width scaled by its length scale,
    /// the turn added.
    public func transformed(by m: Affine) -> Element.Placement {
        var p = self
        p.center = m.apply(center)
        p.width = min(max(width * m.lengthScale, Element.widthRange.lowerBound), Element.widthRange.upperBound)
        p.rotation = Self.normalised(rotation + m.rotationDegrees)
        return p
    }
}

extension PageItem {
    /// The item moved, scaled or turned by `m`: a stroke takes the transform (its points stay as
    /// drawn), an element its place; the pixels under the strokes stay where they are.
    public func transformed(by m: Affine) -> PageItem {
        switch self {
        case .stroke(let stroke): return .stroke(stroke.transformed(by: m))
        case .element(var element):
            element.placement = element.placement.transformed(by: m)
            return .element(element)
        case .base: return self
        }
    }
}
