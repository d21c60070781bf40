import DrawingBoardCore

/// Undo and redo: crossing a step puts its edit and its cached pixels back, or paints from the
/// page what it has no pixels for.
extension Editor {
    /// Undoes the last step, restoring exactly the pixels from before it. Returns false when
    /// there is nothing to undo.
    @discardableResult
    public func undo() throws(RenderError) -> Bool {
        finishReplacement()
        if startReplacement(back: true) { return true }
        return try travel(back: true)
    }

    /// Redoes the next undone step, restoring exactly the pixels from after it.
    @discardableResult
    public func redo() throws(RenderError) -> Bool {
        finishReplacement()
        if startReplacement(back: false) { return true }
        return try travel(back: false)
    }

    /// The change a page being made off the event loop is still to make (a new size, or undo
    /// or redo across one); nil when none is under way.
    public var replacing: WholePageChange? { replacement?.change }

    /// Takes in the page made off the event loop, if one is under way and done (`wait`:
    /// waiting for it), making the change it was made for. True when one was taken in; a
    /// change that could not be made is said (`takeFailures`).
    @discardableResult
    public func finishReplacement(wait: Bool = true) -> Bool {
        guard let job = replacement, wait || job.isDone else { return false }
        replacement = nil
        switch job.made() {
        case .failure(let error):
            failures.append(error.message)
        case .success(let made):
            // Every edit takes the page in first: the page it was made from is still the page.
            guard job.revision == revision else {
                failures.append("The page changed while its new size was being made; it was left as it is")
                return true
            }
            made.1.adopt(assets)
            madePage = made
            defer { madePage = nil }
            let before = size
            defer { madeChange = MadePageChange(change: job.change, sizeBefore: before, shift: job.shift) }
            attempt { () throws(RenderError) -> Bool in
                switch job.change {
                case .resize(let size, let anchor): try perform(.page(size, anchor: anchor))
                case .undo: try travel(back: true)
                case .redo: try travel(back: false)
                }
            }
        }
        return true
    }

    /// The change the last page made off the event loop made, once (whatever took it in: a
    /// press, an edit, a page shown, a save): the window follows it (its view, its message).
    public func takeMadeChange() -> MadePageChange? {
        defer { madeChange = nil }
        return madeChange
    }

    /// The page a replacement made, taken (once) by the change it was made for.
    func takeMadePage() -> (Page, PageCanvas)? {
        defer { madePage = nil }
        return madePage
    }

    /// Starts making off the event loop the page the next step back (or forward) gives, when
    /// it replaces a heavy page whole in the window. False when it is crossed at once.
    private func startReplacement(back: Bool) -> Bool {
        guard paintsWholeLater else { return false }
        // A drag under way ends first: it may make the step the undo crosses.
        cancelAll()
        endDrag(keeping: true)
        guard let step = history.next(back: back), case .replace(let other) = step.edit,
              step.page == 0 || step.page == shelf.current else { return false }
        let contents = DocumentContents(page: other, drawing: step.drawing ?? Self.blank(other.size))
        replacement = PageReplacement(back ? .undo : .redo, contents: contents, revision: revision, shift: page.shift(to: other))
        return true
    }

    func travel(back: Bool) throws(RenderError) -> Bool {
        cancelAll()
        endDrag(keeping: true)
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
            if let undo = try applyPages(change) { step.edit = .pages(undo) }
            return
        }
        // A step of another page shows that page first.
        if step.page != 0, step.page != shelf.current { try switchPage(to: step.page) }
        if case .replace(let other) = step.edit {
            let drawing = image.drawingLayer()
            var next = takeMadePage()
            if next == nil {
                next = try CanvasLoading.load(DocumentContents(page: other, drawing: step.drawing ?? Self.blank(other.size)), assets: assets)
            }
            guard let next else { return }
            guard let done = page.apply(.replace(next.0)) else { return }
            canvas = next.1
            step.edit = done.undo
            step.drawing = drawing
            return
        }
        let before = PageCanvas.Shape(page, on: canvas), previous = page
        // The tiles are a cache: a step without them (dropped, or never read back from disk)
        // paints the ink from the page instead, and keeps the tiles for the way back.
        let cached = !step.tilesLost
        let swapped = cached ? canvas.ink.swap(&step.tiles) : nil
        canvas.invalidate(swapped)
        guard let done = page.apply(step.edit) else { return }
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
