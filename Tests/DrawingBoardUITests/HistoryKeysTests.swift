import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Ctrl+Z and Ctrl+Y while a stroke is under way.
@Suite struct HistoryKeysTests {
    /// Ctrl+Z in the middle of a stroke takes that stroke back and nothing before it; the
    /// pointer draws nothing more until it is lifted. Ctrl+Y waits for the pointer.
    @Test func undoMidStrokeTakesBackThatStrokeOnly() throws {
        let c = try makeController(800, 600)
        c.drag([(100, 100), (700, 100)])
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(100, 300)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(300, 300)))
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 300)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(600, 300)))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points.first == Point(100, 100), "the first stroke stays")
        let shown = try c.shown()
        #expect(shown.pixel(x: 400, y: 100) != 0xFFFF_FFFF && shown.pixel(x: 200, y: 300) == 0xFFFF_FFFF && shown.pixel(x: 550, y: 300) == 0xFFFF_FFFF,
                "the first stroke shows, the second none of it")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.strokes.isEmpty && c.editor.canRedo)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(100, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(300, 400)))
        c.key(KeyInput(.character("y"), ctrl: true), time: 0)
        #expect(c.editor.strokes.isEmpty, "no redo under a stroke")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(300, 400)))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points.first == Point(100, 400), "the stroke drawn over the redo")
    }
}
