import DrawingBoardCore

/// Undo and redo, which are one exchange (a step holds the other side of what it changed), and
/// drags that make one step however many edits they perform (`mark` and `squash`, as tldraw
/// does it): a background slider, the stroke eraser's gesture, later an element being moved.
extension Editor {
    /// Edits performed since `mark()`, as one step.
    struct OpenGroup {
        var kind: HistoryStep.Kind
        var step: HistoryStep?
        /// The last edit performed in the group (what the journal gets if nobody says better).
        var last: Edit
        /// Tiles the step already holds from before the group: later edits need not save them.
        var saved: Set<TileIndex> = []
        /// An element change may place an element too (a text typed in a new box): its id.
        var allowsPlace = false
        var placed: UInt64?

        mutating func absorb(_ next: HistoryStep, _ edit: Edit) {
            if step == nil { step = next } else { step?.absorb(next) }
            saved.formUnion(next.tiles.map(\.tile))
            last = edit
        }
    }

    /// Starts a drag: the edits performed until `squash` become one undo step. `kind` is the
    /// kind of edit the drag makes (a drag already under way ends first, keeping what it did).
    func mark(for edit: Edit) {
        endDrag(keeping: true)
        group = OpenGroup(kind: edit.kind, last: edit)
    }

    /// Ends the drag under way, if any, before something else: the stroke eraser's gesture
    /// is kept with its whole path so far, or put back (`keeping` false: its pointer is still
    /// down while the page changes under it); a slider's colour is kept.
    func endDrag(keeping: Bool) {
        guard let open = group else { return }
        if open.kind == .element {
            // The pointers still down no longer move the element.
            selecting = nil
            finishElementDrag()
        } else if open.kind == .strokeErase, erasing != nil {
            if keeping { finishStrokeErasing() } else { cancelStrokeErasing() }
        } else {
            squash(recording: open.last)
        }
    }

    /// Ends the drag: its edits become one step, told to the journal as `edit` (the drag as a
    /// whole: the background it ended on, the stroke eraser's whole path). A drag that ended
    /// where it began (a slider dragged away and back) leaves no step.
    func squash(recording edit: Edit) {
        guard let done = group else { return }
        group = nil
        dropDragCache()
        guard let step = done.step else { return }
        if step.kind == .background, step.background == page.background, step.tiles.isEmpty, step.items.isEmpty { return }
        history.push(step)
        recorder?(.edit(edit))
    }

    /// Ends the drag by putting back everything it changed.
    func bail() {
        dropDragCache()
        guard var done = group?.step else {
            group = nil
            return
        }
        group = nil
        let changed = try? swap(&done)
        repaintHighlights(changed ?? nil)
    }

    /// Whether a tile is already saved by the drag in progress.
    func savedByDrag(_ tile: TileIndex) -> Bool { group?.saved.contains(tile) == true }

    /// Undoes the last step, restoring exactly the pixels from before it. Returns false when
    /// there is nothing to undo.
    @discardableResult
    public func undo() throws(RenderError) -> Bool { try travel(back: true) }

    /// Redoes the next undone step, restoring exactly the pixels from after it.
    @discardableResult
    public func redo() throws(RenderError) -> Bool { try travel(back: false) }

    private func travel(back: Bool) throws(RenderError) -> Bool {
        cancelAll()
        if group?.kind == .element { finishElementDrag() }
        endBackgroundPreview()
        var changed: PixelRect?
        defer { repaintHighlights(changed) }
        let moved: Bool
        do {
            moved = back ? try history.undo { step in changed = try swap(&step) } : try history.redo { step in changed = try swap(&step) }
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError("cannot read the undo history back from disk: \(error)")
        }
        if moved { recorder?(back ? .undo : .redo) }
        return moved
    }

    /// Exchanges a step's saved state with the live one; returns the ink area that changed.
    private func swap(_ step: inout HistoryStep) throws(RenderError) -> PixelRect? {
        revision += 1
        layers.dragCache = nil
        if let other = step.page {
            let current = contents()
            do {
                try load(other)
            } catch {
                // Out of memory half way: the page as it was, whole.
                try? load(current)
                throw error
            }
            step.page = current
            return PixelRect(size: size)
        }
        if let other = step.background {
            try layers.background.show(other)
            step.background = page.background
            page.background = other
            paintUnder(PixelRect(size: size))
            invalidateAll()
        }
        var changed = layers.ink.swap(&step.tiles)
        invalidate(changed)
        let lastBefore = lastElementID, topBefore = topRunStart
        let changes = step.items
        step.items = changeItems(changes)
        fitBase()
        // A clear also took highlights where nothing else was drawn; a new top run of ink has
        // other highlights.
        if refreshRuns(after: changes, lastBefore: lastBefore, topBefore: topBefore) || step.kind == .clear {
            changed = PixelRect(size: size)
        }
        return changed
    }

    /// Applies item changes to the page, the index following; returns what undoes them.
    func changeItems(_ changes: [ItemChange]) -> [ItemChange] {
        var entries = index.take(for: page.items)
        let inverse = page.apply(changes)
        index.follow(changes, &entries)
        return inverse
    }

    // MARK: - Steps by name

    /// Clears the drawing (not the background) as one undoable step.
    public func clear() {
        _ = try? perform(.clear)
    }

    /// Changes the background as one undoable step; the drawing is untouched.
    public func setBackground(_ background: Background) throws(RenderError) {
        endBackgroundPreview()
        try perform(.background(background))
    }

    /// Shows `background` while a slider is being dragged: the drag is one step, recorded by
    /// `endBackgroundPreview`.
    public func previewBackground(_ background: Background) throws(RenderError) {
        if group?.kind != .background { mark(for: .background(background)) }
        try perform(.background(background))
    }

    /// Ends a slider drag as one undoable step (none if the background ended where it began).
    public func endBackgroundPreview() {
        guard group?.kind == .background else { return }
        squash(recording: .background(page.background))
    }

    /// Makes the page `newSize`, the drawing keeping to `anchor` (0...8 row by row). One
    /// undoable step.
    public func resizePage(to newSize: PixelSize, anchor: Int) throws(RenderError) {
        try Self.checkLimits(newSize)
        endBackgroundPreview()
        try perform(.page(newSize, anchor: anchor))
    }

    /// Applies a journal's record, exactly as the user's action did. An edit that was a step
    /// but changes nothing now (an earlier step could not come back) leaves an empty step in
    /// its place, so the undos and redos after it act on the steps they did.
    public func replay(_ event: HistoryEvent) throws(RenderError) {
        switch event {
        case .undo: try undo()
        case .redo: try redo()
        case .edit(let edit):
            if try !perform(edit), edit.makesStep { replayPlaceholder() }
        }
    }

    /// A step of a journal that cannot be replayed (its values are out of range): an empty
    /// step takes its place, so the undos and redos after it act on the steps they did.
    public func replayPlaceholder() {
        cancelAll()
        history.push(HistoryStep(kind: .stroke))
        revision += 1
    }
}
