import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Pointer input in window pixels: a press goes to the control under it or to the canvas, and
/// the pointer keeps what it went down on until it lifts.
extension AppController {
    // MARK: - Pointer input (window pixels)

    public func pointer(_ input: PointerEvent) {
        // An edit the event finished that could not be made is said, not dropped.
        defer { showFailures() }
        var event = input
        // A pen's pressure goes through the curve the user chose.
        if event.source.isPen { event.pressure = pen.curve.apply(event.pressure) }
        now = max(now, event.time)
        lastPointerTime = event.time
        if event.source.isPen { penSeen(down: event.phase == .down || event.phase == .move) }
        // Palm rejection: a touch while a pen is near (or just left) is not a finger drawing.
        if case .finger = event.source, event.phase == .down, penIsNear { return }
        switch event.phase {
        case .down:
            moveBrushCursor(to: nil)
            let hit = layout().hit(event.position)
            switch hit {
            case .control(let control) where control == .dismissMenu || control == .dismissSheet:
                // A press outside the open menu or sheet closes it and does nothing else.
                captures[event.source] = .chrome
                perform(control)
            case .control(let control):
                if hexEntry != nil, control != .hexField { finishHexEntry(apply: true, quietly: true) }
                captures[event.source] = .control(control)
                press(control, at: event.position)
            case .chrome:
                captures[event.source] = .chrome
            case .canvas where spaceHeld && event.source == .mouse:
                captures[event.source] = .pan(event.position)
            case .canvas where picking:
                captures[event.source] = .eyedropper
                pickColor(at: event.position)
            case .canvas where textPress(event) || selectPress(event):
                if hexEntry != nil { finishHexEntry(apply: true, quietly: true) }
                captures[event.source] = .element
            case .canvas:
                if hexEntry != nil { finishHexEntry(apply: true, quietly: true) }
                if message != nil, message?.isError == false, !event.source.isPen { message = nil; invalidateChrome() }
                if !drawingOnCanvas {
                    bars.strokeBegan(at: now)
                    hover = nil
                    invalidateChrome()
                }
                captures[event.source] = .canvas
                if case .finger = event.source { touchDown(event) } else if event.source == .pen(.eraser) { penErase(event) } else {
                    editor.handle(onCanvas(event))
                }
            }
        case .move:
            switch captures[event.source] {
            case .control(.slider(let kind)):
                setSlider(kind, atX: event.position.x)
            case .control(.colorWheel), .control(.valueStrip):
                dragColor(captures[event.source]!, at: event.position)
            case .eyedropper:
                pickColor(at: event.position)
            case .pan(let last):
                pan(dx: event.position.x - last.x, dy: event.position.y - last.y)
                captures[event.source] = .pan(event.position)
            case .control(.sticker(let i)) where layout().hit(event.position) == .canvas:
                // Out of the panel: the sticker follows the pointer to where it will land.
                if pressed != nil {
                    pressed = nil
                    invalidateChrome()
                }
                moveGhost(i, to: event.position)
            case .control(let control):
                if case .sticker = control { moveGhost(nil, to: event.position) }
                let inside = layout().frame(of: control)?.contains(event.position) ?? false
                if (pressed == control) != inside {
                    pressed = inside ? control : nil
                    invalidateChrome()
                }
            case .canvas:
                if case .finger = event.source { touchMove(event) } else { editor.handle(onCanvas(event)) }
            case .element:
                selectDrag(event)
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
                if case .finger = event.source { touchUp(event) } else { commitStroke(event) }
                if event.source == .pen(.eraser) {
                    pen.erasing = false
                    invalidateChrome()
                }
                if !drawingOnCanvas { bars.strokesEnded(at: now) }
            case .element:
                selectDrag(event)
            case .chrome, .pan:
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

    /// Commits a stroke by forwarding its release, remembering its colour. A stroke wholly on
    /// the desk around the page would change nothing: it is dropped, not made a step.
    func commitStroke(_ up: PointerEvent) {
        var event = onCanvas(up)
        if event.phase == .up, editor.toolState.tool != .strokeEraser, !editor.strokeReachesPage(up.source, endingAt: event.position) {
            event.phase = .cancel
        }
        let revision = editor.revision
        editor.handle(event)
        if editor.revision != revision { rememberColor() }
    }

    /// The mouse moved with no button held (`nil`: it left the window).
    public func hover(at p: Point?, time: Double) {
        now = max(now, time)
        let hit = p.map { layout().hit($0) }
        moveBrushCursor(to: hit == .canvas && !picking ? p : nil)
        let control: Control? = hit.flatMap { if case .control(let c) = $0 { return c } else { return nil } }
        guard control != hover?.control else { return }
        let hadTooltip = tooltip() != nil
        hover = control.map { ($0, now) }
        if hadTooltip || control != nil { invalidateChrome() }
    }

    func press(_ control: Control, at p: Point) {
        pressed = control
        if case .slider(let kind) = control { setSlider(kind, atX: p.x) }
        if control == .colorWheel || control == .valueStrip { dragColor(.control(control), at: p) }
        invalidateChrome()
    }

    func release(_ control: Control, at p: Point, activate: Bool) {
        pressed = nil
        invalidateChrome()
        if case .slider = control {
            editor.endBackgroundPreview()
            return
        }
        if control == .colorWheel || control == .valueStrip { return }
        if case .sticker(let i) = control {
            moveGhost(nil, to: p)
            if activate, layout().hit(p) == .canvas {
                // Dragged out of the panel: it lands where it was dropped, and the panel goes.
                hover = nil
                panel = nil
                placeSticker(i, at: view.toCanvas(p))
                return
            }
        }
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
        case .clear: attempt { try editor.clear() }
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
        case .dialog(let button): answerQuestion(button)
        case .touchMode: touchMode = touchMode.next
        case .resetView: fitPage()
        case .colorWheel, .valueStrip: break
        case .hexField: if hexEntry == nil { beginHexEntry() }
        case .eyedropper: togglePicking()
        case .smoothing(let smoothing): editor.toolState.smoothing = smoothing
        case .paper(let ruling): choosePaper(ruling)
        case .paperLine(let i): choosePaperLine(Paper.lineColors[i])
        case .shapeHelper(let helper): editor.toolState.shapeHelpers.formSymmetricDifference(helper)
        case .open: run(.open)
        case .menu: toggleMenu()
        case .menuItem(let command): run(command)
        case .recentFile(let i): openRecent(i)
        case .dismissMenu: closeMenu()
        case .dismissSheet: closeSheet()
        case .zoomIn: run(.zoomIn)
        case .zoomOut: run(.zoomOut)
        case .sheetClose, .sheetConfirm, .sheetSize, .sheetField, .sheetColor, .sheetPaper, .sheetAnchor: pressSheet(control)
        case .sticker(let i):
            // The panel goes, so the sticker placed in the middle of the view is in sight.
            panel = nil
            placeSticker(i)
        case .stickerPage(let d): elementUI.stickerPage = max(0, elementUI.stickerPage + d)
        case .insertImage: chooseImageToInsert()
        case .font(let i): chooseFont(TextArt.standardFamilies[i])
        case .pressureCurve(let curve): pen.curve = curve
        case .fontStep(let d): stepFont(by: d)
        }
    }
}
