import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// The same drawing and undo case on Wayland: weston nested in Xvfb, the app with
/// SDL_VIDEODRIVER=wayland, real X input on weston's window reaching the app as Wayland pointer
/// and keyboard events.
@Suite(.serialized) struct WaylandWindowTests {
    @Test func drawAndUndoOnWayland() throws {
        let x = try XServer()
        let weston = try WestonSession(server: x, width: 1000, height: 700)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: weston.environment,
                                   window: weston.windowID) { app in
            // The kiosk shell shows the app full-size: wait for its toolbar's selected tool.
            let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil,
                           recentColors: 0, hasMessage: false, hasDialog: false)
            let pencil = l.frame(of: .tool(.pencil))!
            return try app.screenshot().rgb(Int(pencil.minX) + 6, Int(pencil.center.y)) == 0x3465A4
        }
        let start = try app.screenshot("wayland-start")
        #expect(start.rgb(300, 351) == 0xFFFFFF)
        try app.drag([(150, 350), (300, 352), (450, 350)])
        #expect(try eventually { try app.screenshot().rgb(300, 351) == 0x000000 }, "the stroke shows on Wayland")
        try app.screenshot("wayland-stroke")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 351) == 0xFFFFFF }, "Ctrl+Z undoes on Wayland")
        try app.key("ctrl+y")
        #expect(try eventually { try app.screenshot().rgb(300, 351) == 0x000000 }, "Ctrl+Y redoes on Wayland")
        try app.key("ctrl+z")
        Thread.sleep(forTimeInterval: 0.3)
        // Back at the unmodified state: quitting does not ask.
        try? app.key("ctrl+q")
        #expect(app.waitForExit() == 0)
        #expect(app.errorOutput.contains("video driver wayland"), "stats: \(app.errorOutput)")
    }
}
