import DrawingBoardCore

/// The notebook as the editor holds it: which page is drawn on, moving to another, and the
/// pages' pictures for the window and for files. Reached as `editor.pages`; changing the list of
/// pages is an edit like any other (`perform(.pages(...))`), and undo shows the page it changes.
/// Pages are counted from 0 here; scripts and the window count from 1.
public struct NotebookPages {
    unowned let editor: Editor
    private var shelf: PageShelf { editor.shelf }
    private var page: Page { editor.page }

    /// Every page, the one being drawn on as it is now.
    public var notebook: Notebook {
        var notebook = shelf.notebook
        notebook.store(page, for: shelf.current)
        return notebook
    }

    public var count: Int { shelf.notebook.count }

    /// The notebook as a document file holds it: the first page with its drawing (painted for
    /// the purpose when another page is being drawn on), and the other pages as models.
    public func documentContents() throws(RenderError) -> (first: PageImage, contents: DocumentContents) {
        // A new page size under way is part of the document.
        editor.replacements.finish()
        let first = try image(0)
        var contents = first.contents()
        contents.otherPages = notebook.pages.dropFirst().map(\.page)
        return (first, contents)
    }

    /// Every page's size, in order.
    public var sizes: [PixelSize] {
        shelf.notebook.pages.map { $0.id == shelf.current ? page.size : $0.page.size }
    }

    /// How many pages have pixels now (the page drawn on and those kept): bounded by the
    /// pages shown, not by the notebook.
    public var withPixels: Int { shelf.kept.count + 1 }

    /// How many pages the window shows at once: their canvases (and two more) are kept.
    public func keepPixels(forShown count: Int) {
        // The other pages shown and two more, beside the page drawn on.
        shelf.keep = max(2, count + 1)
        _ = shelf.trim()
    }

    /// Composes page `index` (not the one being drawn on) into `frame` through `view`, from its
    /// kept canvas (painted from its model when it has none), without the desk around it.
    public func compose(_ index: Int, into frame: Frame, area: PixelRect, view: ViewTransform) throws(RenderError) {
        let entry = shelf.notebook.pages[index]
        guard entry.id != shelf.current else {
            let shown = editor.shownCanvas
            let tiles = view.scale == 1 ? nil : editor.tiles.composer(entry.id, page: page, canvas: shown.canvas, into: frame, view: view)
            return editor.compositor.compose(shown.canvas, page: shown.page, live: Array(editor.input.strokes.values), into: frame, area: area,
                                             view: view, desk: false, tiles: tiles)
        }
        if view.scale != 1 {
            // At another scale the page is painted from its model into tiles: no 1x pixels are
            // made for it (those kept stand in while its tiles come).
            let kept = shelf.kept.first { $0.id == entry.id }?.canvas
            let tiles = editor.tiles.composer(entry.id, page: entry.page, canvas: kept, into: frame, view: view)
            guard let cr = frame.context else { return }
            defer { frame.composed(area) }
            return cr.isolated {
                cr.clip(to: area)
                if kept == nil { editor.compositor.composeBlank(entry.page.size, into: frame, area: area, view: view) }
                tiles.compose(on: cr, area: area, view: view, middle: Point(Double(frame.size.width) / 2, Double(frame.size.height) / 2))
            }
        }
        guard let (shown, _) = try shelf.shown(entry.id, page: entry.page, assets: editor.assets, painter: editor.pagePainter) else {
            // Being painted off the event loop: blank until it comes.
            return editor.compositor.composeBlank(entry.page.size, into: frame, area: area, view: view)
        }
        editor.compositor.compose(shown, page: entry.page, live: [], into: frame, area: area, view: view, desk: false)
    }

    /// Whether PDF pages are still being drawn off the event loop for the pages kept (the window
    /// looks again soon: `catchUpPictures`).
    public var waitingForPictures: Bool {
        editor.assets.pdfDrawer?.busy == true || editor.pagePainter?.busy == true || editor.pagePainter?.hasPainted == true
            || editor.current.repaint != nil || editor.current.canvas.background.waiting || shelf.kept.contains { $0.canvas.background.waiting }
    }

    /// Takes in what the worker drew off the event loop for the pages kept; true when something
    /// shown must be drawn again. A page whose layers cannot be painted again now (out of
    /// memory) is said (`takeFailures`), and shows what it showed.
    public func catchUpPictures() -> Bool {
        var changed = editor.settleRepaint(wait: false)
        // Pages painted off the event loop go on the shelf, if they are still those pages.
        for painted in editor.pagePainter?.takePainted() ?? [] {
            do {
                let canvas = try painted.canvas.get()
                guard painted.id != shelf.current, shelf.notebook[painted.id] == painted.page else { continue }
                canvas.adopt(editor.assets)
                _ = shelf.park(canvas, for: painted.id)
                changed = true
            } catch {
                editor.failures.append(error.message)
            }
        }
        func catchUp(_ canvas: PageCanvas, _ model: Page) {
            do {
                if try canvas.catchUpBackground(page: model) { changed = true }
            } catch {
                editor.failures.append(error.message)
            }
        }
        // Only layers waiting for a PDF page are looked at (this runs on every turn of the loop).
        let current = editor.current.canvas
        if current.background.waiting { catchUp(current, editor.current.repaint?.shown ?? page) }
        for (id, canvas) in shelf.kept where canvas.background.waiting {
            if let model = shelf.notebook[id] { catchUp(canvas, model) }
        }
        return changed
    }

    /// Whether page `i`'s picture can be made now without waiting for the worker (its PDF page
    /// is drawn, or it has none); when not, the worker starts drawing it.
    public func pictureReady(_ i: Int) -> Bool {
        guard let drawer = editor.assets.pdfDrawer, shelf.notebook.pages.indices.contains(i) else { return true }
        let model = shelf.notebook.pages[i].id == shelf.current ? page : shelf.notebook.pages[i].page
        guard case .pdf(let pdf) = model.background else { return true }
        return drawer.picture(PDFPageDrawer.Request(background: pdf, size: model.size)) != nil
    }

    /// The desk under the pages shown (each page's size and view), with their shadows.
    public func paintDesk(into frame: Frame, area: PixelRect, pages: [(size: PixelSize, view: ViewTransform)]) {
        editor.compositor.paintDesk(into: frame, area: area, pages: pages)
    }

    /// The index of the page being drawn on.
    public var index: Int { shelf.currentIndex }

    /// Page `i` with its id, the page drawn on as it is now (the notebook is not copied).
    public func entry(_ i: Int) -> NotebookPage {
        let entry = shelf.notebook.pages[i]
        return entry.id == shelf.current ? NotebookPage(id: entry.id, page: page) : entry
    }

    /// The id of the page being drawn on.
    public var currentID: UInt64 { shelf.current }

    /// Where page `id` is in the notebook.
    public func index(of id: UInt64) -> Int? { shelf.notebook.index(of: id) }

    /// Makes the page at `index` the one drawn on (strokes and drags under way end first).
    public func show(_ index: Int) throws(RenderError) {
        guard shelf.notebook.pages.indices.contains(index) else {
            throw RenderError("there is no page \(index + 1); the notebook has \(count)")
        }
        let id = shelf.notebook.pages[index].id
        guard id != shelf.current else { return }
        editor.cancelAll()
        editor.drag.end(keeping: true)
        try switchPage(to: id)
        editor.recorder?(.show(index))
    }

    /// The page at `index` as a picture, for export (the page drawn on as it is; another page
    /// painted from its model, its pixels made for the export only).
    /// Page `i`'s picture as it can be had at once, for a thumbnail: the page drawn on as
    /// frames show it (during a repaint off the loop, the page it shows: `PageImage.page` says
    /// which), a kept page's canvas, a light page painted here; nil for a heavy page with no
    /// pixels here (the window's editors), which `PageImage.painted` makes off the loop.
    public func pictureAtHand(_ index: Int) throws(RenderError) -> PageImage? {
        let entry = shelf.notebook.pages[index]
        if entry.id == shelf.current {
            let shown = editor.shownCanvas
            return PageImage(canvas: shown.canvas, page: shown.page)
        }
        if let kept = shelf.kept.first(where: { $0.id == entry.id }) { return PageImage(canvas: kept.canvas, page: entry.page) }
        if editor.pagePainter != nil, editor.current.repaintsLater(entry.page) { return nil }
        return try image(index)
    }

    public func image(_ index: Int) throws(RenderError) -> PageImage {
        let entry = shelf.notebook.pages[index]
        if entry.id == shelf.current { return editor.image }
        let canvas = try CanvasLoading.paint(entry.page, assets: editor.assets)
        return PageImage(canvas: canvas, page: entry.page)
    }

    /// Draws on page `id` from now on: the page left keeps its model in the notebook and its
    /// canvas on the shelf (unless it is gone from the notebook); the page shown takes its
    /// parked canvas, or one painted from its model: off the event loop for a heavy page in
    /// the window (a page duplicated, or shown again by a page deleted or undone), its
    /// background showing until the rest comes (`WholeRepaint`).
    func switchPage(to id: UInt64) throws(RenderError) {
        editor.replacements.finish()
        guard id != shelf.current else { return }
        guard let next = shelf.notebook[id] else { throw RenderError("the page this step was on is no longer in the notebook") }
        let canvas: PageCanvas
        var later = false
        if let parked = shelf.take(id) {
            canvas = parked
        } else if let painted = try editor.pagePainter?.wait(for: id, page: next, assets: editor.assets) {
            canvas = painted
        } else if editor.current.repaintsLater(next) {
            canvas = try PageCanvas(size: next.size, background: next.background, assets: editor.assets)
            later = true
        } else {
            canvas = try CanvasLoading.paint(next, assets: editor.assets)
        }
        if shelf.notebook.index(of: shelf.current) != nil {
            shelf.notebook.store(page, for: shelf.current)
            _ = shelf.park(editor.canvas, for: shelf.current)
        }
        shelf.current = id
        editor.page = next
        // (Not through `canvas`: a repaint of the page left, still under way, is not waited for.)
        editor.current.replace(with: canvas)
        if later { editor.current.repaint = WholeRepaint(next, shown: Page(size: next.size, background: next.background)) }
        editor.nextID = max(editor.nextID, next.nextStrokeID)
        editor.revision += 1
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
        // A page deleted takes its view tiles with it.
        editor.viewTiles.keepPages(Set(shelf.notebook.pages.map(\.id)))
        editor.revision += 1
        return done.undo
    }
}

extension Editor {
    /// The notebook: its pages, the one drawn on, moving between them.
    public var pages: NotebookPages { NotebookPages(editor: self) }
}
