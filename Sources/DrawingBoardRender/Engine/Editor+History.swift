import DrawingBoardCore

/// Undo and redo: crossing a step applies its edit to the page, and the pixels follow the page.
extension Editor {
    /// Undoes the last step: the page as it was before it, and exactly its pixels, painted from
    /// it. Returns false when there is nothing to undo.
    @discardableResult
    public func undo() throws(RenderError) -> Bool {
        selection.putBack()
        replacements.finish()
        if replacements.startTravel(back: true) { return true }
        return try travel(back: true)
    }

    /// Redoes the next undone step: the page and its pixels as they were after it.
    @discardableResult
    public func redo() throws(RenderError) -> Bool {
        selection.putBack()
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
            moved = back ? try history.undo { step in try cross(&step) } : try history.redo { step in try cross(&step) }
        } catch {
            // The step stays where it was; the page it showed on the way is the one drawn on
            // now, and the journal hears so (strokes drawn next replay on it).
            if shelf.current != shownBefore { recorder?(.show(pages.index)) }
            throw error as? RenderError ?? RenderError("\(error)")
        }
        if moved { recorder?(back ? .undo : .redo) }
        return moved
    }

    /// Crosses a step: applies its edit to the page, and every cache follows it, painting from
    /// the page where the edit reached; the step keeps what comes back for the way back.
    func cross(_ step: inout HistoryStep) throws(RenderError) {
        revision += 1
        if case .pages(let change) = step.edit {
            if let undo = try pages.applyPages(change) { step.edit = .pages(undo) }
            return
        }
        // A step of another page shows that page first.
        if step.page != 0, step.page != shelf.current { try pages.switchPage(to: step.page) }
        if case .replace(let other) = step.edit {
            var next = replacements.takeMadePage()
            if next == nil { next = (other, try CanvasLoading.paint(other, assets: assets)) }
            guard let next else { return }
            guard let done = applyToPage(.replace(next.0)) else { return }
            canvas = next.1
            step.edit = done.undo
            step.shift = (-step.shift.dx, -step.shift.dy)
            return
        }
        let before = PageCanvas.Shape(page, on: canvas), previous = page
        guard let done = applyToPage(step.edit) else { return }
        let later: Bool
        do {
            later = try current.timing { () throws(RenderError) -> Bool in
                try canvas.follow(done.change, on: page, from: before, previous: previous, wholeLater: paintsWholeLater)
            }
        } catch {
            // The step stays where it was: the page and the caches as they were.
            rollBack(done)
            throw error
        }
        // Painted again whole off the event loop.
        if later { current.repaint = WholeRepaint(page, shown: previous) }
        step.edit = done.undo
    }
}
