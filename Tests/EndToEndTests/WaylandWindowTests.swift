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
        #expect(try eventually { try app.screenshot().rgb(300, 351) == 0xFFFFFF }, "undone again")
        // Shift held through Wayland's keyboard: a line comes out level; then the highlighter
        // (its own wide yellow) over it leaves the line black.
        #expect(try app.waitForBars(Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil,
                                           recentColors: 0, hasMessage: false, hasDialog: false)), "the bars are back")
        try select(.line, key: "2", in: app)
        try app.drag(holding: "shift", [(150, 500), (300, 505), (450, 512)])
        #expect(try eventually { try app.screenshot().rgb(440, 500) == 0x000000 }, "Shift levels the line on Wayland")
        #expect(try app.screenshot().rgb(440, 510) == 0xFFFFFF)
        try select(.highlighter, key: "h", in: app)
        try app.drag([(300, 440), (300, 500), (300, 560)])
        #expect(try eventually { try app.screenshot().rgb(300, 470) != 0xFFFFFF }, "the highlighter on Wayland")
        let marked = try app.screenshot("wayland-highlighter")
        #expect(marked.rgb(300, 500) == 0x000000, "the line under the marker stays black")
        try app.key("ctrl+z")
        try app.key("ctrl+z")
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(440, 500) == 0xFFFFFF && s.rgb(300, 470) == 0xFFFFFF
        }, "both undone")
        // Back at the unmodified state: quitting does not ask.
        try? app.key("ctrl+q")
        #expect(app.waitForExit() == 0)
        #expect(app.errorOutput.contains("video driver wayland"), "stats: \(app.errorOutput)")
    }

    /// Presses `key` until the toolbar shows `tool` selected: on a loaded machine a nested
    /// compositor can drop a key press, and the drawing that follows would use the old tool.
    private func select(_ tool: Tool, key: String, in app: AppUnderTest) throws {
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let button = l.frame(of: .tool(tool))!
        for _ in 0..<3 {
            try app.key(key)
            if try eventually(3, { try app.screenshot().rgb(Int(button.minX) + 6, Int(button.center.y)) == 0x3465A4 }) { return }
        }
        Issue.record("the \(tool.rawValue) tool was not selected by \(key)")
    }

    @Test func hiDPIOutputsGetASharpCanvasAndAScaledInterface() throws {
        let x = try XServer(width: 2100, height: 1500)
        let weston = try WestonSession(server: x, width: 1000, height: 700, scale: 2)
        // The window is 1000x700 logical pixels, 2000x1400 real ones.
        let l = Layout(window: PixelSize(width: 2000, height: 1400), scale: 2, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let pencil = l.frame(of: .tool(.pencil))!
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: weston.environment,
                                   window: weston.windowID) { app in
            try app.screenshot().rgb(Int(pencil.minX) + 10, Int(pencil.center.y)) == 0x3465A4
        }
        let shot = try app.screenshot("wayland-hidpi")
        #expect(shot.size == PixelSize(width: 2000, height: 1400))
        #expect(pencil.width >= 2 * Theme.minimumTarget, "controls scale with the output")
        #expect(shot.rgb(Int(pencil.maxX) - 10, Int(pencil.center.y)) == 0x3465A4, "the selected tool fills its doubled frame")
        // Pointer positions map to real pixels: a stroke drawn at (600, 702) lands there, 4 px wide.
        try app.drag([(300, 702), (600, 704), (900, 702)])
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(600, 703) == 0x000000 && s.rgb(600, 712) == 0xFFFFFF
        })
        try app.screenshot("wayland-hidpi-stroke")
    }
}
