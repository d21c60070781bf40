import DrawingBoardCore
import Testing
@testable import DrawingBoardRender
@testable import DrawingBoardUI

/// The areas a frame composes again: where a bar was and where it slid to are one area, composed
/// once, not the strip they share twice.
@Suite struct DamageTests {
    @Test func overlappingAreasAreComposedOnce() {
        let was = PixelRect(x: 80, y: 8, width: 840, height: 56), now = PixelRect(x: 80, y: 3, width: 840, height: 56)
        #expect(FrameComposer.coalesced([was, now]) == [PixelRect(x: 80, y: 3, width: 840, height: 61)])
        // Apart, or crossing where their union would cover much more: as they are.
        let far = PixelRect(x: 80, y: 600, width: 840, height: 56)
        #expect(FrameComposer.coalesced([was, far]) == [was, far])
        let across = [PixelRect(x: 0, y: 100, width: 1000, height: 10), PixelRect(x: 500, y: 0, width: 10, height: 700)]
        #expect(FrameComposer.coalesced(across) == across)
        // A chain: the third joins the union of the first two.
        let chain = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 12, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 0, width: 10, height: 10)]
        #expect(FrameComposer.coalesced(chain) == [PixelRect(x: 0, y: 0, width: 22, height: 10)])
    }

    @Test func aBarSlidingComposesEachStepOnce() throws {
        let c = try makeController()
        let (frame, icons) = try c.renderedFrame()
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(300, 400), time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(320, 410), time: 1.01))
        var steps = 0
        for t in stride(from: 1.02, through: 1.3, by: 1.0 / 60) {
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(320 + (t - 1) * 100, 410), time: t))
            c.tick(t)
            let damage = c.takeDamage()
            let bars = damage.recompose.filter { $0.width > 500 }
            if !bars.isEmpty { steps += 1 }
            #expect(bars.count <= 2, "one area a bar at \\(t): \\(bars)")
            c.render(into: frame, icons: icons, damage: damage)
        }
        #expect(steps > 5, "the bars slid in steps (\\(steps))")
    }
}
