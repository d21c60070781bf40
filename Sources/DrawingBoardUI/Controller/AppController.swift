import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The application's state machine: routes pointer and key input to the interface or the
/// editor, keeps the interface state (panels, sliders, bars sliding away while drawing,
/// tooltips, messages, the quit question), tracks what must be redrawn, and asks the platform
/// for what only it can do (`AppEffect`). It knows no SDL, so tests drive it directly.
public final class AppController {
    public internal(set) var editor: Editor
    let decoder: any ImageDecoding
    let encoder: any ImageEncoding
    public internal(set) var window: PixelSize
    public internal(set) var scale: Double
    public internal(set) var panel: PanelKind?
    public internal(set) var recentColors: [RGBColor]
    public internal(set) var backgroundColor: RGBColor
    /// The document behind the window: its file, its saved state, its journal.
    let session: DocumentSession
    /// The document Save writes, the file Export writes, and whether changes are saved.
    public internal(set) var document: DocumentState {
        get { session.state }
        set { session.state = newValue }
    }
    /// The .ora document Save writes (nil until the first save).
    public var documentPath: String? { document.path }
    public private(set) var isFullscreen = false
    /// How the canvas is shown: zoom and pan change only this.
    public internal(set) var view = ViewTransform.identity
    /// What fingers on the canvas do.
    public internal(set) var touchMode: TouchMode
    /// What the fingers on the canvas mean.
    var touches = TouchGestures()
    /// What waits on the "save changes?" question, while it is asked.
    public internal(set) var pendingQuestion: PendingAction?
    public var dialogOpen: Bool { pendingQuestion != nil }
    var message: Message?
    /// The desktop's recent files (nil: not kept, as in tests).
    public var recentFiles: RecentFiles? {
        get { session.recentFiles }
        set { session.recentFiles = newValue }
    }
    /// Whether the main menu is open, and its highlighted row (keyboard).
    public internal(set) var menuOpen = false
    var menuSelection: Int?
    /// The recent files the open menu lists.
    var menuRecent: [String] = []
    /// The sheet over the page (shortcuts, about, new page, page size), if one is open.
    public internal(set) var sheet: Sheet?
    /// The view follows the window (the page fitted and centred) until the user zooms or pans.
    var viewFitted = true
    /// Space is held: a drag pans instead of drawing.
    var spaceHeld = false
    /// The question's text, width and lines when last measured (Pango is not asked every frame).
    var questionMeasure: (text: String, width: Double, lines: Int)?
    /// Where the brush outline shows (the mouse over the page with no button down).
    public internal(set) var brushCursor: Point?
    /// Where the middle button last dragged the page from.
    var middleFrom: Point?
    /// The background image's miniature for the bottom bar, and the background it shows.
    var thumbnail: (of: Background, image: RasterImage?)?
    /// The selection, the Stickers panel and the text being typed (AppController+Elements).
    var elementUI = ElementUI()
    /// The stickers the Stickers panel shows (nil: none installed).
    public var stickers: StickerLibrary?
    /// Pens seen, near, erasing (AppController+Pen).
    var pen = PenState()


    /// The autosave journal, when this window keeps one.
    public var journal: Journal? { session.journal }
    /// A dead window's session, while the user is asked whether to restore it.
    public var recoverable: Journal.Orphan? { session.recoverable }

    /// The system ended the app (logout, a signal): no question can be asked, so unsaved work
    /// stays in the journal, to be offered back at the next start; with nothing unsaved, the
    /// journal goes as on a normal quit.
    public func terminated() {
        if !isModified { session.journal?.remove() }
        session.journal = nil
    }

    /// Replaces the drawing with `next` (an opened document), keeping the tool settings.
    func replaceEditor(_ next: Editor, restartJournalFrom documentPath: String? = nil, page: Data? = nil, restartJournal: Bool = true) {
        finishText()
        // The selection and the copied element belong to the page that goes.
        elementUI.selected = nil
        elementUI.drawn = nil
        elementUI.handle = nil
        elementUI.press = nil
        next.toolState = editor.toolState
        editor.cancelAll()
        editor.recorder = nil
        editor = next
        wireJournal()
        if restartJournal {
            do {
                try session.restartJournal(for: next, documentPath: documentPath, page: page)
            } catch {
                show(error: "Autosave cannot start for this drawing: \(error)")
            }
        }
        if case .color(let c) = next.background { backgroundColor = c }
        if case .paper(let paper) = next.background { backgroundColor = paper.color }
        fitPage()
        repaint.dirty = [PixelRect(size: window)]
        invalidateChrome()
    }

    struct Message {
        var text: String
        var isError: Bool
        var until: Double
        /// Lines the text takes in the banner (at most three; see `show`).
        var lines = 1
        var textSize = Theme.textSize
    }

    enum Capture {
        case control(Control)
        case chrome
        case canvas
        /// The eyedropper is down on the canvas: the colour follows the pointer.
        case eyedropper
        /// Space was held when the press came: the drag moves the page (from this point).
        case pan(Point)
        /// The select tool has an element (or its handle), or the text tool a text box.
        case element
    }

    /// The hex field, the eyedropper and the wheel.
    var colour = ColourPicking()
    /// The hex field's text while it is being typed in (nil: not editing).
    public var hexEntry: String? { colour.hexEntry }
    /// Whether the next press on the canvas picks a colour instead of drawing.
    public var picking: Bool { colour.picking }
    /// The settings each kind of tool keeps while another is chosen.
    var toolRules = ToolRules()
    public static let highlighterStyle = ToolRules.highlighterStyle
    public static let eraserWidth = ToolRules.eraserWidth
    /// The pointer shape last asked of the platform.
    var pointerShape = PointerShape.arrow

    var bars = BarAnimation()
    var captures: [PointerSource: Capture] = [:]
    var pressed: Control?
    var hover: (control: Control, since: Double)?
    var effects: [AppEffect] = []
    /// What the next frame draws again.
    var repaint = Repaint()
    var lastTitle: String?
    var now = 0.0

    /// When the last pointer event came (strokes in progress show their newest segment once
    /// the pointer has rested `restDelay`).
    var lastPointerTime = 0.0
    /// When a smoothed line last glided in towards a resting pointer.
    var lastGlide = -Double.infinity
    public static let restDelay = 0.04
    /// How often a smoothed line steps in towards a resting pointer (a frame at 60 Hz).
    public static let glideInterval = 1.0 / 60
    public static let tooltipDelay = 0.6
    public static let messageDuration = 5.0

    public init(editor: Editor, decoder: any ImageDecoding, window: PixelSize, scale: Double,
                recentColors: [RGBColor] = [], documentPath: String? = nil, exportPath: String? = nil,
                encoder: any ImageEncoding = NoImageEncoder(), touchMode: TouchMode = .draw, smoothing: Smoothing = .off) {
        self.editor = editor
        self.touchMode = touchMode
        editor.toolState.smoothing = smoothing
        self.decoder = decoder
        self.window = window
        self.scale = scale
        self.recentColors = Array(recentColors.prefix(Layout.maxRecentColors))
        self.encoder = encoder
        session = DocumentSession(state: DocumentState(path: documentPath, exportPath: exportPath, savedState: editor.history.stateID))
        switch editor.background {
        case .color(let c): backgroundColor = c
        case .paper(let paper): backgroundColor = paper.color
        case .image: backgroundColor = .white
        }
        repaint.dirty = [PixelRect(size: window)]
        updateTitle()
    }

    // MARK: - State for drawing and tests

    public var isModified: Bool { document.isModified(at: editor.history.stateID) }

    public var documentName: String { document.name }

    /// The window title: a plain "-", so WM_NAME stays Latin-1 and `xdotool search --name`
    /// and other tools that read it find the window.
    public var title: String { "\(isModified ? "*" : "")\(documentName) - DrawingBoard" }

    public var messageText: String? { message?.text }
    public var barsHidden: Double { bars.hidden(at: now) }

    /// The layout now (`barsHidden`: as if the bars were that far hidden; 0, as they rest).
    public func layout(barsHidden: Double? = nil) -> Layout {
        Layout(window: window, scale: scale, barsHidden: barsHidden ?? bars.hidden(at: now), panel: panel,
               recentColors: recentColors.count, hasMessage: message != nil, hasDialog: dialogOpen,
               messageLines: message?.lines ?? 1, dialogLines: dialogOpen ? questionLines : 2, dialogButtons: pendingQuestion?.buttons ?? [],
               eraser: editor.toolState.tool.isEraser, menuRecent: menuOpen ? menuRecent.count : nil, sheet: sheet, paper: paper != nil,
               stickers: stickers?.entries.count ?? 0, stickerPage: elementUI.stickerPage, text: editor.toolState.tool == .text,
               pressure: pen.seen && editor.toolState.tool.isFreehand)
    }

    /// The value a slider shows.
    public func value(of slider: SliderKind) -> Int {
        let style = editor.toolState.style
        switch slider {
        case .width: return Int(style.width.rounded())
        case .opacity: return Int((style.opacity * 100).rounded())
        case .brushRed: return Int(style.color.red)
        case .brushGreen: return Int(style.color.green)
        case .brushBlue: return Int(style.color.blue)
        case .backgroundRed: return Int(backgroundColor.red)
        case .backgroundGreen: return Int(backgroundColor.green)
        case .backgroundBlue: return Int(backgroundColor.blue)
        case .paperSpacing: return Int((paper?.spacing ?? Paper.defaultSpacing).rounded())
        }
    }

    /// The control under the mouse long enough for its tooltip, with where the tooltip goes.
    public func tooltip() -> (text: String, frame: Rect)? {
        // No tooltip while the hex field is typed in: it would cover the sliders being matched.
        // Nor over the open menu or a sheet, which it would cover.
        guard let hover, now - hover.since >= Self.tooltipDelay - 1e-6, pressed == nil, captures.isEmpty, hexEntry == nil,
              !menuOpen, sheet == nil,
              let base = hover.control.tooltip, let anchor = layout().frame(of: hover.control) else { return nil }
        // A panel's own button says nothing while the panel is open: it would cover the panel's
        // bottom row, and the open panel already says what the button does.
        if case .panel(let kind) = hover.control, kind == panel { return nil }
        var text = base
        if hover.control == .slider(.width), editor.toolState.tool == .text { text = "Text size" }
        let helpers = editor.toolState.shapeHelpers
        if case .tool(let tool) = hover.control, tool.isShape, !helpers.isEmpty {
            // The orange mark on the shape tools, explained.
            let on = [ShapeModifiers.constrain, .fromCentre].filter(helpers.contains).map(\.title).joined(separator: " and ")
            text += " · \(on) on (Brush panel)"
        }
        let s = scale
        let width = min(Double(window.width) - 8 * s, Double(text.count) * 8.2 * s + 24 * s)
        let height = 32 * s
        let below = anchor.maxY + 6 * s + height <= Double(window.height) && anchor.minY < Double(window.height) / 2
        let y = below ? anchor.maxY + 6 * s : anchor.minY - 6 * s - height
        let x = min(max(anchor.center.x - width / 2, 4 * s), Double(window.width) - width - 4 * s)
        return (text, Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height))
    }

    // MARK: - Effects, redraws, timers

    /// What the platform must do, in order.
    public func takeEffects() -> [AppEffect] {
        followBrushWhileTyping()
        updateTitle()
        // Over the page the app draws the brush's outline; while a stroke is drawn (when the
        // outline would lag the ink), a crosshair marks the pointer.
        let shape: PointerShape = picking || captures[.mouse].map({ if case .canvas = $0 { return true } else { return false } }) == true
            ? .crosshair : showsBrushCursor ? .hidden : .arrow
        if shape != pointerShape {
            pointerShape = shape
            effects.append(.setPointerShape(shape))
        }
        defer { effects.removeAll() }
        return effects
    }

    func request(_ effect: AppEffect) { effects.append(effect) }

    func invalidateChrome() { repaint.chromeChanged = true }

    /// Seconds until the controller needs `tick` again, or nil to wait for input.
    public func secondsUntilWakeup() -> Double? {
        var next: [Double] = []
        if let t = bars.nextChange(after: now) { next.append(t) }
        if let m = message, m.until.isFinite { next.append(m.until) }
        if let hover, now - hover.since < Self.tooltipDelay - 1e-6, hover.control.tooltip != nil { next.append(hover.since + Self.tooltipDelay) }
        if let due = touches.nextDecision { next.append(due) }
        if editor.strokesBehindPointer { next.append(lastPointerTime + Self.restDelay) }
        if let retry = autosaveRetryTime { next.append(retry) }
        if editor.strokesTrailPointer { next.append(max(lastPointerTime + Self.restDelay, lastGlide + Self.glideInterval)) }
        guard let soonest = next.min() else { return nil }
        return max(0, soonest - now)
    }

    /// Moves animations and timers to `time`.
    public func tick(_ time: Double) {
        let hadTooltip = tooltip() != nil
        now = time
        if bars.advance(to: time) { invalidateChrome() }
        touchTick()
        retryAutosave(at: time)
        if editor.strokesTrailPointer, time >= max(lastPointerTime + Self.restDelay, lastGlide + Self.glideInterval) - 1e-6 {
            editor.glide()
            lastGlide = time
        }
        if editor.strokesBehindPointer, time >= lastPointerTime + Self.restDelay - 1e-6 { editor.showRestingStrokes() }
        if let m = message, time >= m.until {
            message = nil
            invalidateChrome()
        }
        if hadTooltip != (tooltip() != nil) { invalidateChrome() }
    }

    // MARK: - Window

    /// The window's pixel size or the display scale changed. The page keeps its size; a
    /// fitted view follows the window, a zoomed or moved one keeps the page in view.
    public func resize(to size: PixelSize, scale: Double) {
        window = size
        self.scale = scale
        if viewFitted { fitPage() } else { setView(view) }
        repaint.dirty = [PixelRect(size: size)]
        repaint.drawnChrome = []
        invalidateChrome()
    }

    /// The window lost focus or was hidden: strokes in progress are dropped, not committed.
    public func focusLost() {
        // Keys and buttons held when the focus went may come up elsewhere: forget them.
        spaceHeld = false
        middleFrom = nil
        dropTouches()
        finishHexEntry(apply: false)
        for (source, capture) in captures {
            if case .canvas = capture { editor.handle(PointerEvent(source: source, phase: .cancel, position: Point(0, 0))) }
        }
        captures.removeAll()
        pressed = nil
        hover = nil
        editor.endBackgroundPreview()
        bars.strokesEnded(at: now)
        invalidateChrome()
    }

    public func setFullscreen(_ on: Bool) {
        isFullscreen = on
    }

    // MARK: - Messages

    /// Shows an error in the banner (twice as long as news); it replaces any older message.
    func show(error text: String) {
        message = Self.message(text, isError: true, until: now + Self.messageDuration * 2, window: window, scale: scale)
        bars.show(at: now)
        invalidateChrome()
    }

    /// Shows news (a save, an export): it replaces any older message, an error included.
    func show(info text: String) {
        message = Self.message(text, isError: false, until: now + Self.messageDuration, window: window, scale: scale)
        invalidateChrome()
    }

    /// A message wrapped to the banner: at the usual size when three lines hold it, else
    /// smaller, so it is never cut off.
    static func message(_ text: String, isError: Bool, until: Double, window: PixelSize, scale: Double) -> Message {
        let width = Layout.messageWidth(window: window, scale: scale) - 24 * scale
        var m = Message(text: text.escapingControlCharacters, isError: isError, until: until)
        for size in [Theme.textSize, Theme.smallText, 11] {
            m.textSize = size
            m.lines = TextMetrics.lineCount(m.text, width: width, size: size * scale)
            if m.lines <= 3 { break }
        }
        m.lines = min(m.lines, 3)
        return m
    }

    private func updateTitle() {
        let t = title
        if t != lastTitle {
            lastTitle = t
            effects.append(.setTitle(t))
        }
    }


}

extension SliderKind {
    var isBackground: Bool {
        self == .backgroundRed || self == .backgroundGreen || self == .backgroundBlue
    }
}
