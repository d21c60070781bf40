import DrawingBoardCore

/// Fingers on the canvas: `TouchGestures` says what they mean; this carries it out.
extension AppController {
    /// Taps last at most this long, from the first finger down to the last up.
    public static let tapDuration = TouchGestures.tapDuration
    /// And no finger moves further than this (logical pixels).
    public static let tapSlop = TouchGestures.tapSlop
    /// In the navigate mode, a second finger this soon turns a first finger's stroke into a pinch.
    public static let pinchGrace = TouchGestures.pinchGrace

    func touchDown(_ e: PointerEvent) {
        // With the select or the text tool, fingers off any element move the view.
        let mode = editor.toolState.tool.makesStrokes || editor.toolState.tool == .strokeEraser ? touchMode : .navigate
        carryOut(touches.down(e, mode: mode, view: view, now: now))
    }

    func touchMove(_ e: PointerEvent) {
        carryOut(touches.move(e, scale: scale, now: now))
    }

    func touchUp(_ e: PointerEvent) {
        carryOut(touches.up(e, now: now))
    }

    /// Drops every finger's stroke, held or in progress, without a mark (focus lost).
    func dropTouches() {
        carryOut(touches.dropAll(now: now))
    }

    /// Advances the tap window with time alone (a finger resting still past it draws).
    func touchTick() {
        carryOut(touches.tick(now: now))
    }

    private func carryOut(_ actions: [TouchGestures.Action]) {
        for action in actions {
            switch action {
            case .draw(let e): editor.handle(onCanvas(e))
            case .cancel(let source, let at, let time):
                editor.handle(PointerEvent(source: source, phase: .cancel, position: view.toCanvas(at), time: time))
            case .commit(let up): commitStroke(up)
            case .view(let next): setView(next)
            case .undo: undo()
            case .redo: redo()
            }
        }
    }
}
