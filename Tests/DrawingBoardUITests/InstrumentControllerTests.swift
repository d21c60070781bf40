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
        // A wobbly stroke started 20 px above the edge goes along it.
        c.drag([(300, 330), (400, 322), (500, 341), (600, 336)])
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

    @Test func theSetSquareGuidesAlongItsThreeSides() {
        let square = Instrument(.setSquare, at: Point(500, 300), angle: 0, radius: 200)
        #expect(square.triangle == [Point(300, 300), Point(700, 300), Point(500, 500)])
        // Near the long side, near a short side (at 45°), and far from all.
        #expect(square.guided([Point(400, 290), Point(600, 310)]) == [Point(400, 300), Point(600, 300)])
        let leg = square.guided([Point(410, 410), Point(350, 340)])!
        #expect(abs(leg[0].x - leg[0].y + 0) < 1e-9 || abs((leg[0].y - 300) - (leg[0].x - 300)) < 1e-9)
        #expect(square.guided([Point(500, 100), Point(600, 120)]) == nil)
    }
}
