import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The application's state machine: routes pointer and key input to the interface or the
/// editor, keeps the interface state (panels, sliders, bars sliding away while drawing,
/// tooltips, messages, the quit question), tracks what must be redrawn, and asks the platform
/// for what only it can do (`AppEffect`). It knows no SDL, so tests drive it directly.
public final class AppController {
    public private(set) var editor: Editor
    let decoder: any ImageDecoding
    public private(set) var window: PixelSize
    public private(set) var scale: Double
    public internal(set) var panel: PanelKind?
    public private(set) var recentColors: [RGBColor]
    public internal(set) var backgroundColor: RGBColor
    public internal(set) var documentPath: String?
    public private(set) var isFullscreen = false
    /// How the canvas is shown: zoom and pan change only this.
    public internal(set) var view = ViewTransform.identity
    /// What fingers on the canvas do.
    public internal(set) var touchMode: TouchMode
    var touches: TouchGroup?
    /// What waits on the "save changes?" question, while it is asked.
    public internal(set) var pendingQuestion: PendingAction?
    public var dialogOpen: Bool { pendingQuestion != nil }
    /// Whether the canvas grows with the window (a new drawing) or keeps its size (a document).
    public internal(set) var canvasFollowsWindow = true
    var message: Message?
    var savedState: UInt64 = 0
    /// What to do once a save asked for by the question succeeds.
    var afterSave: PendingAction?

    /// The autosave journal, when this window keeps one.
    public internal(set) var journal: Journal?
    /// A dead window's session, while the user is asked whether to restore it.
    public internal(set) var recoverable: Journal.Orphan?
    private var reportedJournalProblem = false

    /// Starts journaling every committed step to `journal`.
    public func attach(journal: Journal) {
        self.journal = journal
        wireJournal()
    }

    func wireJournal() {
        editor.recorder = { [weak self] record in
            guard let self, let journal = self.journal else { return }
            journal.append(record)
            if let problem = journal.problem, !self.reportedJournalProblem {
                self.reportedJournalProblem = true
                self.show(error: "Autosave failed (your drawing is still here; save it): \(problem)")
            }
        }
    }

    /// The window is closing on purpose: the journal is no longer needed.
    public func sessionEnded() {
        journal?.remove()
        journal = nil
    }

    /// The system ended the app (logout, a signal): no question can be asked, so unsaved work
    /// stays in the journal, to be offered back at the next start; with nothing unsaved, the
    /// journal goes as on a normal quit.
    public func terminated() {
        if !isModified { journal?.remove() }
        journal = nil
    }

    /// Replaces the drawing with `next` (an opened document), keeping the tool settings.
    func replaceEditor(_ next: Editor, restartJournalFrom documentPath: String? = nil, restartJournal: Bool = true) {
        next.toolState = editor.toolState
        editor.cancelAll()
        editor.recorder = nil
        editor = next
        wireJournal()
        if restartJournal, let journal {
            do {
                let color: RGBColor = { if case .color(let c) = next.background { return c } else { return .white } }()
                try journal.restart(size: next.size, background: color, documentPath: documentPath)
            } catch {
                show(error: "Autosave cannot start for this drawing: \(error)")
            }
        }
        if case .color(let c) = next.background { backgroundColor = c }
        savedState = next.history.stateID
        setView(.identity)
        dirty = [PixelRect(size: window)]
        invalidateChrome()
    }

    struct Message {
        var text: String
        var isError: Bool
        var until: Double
    }

    enum Capture {
        case control(Control)
        case chrome
        case canvas
        /// The eyedropper is down on the canvas: the colour follows the pointer.
        case eyedropper
    }

    /// The hex field's text while it is being typed in (nil: not editing).
    public internal(set) var hexEntry: String?
    /// Whether the next press on the canvas picks a colour instead of drawing.
    public internal(set) var picking = false
    /// The style of the pens while the highlighter is chosen, or the highlighter's otherwise.
    var otherStyle = AppController.highlighterStyle
    public static let highlighterStyle = StrokeStyle(color: RGBColor(red: 0xff, green: 0xe0, blue: 0x3c), width: 24, opacity: 0.6)
    /// The erasers' width while a pen is chosen, or the pens' while an eraser is: the two keep
    /// their own sizes (as in Xournal++), so widening the eraser leaves the pencil as it was.
    var spareWidth = AppController.eraserWidth
    public static let eraserWidth = 16.0
    /// The wheel's hue, kept while the colour is a grey (which has none of its own).
    var wheelHue = 0.0
    var wheelSaturation = 1.0
    /// The brush colour when the eyedropper went down (put back if the press is cancelled).
    var colorBeforePicking: RGBColor?
    /// The pointer shape last asked of the platform.
    private var pointerShape = PointerShape.arrow
    /// The panel the eyedropper put aside, to bring back with the picked colour.
    var panelBeforePicking: PanelKind?

    var bars = BarAnimation()
    private var captures: [PointerSource: Capture] = [:]
    private(set) var pressed: Control?
    private var hover: (control: Control, since: Double)?
    private var effects: [AppEffect] = []
    private var dirty: [PixelRect] = []
    private var chromeChanged = true
    private var drawnChrome: [Rect] = []
    private var lastTitle: String?
    var now = 0.0

    /// When the last pointer event came (strokes in progress show their newest segment once
    /// the pointer has rested `restDelay`).
    private var lastPointerTime = 0.0
    /// When a smoothed line last glided in towards a resting pointer.
    private var lastGlide = -Double.infinity
    public static let restDelay = 0.04
    /// How often a smoothed line steps in towards a resting pointer (a frame at 60 Hz).
    public static let glideInterval = 1.0 / 60
    public static let tooltipDelay = 0.6
    public static let messageDuration = 5.0

    public init(editor: Editor, decoder: any ImageDecoding, window: PixelSize, scale: Double,
                recentColors: [RGBColor] = [], documentPath: String? = nil, touchMode: TouchMode = .draw, smoothing: Smoothing = .off) {
        self.editor = editor
        self.touchMode = touchMode
        editor.toolState.smoothing = smoothing
        self.decoder = decoder
        self.window = window
        self.scale = scale
        self.recentColors = Array(recentColors.prefix(Layout.maxRecentColors))
        self.documentPath = documentPath
        if case .color(let c) = editor.background { backgroundColor = c } else { backgroundColor = .white }
        dirty = [PixelRect(size: window)]
        updateTitle()
    }

    // MARK: - State for drawing and tests

    public var isModified: Bool { editor.history.stateID != savedState }

    public var documentName: String {
        documentPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "Untitled"
    }

    public var title: String { "\(isModified ? "*" : "")\(documentName) – DrawingBoard" }

    public var messageText: String? { message?.text }
    public var barsHidden: Double { bars.hidden(at: now) }

    public func layout() -> Layout {
        Layout(window: window, scale: scale, barsHidden: bars.hidden(at: now), panel: panel,
               recentColors: recentColors.count, hasMessage: message != nil, hasDialog: dialogOpen,
               showResetView: !view.isIdentity, dialogButtons: pendingQuestion?.buttons ?? [],
               eraser: editor.toolState.tool.isEraser)
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
        }
    }

    /// The control under the mouse long enough for its tooltip, with where the tooltip goes.
    public func tooltip() -> (text: String, frame: Rect)? {
        // No tooltip while the hex field is typed in: it would cover the sliders being matched.
        guard let hover, now - hover.since >= Self.tooltipDelay - 1e-6, pressed == nil, captures.isEmpty, hexEntry == nil,
              let base = hover.control.tooltip, let anchor = layout().frame(of: hover.control) else { return nil }
        // A panel's own button says nothing while the panel is open: it would cover the panel's
        // bottom row, and the open panel already says what the button does.
        if case .panel(let kind) = hover.control, kind == panel { return nil }
        var text = base
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
        updateTitle()
        let shape: PointerShape = picking ? .crosshair : .arrow
        if shape != pointerShape {
            pointerShape = shape
            effects.append(.setPointerShape(shape))
        }
        defer { effects.removeAll() }
        return effects
    }

    func request(_ effect: AppEffect) { effects.append(effect) }

    /// What the next frame must change: areas to compose again (canvas, then interface), and
    /// pieces of strokes in progress to stroke straight onto the screen where no interface
    /// covers them. `presented` is every window area that changes.
    public struct Damage {
        public internal(set) var recompose: [PixelRect] = []
        public internal(set) var painted: [PixelRect] = []
        var pieces: [StrokeIncrement] = []
        public var presented: [PixelRect] { recompose + painted }
        public var isEmpty: Bool { recompose.isEmpty && painted.isEmpty }
    }

    /// The window areas to compose again and present (strokes in progress included).
    public func takeDirtyRects() -> [PixelRect] {
        takeDamage(paintingStrokes: false).recompose
    }

    /// What changed since the last frame, with opaque strokes in progress left to paint directly.
    public func takeDamage() -> Damage {
        takeDamage(paintingStrokes: true)
    }

    private func takeDamage(paintingStrokes: Bool) -> Damage {
        var damage = Damage()
        var rects = dirty
        dirty.removeAll()
        let bounds = PixelRect(size: window)
        var laidOut: [Rect]?
        func chrome() -> [Rect] {
            if let laidOut { return laidOut }
            var rects = layout().chromeRects
            if let tip = tooltip() { rects.append(tip.frame) }
            laidOut = rects
            return rects
        }
        let pieces = paintingStrokes ? editor.takeIncrements() : []
        if !pieces.isEmpty {
            // A piece under the interface (or under where it was) is composed with it instead.
            let covered = (chrome() + drawnChrome).compactMap { $0.pixelRect(clippedTo: window) }
            for piece in pieces {
                let area = view.isIdentity ? piece.bounds : view.windowRect(piece.bounds)
                guard let visible = area.intersection(bounds) else { continue }
                if covered.contains(where: { $0.intersection(visible) != nil }) {
                    rects.append(visible)
                } else {
                    damage.pieces.append(piece)
                    damage.painted.append(visible)
                }
            }
        }
        if let canvas = editor.takeDirtyRect() { rects.append(view.isIdentity ? canvas : view.windowRect(canvas)) }
        if chromeChanged {
            chromeChanged = false
            let now = chrome()
            for r in now + drawnChrome {
                if let p = r.pixelRect(clippedTo: window) { rects.append(p) }
            }
            drawnChrome = now
        }
        rects = rects.compactMap { $0.intersection(bounds) }
        damage.recompose = Self.coalesced(rects)
        damage.painted = Self.coalesced(damage.painted)
        return damage
    }

    /// Few rectangles as they are; many as their union (one upload beats dozens).
    private static func coalesced(_ rects: [PixelRect]) -> [PixelRect] {
        rects.count > 12 ? [rects.dropFirst().reduce(rects[0]) { $0.union($1) }] : rects
    }

    func invalidateChrome() { chromeChanged = true }

    /// Seconds until the controller needs `tick` again, or nil to wait for input.
    public func secondsUntilWakeup() -> Double? {
        var next: [Double] = []
        if let t = bars.nextChange(after: now) { next.append(t) }
        if let m = message, m.until.isFinite { next.append(m.until) }
        if let hover, now - hover.since < Self.tooltipDelay - 1e-6, hover.control.tooltip != nil { next.append(hover.since + Self.tooltipDelay) }
        if let t = touches, t.tapCandidate, !t.held.isEmpty { next.append(t.startTime + Self.tapDuration + 0.01) }
        if editor.strokesBehindPointer { next.append(lastPointerTime + Self.restDelay) }
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

    /// The window's pixel size or the display scale changed. The canvas grows to fill the
    /// window and never shrinks, so nothing drawn is cropped.
    public func resize(to size: PixelSize, scale: Double) {
        window = size
        self.scale = scale
        if canvasFollowsWindow {
            do {
                try editor.grow(toFit: size)
            } catch {
                show(error: "The canvas cannot grow to \(size): \(error)")
            }
        }
        dirty = [PixelRect(size: size)]
        drawnChrome = []
        invalidateChrome()
    }

    /// The window lost focus or was hidden: strokes in progress are dropped, not committed.
    public func focusLost() {
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

    // MARK: - Pointer input (window pixels)

    public func pointer(_ event: PointerEvent) {
        now = max(now, event.time)
        lastPointerTime = event.time
        switch event.phase {
        case .down:
            let hit = layout().hit(event.position)
            switch hit {
            case .control(let control):
                if hexEntry != nil, control != .hexField { finishHexEntry(apply: true, quietly: true) }
                captures[event.source] = .control(control)
                press(control, at: event.position)
            case .chrome:
                captures[event.source] = .chrome
            case .canvas where picking:
                captures[event.source] = .eyedropper
                pickColor(at: event.position)
            case .canvas:
                if hexEntry != nil { finishHexEntry(apply: true, quietly: true) }
                if message != nil, message?.isError == false { message = nil; invalidateChrome() }
                if !drawingOnCanvas {
                    bars.strokeBegan(at: now)
                    hover = nil
                    invalidateChrome()
                }
                captures[event.source] = .canvas
                if case .finger = event.source { touchDown(event) } else { editor.handle(onCanvas(event)) }
            }
        case .move:
            switch captures[event.source] {
            case .control(.slider(let kind)):
                setSlider(kind, atX: event.position.x)
            case .control(.colorWheel), .control(.valueStrip):
                dragColor(captures[event.source]!, at: event.position)
            case .eyedropper:
                pickColor(at: event.position)
            case .control(let control):
                let inside = layout().frame(of: control)?.contains(event.position) ?? false
                if (pressed == control) != inside {
                    pressed = inside ? control : nil
                    invalidateChrome()
                }
            case .canvas:
                if case .finger = event.source { touchMove(event) } else { editor.handle(onCanvas(event)) }
            case .chrome, nil:
                break
            }
        case .up, .cancel:
            guard let capture = captures.removeValue(forKey: event.source) else { return }
            switch capture {
            case .eyedropper:
                finishPicking(cancelled: event.phase == .cancel)
            case .control(let control):
                release(control, at: event.position, activate: event.phase == .up)
            case .canvas:
                if case .finger = event.source {
                    touchUp(event)
                } else {
                    let revision = editor.revision
                    editor.handle(onCanvas(event))
                    if editor.revision != revision { rememberColor() }
                }
                if !drawingOnCanvas { bars.strokesEnded(at: now) }
            case .chrome:
                break
            }
        }
    }

    /// Whether any pointer is down on the canvas.
    var drawingOnCanvas: Bool {
        captures.values.contains { if case .canvas = $0 { return true } else { return false } }
    }

    /// The event with its position in canvas pixels.
    func onCanvas(_ event: PointerEvent) -> PointerEvent {
        var e = event
        e.position = view.toCanvas(event.position)
        return e
    }

    /// Commits a stroke by forwarding its release, remembering its colour.
    func commitStroke(_ up: PointerEvent) {
        let revision = editor.revision
        editor.handle(onCanvas(up))
        if editor.revision != revision { rememberColor() }
    }

    /// Shows the canvas through `next`; everything on screen is redrawn.
    public func setView(_ next: ViewTransform) {
        guard next != view else { return }
        let hadReset = !view.isIdentity
        view = next
        dirty = [PixelRect(size: window)]
        if hadReset != !view.isIdentity { invalidateChrome() }
    }

    /// The mouse moved with no button held (`nil`: it left the window).
    public func hover(at p: Point?, time: Double) {
        now = max(now, time)
        let control: Control? = p.flatMap { if case .control(let c) = layout().hit($0) { return c } else { return nil } }
        guard control != hover?.control else { return }
        let hadTooltip = tooltip() != nil
        hover = control.map { ($0, now) }
        if hadTooltip || control != nil { invalidateChrome() }
    }

    /// A wheel turn over a slider nudges it; with Ctrl held over the canvas, it zooms about the
    /// pointer.
    public func wheel(_ steps: Int, at p: Point, zoom: Bool = false) {
        if zoom, layout().hit(p) == .canvas {
            let factor = steps > 0 ? 1.25 : 0.8
            setView(ViewTransform.pinch(from: view, startCentre: p, startDistance: 1, centre: p, distance: factor))
            return
        }
        guard case .control(.slider(let kind)) = layout().hit(p) else { return }
        setSlider(kind, to: value(of: kind) + steps)
        editor.endBackgroundPreview()
    }

    private func press(_ control: Control, at p: Point) {
        pressed = control
        if case .slider(let kind) = control { setSlider(kind, atX: p.x) }
        if control == .colorWheel || control == .valueStrip { dragColor(.control(control), at: p) }
        invalidateChrome()
    }

    private func release(_ control: Control, at p: Point, activate: Bool) {
        pressed = nil
        invalidateChrome()
        if case .slider = control {
            editor.endBackgroundPreview()
            return
        }
        if control == .colorWheel || control == .valueStrip { return }
        guard activate, layout().frame(of: control)?.contains(p) ?? false else { return }
        perform(control)
    }

    /// Does what pressing `control` does.
    public func perform(_ control: Control) {
        invalidateChrome()
        switch control {
        case .tool(let tool): select(tool)
        case .undo: undo()
        case .redo: redo()
        case .save: save(choosingName: false)
        case .clear: editor.clear()
        case .panel(let kind): panel = panel == kind ? nil : kind
        case .closePanel: panel = nil
        case .slider: break
        case .recentColor(let i):
            if i < recentColors.count {
                editor.toolState.style.color = recentColors[i]
                rememberWheel(recentColors[i])
            }
        case .chooseImage: chooseBackgroundImage()
        case .dismissMessage: message = nil
        case .dialog(let button): answerQuitQuestion(button)
        case .touchMode: touchMode = touchMode == .draw ? .navigate : .draw
        case .resetView: setView(.identity)
        case .colorWheel, .valueStrip: break
        case .hexField: if hexEntry == nil { beginHexEntry() }
        case .eyedropper: togglePicking()
        case .smoothing(let smoothing): editor.toolState.smoothing = smoothing
        case .shapeHelper(let helper): editor.toolState.shapeHelpers.formSymmetricDifference(helper)
        }
    }

    // MARK: - Sliders and tools

    func setSlider(_ kind: SliderKind, atX x: Double) {
        guard let v = layout().sliderValue(kind, atX: x) else { return }
        setSlider(kind, to: v)
    }

    /// Sets a slider, clamped to its range, and applies it.
    public func setSlider(_ kind: SliderKind, to raw: Int) {
        let v = min(max(raw, kind.range.lowerBound), kind.range.upperBound)
        var style = editor.toolState.style
        var bg = backgroundColor
        switch kind {
        case .width: style.width = Double(v)
        case .opacity: style.opacity = Double(v) / 100
        case .brushRed: style.color.red = UInt8(v)
        case .brushGreen: style.color.green = UInt8(v)
        case .brushBlue: style.color.blue = UInt8(v)
        case .backgroundRed: bg.red = UInt8(v)
        case .backgroundGreen: bg.green = UInt8(v)
        case .backgroundBlue: bg.blue = UInt8(v)
        }
        editor.toolState.style = style
        if kind == .brushRed || kind == .brushGreen || kind == .brushBlue { rememberWheel(style.color) }
        if bg != backgroundColor || (kind.isBackground && editor.background != .color(bg)) {
            backgroundColor = bg
            do {
                try editor.previewBackground(.color(bg))
            } catch {
                show(error: "\(error)")
            }
        }
        invalidateChrome()
    }

    public func select(_ tool: Tool) {
        // The highlighter keeps its own colour, width and opacity, as a marker beside a pen;
        // the erasers keep their own width and share the pens' colour.
        let current = editor.toolState.tool
        if current.isEraser { swap(&editor.toolState.style.width, &spareWidth) }
        if (current == .highlighter) != (tool == .highlighter) {
            swap(&editor.toolState.style, &otherStyle)
            rememberWheel(editor.toolState.style.color)
        }
        if tool.isEraser { swap(&editor.toolState.style.width, &spareWidth) }
        editor.toolState.tool = tool
        invalidateChrome()
    }

    /// `[` and `]`: finer steps for thin pens, coarser for wide ones.
    func nudgeWidth(up: Bool) {
        let w = Int(editor.toolState.style.width.rounded())
        let step = w < 10 ? 1 : (w < 50 ? 5 : 10)
        setSlider(.width, to: up ? w + step : w - step)
        // With the panel closed, say what the width is now (the panel's slider shows it otherwise).
        if panel != .brush {
            let tool = editor.toolState.tool
            show(info: "\(tool.isEraser ? "Eraser" : tool == .highlighter ? "Highlighter" : "Pen") width: \(Int(editor.toolState.style.width.rounded())) px")
        }
    }

    func rememberColor() {
        guard editor.toolState.tool != .eraser, editor.toolState.tool != .strokeEraser else { return }
        let c = editor.toolState.style.color
        guard recentColors.first != c else { return }
        recentColors.removeAll { $0 == c }
        recentColors.insert(c, at: 0)
        if recentColors.count > Layout.maxRecentColors { recentColors.removeLast() }
        if panel == .brush { invalidateChrome() }
    }

    func undo() {
        do { try editor.undo() } catch { show(error: "\(error)") }
        followBackground()
        invalidateChrome()
    }

    func redo() {
        do { try editor.redo() } catch { show(error: "\(error)") }
        followBackground()
        invalidateChrome()
    }

    /// The background sliders and swatch show the background colour the picture has now (an
    /// undone colour change takes them back too). Over an image they keep the last colour.
    private func followBackground() {
        if case .color(let c) = editor.background { backgroundColor = c }
    }

    // MARK: - Messages

    func show(error text: String) {
        message = Message(text: text, isError: true, until: now + Self.messageDuration * 2)
        bars.show(at: now)
        invalidateChrome()
    }

    func show(info text: String) {
        message = Message(text: text, isError: false, until: now + Self.messageDuration)
        invalidateChrome()
    }

    private func updateTitle() {
        let t = title
        if t != lastTitle {
            lastTitle = t
            effects.append(.setTitle(t))
        }
    }

    // MARK: - Drawing

    /// Makes `frame` show what `damage` says changed: pieces of strokes first, then the areas
    /// composed again (which may cover some of those pieces, already in their masks).
    public func render(into frame: Frame, icons: IconSet, damage: Damage) {
        editor.paint(damage.pieces, into: frame, view: view)
        render(into: frame, icons: icons, rects: damage.recompose)
    }

    /// Paints `rects` of the window into `frame`: the canvas, then the interface over it.
    public func render(into frame: Frame, icons: IconSet, rects: [PixelRect]) {
        guard let painter = try? Painter(frame: frame, icons: icons) else { return }
        let state = ViewState(controller: self)
        for rect in rects {
            editor.compose(into: frame, area: rect, view: view)
            painter.clipped(to: rect.rect) {
                UIRenderer.draw(state, with: painter, in: rect.rect)
            }
        }
        frame.flush()
    }
}

extension SliderKind {
    var isBackground: Bool {
        self == .backgroundRed || self == .backgroundGreen || self == .backgroundBlue
    }
}
