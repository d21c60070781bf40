import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// Touch in the real window: the harness runs the app's event loop and pushes SDL finger events
/// into it (the same queue and translation as a touchscreen's); screenshots show the result.
@Suite(.serialized) struct TouchWindowTests {
    static let size = PixelSize(width: 1000, height: 700)
    let layout = Layout(window: TouchWindowTests.size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                        hasMessage: false, hasDialog: false)

    /// A finger command at window pixel (x, y).
    func at(_ verb: String, _ finger: Int, _ x: Double, _ y: Double) -> String {
        "\(verb) \(finger) \(x / Double(Self.size.width)) \(y / Double(Self.size.height))"
    }

    func tap(_ control: Control, finger: Int = 9) -> [String] {
        let c = layout.frame(of: control)!.center
        return [at("down", finger, c.x, c.y), "sleep 30", at("up", finger, c.x, c.y), "sleep 30"]
    }

    @Test func twoFingersDrawTwoStrokesAtOnceEachItsOwnUndoStep() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        var commands = [at("down", 1, 200, 200), at("down", 2, 700, 200)]
        for i in 1...12 {
            commands += [at("move", 1, 200, 200 + Double(i) * 25), at("move", 2, 700, 200 + Double(i) * 25), "sleep 10"]
        }
        commands += [at("up", 2, 700, 500), "sleep 20", at("up", 1, 200, 500)]
        app.touch(commands)
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(200, 350) == 0x000000 && s.rgb(700, 350) == 0x000000 && s.rgb(450, 350) == 0xFFFFFF
        }, "two strokes at once")
        try app.screenshot("touch-two-fingers")
        try app.key("ctrl+z")
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(200, 350) == 0xFFFFFF && s.rgb(700, 350) == 0x000000
        }, "one undo removes the stroke of the finger that lifted last")
    }

    /// A pen as the flatpak's sdl2-compat delivers it: fingers of touch id -2 with pressure and
    /// mouse copies with `which` -2. Exactly one stroke, its width following the pressure.
    @Test func aPenUnderSdl2CompatDrawsOneStrokeFollowingItsPressure() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        // The pencil (key 1), at its width.
        try app.key("1")
        var commands = ["pen down 0.1 0.5 0.1"]
        for i in 1...16 {
            let t = Double(i) / 16
            commands += ["pen move \(0.1 + 0.8 * t) 0.5 \(0.1 + 0.9 * t)", "sleep 10"]
        }
        commands += ["pen up 0.9 0.5 1"]
        app.touch(commands)
        func inked(_ shot: RasterImage, x: Int) -> Int { (250..<450).filter { shot.rgb(x, $0) != 0xFFFFFF }.count }
        #expect(try eventually { inked(try app.screenshot(), x: 850) > 0 })
        let shot = try app.screenshot("pen-pressure")
        #expect(inked(shot, x: 150) < inked(shot, x: 850), "thin where light: \(inked(shot, x: 150)) px against \(inked(shot, x: 850))")
        try app.key("ctrl+z")
        #expect(try eventually {
            let now = try app.screenshot()
            return inked(now, x: 850) == 0 && inked(now, x: 150) == 0
        }, "one undo removes it all: one stroke, not a pen's and its mouse copy's")
    }

    @Test func aTwoFingerTapUndoesAndLeavesNoMark() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        try app.drag([(150, 400), (450, 400)])
        #expect(try eventually { try app.screenshot().rgb(300, 400) == 0x000000 })
        app.touch([at("down", 1, 600, 300), at("down", 2, 680, 300), "sleep 60", at("up", 1, 600, 300), at("up", 2, 680, 300)])
        #expect(try eventually { try app.screenshot().rgb(300, 400) == 0xFFFFFF }, "the mouse stroke is undone")
        let shot = try app.screenshot("touch-two-finger-tap")
        #expect(shot.rgb(600, 300) == 0xFFFFFF && shot.rgb(680, 300) == 0xFFFFFF, "the tap left no dots")
        app.touch([at("down", 1, 600, 300), at("down", 2, 650, 300), at("down", 3, 700, 300), "sleep 60",
                   at("up", 1, 600, 300), at("up", 2, 650, 300), at("up", 3, 700, 300)])
        #expect(try eventually { try app.screenshot().rgb(300, 400) == 0x000000 }, "a three-finger tap redoes")
    }

    @Test func pinchZoomsTheViewAndTheToolbarWorksByTouch() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        try app.drag([(400, 300), (600, 300)])
        #expect(try eventually { try app.screenshot().rgb(500, 300) == 0x000000 }, "the mouse's stroke")
        #expect(try app.waitForBars(layout), "the bars are back")
        // Switch to "two fingers move the view" with a finger on the bottom bar.
        app.touch(tap(.touchMode))
        var commands = [at("down", 1, 450, 350), at("down", 2, 550, 350)]
        for i in 1...10 {
            let spread = 50 + Double(i) * 5
            commands += [at("move", 1, 500 - spread, 350), at("move", 2, 500 + spread, 350), "sleep 10"]
        }
        commands += [at("up", 1, 400, 350), at("up", 2, 600, 350)]
        app.touch(commands)
        // Zoom 200% about (500, 350): the stroke at canvas y 300 shows at window y 250, 8 px thick.
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(500, 250) == 0x000000 && s.rgb(500, 253) == 0x000000 && s.rgb(500, 300) == 0xFFFFFF
        }, "pinched to 200%")
        try app.screenshot("touch-pinch-zoom")
        try app.key("ctrl+0")
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(500, 300) == 0x000000 && s.rgb(500, 250) == 0xFFFFFF
        }, "Ctrl+0 resets the view")
    }
}

/// SDL's mouse-to-touch emulation, driven by real X input: the mouse still makes one stroke.
@Suite(.serialized) struct MouseTouchEmulationTests {
    @Test func aMouseDrawsExactlyOneStrokeWhenSDLAlsoMakesTouchesOfIt() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: ["SDL_MOUSE_TOUCH_EVENTS": "1"])
        // Half opacity: a second copy of the stroke would show as a darker grey.
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                       hasMessage: false, hasDialog: false)
        try app.click(l.frame(of: .panel(.brush))!.center)
        let panel = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: .brush, recentColors: 0,
                           hasMessage: false, hasDialog: false)
        try app.click(Point(panel.inPanel.knobX(.opacity, value: 50)!, panel.inPanel.tracks[.opacity]!.center.y))
        try app.key("Escape")
        try app.drag([(100, 150), (300, 152), (500, 150)])
        #expect(try eventually {
            let p = try app.screenshot().rgb(300, 151)
            let r = Int(p >> 16), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
            return abs(r - 128) <= 2 && r == g && g == b
        }, "one translucent stroke, not two")
        try app.screenshot("touch-mouse-emulation")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 151) == 0xFFFFFF }, "one undo removes it all")
    }
}
