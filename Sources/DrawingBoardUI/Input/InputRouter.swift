import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Where pointer input goes. A press goes to the control under it, to the page (the tool in
/// hand, the select tool's handles, the eyedropper), or moves the view (Space or the middle
/// button held, fingers in the navigate modes); the pointer keeps what it went down on until it
/// lifts. Fingers go through `TouchGestures`; pens through `PenTracker`, which keeps palms away.
public final class InputRouter {
    unowned let app: AppController
    /// What each pointer went down on.
    private var captures: [PointerSource: Capture] = [:]
    /// Fingers on the page: what they mean, and what they do.
    public private(set) lazy var fingers = Fingers(app: app)
    /// Pens seen, near, erasing; the pressure curve.
    public internal(set) var pens = PenTracker()
    /// Where a thumbnail of the sidebar was pressed (a drag moves its page).
    private var thumbnailPress: Point?
    /// Space is held: a drag pans instead of drawing.
    private var spaceHeld = false
    /// Where the middle button last dragged the page from.
    private var middleFrom: Point?
    /// When the last pointer event came (a smoothed line glides in once the pointer has rested
    /// `restDelay`), and when a smoothed line last glided in.
    private var lastPointerTime = 0.0
    private var lastGlide = -Double.infinity
    /// The last click that made a control act, for its double.
    private var lastClick = ClickDouble()

    /// The rest before a smoothed line glides in, and how often it steps in (a frame at 60 Hz).
    public static let restDelay = 0.04, glideInterval = 1.0 / 60

    /// What fingers on the canvas do.
    public var touchMode: TouchMode {
        get { fingers.mode }
        set { fingers.mode = newValue }
    }

    enum Capture: Equatable {
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

    init(app: AppController) {
        self.app = app
    }

    private var now: Double { app.now }
    private var editor: Editor { app.editor }
    private var view: ViewTransform { app.view }

    /// Whether a pen was ever seen (remembered: Pen only is chosen once, not again after the
    /// user changes it), and how its pressure becomes the width (remembered).
    public var penWasSeen: Bool {
        get { pens.seen }
        set { pens.seen = newValue }
    }

    public var pressureCurve: PressureCurve {
        get { pens.curve }
        set { pens.curve = newValue }
    }

    /// Whether a pointer is down (settings wait until a drag on a slider ends).
    public var isPointerDown: Bool { !captures.isEmpty }

    /// Whether any pointer is down on the canvas.
    var drawingOnCanvas: Bool { captures.values.contains(.canvas) }

    /// The mouse pointer's shape: a crosshair while picking or drawing (when the brush's
    /// outline would lag the ink), hidden over the page (the app draws the outline), else an
    /// arrow.
    var pointerShape: PointerShape {
        let drawing = captures[.mouse].map { if case .canvas = $0 { return true } else { return false } } == true
        if app.links.overLink, !drawing { return .hand }
        return app.brush.colour.picking || drawing ? .crosshair : app.brush.cursor.shows ? .hidden : .arrow
    }

    // MARK: - Pointers

    func pointer(_ input: PointerEvent) {
        var event = input
        // A pen's pressure goes through the curve the user chose.
        if event.source.isPen { event.pressure = pens.curve.apply(event.pressure) }
        lastPointerTime = event.time
        if event.source.isPen { penSeen() }
        // Palm rejection: a touch while a pen is near (or just left) is not a finger drawing.
        if case .finger = event.source, event.phase == .down, penIsNear { return }
        switch event.phase {
        case .down: press(event)
        case .move: move(event)
        case .up, .cancel: lift(event)
        }
    }

    private func press(_ event: PointerEvent) {
        app.brush.cursor.move(to: nil)
        // Bars away for a stroke just ended: a press where they rest is for them (it drew a dot).
        let p = event.position, rest = captures.isEmpty && app.chrome.barsHidden > 0 ? app.layout(barsHidden: 0) : nil
        let resting = rest.map { $0.topBar.contains(p) || $0.bottomBar.contains(p) } ?? false
        if resting { app.chrome.showBars() }
        let hit = (resting ? rest! : app.layout()).hit(p)
        if hit == .canvas, lastClick.isDouble(event, scale: app.scale) {
            captures[event.source] = .chrome
            return
        }
        if hit != .control(.pageNumber) { app.pages.endNumberEntry() }
        // A press on another page of the notebook draws there (a stroke belongs to the page it
        // starts on; while another pointer is down, the page stays).
        if hit == .canvas, captures.isEmpty, !spaceHeld { app.pages.focus(at: event.position) }
        switch hit {
        case .control(let control) where control == .dismissMenu || control == .dismissSheet:
            // A press outside the open menu or sheet closes it and does nothing else.
            captures[event.source] = .chrome
            app.perform(control)
        case .control(let control):
            if control != .hexField { app.brush.colour.finishHexEntry(apply: true, quietly: true) }
            captures[event.source] = .control(control)
            if case .pageThumbnail = control { thumbnailPress = event.position }
            app.chrome.pressed = control
            app.brush.press(control, at: event.position)
            app.invalidateChrome()
        case .chrome:
            captures[event.source] = .chrome
        case .canvas where spaceHeld && event.source == .mouse:
            captures[event.source] = .pan(event.position)
        case .canvas where app.brush.colour.picking:
            captures[event.source] = .eyedropper
            app.brush.colour.pick(onCanvas(event))
        case .canvas where app.links.press(event):
            captures[event.source] = .chrome
        case .canvas where app.instruments.press(event) || app.text.press(event) || app.selection.press(event) || app.pdfText.highlight(event):
            app.brush.colour.finishHexEntry(apply: true, quietly: true)
            captures[event.source] = .element
        case .canvas:
            app.brush.colour.finishHexEntry(apply: true, quietly: true)
            if !app.chrome.showsError, !event.source.isPen { app.chrome.dismissMessage() }
            if !drawingOnCanvas { app.chrome.strokeBegan() }
            captures[event.source] = .canvas
            if case .finger = event.source {
                fingers.down(event)
            } else if event.source == .pen(.eraser) {
                penErase(event)
            } else {
                editor.handle(onCanvas(event))
            }
        }
    }

    /// A finger that went down with the select tool to draw a lasso, given to the fingers
    /// instead: a second finger came soon after, so the two move the view.
    func handToFingers(_ down: PointerEvent) {
        guard captures[down.source] != nil else { return }
        captures[down.source] = .canvas
        fingers.down(down)
    }

    private func move(_ event: PointerEvent) {
        switch captures[event.source] {
        case .control(let control):
            // A slider, the wheel and the strip follow the pointer wherever it goes.
            if app.brush.drag(control, to: event.position) { return }
            if case .pageThumbnail(let i) = control, let start = thumbnailPress {
                return app.pages.sidebar.drag(i, to: event.position, from: start)
            }
            if case .sticker(let i) = control, app.layout().hit(event.position) == .canvas {
                // Out of the panel: the sticker follows the pointer to where it will land.
                if app.chrome.pressed != nil {
                    app.chrome.pressed = nil
                    app.invalidateChrome()
                }
                app.selection.moveGhost(i, to: event.position)
                return
            }
            if case .sticker = control { app.selection.moveGhost(nil, to: event.position) }
            let inside = app.layout().hit(event.position) == .control(control)
            if (app.chrome.pressed == control) != inside {
                app.chrome.pressed = inside ? control : nil
                app.invalidateChrome()
            }
        case .eyedropper:
            app.brush.colour.pick(onCanvas(event))
        case .pan(let last):
            app.viewport.pan(dx: event.position.x - last.x, dy: event.position.y - last.y)
            captures[event.source] = .pan(event.position)
        case .canvas:
            if case .finger = event.source { fingers.move(event) } else { editor.handle(onCanvas(event)) }
        case .element:
            app.selection.drag(event)
        case .chrome, nil:
            break
        }
    }

    private func lift(_ event: PointerEvent) {
        guard let capture = captures.removeValue(forKey: event.source) else { return }
        switch capture {
        case .eyedropper:
            app.brush.colour.finishPicking(onCanvas(event))
        case .control(let control):
            if release(control, at: event.position, activate: event.phase == .up) { lastClick.clicked(event) }
        case .canvas:
            if case .finger = event.source { fingers.up(event) } else { commitStroke(event) }
            if event.source == .pen(.eraser) {
                pens.erasing = false
                app.invalidateChrome()
            }
            if !drawingOnCanvas { app.chrome.strokesEnded() }
        case .element:
            app.selection.drag(event)
        case .chrome, .pan: break
        }
        // The view a drag or a pinch moved: the page in the middle is drawn on now.
        if captures.isEmpty { app.pages.pointersLifted() }
    }

    /// Lets go of `control`; true when it acted as a click (a drag out of it does not).
    private func release(_ control: Control, at p: Point, activate: Bool) -> Bool {
        app.chrome.pressed = nil
        app.invalidateChrome()
        if case .slider = control {
            editor.endBackgroundPreview()
            return false
        }
        if control == .colorWheel || control == .valueStrip { return false }
        if case .pageThumbnail(let i) = control {
            thumbnailPress = nil
            app.pages.sidebar.release(i, activate: activate)
            return false
        }
        if case .sticker(let i) = control {
            app.selection.moveGhost(nil, to: p)
            if activate, app.layout().hit(p) == .canvas {
                // Dragged out of the panel: it lands where it was dropped, and the panel goes.
                app.chrome.hovered(nil)
                app.chrome.panel = nil
                app.selection.placeSticker(i, at: view.toCanvas(p))
                return false
            }
        }
        // Only where the control still answers (or will, as the bars come back): nothing under
        // a question that came meanwhile (Ctrl+Q while the button was held) acts.
        let at = Layout.Hit.control(control)
        guard activate, app.layout().hit(p) == at || (app.chrome.barsHidden > 0 && app.layout(barsHidden: 0).hit(p) == at) else { return false }
        app.perform(control)
        return true
    }

    /// The event with its position in canvas pixels.
    func onCanvas(_ event: PointerEvent) -> PointerEvent {
        var e = event
        e.position = view.toCanvas(event.position)
        return e
    }

    /// Commits a stroke by forwarding its release, remembering its colour. A stroke wholly on
    /// the desk around the page would change nothing: it is dropped, not made a step.
    func commitStroke(_ up: PointerEvent) {
        var event = onCanvas(up)
        if event.phase == .up, editor.toolState.tool != .strokeEraser, !editor.screen.strokeReachesPage(up.source, endingAt: event.position) {
            event.phase = .cancel
        }
        let revision = editor.revision
        editor.handle(event)
        if editor.revision != revision { app.brush.rememberColor() }
    }

    /// The mouse moved with no button held (`nil`: it left the window).
    func hover(at p: Point?) {
        // Bars that slid away for a stroke come back at once when the pointer goes to them,
        // rather than a second after the stroke: a click there then reaches them.
        if let p, !isPointerDown, app.chrome.barsHidden > 0 {
            let zone = (Theme.barHeight + 2 * Theme.margin) * app.scale
            if p.y < zone || p.y > Double(app.window.height) - zone { app.chrome.showBars() }
        }
        let hit = p.map { app.layout().hit($0) }
        app.links.hover(hit == .canvas ? p : nil)
        app.brush.cursor.move(to: hit == .canvas && !app.brush.colour.picking ? p : nil)
        app.chrome.hovered(hit.flatMap { if case .control(let c) = $0 { return c } else { return nil } })
    }

    // MARK: - Pens

    /// Whether a pen is down, is in range, or was near within `palmDelay`.
    var penIsNear: Bool { captures.keys.contains { $0.isPen } || pens.isNear(at: now) }

    /// The tablet says a pen came into its range or left it. Leaving starts the half second.
    public func penProximity(near: Bool, time: Double) {
        app.advance(to: time)
        pens.inRange = near
        if near { penSeen() } else { pens.lastNear = now }
    }

    /// A pen hovering over the window (it moves the brush's outline and keeps palms away).
    public func penHover(at p: Point, time: Double) {
        app.advance(to: time)
        penSeen()
        hover(at: p)
    }

    /// A pen moved, pressed or hovered: a palm that landed first loses its stroke; the first
    /// pen seen turns on Pen only.
    private func penSeen() {
        pens.lastNear = now
        if captures.contains(where: { if case .finger = $0.key, case .canvas = $0.value { return true } else { return false } }) {
            fingers.dropAll()
        }
        guard !pens.seen else { return }
        pens.seen = true
        if touchMode != .penOnly {
            touchMode = .penOnly
            app.chrome.show(info: "A pen: fingers now move the view and never draw (the touch button changes it)")
        }
        app.invalidateChrome()
    }

    /// The pen's eraser end goes down: it erases with the erasers' width, whatever the tool.
    private func penErase(_ event: PointerEvent) {
        let kept = editor.toolState
        editor.toolState.tool = .eraser
        editor.toolState.style.width = app.brush.rules.eraserWidth(kept)
        editor.handle(onCanvas(event))
        editor.toolState = kept
        pens.erasing = true
        app.invalidateChrome()
    }

    // MARK: - The view by hand

    /// The middle button drags the page.
    public func middleDrag(_ phase: PointerEvent.Phase, at p: Point) {
        switch phase {
        case .down: middleFrom = p
        case .move:
            guard let last = middleFrom else { return }
            app.viewport.pan(dx: p.x - last.x, dy: p.y - last.y)
            middleFrom = p
        case .up, .cancel: middleFrom = nil
        }
    }

    /// Space is held: drags move the page; released, they draw again.
    func spacePressed() { spaceHeld = true }
    public func spaceReleased() { spaceHeld = false }

    // MARK: - Focus and time

    /// The window lost focus: keys and buttons held may come up elsewhere, so they are
    /// forgotten, and strokes in progress are dropped, not committed.
    func focusLost() {
        spaceHeld = false
        middleFrom = nil
        fingers.dropAll()
        dropCanvasPointers()
        captures.removeAll()
    }

    /// Drops the strokes of the pointers down on the canvas, uncommitted, until they lift.
    func dropCanvasPointers() {
        for (source, capture) in captures where capture == .canvas {
            editor.handle(PointerEvent(source: source, phase: .cancel, position: Point(0, 0)))
            captures[source] = nil
        }
    }

    /// When input next needs the clock: a tap decided, a smoothed line gliding in.
    func nextWakeup() -> Double? {
        var next: [Double] = []
        if let due = fingers.nextDecision { next.append(due) }
        if editor.screen.strokesTrailPointer { next.append(max(lastPointerTime + Self.restDelay, lastGlide + Self.glideInterval)) }
        if let snap = editor.screen.nextSnap { next.append(snap) }
        return next.min()
    }

    func tick() {
        fingers.tick()
        if editor.screen.strokesTrailPointer, now >= max(lastPointerTime + Self.restDelay, lastGlide + Self.glideInterval) - 1e-6 {
            editor.screen.glide()
            lastGlide = now
        }
        // The newest segment of a stroke at once, in the shape it has until the next sample
        // firms it up (then the pixels under it are put back): the ink stays under the pointer.
        if editor.screen.strokesBehindPointer { editor.screen.showRestingStrokes() }
        // A pencil stroke held still shows the shape it will snap to.
        editor.screen.showSnaps(now: now)
    }
}
