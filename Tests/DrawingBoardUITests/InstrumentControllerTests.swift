import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// The ruler, set square and compass in the window: laid with Ctrl+R, turned by the wheel,
/// moved by a drag, changed by their label, put away with Esc; strokes started near an edge
/// follow it.
@Suite struct InstrumentControllerTests {
    @Test func aRulerLaidTurnedMovedAndFollowed() throws {
        let c = try makeController()
        c.brush.select(.pencil)
        c.key(KeyInput(.character("r"), ctrl: true), time: 0)
        let ruler = try #require(c.instruments.instrument)
        #expect(ruler.kind == .ruler && ruler.at == Point(500, 350) && ruler.angle == 0)
        // A wobbly stroke started 20 px above the edge goes along it, as it is drawn already.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(300, 330)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(400, 322)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 341)))
        let drawing = try c.shown()
        #expect(drawing.pixel(x: 450, y: 348) & 0xFF < 0x40 && drawing.pixel(x: 400, y: 322) & 0xFFFFFF == 0xFFFFFF, "the live stroke lies along the edge")
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(600, 336)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(600, 336)))
        #expect(c.editor.page.strokes.last?.points == [Point(300, 350), Point(600, 350)])
        // One started far from it is drawn as it went.
        c.drag([(300, 150), (400, 160), (600, 140)])
        #expect(c.editor.page.strokes.last?.points.count ?? 0 > 2)
        // The wheel over its band (below the edge) turns it a degree a notch; Shift to 15°.
        c.input.scroll(dy: -30, at: Point(500, 380))
        #expect(c.instruments.instrument?.angle == 30)
        // About the point under the pointer, which stays on the band.
        let turned = try #require(c.instruments.instrument)
        #expect(Ruler(at: turned.at, angle: 30).distance(to: Point(500, 380)) - 30 < 1e-9)
        #expect(c.instruments.label(c.instruments.instrument!).text == "Ruler 30°")
        c.input.scroll(dy: -1, at: Point(500, 380), shift: true)
        #expect(c.instruments.instrument?.angle == 45)
        // A drag on it moves it; the pencil draws nothing meanwhile.
        let strokes = c.editor.page.strokes.count
        let laid = try #require(c.instruments.instrument).at
        let inside = c.view.toWindow(laid + Point(0.7071, 0.7071) * 150 + Point(-0.7071, 0.7071) * 30)
        c.drag([(inside.x, inside.y), (inside.x + 25, inside.y), (inside.x + 50, inside.y)])
        #expect(c.instruments.instrument?.at == laid + Point(50, 0) && c.editor.page.strokes.count == strokes)
        // The label changes it: set square, compass, ruler again.
        let label = c.instruments.label(c.instruments.instrument!).frame.center
        c.drag([(label.x, label.y)])
        #expect(c.instruments.instrument?.kind == .setSquare)
        c.drag([(label.x, label.y)])
        #expect(c.instruments.instrument?.kind == .compass)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.instruments.instrument == nil, "Esc puts it away")
    }

    @Test func theCompassDrawsArcsOfItsRadius() throws {
        let c = try makeController()
        c.brush.select(.pencil)
        c.instruments.instrument = Instrument(.compass, at: Point(500, 350), angle: 0, radius: 100)
        // Its pencil leg dragged out to 150 px, pointing down.
        c.drag([(600, 350), (560, 420), (500, 500)])
        let compass = try #require(c.instruments.instrument)
        #expect(abs(compass.radius - 150) < 1e-9 && abs(compass.angle - 90) < 1e-9)
        // A stroke started near the circle, a quarter round: an arc of radius 150.
        c.drag([(640, 350), (610, 440), (500, 495)])
        let arc = try #require(c.editor.page.strokes.last).points
        #expect(arc.count > 10 && arc.allSatisfy { abs($0.distance(to: Point(500, 350)) - 150) < 1e-6 })
        #expect(arc.first!.distance(to: Point(650, 350)) < 1e-6 && arc.last!.distance(to: Point(500, 500)) < 1e-6)
    }

    @Test func theSetSquareGuidesAlongItsThreeSides() throws {
        let square = Instrument(.setSquare, at: Point(500, 300), angle: 0, radius: 200)
        #expect(square.triangle == [Point(300, 300), Point(700, 300), Point(500, 500)])
        // Near the long side, near a short side (at 45°), and far from all.
        #expect(square.guided([Point(400, 290), Point(600, 310)]) == [Point(400, 300), Point(600, 300)])
        // (410, 410) lies on the short side from (500, 500) to (300, 300): along it, to (345, 345).
        let leg = try #require(square.guided([Point(410, 410), Point(350, 340)]))
        #expect(leg.count == 2 && leg[0].distance(to: Point(410, 410)) < 1e-9 && leg[1].distance(to: Point(345, 345)) < 1e-9, "\(leg)")
        #expect(square.guided([Point(500, 100), Point(600, 120)]) == nil)
    }
}

/// Snap to paper (the menu's switch, Ctrl+Shift+G): on squared paper a rectangle's corners, a
/// moved selection's top left corner and the ruler's point land on the grid; off, or on a
/// plain page, nothing snaps.
@Suite struct PaperSnapTests {
    @Test func shapesSelectionsAndTheRulerLandOnThePaper() throws {
        let c = try makeController()
        c.brush.choosePaper(.squared)
        #expect(c.brush.paper?.spacing == 32)
        c.key(KeyInput(.character("g"), ctrl: true, shift: true), time: 0)
        #expect(c.editor.tools.snapsToPaper && c.pages.numberEntry == nil, "Ctrl+Shift+G is the switch, not Go to page")
        c.brush.select(.rectangle)
        c.drag([(100, 100), (150, 140), (205, 170)])
        #expect(c.editor.page.strokes.last?.points == [Point(96, 96), Point(192, 160)])
        // A pencil stroke lassoed and moved: its box's top left corner lands on a crossing.
        c.brush.select(.pencil)
        c.drag([(300, 300), (350, 310), (400, 305)])
        c.brush.select(.select)
        c.drag([(280, 280), (420, 280), (420, 330), (280, 330), (281, 281)])
        let box = try #require(c.lasso.restingBox)
        c.drag([(350, 310), (370, 330), (387, 331)])
        let moved = try #require(c.lasso.restingBox)
        #expect(abs(moved.minX / 32 - (moved.minX / 32).rounded()) < 1e-9 && abs(moved.minY / 32 - (moved.minY / 32).rounded()) < 1e-9)
        #expect(abs(moved.minX - (box.minX + 37)) <= 16 && abs(moved.minY - (box.minY + 21)) <= 16)
        // The ruler moved lands its point on a crossing.
        c.key(KeyInput(.character("r"), ctrl: true), time: 0)
        let at = try #require(c.instruments.instrument).at
        c.drag([(at.x + 150, at.y + 30), (at.x + 160, at.y + 40), (at.x + 163, at.y + 47)])
        #expect(c.instruments.instrument?.at == Point(512, 352), "(513, 367) to the nearest crossing")
        // Off again: a rectangle goes where it is drawn.
        c.key(KeyInput(.escape), time: 0)
        c.key(KeyInput(.character("g"), ctrl: true, shift: true), time: 0)
        c.brush.select(.rectangle)
        c.drag([(100, 500), (205, 570)])
        #expect(c.editor.page.strokes.last?.points == [Point(100, 500), Point(205, 570)])
    }
}

/// A pencil stroke held still (the button down) shows the shape it will snap to before it is
/// let go; moving on brings the stroke as drawn back; let go after resting, the shape is what
/// is committed.
@Suite struct SnapWhileHeldTests {
    /// A rectangle by hand, its top edge bulging up 15 px in the middle.
    static let rectangle: [(Double, Double)] = [(150, 220), (230, 214), (300, 205), (370, 214), (450, 220), (452, 320), (450, 420),
                                                (300, 422), (150, 420), (149, 320), (150, 224)]

    func ink(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) & 0xFF < 0x80 }

    /// The hand rectangle drawn with the pencil, 20 ms a motion, the button still held; the
    /// time of its last motion.
    func drawHeld(_ c: AppController) -> Double {
        c.brush.select(.pencil)
        var t = 1.0
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(150, 220), time: t))
        for p in Self.rectangle.dropFirst() {
            t += 0.02
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(p.0, p.1), time: t))
        }
        return t
    }

    @Test func theShapeShowsWhileTheButtonIsHeld() throws {
        let c = try makeController()
        var t = drawHeld(c)
        #expect(ink(try c.shown(), 300, 205), "the bulge, as drawn")
        let due = try #require(c.secondsUntilWakeup())
        #expect(abs(due - 0.5) < 0.05, "the loop wakes when the rest is long enough: \(due)")
        c.tick(t + 0.55)
        let held = try c.shown()
        #expect(!ink(held, 300, 205) && ink(held, 300, 220) && ink(held, 452, 320) == false && ink(held, 450, 320), "the rectangle, straight")
        // Moving on: the stroke as drawn is back.
        t += 0.6
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(200, 300), time: t))
        #expect(ink(try c.shown(), 300, 205), "drawn again as it was")
        // Resting again: a stroke that is no shape any more shows as drawn, and stays so.
        c.tick(t + 0.55)
        #expect(ink(try c.shown(), 300, 205))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(200, 300), time: t + 0.6))
        #expect(c.editor.page.strokes.map(\.tool) == [.pencil])
    }

    @Test func aRectangleHeldAndLetGoIsTheRectangleShown() throws {
        let c = try makeController()
        let t = drawHeld(c)
        c.tick(t + 0.55)
        let held = try c.shown()
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(150, 224), time: t + 0.6))
        #expect(c.editor.page.strokes.count == 1 && c.editor.page.strokes[0].tool == .rectangle, "\(c.editor.page.strokes.map(\.tool))")
        #expect(try c.shown().pixels == held.pixels, "what was shown while held is what was committed")
        c.undo()
        #expect(c.editor.page.strokes.count == 1 && c.editor.page.strokes[0].tool == .pencil, "undo: the stroke as drawn")
    }
}
