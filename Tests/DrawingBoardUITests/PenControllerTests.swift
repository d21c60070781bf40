import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Pens in the window: Pen only chosen the first time one is seen, palms rejected while it is
/// near, the eraser end, and the pressure reaching the stroke.
@Suite struct PenControllerTests {
    func event(_ source: PointerSource, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, pressure: Double = 1, time: Double) -> PointerEvent {
        PointerEvent(source: source, phase: phase, position: Point(x, y), pressure: pressure, time: time)
    }

    @Test func theFirstPenTurnsOnPenOnlyOnceAndItsPressureReachesTheStroke() throws {
        let c = try makeController()
        #expect(c.input.touchMode == .draw)
        c.pointer(event(.pen(.tip), .down, 100, 300, pressure: 0.2, time: 0))
        c.pointer(event(.pen(.tip), .move, 300, 300, pressure: 0.6, time: 0.01))
        c.pointer(event(.pen(.tip), .up, 500, 300, pressure: 1, time: 0.02))
        #expect(c.input.touchMode == .penOnly && c.input.penWasSeen)
        let stroke = try #require(c.editor.strokes.last)
        #expect(stroke.pressures == [0.2, 0.6, 0.6], "the lift keeps the last contact's pressure, whatever the lift reports")
        // Changed back by the user, it stays: Pen only comes the first time only.
        c.perform(.touchMode)
        #expect(c.input.touchMode == .draw)
        c.pointer(event(.pen(.tip), .down, 100, 400, time: 5))
        c.pointer(event(.pen(.tip), .up, 200, 400, time: 5.1))
        #expect(c.input.touchMode == .draw)
        #expect(c.brush.preferences.penSeen)
    }

    @Test func inPenOnlyFingersMoveTheViewAndNeverDraw() throws {
        let c = try makeController()
        c.input.penWasSeen = true
        c.perform(.touchMode)
        c.perform(.touchMode)
        #expect(c.input.touchMode == .penOnly)
        c.viewport.zoom(by: 2, about: Point(500, 350))
        let before = c.view
        c.pointer(event(.finger(1), .down, 400, 300, time: 1))
        c.pointer(event(.finger(1), .move, 450, 330, time: 1.1))
        c.pointer(event(.finger(1), .move, 480, 360, time: 1.2))
        c.pointer(event(.finger(1), .up, 480, 360, time: 1.3))
        #expect(c.editor.strokes.isEmpty, "a finger never draws")
        #expect(c.view.scale == before.scale && c.view.offset != before.offset, "one finger moves the view")
    }

    @Test func aPalmWhileThePenIsNearIsIgnoredAndAPalmFirstLeavesNoMark() throws {
        let c = try makeController()
        c.input.penWasSeen = true
        // A palm lands first and starts a stroke; then the pen comes near (hovering).
        c.pointer(event(.finger(7), .down, 600, 500, time: 1))
        c.pointer(event(.finger(7), .move, 650, 520, time: 1.4))
        c.input.penHover(at: Point(200, 200), time: 1.5)
        c.pointer(event(.finger(7), .move, 700, 540, time: 1.6))
        c.pointer(event(.finger(7), .up, 700, 540, time: 1.7))
        c.tick(2.5)
        #expect(c.editor.strokes.isEmpty, "the palm's stroke went without a mark")
        // The pen draws; a touch meanwhile, and within half a second after it lifts, is a palm.
        c.pointer(event(.pen(.tip), .down, 100, 100, time: 3))
        c.pointer(event(.finger(8), .down, 600, 500, time: 3.1))
        c.pointer(event(.finger(8), .move, 650, 500, time: 3.2))
        c.pointer(event(.pen(.tip), .up, 300, 100, time: 3.3))
        c.pointer(event(.finger(8), .up, 700, 500, time: 3.4))
        c.pointer(event(.finger(9), .down, 600, 600, time: 3.6))
        c.pointer(event(.finger(9), .up, 700, 600, time: 3.7))
        c.tick(4)
        #expect(c.editor.strokes.count == 1, "only the pen's stroke")
        // Long after: a finger draws again (in the draw mode).
        c.pointer(event(.finger(10), .down, 600, 400, time: 5))
        c.pointer(event(.finger(10), .move, 650, 400, time: 5.4))
        c.pointer(event(.finger(10), .up, 700, 400, time: 5.5))
        c.tick(6)
        #expect(c.editor.strokes.count == 2)
    }

    /// The tablet's in-range and out-of-range (X11's XI 1 proximity, Wayland's tablet
    /// protocol): palms are ignored while the pen is in range however still it holds, and half a
    /// second after it leaves; a range never closed (its leaving told to another window) ends
    /// after five seconds without a pen event.
    @Test func palmsAreIgnoredWhileThePenIsInRange() throws {
        let c = try makeController()
        c.input.penWasSeen = true
        func palm(_ id: Int, at time: Double) {
            c.pointer(event(.finger(id), .down, 600, 300, time: time))
            c.pointer(event(.finger(id), .move, 650, 300, time: time + 0.05))
            c.pointer(event(.finger(id), .up, 700, 300, time: time + 0.1))
            c.tick(time + 0.6)
        }
        c.input.penProximity(near: true, time: 1)
        palm(1, at: 3)
        #expect(c.editor.strokes.isEmpty, "two seconds in range without moving: still a palm")
        c.input.penProximity(near: false, time: 4)
        palm(2, at: 4.2)
        #expect(c.editor.strokes.isEmpty, "within half a second of leaving")
        palm(3, at: 5)
        #expect(c.editor.strokes.count == 1, "then fingers draw")
        c.input.penProximity(near: true, time: 10)
        palm(4, at: 16)
        #expect(c.editor.strokes.count == 2, "in range, but nothing for five seconds: the leaving was missed")
    }

    @Test func theEraserEndErasesWhateverToolIsChosenAndShowsTheEraser() throws {
        let c = try makeController()
        c.drag([(100, 300), (500, 300)])
        #expect(c.editor.strokes.count == 1)
        c.pointer(event(.pen(.eraser), .down, 300, 250, time: 1))
        #expect(ChromeView(app: c, layout: c.layout()).tool == .eraser, "the toolbar shows the eraser while the eraser end is down")
        c.pointer(event(.pen(.eraser), .move, 300, 300, time: 1.1))
        c.pointer(event(.pen(.eraser), .up, 300, 350, time: 1.2))
        #expect(c.editor.toolState.tool == .pencil, "the tool in hand stays the pencil")
        #expect(ChromeView(app: c, layout: c.layout()).tool == .pencil)
        let erasing = try #require(c.editor.strokes.last)
        #expect(erasing.tool == .eraser && erasing.style.width == ToolRules.eraserWidth)
        #expect(try c.editor.image.flattened().pixel(x: 300, y: 300) & 0xFFFFFF == 0xFFFFFF)
    }

    @Test func thePressureCurveFromTheBrushPanel() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        #expect(c.layout().frame(of: .pressureCurve(.firm)) == nil, "no pen yet: the shape helpers")
        c.input.penWasSeen = true
        #expect(c.layout().frame(of: .pressureCurve(.firm)) != nil && c.layout().frame(of: .shapeHelper(.constrain)) == nil)
        let label = try #require(c.layout().inPanel.pressureLabel, "the row says what it is")
        #expect(label.maxX <= c.layout().frame(of: .pressureCurve(.soft))!.minX, "the label before the choices")
        c.click(.pressureCurve(.firm))
        #expect(c.input.pressureCurve == .firm && c.brush.preferences.pressureCurve == .firm)
        c.click(.panel(.brush))
        c.pointer(event(.pen(.tip), .down, 100, 300, pressure: 0.5, time: 0))
        c.pointer(event(.pen(.tip), .up, 400, 300, pressure: 0.5, time: 0.1))
        let pressures = try #require(c.editor.strokes.last?.pressures)
        #expect(pressures.allSatisfy { abs($0 - pow(0.5, 1.6)) < 1e-9 }, "a firm curve: p^1.6")
        // A shape tool keeps its helpers.
        c.brush.select(.rectangle)
        c.click(.panel(.brush))
        #expect(c.layout().frame(of: .shapeHelper(.constrain)) != nil && c.layout().inPanel.pressureLabel == nil)
        #expect(PressureCurve.soft.apply(0.25) > 0.25 && PressureCurve.normal.apply(0.25) == 0.25 && PressureCurve.firm.apply(0.25) < 0.25)
    }
}
