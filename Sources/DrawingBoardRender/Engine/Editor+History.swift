import DrawingBoardCore

/// Undo and redo: crossing a step puts its edit and its cached pixels back, or paints from the
/// page what it has no pixels for.
extension Editor {
    /// Undoes the last step, restoring exactly the pixels from before it. Returns false when
    /// there is nothing to undo.
    @discardableResult
    public func undo() throws(RenderError) -> Bool {
        replacements.finish()
        if replacements.startTravel(back: true) { return true }
        return try travel(back: true)
    }

    /// Redoes the next undone step, restoring exactly the pixels from after it.
    @discardableResult
    public func redo() throws(RenderError) -> Bool {
        replacements.finish()
        if replacements.startTravel(back: false) { return true }
        return try travel(back: false)
    }

    func travel(back: Bool) throws(RenderError) -> Bool {
        cancelAll()
        drag.end(keeping: true)
        let moved: Bool
        let shownBefore = shelf.current
        do {
            moved = back ? try history.undo { step throws(RenderError) in try cross(&step) } : try history.redo { step throws(RenderError) in try cross(&step) }
        } catch {
            // The step stays where it was; the page it showed on the way is the one drawn on
            // now, and the journal hears so (strokes drawn next replay on it).
            if shelf.current != shownBefore { recorder?(.show(pages.index)) }
            if let error = error as? RenderError { throw error }
            throw RenderError("cannot read the undo history back from disk: \(error)")
        }
        if moved { recorder?(back ? .undo : .redo) }
        return moved
    }

    /// Crosses a step: applies its edit to the page and puts back its cached pixels (the ink
    /// tiles, or a replaced page's drawing), keeping what comes back for the way back.
    func cross(_ step: inout HistoryStep) throws(RenderError) {
        revision += 1
        if case .pages(let change) = step.edit {
            if let undo = try pages.applyPages(change) { step.edit = .pages(undo) }
            return
        }
        // A step of another page shows that page first.
        if step.page != 0, step.page != shelf.current { try pages.switchPage(to: step.page) }
        if case .replace(let other) = step.edit {
            let drawing = image.drawingLayer()
            var next = replacements.takeMadePage()
            if next == nil {
                next = try CanvasLoading.load(DocumentContents(page: other, drawing: step.drawing ?? Self.blank(other.size)), assets: assets)
            }
            guard let next else { return }
            guard let done = page.apply(.replace(next.0)) else { return }
            tilesFollow(done.change)
            canvas = next.1
            step.edit = done.undo
            step.drawing = drawing
            step.shift = (-step.shift.dx, -step.shift.dy)
            return
        }
        let before = PageCanvas.Shape(page, on: canvas), previous = page
        // The tiles are a cache: a step without them (dropped, or never read back from disk)
        // paints the ink from the page instead, and keeps the tiles for the way back.
        let cached = !step.tilesLost
        let swapped = cached ? canvas.ink.swap(&step.tiles) : nil
        canvas.invalidate(swapped)
        guard let done = page.apply(step.edit) else { return }
        defer { tilesFollow(done.change) }
        var tiles = TileLog()
        let later: Bool
        do {
            later = try current.timing { () throws(RenderError) -> Bool in
                try canvas.follow(done.change, on: page, from: before, ink: cached ? .restored(swapped) : .paint, tiles: &tiles,
                                  previous: previous, wholeLater: paintsWholeLater)
            }
        } catch {
            // The step stays where it was: its tiles go back in the step, the page and the
            // caches as they were.
            if cached { canvas.invalidate(canvas.ink.swap(&step.tiles)) }
            rollBack(done)
            throw error
        }
        if later {
            // Painted again whole off the event loop: the way back paints its ink from the page.
            current.repaint = WholeRepaint(page, shown: previous)
            step.tiles = []
            step.tilesLost = true
        } else if !cached {
            step.tiles = tiles.records
            step.tilesLost = false
        }
        step.edit = done.undo
    }
}
