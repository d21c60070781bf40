import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The window's shell: it holds the editor and the parts of the window, each owning its state
/// (GNOME Text Editor's window and session, Rnote's app window with its canvas and overlays):
///
/// - `viewport`: how the page is shown (zoom and pan);
/// - `chrome`: the bars, the panels, the menu, the sheets, the banner and the tooltips;
/// - `input`: where each pointer's events go (a control, the page's tool, the view), fingers
///   and pens;
/// - `document`: the document behind the window (save, export, open, the questions, autosave
///   and recovery);
/// - `brush`: the tools' settings, the colours, the background and the brush's outline;
/// - `selection`: the elements (the selected one, its handles, stickers, inserted images);
/// - `lasso`: strokes and elements selected together (lasso, box, their handles, clipboard);
/// - `instruments`: the ruler, set square or compass over the page;
/// - `find`: the find bar and the matches it marks;
/// - `pdfText`: a PDF page's text selected (the Select tool's Text choice, the highlighter's
///   Text switch);
/// - `links`: the links of PDF pages, followed by a click (Ctrl+click with any tool);
/// - `text`: the text being typed, as the window shows it.
///
/// It turns the platform's events into calls on its parts, gathers what the platform must do
/// (`AppEffect`) and what the next frame must paint, and paints it: each part draws its own
/// piece. It knows no SDL, so tests drive it directly.
public final class AppController {
    public internal(set) var editor: Editor
    let decoder: any ImageDecoding
    let encoder: any ImageEncoding
    public private(set) lazy var viewport = Viewport(app: self)
    public private(set) lazy var chrome = Chrome(app: self)
    public private(set) lazy var input = InputRouter(app: self)
    public private(set) lazy var document = DocumentController(app: self)
    public private(set) lazy var brush = BrushController(app: self)
    public private(set) lazy var selection = SelectionController(app: self)
    public private(set) lazy var lasso = LassoController(app: self)
    public private(set) lazy var instruments = InstrumentController(app: self)
    public private(set) lazy var find = FindController(app: self)
    public private(set) lazy var pdfText = PDFTextController(app: self)
    public private(set) lazy var links = LinkController(app: self)
    public private(set) lazy var text = TextController(app: self)
    public private(set) lazy var pages = PagesController(app: self)
    public private(set) var isFullscreen = false
    /// What the platform must do, in order.
    private var requests = PlatformRequests()
    /// What the next frame draws again.
    var repaint = Repaint()
    /// The time of the newest event or tick.
    public internal(set) var now = 0.0
    /// Work off the event loop whose results the tick hands over (images and PDFs inserted).
    let background = BackgroundResults()

    public init(editor: Editor, decoder: any ImageDecoding, window: PixelSize, scale: Double,
                recentColors: [RGBColor] = [], documentPath: String? = nil, exportPath: String? = nil,
                encoder: any ImageEncoding = NoImageEncoder(), touchMode: TouchMode = .draw, smoothing: Smoothing = .off) {
        self.editor = editor
        self.decoder = decoder
        self.encoder = encoder
        editor.toolState.smoothing = smoothing
        viewport.resize(to: window, scale: scale)
        sizeTiles()
        brush.recentColors = Array(recentColors.prefix(Layout.maxRecentColors))
        brush.followBackground()
        input.touchMode = touchMode
        document.session.state = DocumentState(path: documentPath, exportPath: exportPath, savedState: editor.history.stateID)
        repaint.dirty = [PixelRect(size: window)]
        updateTitle()
    }

    // MARK: - What the window is

    public var window: PixelSize { viewport.window }
    public var scale: Double { viewport.scale }
    public var view: ViewTransform { viewport.view }

    /// Whether the picture has changes its document does not have.
    public var isModified: Bool { document.isModified }

    /// The window title: a plain "-", so WM_NAME stays Latin-1 and `xdotool search --name`
    /// and other tools that read it find the window.
    public var title: String { "\(isModified ? "*" : "")\(document.name) - DrawingBoard" }

    /// The layout now (`barsHidden`: as if the bars were that far hidden; 0, as they rest).
    public func layout(barsHidden: Double? = nil) -> Layout { chrome.layout(barsHidden: barsHidden) }

    /// Replaces the drawing with `next` (an opened document, a new page), keeping the tool
    /// settings; the journal starts over from it unless told otherwise.
    func replaceEditor(_ next: Editor, restartJournalFrom documentPath: String? = nil, page: Data? = nil, importedFrom: String? = nil,
                       restartJournal: Bool = true) {
        text.finish()
        // Where the notebook that goes was left, for its next opening.
        document.rememberPlace()
        // The selection and the copied element belong to the page that goes; so do the matches.
        if find.isOpen { find.close() }
        selection.forget()
        lasso.forget()
        next.toolState = editor.toolState
        next.viewTiles.wake = wake
        next.viewTiles.budget = editor.viewTiles.budget
        next.typing.font = editor.typing.font
        // The eyedropper in hand stays in hand on the new page.
        next.tools.picking = editor.tools.picking
        next.tools.instrument = editor.tools.instrument
        next.tools.recognizesShapes = editor.tools.recognizesShapes
        next.tools.highlightsText = editor.tools.highlightsText
        next.tools.snapsToPaper = editor.tools.snapsToPaper
        editor.cancelAll()
        editor.recorder = nil
        editor = next
        document.wireJournal()
        if restartJournal {
            do {
                try document.session.restartJournal(for: next, documentPath: documentPath, page: page, importedFrom: importedFrom)
            } catch {
                chrome.show(error: "Autosave cannot start for this drawing: \(error)")
            }
        }
        brush.followBackground()
        viewport.fitPage()
        repaintAll()
    }

    // MARK: - Events from the platform

    /// A pointer event in window pixels (the mouse, a finger, a pen).
    public func pointer(_ event: PointerEvent) {
        advance(to: event.time)
        // A press works on the page as it will be: a new size under way comes first, the
        // drawing kept under the pointer as it was shown.
        if event.phase == .down { followReplacement(wait: true, holding: event.position) }
        input.pointer(event)
        lasso.followBrush()
        // An edit the event finished that could not be made is said, not dropped.
        showFailures()
    }

    /// The mouse moved with no button held (`nil`: it left the window).
    public func hover(at p: Point?, time: Double) {
        advance(to: time)
        input.hover(at: p)
    }

    /// Keyboard shortcuts. Returns true when the key did something.
    @discardableResult
    public func key(_ key: KeyInput, time: Double) -> Bool {
        advance(to: time)
        followReplacement(wait: true)
        defer { lasso.followBrush() }
        return KeyMap.handle(key, in: self)
    }

    /// Text the keyboard or the input method committed, and what it is composing.
    public func typed(_ typed: String) {
        if find.isOpen { find.typed(typed) } else { text.typed(typed) }
    }
    public func composing(_ composing: String) { text.composing(composing) }

    /// Shift, Alt or Ctrl went down or up: a shape being dragged takes the new shape now, and
    /// the hand shows over a link while Ctrl is held.
    public func modifiersChanged(_ modifiers: ShapeModifiers) {
        editor.modifiersChanged(modifiers)
        links.ctrlHeld = modifiers.contains(.control)
    }

    /// The window's pixel size or the display scale changed. The page keeps its size; a
    /// fitted view follows the window, a zoomed or moved one keeps the page in view.
    public func resize(to size: PixelSize, scale: Double) {
        viewport.resize(to: size, scale: scale)
        sizeTiles()
        repaint.drawnChrome = []
        repaintAll()
    }

    /// The window lost focus or was hidden: strokes in progress are dropped, not committed.
    public func focusLost() {
        lasso.cancelDrag()
        input.focusLost()
        brush.colour.finishHexEntry(apply: false)
        editor.endBackgroundPreview()
        chrome.focusLost()
    }

    public func setFullscreen(_ on: Bool) {
        isFullscreen = on
    }

    // MARK: - History

    /// The notebook's pages in order (their ids).
    private var pageOrder: [UInt64] { (0..<editor.pages.count).map { editor.pages.entry($0).id } }

    /// Ctrl+Z with a stroke (or a drag) under way takes that back, and nothing before it: it
    /// used to drop the stroke and undo the step before it too.
    public func undo() {
        if input.drawingOnCanvas {
            input.dropCanvasPointers()
            repaintAll()
            return
        }
        moveInHistory { try editor.undo() }
    }

    /// Redo waits for the pointers to lift (a step redone under a stroke would be taken back
    /// with it).
    public func redo() {
        guard !input.drawingOnCanvas else { return }
        moveInHistory { try editor.redo() }
    }

    /// An undo or a redo: the text being typed ends first; the view follows a page that
    /// changed size, the background sliders the background, the selection its element.
    private func moveInHistory(_ step: () throws -> Bool) {
        text.finish()
        lasso.cancelDrag()
        followReplacement(wait: true)
        let size = editor.size, page = editor.pages.currentID, count = editor.pages.count, order = pageOrder
        attempt(step)
        // A heavy page's size undone or redone is made off the event loop: said meanwhile.
        if let change = editor.replacements.change { chrome.show(info: change.doing) }
        if editor.size != size || editor.pages.count != count { viewport.pageChanged() }
        // The step was on another page, or moved pages: the page drawn on is shown where it
        // is now, and every page shown is drawn again.
        if editor.pages.currentID != page || editor.pages.count != count || pageOrder != order {
            repaintAll()
            selection.forget()
            lasso.forget()
            // A page's menu open over the sidebar would act on a page that moved.
            if chrome.menu.pageTarget != nil { chrome.menu.close() }
            pages.revealCurrent()
        }
        brush.followBackground()
        selection.refresh()
        lasso.refresh()
        invalidateChrome()
    }

    /// Takes in a page made off the event loop (a new page size, its undo or redo) once it
    /// is done, or at once (`wait`) before input that works on the page as it will be. A press
    /// that takes it in (`holding`, its window point) lands where it was aimed: what lay under
    /// it stays there, at the same zoom (the drawing moved on its page by the anchor).
    /// Whatever took the change in (an edit, a page shown, a save inside the editor) is
    /// followed here too, at the next tick at the latest.
    func followReplacement(wait: Bool, holding press: Point? = nil) {
        var aimed: (window: Point, page: Int, point: Point, current: Int)?
        if editor.replacements.change != nil {
            if let p = press, case .canvas = layout().hit(p), let page = viewport.page(at: p) {
                aimed = (p, page, viewport.pageView(page).toCanvas(p), editor.pages.index)
            }
            editor.replacements.finish(wait: wait)
        }
        guard let made = editor.replacements.takeMadeChange() else { return }
        let change = made.change, size = made.sizeBefore
        if let aimed, editor.size != size {
            let q = aimed.point, moved = aimed.page == aimed.current ? Point(q.x + Double(made.shift.dx), q.y + Double(made.shift.dy)) : q
            viewport.hold(moved, onPage: aimed.page, under: aimed.window)
        } else if editor.size != size {
            viewport.pageChanged()
        }
        selection.refresh()
        lasso.refresh()
        brush.followBackground()
        repaintAll()
        if chrome.messageText == change.doing { chrome.dismissMessage() }
        if case .resize = change, editor.size != size {
            chrome.show(info: "The page is now \(editor.size.width)x\(editor.size.height) (Ctrl+Z undoes)")
        }
        showFailures()
    }

    // MARK: - Time

    func advance(to time: Double) {
        now = max(now, time)
    }

    /// Seconds until the controller needs `tick` again, or nil to wait for input.
    public func secondsUntilWakeup() -> Double? {
        // A PDF page being drawn off the event loop is looked for thirty times a second.
        // So are the files being written or opened off the loop, for their outcome, and a new
        // page size being made.
        let tiles = wake == nil && editor.viewTiles.painting
        let pictures = editor.pages.waitingForPictures || tiles || editor.replacements.change != nil || pages.sidebar.waitingForThumbnails || document.isWriting || document.isOpening || !background.isEmpty ? now + 1.0 / 30 : nil
        let next = [chrome.nextWakeup(), input.nextWakeup(), document.autosaveRetryTime, pictures].compactMap { $0 }
        guard let soonest = next.min() else { return nil }
        return max(0, soonest - now)
    }

    /// Moves animations and timers to `time`.
    public func tick(_ time: Double) {
        let hadTooltip = chrome.tooltip() != nil
        now = time
        chrome.tick(hadTooltip: hadTooltip)
        input.tick()
        document.retryAutosave()
        document.followWrites()
        document.followOpen()
        // Work that takes long says so until it is done.
        background.follow(now: now, announce: { [chrome] in
            chrome.show(info: $0)
            chrome.keepMessage()
        }, finished: { [chrome] in
            if chrome.messageText == $0 { chrome.dismissMessage() }
        })
        // A page made off the loop comes in, and whatever took one in this turn is followed
        // (what saves, opens or quits takes it in itself first).
        followReplacement(wait: false)
        if editor.pages.catchUpPictures() { repaintAll() }
        showArrivedTiles()
        pages.sidebar.lookAgain()
        showFailures()
    }

    /// What wakes the loop when work off it is done (the window's; nil: the tick looks thirty
    /// times a second while there is such work).
    public var wake: (@Sendable () -> Void)? {
        didSet { editor.viewTiles.wake = wake }
    }

    /// View tiles for three windows' worth: the window, a scroll's worth around it, and the
    /// scale a zoom comes from.
    private func sizeTiles() {
        editor.viewTiles.budget = ViewTiles.budget(forWindow: window.area)
    }

    /// The view tiles painted since the last turn, drawn where the window shows them.
    private func showArrivedTiles() {
        let arrived = editor.tiles.takeArrived()
        guard !arrived.isEmpty else { return }
        let bounds = PixelRect(size: window)
        for tile in arrived where tile.scale == view.scale {
            guard let i = tile.page == editor.pages.currentID ? editor.pages.index : editor.pages.index(of: tile.page) else { continue }
            let v = viewport.pageView(i)
            let rect = PixelRect(x: tile.rect.x + Int(v.offset.x), y: tile.rect.y + Int(v.offset.y), width: tile.rect.width, height: tile.rect.height)
            if let shown = rect.intersection(bounds) { repaint.dirty.append(shown) }
        }
    }

    // MARK: - Effects and what to paint

    /// What the platform must do, in order.
    public func takeEffects() -> [AppEffect] {
        text.followBrush()
        updateTitle()
        requests.pointer(input.pointerShape)
        return requests.take()
    }

    func request(_ effect: AppEffect) { requests.request(effect) }

    /// The interface changed: the next frame draws it again.
    func invalidateChrome() { repaint.chromeChanged = true }

    /// Everything on screen is drawn again.
    func repaintAll() {
        repaint.dirty = [PixelRect(size: window)]
        invalidateChrome()
    }

    private func updateTitle() {
        requests.title(modified: isModified, state: document.session.state) { title }
    }

    /// Says in the banner why an edit could not be made (the drawing is as it was).
    func showFailures() {
        for failure in editor.takeFailures() { chrome.show(error: "That could not be done: \(failure)") }
    }

    /// Runs an edit the user asked for; a failure is said in the banner.
    func attempt<T>(_ edit: () throws -> T) {
        do {
            _ = try edit()
        } catch {
            chrome.show(error: "That could not be done: \(error)")
        }
        showFailures()
    }
}
