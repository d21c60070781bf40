import DrawingBoardCore
import DrawingBoardRender

/// Fingers on the page: `TouchGestures` says what they mean (each draws, or one draws and two
/// move the view, or with a pen around they only move it; two- and three-finger taps undo and
/// redo), and this carries it out on the editor and the view.
public final class Fingers {
    unowned let app: AppController
    /// What fingers on the canvas do.
    public internal(set) var mode = TouchMode.draw
    private var touches = TouchGestures()

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }

    func down(_ e: PointerEvent) {
        // With the select or the text tool, fingers off any element move the view.
        let mode = ToolBox.kind(of: editor.toolState.tool).fingersDraw ? self.mode : .navigate
        carryOut(touches.down(e, mode: mode, view: app.view, now: app.now))
    }

    func move(_ e: PointerEvent) {
        carryOut(touches.move(e, scale: app.scale, now: app.now))
    }

    func up(_ e: PointerEvent) {
        carryOut(touches.up(e, now: app.now))
    }

    /// Drops every finger's stroke, held or in progress, without a mark (focus lost, a pen).
    func dropAll() {
        carryOut(touches.dropAll(now: app.now))
    }

    /// When a held release is due to be decided (the tap window closes).
    var nextDecision: Double? { touches.nextDecision }

    /// The tap window closes with time alone (a finger resting still past it draws).
    func tick() {
        carryOut(touches.tick(now: app.now))
    }

    private func carryOut(_ actions: [TouchGestures.Action]) {
        for action in actions {
            switch action {
            case .draw(let e): editor.handle(app.input.onCanvas(e))
            case .cancel(let source, let at, let time):
                editor.handle(PointerEvent(source: source, phase: .cancel, position: app.view.toCanvas(at), time: time))
            case .commit(let up): app.input.commitStroke(up)
            case .view(let next): app.viewport.follow(next)
            case .undo: app.undo()
            case .redo: app.redo()
            }
        }
    }
}
