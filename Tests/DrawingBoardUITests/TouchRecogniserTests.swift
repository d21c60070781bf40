import DrawingBoardCore
import Testing
@testable import DrawingBoardUI

private func finger(_ id: Int, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at t: Double) -> PointerEvent {
    PointerEvent(source: .finger(id), phase: phase, position: Point(x, y), time: t)
}

/// The recogniser alone: events in, what the fingers mean out, no editor and no window.
@Suite struct TouchRecogniserTests {
    @Test func aQuickTwoFingerTapIsAnUndoAndItsStrokesGo() {
        var g = TouchGestures()
        let a = finger(1, .down, 100, 100, at: 0), b = finger(2, .down, 200, 100, at: 0.02)
        #expect(g.down(a, mode: .draw, view: .identity, now: 0) == [.draw(a)])
        #expect(g.down(b, mode: .draw, view: .identity, now: 0.02) == [.draw(b)])
        #expect(g.up(finger(1, .up, 100, 100, at: 0.1), now: 0.1) == [], "held back: it may be a tap")
        #expect(g.nextDecision != nil)
        #expect(g.up(finger(2, .up, 200, 100, at: 0.12), now: 0.12) == [
            .cancel(.finger(1), at: Point(100, 100), time: 0.1), .cancel(.finger(2), at: Point(200, 100), time: 0.12), .undo,
        ])
        #expect(g.group == nil)
    }

    @Test func aFingerThatRestsPastTheTapWindowKeepsItsStroke() {
        var g = TouchGestures()
        _ = g.down(finger(1, .down, 10, 10, at: 0), mode: .draw, view: .identity, now: 0)
        _ = g.down(finger(2, .down, 50, 10, at: 0), mode: .draw, view: .identity, now: 0)
        let up = finger(1, .up, 10, 10, at: 0.1)
        #expect(g.up(up, now: 0.1) == [])
        #expect(g.tick(now: 0.3) == [.commit(up)], "the window closed: the stroke stays")
        let move = finger(2, .move, 80, 10, at: 0.35)
        #expect(g.move(move, scale: 1, now: 0.35) == [.draw(move)])
        let last = finger(2, .up, 80, 10, at: 0.4)
        #expect(g.up(last, now: 0.4) == [.commit(last)])
    }

    @Test func inTheNavigateModeASecondFingerTurnsTheStrokeIntoAPinch() {
        var g = TouchGestures()
        let first = finger(1, .down, 100, 100, at: 0)
        #expect(g.down(first, mode: .navigate, view: .identity, now: 0) == [.draw(first)])
        #expect(g.down(finger(2, .down, 200, 100, at: 0.1), mode: .navigate, view: .identity, now: 0.1) == [
            .cancel(.finger(1), at: Point(100, 100), time: 0.1),
        ])
        let apart = g.move(finger(2, .move, 300, 100, at: 0.2), scale: 1, now: 0.2)
        let expected = ViewTransform.pinch(from: .identity, startCentre: Point(150, 100), startDistance: 100, centre: Point(200, 100), distance: 200)
        #expect(apart == [.view(expected)])
        #expect(expected.scale == 2)
    }

    @Test func losingFocusDropsEveryStrokeHeldOrDrawing() {
        var g = TouchGestures()
        _ = g.down(finger(1, .down, 10, 10, at: 0), mode: .draw, view: .identity, now: 0)
        _ = g.down(finger(2, .down, 20, 20, at: 0), mode: .draw, view: .identity, now: 0)
        _ = g.up(finger(1, .up, 12, 12, at: 0.05), now: 0.05)
        let dropped = g.dropAll(now: 0.06)
        #expect(dropped.count == 2 && dropped.contains(.cancel(.finger(1), at: Point(12, 12), time: 0.05))
                && dropped.contains(.cancel(.finger(2), at: Point(20, 20), time: 0.06)))
        #expect(g.group == nil)
    }
}
