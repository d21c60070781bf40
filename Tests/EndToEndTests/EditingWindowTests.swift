import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing

/// Editing what was drawn, in the real window (one suite, its windows one at a time: the whole
/// test run starts many at once on two cores). Here, ink selected and edited: two pencil strokes
/// drawn with the mouse, a lasso drawn around one with the Select tool, dragged, scaled by a
/// corner, recoloured from the Brush panel, copied and pasted, each undone and redone; on X11
/// and on Wayland with xdotool, and with fingers through the touch harness. The instruments and
/// shapes that snap are in extensions of it. The screenshots show each step.
@Suite(.serialized) struct EditingWindowTests {
    static let size = PixelSize(width: 1000, height: 700)

    /// The pencil's strokes: one across y = 250 (x 150 to 350), one across y = 520 (x 600 to 800).
    static func drawTwoStrokes(_ app: AppUnderTest) throws {
        try app.drag([(150, 250), (250, 250), (350, 250)])
        try app.drag([(600, 520), (700, 520), (800, 520)])
        #expect(try eventually { try ink(app.screenshot(), 250, 250) && ink(app.screenshot(), 700, 520) }, "two strokes drawn")
    }

    /// The selection box's blue (#3465a4), within a little.
    static func accent(_ p: UInt32) -> Bool { p & 0xFF > 0x90 && p >> 16 < 0x60 && (0x50...0x80).contains(p >> 8 & 0xFF) }

    static func ink(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { image.rgb(x, y) & 0xFF < 0x60 }
    static func white(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { image.rgb(x, y) == 0xFFFFFF }

    /// A lasso around the first stroke.
    static let lasso = [(110, 200), (250, 190), (390, 200), (395, 300), (250, 310), (110, 300), (112, 205)]

    /// Lassoes the first stroke and drags it by (100, 150); checks what the screen shows, undo
    /// and redo.
    static func lassoAndDrag(_ app: AppUnderTest, _ tag: String) throws {
        try app.key("v")
        try app.drag(lasso)
        // The selection's box: its accent outline a little above the stroke.
        #expect(try eventually {
            let shot = try app.screenshot()
            return (230..<246).contains { y in accent(shot.rgb(250, y)) }
        }, "the box shows around the lassoed stroke (\(tag))")
        _ = try app.screenshot("group-lassoed-\(tag)")
        try app.drag([(250, 250), (280, 300), (320, 360), (350, 400)])
        #expect(try eventually {
            let shot = try app.screenshot()
            return ink(shot, 300, 400) && white(shot, 200, 250) && ink(shot, 700, 520)
        }, "moved by (100, 150); the other stroke stays (\(tag))")
        _ = try app.screenshot("group-moved-\(tag)")
        try app.key("ctrl+z")
        #expect(try eventually {
            let shot = try app.screenshot()
            return ink(shot, 200, 250) && white(shot, 300, 400)
        }, "undo puts it back (\(tag))")
        try app.key("ctrl+shift+z")
        #expect(try eventually {
            let shot = try app.screenshot()
            return ink(shot, 300, 400) && white(shot, 200, 250)
        }, "redo moves it again (\(tag))")
    }

    /// After `lassoAndDrag`: the box's corner scales it, the turn handle turns it, the Brush
    /// panel's hex field makes it red, Ctrl+C and Ctrl+V copy it 20 px lower; then the undos.
    static func scaleTurnRecolourAndPaste(_ app: AppUnderTest, _ tag: String) throws {
        // The bottom right corner, dragged twice as far from the top left one: the stroke
        // (x 250 to 450 at y = 400) doubles its length to the right.
        #expect(try Self.white(app.screenshot(), 600, 404))
        let box = try Self.box(app.screenshot(), around: 400, from: 240, to: 460)
        try app.drag([(box.right, box.bottom), (box.right + 40, box.bottom + 4), (2 * box.right - box.left, 2 * box.bottom - box.top)])
        #expect(try eventually { try Self.ink(app.screenshot(), 600, 2 * 400 - box.top + 2) || Self.ink(app.screenshot(), 600, 400 + (400 - box.top)) },
                "scaled twice by its corner")
        _ = try app.screenshot("group-scaled-\(tag)")
        // The turn handle (36 px above the box's top edge) dragged a quarter round clockwise:
        // the stroke stands upright through the box's middle. Undone at once.
        let turned = try Self.box(app.screenshot(), around: 400 + (400 - box.top) / 2, from: 240, to: 660)
        let centre = (x: (turned.left + turned.right) / 2, y: (turned.top + turned.bottom) / 2)
        let radius = centre.y - (turned.top - 36)
        try app.drag([(centre.x, turned.top - 36), (centre.x + radius / 2, centre.y - radius * 4 / 5), (centre.x + radius, centre.y)])
        #expect(try eventually {
            let shot = try app.screenshot()
            return (centre.x - 6...centre.x + 6).contains { Self.ink(shot, $0, centre.y - 120) } && Self.white(shot, centre.x - 150, centre.y)
        }, "turned upright (\(tag))")
        _ = try app.screenshot("group-turned-\(tag)")
        try app.key("ctrl+z")
        #expect(try eventually { try Self.ink(app.screenshot(), centre.x - 150, centre.y) || Self.ink(app.screenshot(), centre.x - 150, centre.y - 2) },
                "the turn undone (\(tag))")
        // Red from the Brush panel's hex field goes to the selection.
        try app.click(Self.closed.frame(of: .panel(.brush))!.center)
        let hex = try #require(Self.brushPanel.frame(of: .hexField))
        try app.click(hex.center)
        _ = try app.server.xdotool(["type", "--window", app.windowID, "--delay", "30", "ff0000"])
        try app.key("Return")
        try app.click(Self.brushPanel.frame(of: .closePanel)!.center)
        #expect(try eventually {
            let shot = try app.screenshot()
            return Self.redRows(shot, x: 500, in: 380..<430) >= 4
        }, "the selected stroke turned red")
        #expect(try Self.ink(app.screenshot(), 700, 520), "the other stroke stays black")
        _ = try app.screenshot("group-red-\(tag)")
        // Copy and paste: a second red stroke 20 px lower.
        try app.key("ctrl+c")
        try app.key("ctrl+v")
        #expect(try eventually {
            let shot = try app.screenshot()
            return Self.redRows(shot, x: 500, in: 380..<418) >= 4 && Self.redRows(shot, x: 500, in: 420..<445) >= 4
        }, "pasted 20 px below")
        _ = try app.screenshot("group-pasted-\(tag)")
    }

    static func undoPasteColourAndScale(_ app: AppUnderTest, _ tag: String) throws {
        // Undo the paste, the colour and the scale: one step each; the stroke is black at its
        // moved place again.
        for _ in 0..<3 { try app.key("ctrl+z") }
        #expect(try eventually {
            let shot = try app.screenshot()
            return Self.ink(shot, 300, 400) && Self.white(shot, 600, 404) && Self.redRows(shot, x: 300) == 0
        }, "three undos: black, its size, no copy")
        // Ctrl+A and Delete: the page is bare; one undo brings both back.
        try app.key("ctrl+a")
        try app.key("Delete")
        #expect(try eventually { try Self.white(app.screenshot(), 300, 400) && Self.white(app.screenshot(), 700, 520) }, "Delete takes all off")
        try app.key("ctrl+z")
        #expect(try eventually { try Self.ink(app.screenshot(), 300, 400) && Self.ink(app.screenshot(), 700, 520) }, "and undo brings all back")
    }

    @Test func lassoDragScaleTurnRecolourCopyAndPasteWithTheMouse() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        try Self.drawTwoStrokes(app)
        try Self.lassoAndDrag(app, "x11")
        try Self.scaleTurnRecolourAndPaste(app, "x11")
        // Other apps get a PNG (transparent around red ink) and an SVG of what was copied.
        let env = ["DISPLAY": x.display]
        try Self.clipboardHoldsTheCopy { type, file in
            let command = "xclip -o -selection clipboard -t '\(type ?? "TARGETS")'" + (file.map { " > '\($0.path)'" } ?? "")
            return (try? run("sh", ["-c", command], environment: env)) ?? ""
        }
        try Self.undoPasteColourAndScale(app, "x11")
    }

    /// What another app reads of the clipboard after the Ctrl+C of `scaleTurnRecolourAndPaste`:
    /// a PNG (transparent around red ink) and an SVG drawing the stroke as a path. `read`
    /// prints the types offered (nil), or the data of one (into the file given, if any).
    static func clipboardHoldsTheCopy(_ read: (_ type: String?, _ file: URL?) throws -> String) throws {
        #expect(try eventually {
            let types = try read(nil, nil)
            return types.contains("image/png") && types.contains("image/svg+xml")
        }, "the clipboard offers a PNG and an SVG")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-clip-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        _ = try read("image/png", png)
        let copied = try PNGFile.decode(atPath: png.path)
        #expect(copied.width > 400 && copied.width < 440 && copied.height < 30, "the copied stroke's box: \(copied.size)")
        #expect(copied.pixels.contains { $0 >> 24 == 0 } && copied.pixels.contains { $0 >> 24 == 0xFF && $0 >> 16 & 0xFF > 0xC0 && $0 & 0xFF < 0x40 },
                "transparent around, red ink")
        let svg = try read("image/svg+xml", nil)
        #expect(svg.contains("<svg") && svg.contains("<path") && !svg.contains("<image"), "the SVG draws the stroke as a path")
    }

    @Test func theSameOnWayland() throws {
        let x = try XServer()
        let weston = try WestonSession(server: x, width: 1000, height: 700)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: weston.environment, window: weston.windowID) { app in
            let pencil = Self.closed.frame(of: .tool(.pencil))!
            return try app.screenshot().rgb(Int(pencil.minX) + 6, Int(pencil.center.y)) == 0x3465A4
        }
        try Self.drawTwoStrokes(app)
        try Self.lassoAndDrag(app, "wayland")
        try Self.scaleTurnRecolourAndPaste(app, "wayland")
        try Self.undoPasteColourAndScale(app, "wayland")
        // Read last: wl-paste takes the keyboard for a moment to be given the clipboard.
        try Self.clipboardHoldsTheCopy { type, file in
            let command = "wl-paste -n " + (type.map { "-t '\($0)'" } ?? "--list-types") + (file.map { " > '\($0.path)'" } ?? "")
            return (try? run("sh", ["-c", command], environment: weston.environment)) ?? ""
        }
    }

    @Test func fingersLassoMovePinchAndTurn() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        let at = Fingers.at
        try Self.drawTwoStrokes(app)
        try app.key("v")
        // One finger draws the lasso.
        var lasso = [at("down", 1, Double(Self.lasso[0].0), Double(Self.lasso[0].1))]
        for p in Self.lasso.dropFirst() { lasso += [at("move", 1, Double(p.0), Double(p.1)), "sleep 10"] }
        lasso.append(at("up", 1, Double(Self.lasso.last!.0), Double(Self.lasso.last!.1)))
        app.touch(lasso)
        _ = try app.screenshot("group-finger-lasso")
        // One finger on it moves it by (100, 150).
        var move = [at("down", 1, 250, 250)]
        for i in 1...10 { move += [at("move", 1, 250 + Double(i) * 10, 250 + Double(i) * 15), "sleep 10"] }
        move.append(at("up", 1, 350, 400))
        app.touch(move)
        #expect(try eventually {
            let shot = try app.screenshot()
            return Self.ink(shot, 300, 400) && Self.white(shot, 200, 250)
        }, "a finger moved it")
        _ = try app.screenshot("group-finger-moved")
        // Two fingers 100 px apart on it, spread to 200: twice the length about their middle
        // (350, 400), so it reaches x = 150 and 550.
        #expect(try Self.white(app.screenshot(), 520, 400))
        app.touch(Fingers.spread(300, 400, y: 400, by: 50))
        #expect(try eventually {
            let shot = try app.screenshot()
            return (396..<406).contains { Self.ink(shot, 520, $0) } && (396..<406).contains { Self.ink(shot, 180, $0) }
        }, "pinched to twice the length")
        _ = try app.screenshot("group-finger-pinched")
        // Two fingers on it turned a quarter about their middle (350, 400): it stands upright.
        app.touch(Fingers.quarterTurn(about: (350, 400), radius: 50))
        #expect(try eventually {
            let shot = try app.screenshot()
            return (344...356).contains { Self.ink(shot, $0, 250) } && !(396..<406).contains { Self.ink(shot, 200, $0) }
        }, "turned upright by two fingers")
        _ = try app.screenshot("group-finger-turned")
        try app.key("ctrl+z")
        #expect(try eventually { (396..<406).contains { y in (try? Self.ink(app.screenshot(), 200, y)) == true } }, "the turn undone")
        try app.key("ctrl+z")
        #expect(try eventually {
            let shot = try app.screenshot()
            return Self.ink(shot, 300, 400) && !(396..<406).contains { Self.ink(shot, 520, $0) }
        }, "undo: the length it had")
    }

    static var closed: Layout { Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false) }
    static var brushPanel: Layout {
        Layout(window: size, scale: 1, barsHidden: 0, panel: .brush, recentColors: 0, hasMessage: false, hasDialog: false, tool: .select)
    }

    /// Rows at column `x` that are red.
    static func redRows(_ shot: RasterImage, x: Int, in rows: Range<Int> = 0..<700) -> Int {
        rows.filter { y in shot.rgb(x, y) >> 16 > 0xC0 && shot.rgb(x, y) >> 8 & 0xFF < 0x40 }.count
    }

    /// The selection box's corners around the stroke at row `y`: its outline found from the
    /// screenshot (the first accent pixels above and below the stroke in column `x`, and left
    /// and right along row `y`).
    static func box(_ shot: RasterImage, around y: Int, from x0: Int, to x1: Int) throws -> (left: Int, top: Int, right: Int, bottom: Int) {
        func accent(_ x: Int, _ y: Int) -> Bool {
            // The box's line, antialiased over white: blue well above red.
            let p = shot.rgb(x, y), r = Int(p >> 16), b = Int(p & 0xFF)
            return b > 0x90 && b - r > 0x30
        }
        // (Left of the middle: weston draws its pointer into the window where a drag ended.)
        let mid = (x0 + x1) / 2 - 60
        let top = try #require((y - 40..<y).reversed().first { accent(mid, $0) })
        let bottom = try #require((y + 1..<y + 40).first { accent(mid, $0) })
        let left = try #require((x0 - 20..<mid).first { accent($0, y) })
        let right = try #require((mid..<x1 + 40).reversed().first { accent($0, y) })
        return (left, top, right, bottom)
    }
}
