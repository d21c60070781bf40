import DrawingBoardCore

/// Selections on the editor's page, the editor's second job given a type of its own
/// (`editor.selection`): what is selected, the clipboard, and each thing done to the selection
/// as one undo step (`Edit.selection`). A selection belongs to its page; on another page nothing
/// is selected. Ids that undo took away drop out of it.
public final class EditorSelection {
    unowned let editor: Editor
    /// The ids selected, and on which page.
    var selecting = ItemSelection()
    /// What Copy and Cut took, for Paste (the window shares one between its documents).
    public var clipboard: ItemClipboard?

    init(editor: Editor) {
        self.editor = editor
    }

    private var page: Page { editor.page }
    private var shelf: PageShelf { editor.shelf }
    private var nextID: UInt64 {
        get { editor.nextID }
        set { editor.nextID = newValue }
    }

    private func perform(_ edit: Edit) throws(RenderError) -> Bool { try editor.perform(edit) }

    /// The ids selected on this page that are still on it, bottom first.
    public var ids: [UInt64] {
        guard selecting.page == shelf.current, !selecting.ids.isEmpty else { return [] }
        let here = page.indices(of: selecting.ids)
        return here.compactMap { page.items[$0].stroke?.id ?? page.items[$0].elementID }
    }

    /// The box around the selection on the page, if anything is selected.
    public var bounds: Rect? {
        let ids = self.ids
        return ids.isEmpty ? nil : page.bounds(of: ids)
    }

    /// The selection taken off the page while it is dragged (`lift`), the step that puts it
    /// back, and where a transform puts its items: the elements under all of its strokes back
    /// at their places (`inPlace`), the rest on top in their order (`moving`, strokes sealed).
    private var lifted: (ids: [UInt64], back: HistoryStep, inPlace: [(index: Int, item: PageItem)], moving: [PageItem])?

    /// Whether the selection is off the page for a drag.
    public var isLifted: Bool { lifted != nil }

    /// The selection as a drag's picture is painted from (off the event loop, with
    /// `SelectionPicture.painted`): its items sealed, their box, and the page's size.
    public func snapshot() throws(RenderError) -> SelectionSnapshot {
        let taken = try takeSelection()
        return SelectionSnapshot(clip: taken, pageSize: page.size)
    }

    /// Takes the selection off the page for a drag: the page shows what lies under it, and
    /// the window lays the selection's picture over it where the drag has it. No step is made
    /// and the journal hears nothing: `drop` makes the one step the drag is, `putBack` leaves
    /// everything as it was. Anything else done to the page puts it back first.
    /// `patch`: the ink where the selection was, painted off the event loop (`liftPatchJob`);
    /// used when nothing changed since it was asked for.
    public func lift(patch: LiftPatch? = nil) throws(RenderError) {
        putBack()
        let ids = self.ids
        let canvas = editor.canvas
        canvas.liftPatch = patch.flatMap { $0.stamp == stamp(ids) ? $0 : nil }
        defer { canvas.liftPatch = nil }
        let taken = try takeSelection()
        let found = page.indices(of: ids)
        let firstStroke = found.first { page.items[$0].stroke != nil } ?? Int.max
        var inPlace: [(index: Int, item: PageItem)] = [], moving: [PageItem] = []
        for (i, item) in zip(found, taken.items) {
            if i < firstStroke { inPlace.append((i, item)) } else { moving.append(item) }
        }
        if let back = try editor.performQuietly(.selection(.remove(ids))) { lifted = (ids, back, inPlace, moving) }
    }

    /// What to paint off the event loop before the selection is lifted for a drag, when
    /// lifting it on the loop would take longer than a frame (the window's editors only).
    public func liftPatchJob() -> LiftPatchJob? {
        let ids = self.ids
        guard editor.current.paintsLater, editor.current.repaint == nil, !ids.isEmpty else { return nil }
        return editor.canvas.liftPatchJob(for: ids, of: page, stamp: stamp(ids))
    }

    private func stamp(_ ids: [UInt64]) -> LiftPatch.Stamp { LiftPatch.Stamp(revision: editor.revision, page: shelf.current, ids: ids) }

    /// The lifted selection back where it was, as it was.
    public func putBack() {
        guard var back = lifted?.back else { return }
        lifted = nil
        do {
            try editor.cross(&back)
        } catch {
            editor.failures.append(error.message)
        }
    }

    /// Ends a drag: the selection goes through `m` as one step (back where it was when `m`
    /// moves nothing).
    @discardableResult
    public func drop(_ m: Affine) throws(RenderError) -> Bool {
        let ids = lifted?.ids ?? self.ids
        if !m.isIdentity, let lift = lifted {
            // Laid down where `transform` puts them, on the page they were lifted from: the
            // step is the lift and the laying together (undo puts them back as they were), and
            // the journal hears the transform.
            lifted = nil
            select(ids)
            let top = page.items.count + lift.inPlace.count
            let placed = lift.inPlace.map { ItemChange.Placed(index: $0.index, item: $0.item.transformed(by: m)) }
                + lift.moving.enumerated().map { ItemChange.Placed(index: top + $0.offset, item: $0.element.transformed(by: m)) }
            var problem: String?
            for case .stroke(let stroke) in placed.map(\.item) {
                do { try stroke.validate(at: "the selection") } catch { problem = error.message; break }
            }
            if problem == nil {
                do {
                    if let laid = try editor.performQuietly(.items([.insert(placed)])) {
                        var step = lift.back
                        step.absorb(laid)
                        step.kind = .selection
                        editor.history.push(step)
                        editor.recorder?(.edit(.selection(.transform(ids, m))))
                        return true
                    }
                    problem = "nothing changed"
                } catch {
                    problem = error.message
                }
            }
            var back = lift.back
            try editor.cross(&back)
            throw RenderError("the selection cannot go there: \(problem ?? "")")
        }
        putBack()
        select(ids)
        guard !m.isIdentity else { return false }
        return try transform(m)
    }

    /// Selects these ids (on this page); nothing for an empty list.
    public func select(_ ids: [UInt64]) {
        selecting = ItemSelection(ids: ids, page: shelf.current)
    }

    public func lasso(_ lasso: [Point]) { select(page.selection(inLasso: lasso)) }
    public func rect(_ rect: Rect) { select(page.selection(inRect: rect)) }
    public func all() { select(page.selectingAll) }
    public func none() { select([]) }

    /// Moves, scales or turns the selection (one step). Throws, changing nothing, when a
    /// stroke would leave the page's limits.
    @discardableResult
    public func transform(_ m: Affine) throws(RenderError) -> Bool {
        let ids = try selectedOrThrow()
        for i in page.indices(of: ids) {
            guard case .stroke(let stroke) = page.items[i] else { continue }
            do {
                try stroke.transformed(by: m).validate(at: "the selection")
            } catch {
                throw RenderError("the selection cannot go there: \(error.message)")
            }
        }
        return try perform(.selection(.transform(ids, m)))
    }

    /// Gives the selection the Brush panel's colour, width or opacity (one step).
    @discardableResult
    public func restyle(_ restyle: SelectionEdit.Restyle) throws(RenderError) -> Bool {
        try perform(.selection(.restyle(try selectedOrThrow(), restyle)))
    }

    /// Takes the selection off the page (one step; undone, it is selected again).
    @discardableResult
    public func delete() throws(RenderError) -> Bool {
        try perform(.selection(.remove(try selectedOrThrow())))
    }

    /// Raises the selection to the top of the page, or lowers it as far as it goes.
    @discardableResult
    public func reorder(top: Bool) throws(RenderError) -> Bool {
        try perform(.selection(.reorder(try selectedOrThrow(), top: top)))
    }

    /// A copy of the selection 20 px right and down, on top; it becomes the selection.
    @discardableResult
    public func duplicate() throws(RenderError) -> Bool {
        let taken = try takeSelection()
        return try add(taken.items, by: .move(Self.duplicateOffset, Self.duplicateOffset))
    }

    /// How far right and down a duplicate lies from what it copies.
    public static let duplicateOffset = 20.0

    /// The selection onto the clipboard; false when nothing is selected.
    @discardableResult
    public func copy() -> Bool {
        guard let taken = try? takeSelection() else { return false }
        clipboard = taken
        return true
    }

    /// The selection onto the clipboard and off the page (one step).
    @discardableResult
    public func cut() throws(RenderError) -> Bool {
        clipboard = try takeSelection()
        return try delete()
    }

    /// The clipboard's strokes and elements centred on `center` on this page (one step); they
    /// become the selection.
    @discardableResult
    public func paste(at center: Point) throws(RenderError) -> Bool {
        guard let clipboard else { throw RenderError("nothing has been copied") }
        let c = clipboard.bounds.center
        return try add(clipboard.items, by: .move(center.x - c.x, center.y - c.y))
    }

    /// The selected items as the clipboard keeps them: strokes sealed (the eraser's passes
    /// that took parts of them carried in them), with their box.
    func takeSelection() throws(RenderError) -> ItemClipboard {
        let ids = try selectedOrThrow()
        let items = page.sealedItems(page.indices(of: ids))
        guard let bounds = page.bounds(of: ids) else { throw RenderError("nothing is selected") }
        return ItemClipboard(items: items, bounds: bounds)
    }

    /// `items` taken through `m`, with new ids, on top of the page; they become the selection.
    private func add(_ items: [PageItem], by m: Affine) throws(RenderError) -> Bool {
        var id = nextID
        var made: [PageItem] = []
        for item in items {
            switch item.transformed(by: m) {
            case .stroke(var copy):
                copy.id = id
                made.append(.stroke(copy))
            case .element(var element):
                element.id = id
                element.name = nil
                made.append(.element(element))
            case .base:
                continue
            }
            id += 1
        }
        let edit = Edit.selection(.add(made))
        do {
            try edit.validate(at: "the pasted items")
        } catch {
            throw RenderError("they cannot go there: \(error.message)")
        }
        guard try perform(edit) else { return false }
        nextID = id
        select(made.compactMap { $0.stroke?.id ?? $0.elementID })
        return true
    }

    private func selectedOrThrow() throws(RenderError) -> [UInt64] {
        let ids = self.ids
        guard !ids.isEmpty else { throw RenderError("nothing is selected") }
        return ids
    }
}

/// What the editor does for editing what was drawn: a change applied for a drag and taken back,
/// and strokes the tools finish that snap to the shapes they were meant as.
extension Editor {
    /// Applies `edit` to the page and its caches without making it a step or telling the
    /// journal, for a change taken back (`cross`) before anything else is done: the selection
    /// lifted off the page while it is dragged. Nil when it changed nothing.
    func performQuietly(_ edit: Edit) throws(RenderError) -> HistoryStep? {
        replacements.finish()
        guard let (step, _) = try commit(edit, live: nil) else { return nil }
        revision += 1
        return step
    }


    /// A stroke a tool finished, performed; then snapped to its shape when the pencil's Shapes
    /// switch is on or the pointer rested at its end. A stroke the ruler straightened is
    /// painted from its own points, not from the mask drawn as the pointer went.
    func commitDrawn(_ stroke: Stroke, _ live: LiveStroke) throws(RenderError) -> Bool {
        // A stroke along an instrument's edge (already the shape it was meant as), or showing
        // the shape it snaps to, is painted from its own points, not from the live mask.
        let guided = stroke.points != live.strokePoints
        guard try perform(.stroke(stroke), live: guided || live.rest.snapped != nil ? nil : live) else { return false }
        if !guided, stroke.tool == .pencil, tools.recognizesShapes || live.rest.rested { try snapToShape(nextID - 1) }
        return true
    }

    /// The pencil stroke `id` replaced by the shape it was meant as, as a step of its own
    /// (undo brings the hand-drawn stroke back); false when it meant none.
    @discardableResult
    public func snapToShape(_ id: UInt64) throws(RenderError) -> Bool {
        guard let stroke = page.items.lazy.compactMap(\.stroke).first(where: { $0.id == id }), stroke.tool == .pencil, stroke.transform == nil,
              let shape = ShapeRecognizer.recognize(stroke.points) else { return false }
        var shapes = ShapeRecognizer.strokes(for: shape, style: stroke.style)
        let snap = tools.snapsToPaper ? PaperSnap(page.background) : nil
        for i in shapes.indices {
            shapes[i].id = nextID + UInt64(i)
            shapes[i].clip = stroke.clip
            // The shape's corners on the paper, when it snaps.
            if let snap { shapes[i].points = shapes[i].points.map(snap.snap) }
        }
        guard try perform(.selection(.snap(id, shapes))) else { return false }
        nextID += UInt64(shapes.count)
        return true
    }
}
