import DrawingBoardCore

/// The drawing engine the window and the headless renderer share: the page (the model), its
/// pixels (`PageCanvas`, caches painted from it) and its history. Every change goes through
/// `perform`: the edit is applied to the page (`Page.apply`, which returns the edit that undoes
/// it), the caches follow it in one place (`PageCanvas.follow`), the inverse goes on the
/// history, and the journal hears of it. Undo applies the
/// inverse the same way and keeps what it returns for redo.
///
/// Pointer input goes to the tool in hand (`ToolBox`): each tool's handler says what its events
/// finished, and the editor performs it. A stroke in progress never touches the ink layer: it
/// lives in its own coverage mask (`LiveInput`), shown over the layer while the pointer moves,
/// and is painted into the layer in one operation when it ends.
public final class Editor {
    /// The document: what every pixel is painted from.
    public internal(set) var page: Page
    public var toolState = ToolState()
    public let history: UndoHistory
    /// Counts every change to the picture.
    public internal(set) var revision = 0
    /// Told of every committed change and every undo and redo (the autosave journal listens).
    public var recorder: ((HistoryEvent) -> Void)?
    /// The decoded image files of the page's elements.
    public let assets: AssetStore
    /// The canvas of the page drawn on. Reading it takes in a whole-page repaint under way off
    /// the event loop, waiting for it if need be (`CurrentCanvas`): everything that draws, edits
    /// or writes sees the canvas of the page as it is. Frames use `shownCanvas`, which never waits.
    var canvas: PageCanvas {
        get {
            settleRepaint(wait: true)
            return current.canvas
        }
        set { current.replace(with: newValue) }
    }
    /// The canvas and the whole-page repaint that may be under way for it.
    let current: CurrentCanvas
    /// The other pages of the notebook, and the pixels of those shown last.
    let shelf: PageShelf
    let input = LiveInput()
    let compositor = Compositor()
    public let tools = ToolBox()
    /// The drag under way: its edits go into one step.
    private(set) lazy var drag = EditDrag(editor: self)
    /// The next stroke or element id: ids never go back, so one never names two things.
    var nextID: UInt64 = 1
    /// The strokes and elements selected on the page, and the clipboard (`Editor+Selection`).
    public private(set) lazy var selection = EditorSelection(editor: self)
    /// Edits that could not be made since the window last asked (it says so).
    var failures: [String] = []
    /// Paints the pages scrolled into view off the event loop (the window's editors; nil:
    /// painted where they are asked for, as files need).
    var pagePainter: PagePainter?
    /// The pages as the window shows them at other scales than 1 (their painting threads
    /// start when the window first asks for a tile).
    public let viewTiles = ViewTiles()
    /// A page being made off the event loop to take the page's place whole (a new size, its
    /// undo or redo), through its life.
    public private(set) lazy var replacements = PageReplacements(editor: self)

    public init(size: PixelSize, background: Background = .default) throws(RenderError) {
        try Self.checkLimits(size)
        page = Page(size: size, background: background)
        history = UndoHistory()
        assets = AssetStore()
        current = CurrentCanvas(try PageCanvas(size: size, background: background, assets: assets))
        shelf = PageShelf(Notebook([page]))
    }

    /// An editor showing a saved document: its background, its drawing and its items. The
    /// history starts empty.
    public init(document: DocumentContents, drawsPDFsLater: Bool = false) throws(RenderError) {
        assets = AssetStore()
        if drawsPDFsLater {
            assets.pdfDrawer = PDFPageDrawer()
            pagePainter = PagePainter()
        }
        let loaded = try CanvasLoading.load(document, assets: assets)
        page = loaded.0
        current = CurrentCanvas(loaded.1)
        current.paintsLater = drawsPDFsLater
        history = UndoHistory()
        shelf = PageShelf(Notebook([page] + document.otherPages))
        nextID = shelf.notebook.pages.map(\.page.nextStrokeID).max() ?? 1
    }

    /// An editor showing a notebook from its first page; `first` is that page as a document
    /// gives it, with its drawing (nil: painted from its model, as every other page is when shown).
    /// `drawsPDFsLater`: PDF pages are drawn off the event loop (the window's editors).
    public init(notebook: Notebook, first: DocumentContents? = nil, drawsPDFsLater: Bool = false) throws(RenderError) {
        assets = AssetStore()
        if drawsPDFsLater {
            assets.pdfDrawer = PDFPageDrawer()
            pagePainter = PagePainter()
        }
        if let first {
            let loaded = try CanvasLoading.load(first, assets: assets)
            page = loaded.0
            current = CurrentCanvas(loaded.1)
        } else {
            page = notebook.pages[0].page
            current = CurrentCanvas(try CanvasLoading.paint(page, assets: assets))
        }
        current.paintsLater = drawsPDFsLater
        history = UndoHistory()
        var pages = notebook
        pages.store(page, for: pages.pages[0].id)
        shelf = PageShelf(pages)
        nextID = pages.pages.map(\.page.nextStrokeID).max() ?? 1
    }

    /// For a process that draws one page and exits (`drawingboard render`): a colour or paper
    /// background is drawn only when its pixels are asked for, so a PNG of a plain page costs
    /// its ink layer alone. Set before any editor is made.
    nonisolated(unsafe) public static var drawsBackgroundsWhenAsked: Bool {
        get { BackgroundLayer.paintsWhenAsked }
        set { BackgroundLayer.paintsWhenAsked = newValue }
    }

    /// Why a background left to be drawn when asked could not be drawn (a PDF page poppler
    /// failed on), if one could not: the picture is then not the page.
    public static var unpaintedBackground: RenderError? { BackgroundLayer.unpaintable }

    static func checkLimits(_ size: PixelSize) throws(RenderError) {
        do {
            try Check.canvas(size, at: "")
        } catch {
            throw RenderError("a \(size) canvas is outside the limits (1 to \(CanvasLimits.maxSide) pixels a side, at most \(CanvasLimits.maxPixels) pixels)")
        }
    }

    public var size: PixelSize { page.size }
    public var background: Background { page.background }
    public var strokes: [Stroke] { page.strokes }
    public var elements: [Element] { page.elements }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// The edits that could not be made since the last call, in words (out of memory, a
    /// damaged image): the window shows them; the drawing is as it was before each.
    public func takeFailures() -> [String] {
        defer { failures.removeAll() }
        return failures
    }

    // MARK: - The one path of every change

    /// Applies `edit`; false when it changed nothing (a stroke eraser that touched no stroke,
    /// a size already in place). Throws, changing nothing, when the pixels cannot be made (out
    /// of memory, a size outside the limits, an image that cannot be decoded).
    @discardableResult
    public func perform(_ edit: Edit) throws(RenderError) -> Bool {
        try perform(edit, live: nil)
    }

    /// `live`: the stroke in progress whose mask covers the stroke `edit` adds.
    func perform(_ edit: Edit, live: LiveStroke?) throws(RenderError) -> Bool {
        // A selection lifted off the page for a drag is back before anything else changes it.
        selection.putBack()
        replacements.finish()
        guard edit.isPerformable else { throw RenderError("a history step's inverse is crossed by undo and redo, not performed") }
        // Another kind of step ends the drag under way: a slider's colour stays; the stroke
        // eraser's gesture is put back, as when it is cancelled.
        if let group = drag.group, !group.continues(with: edit) { drag.end(keeping: false) }
        if edit.endsDrags || edit.kind == .clear || edit.kind == .page || edit.kind == .pages { cancelAll() }
        // In a drag, the same background again is no change; a step of its own always is one.
        if case .background(let next) = edit, next == page.background, drag.group != nil { return false }
        guard let (step, done) = try commit(edit, live: live) else { return false }
        revision += 1
        if !edit.makesStep {
            recorder?(.edit(edit))
        } else if drag.group != nil {
            if case .place(let element) = done { drag.group?.placed = element.id }
            drag.group?.absorb(step, edit)
        } else {
            history.push(step)
            recorder?(.edit(edit))
        }
        return true
    }

    /// Resolves `edit` (ids, clips, a new size's page), applies it to the page and brings the
    /// caches along. Returns the step and the edit as applied;
    /// nil when nothing changed. A failure puts the page back and throws.
    func commit(_ edit: Edit, live: LiveStroke?) throws(RenderError) -> (HistoryStep, Edit)? {
        switch edit {
        case .pages(let change):
            guard let undo = try pages.applyPages(change) else { return nil }
            return (HistoryStep(kind: .pages, edit: .pages(undo)), edit)
        case .page(let size, let anchor):
            return try replacePage(edit, with: try resizer.resized(to: size, anchor: anchor, drawing: image.drawingLayer()))
        case .grow(let size):
            guard let next = try resizer.grown(to: size) else { return nil }
            // Only a page that really grows drops the strokes and gestures under way.
            cancelAll()
            // Growing is no step of its own: nothing is kept for undo.
            return try replacePage(edit, with: next)
        default: break
        }
        // A background chosen again while the page is being painted again off the event loop
        // (a colour slider dragged on a heavy page): only the newest is painted.
        if case .background = edit, let pending = current.repaint, paintsWholeLater {
            guard let done = applyToPage(edit) else { return nil }
            current.repaint = WholeRepaint(page, shown: pending.shown, replacing: pending)
            var step = HistoryStep(kind: edit.kind, edit: done.undo)
            step.page = shelf.current
            return (step, edit)
        }
        var resolved = edit
        var paint: PageCanvas.StrokePaint?
        switch edit {
        case .stroke(var stroke):
            stroke.id = nextID
            let outline = stroke.outline
            // A stroke that reached beyond the canvas keeps its size: what lay outside was
            // never drawn, and must not appear when the canvas grows.
            if stroke.clip == nil, let box = outline.bounds,
               box.minX < 0 || box.minY < 0 || box.maxX > Double(size.width) || box.maxY > Double(size.height) {
                stroke.clip = size
            }
            resolved = .stroke(stroke)
            paint = PageCanvas.StrokePaint(outline: outline, live: live)
            // Its box, for the view tiles and the caches, from the outline made here.
            canvas.index.remember(outline.bounds, of: stroke)
        case .place(var element):
            element.id = nextID
            if let asset = element.source.asset, case .broken(let problem) = assets.art(for: asset) {
                throw RenderError("\(asset.name): \(problem)")
            }
            resolved = .place(element)
        default:
            break
        }
        let before = PageCanvas.Shape(page, on: canvas), previous = page
        let near = nearStrokes(for: resolved)
        guard let done = applyToPage(resolved, strokesNear: near) else { return nil }
        let later: Bool
        do {
            later = try current.timing { () throws(RenderError) -> Bool in
                try canvas.follow(done.change, on: page, from: before, stroke: paint, dragging: drag.group?.kind == .element, previous: previous,
                                  wholeLater: paintsWholeLater)
            }
        } catch {
            rollBack(done)
            throw error
        }
        if case .stroke = resolved { nextID += 1 }
        if case .place = resolved { nextID += 1 }
        var step = HistoryStep(kind: edit.kind, edit: done.undo)
        step.page = shelf.current
        // Painted again whole off the event loop.
        if later { current.repaint = WholeRepaint(page, shown: previous) }
        return (step, resolved)
    }

    /// For the stroke eraser: the strokes whose boxes meet its path (the canvas keeps them).
    private func nearStrokes(for edit: Edit) -> [Int]? {
        guard case .eraseStrokes(let path, let width) = edit, let reach = Rect(around: path)?.insetBy(-width / 2) else { return nil }
        return canvas.index.strokes(meeting: reach, in: page.items)
    }

    /// A page resolved to its new size (or grown) replaces the page whole, with its canvas;
    /// undo brings back the page from before, painted from it.
    private func replacePage(_ edit: Edit, with next: (Page, PageCanvas)) throws(RenderError) -> (HistoryStep, Edit)? {
        let before = page.size
        guard let done = applyToPage(.replace(next.0)) else { return nil }
        canvas = next.1
        nextID = max(nextID, page.nextStrokeID)
        var step = HistoryStep(kind: edit.kind, edit: done.undo)
        step.page = shelf.current
        if case .page(let size, let anchor) = edit {
            // Undone, the contents move back by the anchor's offset.
            let offset = Page.offset(from: before, to: size, anchor: anchor)
            step.shift = (-offset.dx, -offset.dy)
        }
        return (step, edit)
    }

    /// Whether an edit that needs the whole page painted again has it painted off the event
    /// loop (the window's editors, on a heavy page).
    var paintsWholeLater: Bool { current.repaintsLater(page) }

    /// Takes in the whole-page repaint under way, if it is done (`wait`: waiting for it); true
    /// when a new canvas came.
    @discardableResult
    func settleRepaint(wait: Bool) -> Bool {
        guard let came = current.settle(page, assets: assets, wait: wait) else { return false }
        if let problem = came { failures.append(problem) }
        return true
    }

    /// The canvas frames show, and the page it shows: during a whole-page repaint, the canvas
    /// and page from before the edit (never waited for). A repaint that is done is taken in by
    /// the window's tick (`NotebookPages.catchUpPictures`), which has the whole window drawn
    /// again: taken in here, in the middle of a frame, only the area that frame drew would
    /// show it.
    var shownCanvas: (canvas: PageCanvas, page: Page) {
        (current.canvas, current.repaint?.shown ?? page)
    }

    /// Puts the page back from `done` after its caches failed to follow it part-way, and the
    /// caches with it, from the page as the failed edit left it (the index is made again).
    func rollBack(_ done: Page.Applied) {
        canvas.index.forget()
        let failed = PageCanvas.Shape(page, on: canvas)
        guard let back = applyToPage(done.undo) else { return }
        _ = try? canvas.follow(back.change, on: page, from: failed)
    }

    /// Applies `edit` to the page drawn on, and tells the view tiles what it changed: every
    /// change to the page goes through here, before its canvas follows it.
    func applyToPage(_ edit: Edit, strokesNear near: [Int]? = nil) -> Page.Applied? {
        guard let done = page.apply(edit, strokesNear: near) else { return nil }
        tiles.follow(done.change)
        return done
    }

    // MARK: - Input

    /// Feeds one pointer event (canvas pixels) to the tool it belongs to, and performs what the
    /// tool finished; what it finished is returned (a colour the eyedropper picked).
    @discardableResult
    public func handle(_ event: PointerEvent) -> ToolResult {
        if event.phase == .down { replacements.finish() }
        return tools.route(event, editor: self)
    }

    /// Carries out what a tool's handler returned.
    func carry(_ result: ToolResult, from tool: (any ToolHandler)?) {
        if let picked = result.picked { toolState.style.color = picked }
        for action in result.actions {
            switch action {
            case .begin(let kind, let placing):
                if drag.group?.kind == kind, drag.owner === tool { continue }
                drag.begin(kind, placing: placing, owner: tool)
            case .perform(let edit):
                attempt { () throws(RenderError) in try perform(edit) }
            case .stroke(let stroke, let live):
                attempt { () throws(RenderError) in try commitDrawn(stroke, live) }
                input.retire(live)
            case .end(let recording):
                if drag.group != nil { drag.squash(recording: recording) }
            case .bail:
                drag.bail()
            }
        }
    }

    func attempt(_ body: () throws(RenderError) -> Bool) {
        do {
            _ = try body()
        } catch {
            failures.append(error.message)
        }
    }

    /// Drops every stroke and gesture in progress (the window lost focus or was hidden, the
    /// page changes under them).
    public func cancelAll() {
        selection.putBack()
        tools.cancelAll(self)
        input.cancelAll()
    }

    /// Shift or Alt went down or up while shapes are being dragged: they take the new shape
    /// at once, without waiting for the pointer to move.
    public func modifiersChanged(_ modifiers: ShapeModifiers) {
        input.modifiersChanged(modifiers, canvas: size)
    }

    // MARK: - Journal

    /// Applies a journal's record, exactly as the user's action did. An edit that was a step
    /// but changes nothing now (an earlier step could not come back) leaves an empty step in
    /// its place, so the undos and redos after it act on the steps they did.
    public func replay(_ event: HistoryEvent) throws(RenderError) {
        // Each record is made at once, one after the other (a page size undone is not left to
        // come later: the next record acts on what it gives).
        replacements.finish()
        switch event {
        case .undo: _ = try travel(back: true)
        case .redo: _ = try travel(back: false)
        case .show(let index): try pages.show(index)
        case .edit(let edit):
            if try !perform(edit), edit.makesStep { replayPlaceholder() }
        }
    }

    /// A step of a journal that cannot be replayed (its values are out of range): an empty
    /// step takes its place, so the undos and redos after it act on the steps they did.
    public func replayPlaceholder() {
        replacements.finish()
        cancelAll()
        history.push(HistoryStep())
        revision += 1
    }
}
