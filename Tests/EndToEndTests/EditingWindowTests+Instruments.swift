import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// The ruler, the set square and the compass in the real window: laid with Ctrl+R, a wobbly
/// pencil stroke started near the edge comes out straight along it, the wheel turns it, a click
/// on its label changes it, Esc puts it away; two fingers turn it. On X11 and on Wayland.
extension EditingWindowTests {
    static func darkInk(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { image.rgb(x, y) & 0xFF < 0x60 }

    /// Ctrl+R, then a wobbly stroke from 20 px above the edge (y = 350 across the middle):
    /// straight along it.
    static func rulerStroke(_ app: AppUnderTest, _ tag: String) throws {
        try app.key("ctrl+r")
        #expect(try eventually { try app.screenshot().rgb(200, 380) != 0xFFFFFF }, "the ruler's band shows below the edge (\(tag))")
        try app.drag([(300, 330), (380, 322), (460, 341), (540, 318), (600, 336)])
        #expect(try eventually {
            let shot = try app.screenshot()
            return (300...600).filter { darkInk(shot, $0, 348) }.count > 280 && !darkInk(shot, 380, 322) && !darkInk(shot, 540, 318)
        }, "straight along the edge (\(tag))")
        _ = try app.screenshot("instrument-ruler-\(tag)")
    }

    @Test func theRulerStraightensTurnsChangesAndGoes() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        try Self.rulerStroke(app, "x11")
        // Thirty notches of the wheel down over the band: 30° clockwise about the pointer at
        // (700, 380), so the edge through (500, 350) goes through (541.8, 254.0). A stroke from
        // near it runs along it: at x = 400 the edge is at y = 254.0 - 141.8 tan 30° = 172.2.
        try app.server.xdotool(["mousemove", "--window", app.windowID, "700", "380", "click", "--repeat", "30", "--delay", "5", "5"])
        // (Started above the edge, off the band: a press on the band moves the ruler.)
        try app.drag([(450, 190), (400, 158), (330, 120)])
        #expect(try eventually {
            let shot = try app.screenshot()
            return (166...178).contains { y in Self.darkInk(shot, 400, y) } && !Self.darkInk(shot, 400, 158)
        }, "drawn along the turned edge")
        _ = try app.screenshot("instrument-turned")
        // Its label changes it to the set square.
        try app.key("Escape")
        #expect(try eventually { try app.screenshot().rgb(200, 400) == 0xFFFFFF && app.screenshot().rgb(700, 380) == 0xFFFFFF }, "Esc puts it away")
        try app.key("ctrl+r")
        let label = Point(500, 350 + 36)
        try app.click(label)
        #expect(try eventually { try app.screenshot().rgb(500, 480) != 0xFFFFFF && app.screenshot().rgb(150, 380) == 0xFFFFFF },
                "the set square: its right angle below the middle, no band beside it")
        _ = try app.screenshot("instrument-set-square")
        try app.click(label)
        _ = try app.screenshot("instrument-compass")
        try app.key("ctrl+z")
        try app.key("ctrl+z")
        #expect(try eventually {
            let shot = try app.screenshot()
            return !(300...600).contains { Self.darkInk(shot, $0, 348) }
        }, "the strokes undo as any others")
    }

    @Test func theRulerOnWayland() throws {
        let x = try XServer()
        let weston = try WestonSession(server: x, width: 1000, height: 700)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: weston.environment, window: weston.windowID) { app in
            let pencil = Self.closed.frame(of: .tool(.pencil))!
            return try app.screenshot().rgb(Int(pencil.minX) + 6, Int(pencil.center.y)) == 0x3465A4
        }
        try Self.rulerStroke(app, "wayland")
    }

    @Test func twoFingersTurnTheRuler() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        try app.key("ctrl+r")
        #expect(try eventually { try app.screenshot().rgb(200, 380) != 0xFFFFFF })
        // Two fingers on the band, 200 px apart, turned a quarter about their middle: the band
        // stands upright through (500, 370).
        app.touch(Fingers.quarterTurn(about: (500, 370), radius: 100))
        #expect(try eventually {
            let shot = try app.screenshot()
            return shot.rgb(200, 380) == 0xFFFFFF && shot.rgb(520, 150) != 0xFFFFFF
        }, "turned upright")
        _ = try app.screenshot("instrument-fingers")
    }
}
