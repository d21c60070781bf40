import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

private func finger(_ id: Int, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at t: Double) -> PointerEvent {
    PointerEvent(source: .finger(id), phase: phase, position: Point(x, y), time: t)
}

/// Touch gestures, fed as the platform delivers them: synthetic event sequences.
@Suite struct TouchGestureTests {
    @Test func twoFingersInterleavedDrawTwoStrokesEachItsOwnStep() throws {
        let c = try makeController()
        c.pointer(finger(1, .down, 200, 200, at: 1.0))
        c.pointer(finger(2, .down, 600, 200, at: 1.01))
        for i in 1...10 {
            c.pointer(finger(1, .move, 200, 200 + Double(i) * 20, at: 1.0 + Double(i) * 0.02))
            c.pointer(finger(2, .move, 600, 200 + Double(i) * 20, at: 1.01 + Double(i) * 0.02))
        }
        let live = try c.shown()
        #expect(live.pixel(x: 200, y: 300) == 0xFF00_0000 && live.pixel(x: 600, y: 300) == 0xFF00_0000, "both strokes show while drawn")
        c.pointer(finger(2, .up, 600, 400, at: 1.3))
        c.pointer(finger(1, .up, 200, 400, at: 1.31))
        #expect(c.editor.strokes.count == 2)
        #expect(c.editor.history.steps.count == 2)
        // In the order the fingers lifted: finger 2 first.
        #expect(c.editor.strokes.map(\.points.first!.x) == [600, 200])
        c.undo()
        let img = try c.shown()
        #expect(img.pixel(x: 200, y: 300) == 0xFFFF_FFFF && img.pixel(x: 600, y: 300) == 0xFF00_0000)
    }

    @Test func aQuickTwoFingerTapUndoesAndLeavesNoMark() throws {
        let c = try makeController()
        c.drag([(100, 300), (400, 300)])
        c.pointer(finger(1, .down, 500, 200, at: 5.0))
        c.pointer(finger(2, .down, 560, 210, at: 5.03))
        c.pointer(finger(1, .move, 502, 201, at: 5.08))
        c.pointer(finger(1, .up, 502, 201, at: 5.12))
        c.pointer(finger(2, .up, 560, 210, at: 5.15))
        #expect(c.editor.strokes.isEmpty, "the tap undid the mouse stroke")
        #expect(!c.editor.history.steps.isEmpty && c.editor.canRedo)
        let img = try c.shown()
        #expect(img.pixel(x: 500, y: 200) == 0xFFFF_FFFF && img.pixel(x: 560, y: 210) == 0xFFFF_FFFF, "no dots")
        #expect(img.pixel(x: 250, y: 300) == 0xFFFF_FFFF)
    }

    @Test func aQuickThreeFingerTapRedoes() throws {
        let c = try makeController()
        c.drag([(100, 300), (400, 300)])
        c.undo()
        for (i, x) in [500.0, 560, 620].enumerated() { c.pointer(finger(i + 1, .down, x, 200, at: 7.0 + Double(i) * 0.01)) }
        for (i, x) in [500.0, 560, 620].enumerated() { c.pointer(finger(i + 1, .up, x, 200, at: 7.1 + Double(i) * 0.01)) }
        #expect(c.editor.strokes.count == 1 && c.editor.history.steps.count == 1)
        #expect(try c.shown().pixel(x: 560, y: 200) == 0xFFFF_FFFF)
    }

    @Test func aShortDragIsNotATap() throws {
        let c = try makeController()
        c.pointer(finger(1, .down, 500, 200, at: 1.0))
        c.pointer(finger(2, .down, 600, 200, at: 1.01))
        c.pointer(finger(1, .move, 540, 200, at: 1.05))
        c.pointer(finger(1, .up, 540, 200, at: 1.1))
        c.pointer(finger(2, .up, 600, 200, at: 1.12))
        #expect(c.editor.strokes.count == 2, "moved more than a few pixels: two strokes, no undo")
    }

    @Test func aSlowTwoFingerTouchIsNotATap() throws {
        let c = try makeController()
        c.drag([(100, 300), (400, 300)])
        c.pointer(finger(1, .down, 500, 200, at: 1.0))
        c.pointer(finger(2, .down, 600, 200, at: 1.01))
        c.tick(1.4)
        #expect(c.editor.strokes.count == 1, "still down")
        c.pointer(finger(1, .up, 500, 200, at: 1.45))
        c.pointer(finger(2, .up, 600, 200, at: 1.5))
        #expect(c.editor.strokes.count == 3, "two dots, nothing undone")
    }

    @Test func aOneFingerTapLeavesADot() throws {
        let c = try makeController()
        c.brush.setSlider(.width, to: 12)
        c.pointer(finger(4, .down, 300, 300, at: 2.0))
        c.pointer(finger(4, .up, 300, 300, at: 2.05))
        #expect(c.editor.strokes.count == 1)
        #expect(try c.shown().pixel(x: 303, y: 300) == 0xFF00_0000)
    }

    @Test func cancelMidStrokeDropsItWithoutAMarkOrAStep() throws {
        let c = try makeController()
        c.pointer(finger(1, .down, 200, 200, at: 1.0))
        c.pointer(finger(1, .move, 400, 300, at: 1.1))
        c.pointer(finger(2, .down, 600, 200, at: 1.12))
        c.pointer(finger(2, .move, 650, 400, at: 1.2))
        c.pointer(finger(1, .cancel, 400, 300, at: 1.3))
        c.pointer(finger(2, .up, 650, 400, at: 1.4))
        #expect(c.editor.strokes.count == 1 && c.editor.history.steps.count == 1)
        #expect(try c.shown().pixel(x: 300, y: 250) == 0xFFFF_FFFF)
        // Focus lost with a finger down: nothing committed.
        c.pointer(finger(3, .down, 100, 500, at: 2.0))
        c.pointer(finger(3, .move, 300, 500, at: 2.1))
        c.focusLost()
        c.pointer(finger(3, .up, 300, 500, at: 2.2))
        #expect(c.editor.strokes.count == 1 && c.editor.history.steps.count == 1)
        #expect(try c.shown().pixel(x: 200, y: 500) == 0xFFFF_FFFF)
    }

    @Test func fingersUseTheToolbarLikeTheMouse() throws {
        let c = try makeController()
        let ellipse = try #require(c.layout().frame(of: .tool(.ellipse)))
        c.pointer(finger(9, .down, ellipse.center.x, ellipse.center.y, at: 1))
        c.pointer(finger(9, .up, ellipse.center.x, ellipse.center.y, at: 1.05))
        #expect(c.editor.toolState.tool == .ellipse)
        #expect(c.editor.strokes.isEmpty)
    }

    @Test func aFingerDragsASlider() throws {
        let c = try makeController()
        c.pointer(finger(3, .down, c.layout().frame(of: .panel(.brush))!.center.x, c.layout().frame(of: .panel(.brush))!.center.y, at: 1))
        c.pointer(finger(3, .up, c.layout().frame(of: .panel(.brush))!.center.x, c.layout().frame(of: .panel(.brush))!.center.y, at: 1.05))
        let track = try #require(c.layout().inPanel.tracks[.width])
        c.pointer(finger(4, .down, track.minX, track.center.y, at: 2))
        c.pointer(finger(4, .move, track.center.x, track.center.y + 10, at: 2.1))
        c.pointer(finger(4, .move, track.maxX + 30, track.center.y + 20, at: 2.2))
        c.pointer(finger(4, .up, track.maxX + 30, track.center.y + 20, at: 2.3))
        #expect(c.editor.toolState.style.width == 200)
        #expect(c.editor.strokes.isEmpty, "dragging a slider never draws")
    }

    @Test func navigateModePinchZoomsAndPansOnlyTheView() throws {
        let c = try makeController()
        c.drag([(400, 300), (600, 300)])
        c.perform(.touchMode)
        #expect(c.input.touchMode == .navigate)
        c.pointer(finger(1, .down, 400, 350, at: 3.0))
        c.pointer(finger(2, .down, 600, 350, at: 3.05))
        for i in 1...10 {
            let spread = 100 + Double(i) * 10
            c.pointer(finger(1, .move, 500 - spread, 350, at: 3.05 + Double(i) * 0.02))
            c.pointer(finger(2, .move, 500 + spread, 350, at: 3.06 + Double(i) * 0.02))
        }
        c.pointer(finger(1, .up, 300, 350, at: 3.4))
        c.pointer(finger(2, .up, 700, 350, at: 3.41))
        #expect(abs(c.view.scale - 2) < 1e-9, "fingers twice as far apart: zoom 200%")
        #expect(c.editor.strokes.count == 1, "the pinch drew nothing")
        #expect(c.editor.strokes[0].points == [Point(400, 300), Point(600, 300)], "strokes stay in canvas pixels")
        // Canvas (500, 350) stays under the fingers' centre; the stroke at canvas y 300 is now at
        // window y 250, twice as thick, drawn again at the zoom.
        #expect(c.view.toWindow(Point(500, 350)) == Point(500, 350))
        let img = try c.shownSettled()
        #expect(img.pixel(x: 500, y: 250) == 0xFF00_0000 && img.pixel(x: 500, y: 253) == 0xFF00_0000)
        #expect(img.pixel(x: 500, y: 300) == 0xFFFF_FFFF)
        // Drawing while zoomed lands in canvas coordinates (the touch button: Pen only, then draw).
        c.perform(.touchMode)
        c.perform(.touchMode)
        c.pointer(finger(5, .down, 500, 450, at: 4.0))
        c.pointer(finger(5, .move, 700, 450, at: 4.2))
        c.pointer(finger(5, .up, 700, 450, at: 4.5))
        #expect(c.editor.strokes.last?.points == [Point(500, 400), Point(600, 400)])
        // Reset: Ctrl+0 fits the page (the window-sized page at 100%, where it was).
        c.key(KeyInput(.character("0"), ctrl: true), time: 5)
        #expect(c.view == .identity)
    }

    @Test func navigateModeOneFingerDrawsTwoFingersDrag() throws {
        let c = try makeController()
        // A page larger than the window, at 100%, so there is room to move it.
        c.document.newPageNow(PageSpec(size: PixelSize(width: 2000, height: 1400)))
        c.key(KeyInput(.character("1"), ctrl: true), time: 0)
        #expect(c.view == ViewTransform(scale: 1, offset: Point(-500, -350)))
        c.perform(.touchMode)
        c.pointer(finger(1, .down, 200, 200, at: 1.0))
        c.pointer(finger(1, .move, 400, 200, at: 1.2))
        c.pointer(finger(1, .up, 400, 200, at: 1.5))
        #expect(c.editor.strokes.count == 1)
        c.pointer(finger(1, .down, 300, 400, at: 2.0))
        c.pointer(finger(2, .down, 400, 400, at: 2.02))
        c.pointer(finger(1, .move, 350, 450, at: 2.1))
        c.pointer(finger(2, .move, 450, 450, at: 2.1))
        c.pointer(finger(1, .up, 350, 450, at: 2.3))
        c.pointer(finger(2, .up, 450, 450, at: 2.3))
        #expect(c.editor.strokes.count == 1, "two fingers moved the view and drew nothing")
        #expect(c.view == ViewTransform(scale: 1, offset: Point(-450, -300)))
        c.perform(.resetView)
        c.perform(.menuItem(.fitPage))
        #expect(c.view == c.viewport.fittedView() && c.view.scale < 0.5)
    }

    @Test func ctrlWheelZoomsAboutThePointer() throws {
        let c = try makeController()
        c.input.wheel(1, at: Point(300, 300), zoom: true)
        #expect(c.view.scale == 1.25 && c.view.toWindow(Point(300, 300)) == Point(300, 300))
    }
}
