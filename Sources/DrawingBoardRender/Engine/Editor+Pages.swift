import DrawingBoardCore

/// The notebook: the pages beside the one being drawn on. Pages are shown by index (0-based
/// here; scripts and the window count from 1); adding, duplicating, moving and deleting pages
/// are edits of the one history (`perform(.pages(...))`), and undo shows the page it changes.
extension Editor {
    /// Every page, the one being drawn on as it is now.
    public var notebook: Notebook {
        var notebook = shelf.notebook
        notebook.store(page, for: shelf.current)
        return notebook
    }

    public var pageCount: Int { shelf.notebook.count }

    /// The notebook as a document file holds it: the first page with its drawing (painted for
    /// the purpose when another page is being drawn on), and the other pages as models.
    public func documentContents() throws(RenderError) -> (first: PageImage, contents: DocumentContents) {
        let first = try pageImage(0)
        var contents = first.contents()
        contents.otherPages = notebook.pages.dropFirst().map(\.page)
        return (first, contents)
    }

    /// The index of the page being drawn on.
    public var pageIndex: Int { shelf.notebook.index(of: shelf.current) ?? 0 }

    /// The id of the page being drawn on.
    public var pageID: UInt64 { shelf.current }

    /// Makes the page at `index` the one drawn on (strokes and drags under way end first).
    public func showPage(_ index: Int) throws(RenderError) {
        guard shelf.notebook.pages.indices.contains(index) else {
            throw RenderError("there is no page \(index + 1); the notebook has \(pageCount)")
        }
        let id = shelf.notebook.pages[index].id
        guard id != shelf.current else { return }
        cancelAll()
        endDrag(keeping: true)
        try switchPage(to: id)
        recorder?(.show(index))
    }

    /// Draws on page `id` from now on: the page left keeps its model in the notebook and its
    /// canvas on the shelf (unless it is gone from the notebook); the page shown takes its
    /// parked canvas, or one painted from its model.
    func switchPage(to id: UInt64) throws(RenderError) {
        guard id != shelf.current, let next = shelf.notebook[id] else { return }
        var canvas: PageCanvas
        if let parked = shelf.take(id) {
            canvas = parked
        } else {
            canvas = try CanvasLoading.paint(next, assets: assets)
        }
        if shelf.notebook.index(of: shelf.current) != nil {
            shelf.notebook.store(page, for: shelf.current)
            for gone in shelf.park(self.canvas, for: shelf.current) { history.dropCachedPixels(ofPage: gone) }
        } else {
            history.dropCachedPixels(ofPage: shelf.current)
        }
        shelf.current = id
        page = next
        swap(&self.canvas, &canvas)
        nextID = max(nextID, page.nextStrokeID)
        revision += 1
    }

    /// Carries out a change to the list of pages: the notebook applies it and the page it says
    /// is shown. Returns the inverse; nil when nothing changed.
    func applyPages(_ edit: PagesEdit) throws(RenderError) -> PagesEdit? {
        shelf.notebook.store(page, for: shelf.current)
        let before = shelf.notebook
        guard let done = shelf.notebook.apply(edit) else { return nil }
        do {
            try switchPage(to: done.shown)
        } catch {
            shelf.notebook = before
            throw error
        }
        revision += 1
        return done.undo
    }

    /// The page at `index` as a picture, for export (the page drawn on as it is; another page
    /// painted from its model, its pixels made for the export only).
    public func pageImage(_ index: Int) throws(RenderError) -> PageImage {
        let entry = shelf.notebook.pages[index]
        if entry.id == shelf.current { return image }
        let canvas = try CanvasLoading.paint(entry.page, assets: assets)
        return PageImage(canvas: canvas, page: entry.page)
    }
}
