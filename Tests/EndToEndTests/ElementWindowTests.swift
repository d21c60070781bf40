import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// A journal page made in the real window: a sticker from the panel, dragged, scaled by a
/// corner, turned by its handle, deleted and brought back; a text typed; on X11 and Wayland,
/// with the mouse and with fingers. Screenshots show each step.
@Suite(.serialized) struct ElementWindowTests {
    static let size = PixelSize(width: 1000, height: 700)
    static let stickers = 29
    static var closed: Layout { Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false) }
    static var panel: Layout {
        Layout(window: size, scale: 1, barsHidden: 0, panel: .stickers, recentColors: 0, hasMessage: false, hasDialog: false, stickers: stickers)
    }

    /// The star's gold (its fill, #ffcc33), within a little.
    static func gold(_ p: UInt32) -> Bool {
        abs(Int(p >> 16 & 0xFF) - 0xFF) < 20 && abs(Int(p >> 8 & 0xFF) - 0xCC) < 24 && abs(Int(p & 0xFF) - 0x33) < 40
    }

    /// Places the first sticker (the star) from the Stickers panel: it lands in the middle of
    /// the page, 128 px wide, selected, with the select tool chosen.
    static func placeStar(_ app: AppUnderTest) throws {
        try app.click(closed.frame(of: .panel(.stickers))!.center)
        let cell = panel.frame(of: .sticker(0))!
        #expect(try eventually { gold(try app.screenshot().rgb(Int(cell.center.x), Int(cell.center.y) + 4)) }, "the panel shows the star")
        _ = try app.screenshot("elements-panel")
        try app.click(cell.center)
        #expect(try eventually { gold(try app.screenshot().rgb(500, 360)) }, "the star lands in the middle")
    }

    @Test func aStickerPlacedDraggedScaledTurnedDeletedAndUndone() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        try Self.placeStar(app)
        let placed = try app.screenshot("elements-placed")
        // The selection's delete button, red, past the top right corner (564, 286).
        #expect(placed.rgb(593, 265) == 0xC01C28, "the delete handle shows")
        try app.drag([(500, 350), (420, 330), (300, 300)])
        #expect(try eventually {
            let shot = try app.screenshot()
            return Self.gold(shot.rgb(300, 310)) && shot.rgb(500, 360) == 0xFFFFFF
        }, "dragged to (300, 300)")
        // Its bottom right corner from (364, 364) to (492, 492): twice the size, the top left
        // corner (236, 236) staying where it is, so the middle goes to (364, 364).
        #expect(!Self.gold(try app.screenshot().rgb(452, 344)))
        try app.drag([(364, 364), (400, 400), (492, 492)])
        #expect(try eventually { Self.gold(try app.screenshot().rgb(452, 344)) }, "the right arm reaches x = 452 at twice the size")
        _ = try app.screenshot("elements-scaled")
        // The rotation handle (36 px above the top edge's middle) turned a quarter clockwise.
        let before = try app.screenshot()
        try app.drag([(364, 200), (440, 220), (500, 364)])
        #expect(try eventually { try app.screenshot().rgb(452, 344) != before.rgb(452, 344) }, "turned")
        _ = try app.screenshot("elements-turned")
        try app.key("Delete")
        #expect(try eventually { try app.screenshot().rgb(364, 374) == 0xFFFFFF }, "Delete removes it")
        try app.key("ctrl+z")
        #expect(try eventually { Self.gold(try app.screenshot().rgb(364, 374)) }, "Ctrl+Z brings it back")
        // Four steps (place, drag, scale, turn) before the delete: undone, the page is empty.
        for _ in 0..<4 { try app.key("ctrl+z") }
        #expect(try eventually {
            let shot = try app.screenshot()
            return shot.rgb(364, 374) == 0xFFFFFF && shot.rgb(500, 360) == 0xFFFFFF
        })
    }

    @Test func aTextTypedWithTheTextTool() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        try app.key("t")
        try app.click(300, 300)
        _ = try app.server.xdotool(["type", "--window", app.windowID, "--delay", "40", "Hello diary"])
        try app.key("Escape")
        func inked(_ shot: RasterImage) -> Int {
            var n = 0
            for y in 300..<345 { for x in 300..<520 where shot.rgb(x, y) & 0xFF < 0x60 { n += 1 } }
            return n
        }
        #expect(try eventually { inked(try app.screenshot()) > 300 }, "the text shows where it was started")
        let shot = try app.screenshot("elements-text")
        #expect(inked(shot) < 4000, "as text, not a filled box")
        #expect(shot.rgb(300, 380) == 0xFFFFFF)
        try app.key("ctrl+z")
        #expect(try eventually { inked(try app.screenshot()) == 0 }, "the whole text is one undo step")
    }

    @Test func anImageCopiedInAnotherAppIsPastedWithCtrlV() throws {
        let x = try XServer()
        let ws = try Workspace()
        defer { ws.remove() }
        let png = try ws.fixture("quadrants.png", as: "q.png")
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        // Another app owns the clipboard with a PNG (xclip serves it until it is killed).
        let clip = Process()
        clip.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        clip.arguments = ["-quiet", "-selection", "clipboard", "-t", "image/png", "-i", png]
        clip.environment = ["DISPLAY": x.display]
        clip.standardOutput = FileHandle.nullDevice
        clip.standardError = FileHandle.nullDevice
        try clip.run()
        defer { clip.terminate() }
        #expect(eventually {
            ((try? run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"], environment: ["DISPLAY": x.display])) ?? "").contains("image/png")
        }, "xclip offers the PNG")
        try app.key("ctrl+v")
        // The 40x30 quadrants at their own size in the middle: red at the top left.
        #expect(try eventually {
            let p = try app.screenshot().rgb(488, 342)
            return p >> 16 == 0xFF && p & 0xFFFF < 0x2020
        }, "the pasted image shows in the middle")
        _ = try app.screenshot("elements-pasted")
    }

    /// Text copied in another app goes into a text box with Ctrl+V, both its lines.
    @Test func textCopiedInAnotherAppIsPastedIntoATextBox() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        let clip = Process()
        clip.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        clip.arguments = ["-quiet", "-selection", "clipboard", "-i"]
        clip.environment = ["DISPLAY": x.display]
        let input = Pipe()
        clip.standardInput = input
        clip.standardOutput = FileHandle.nullDevice
        clip.standardError = FileHandle.nullDevice
        try clip.run()
        defer { clip.terminate() }
        input.fileHandleForWriting.write(Data("Pasted words\nA second line".utf8))
        try input.fileHandleForWriting.close()
        #expect(eventually { ((try? run("xclip", ["-o", "-selection", "clipboard"], environment: ["DISPLAY": x.display])) ?? "").hasPrefix("Pasted") },
                "xclip offers the text")
        try app.key("t")
        try app.click(300, 300)
        try app.key("ctrl+v")
        try app.key("Escape")
        func inked(_ shot: RasterImage, rows: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in 300..<560 where shot.rgb(x, y) & 0xFF < 0x60 { n += 1 } }
            return n
        }
        #expect(try eventually {
            let shot = try app.screenshot()
            return inked(shot, rows: 300..<340) > 300 && inked(shot, rows: 340..<385) > 300
        }, "two lines of text where the box was started")
        _ = try app.screenshot("elements-text-pasted")
    }

    @Test func stickersAndTextOnWayland() throws {
        let x = try XServer()
        let weston = try WestonSession(server: x, width: 1000, height: 700)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: weston.environment,
                                   window: weston.windowID) { app in
            let pencil = Self.closed.frame(of: .tool(.pencil))!
            return try app.screenshot().rgb(Int(pencil.minX) + 6, Int(pencil.center.y)) == 0x3465A4
        }
        try Self.placeStar(app)
        try app.drag([(500, 350), (420, 330), (300, 300)])
        // (Weston draws its pointer into the window at the drop point: look beside it.)
        #expect(try eventually { Self.gold(try app.screenshot().rgb(290, 320)) }, "dragged on Wayland")
        _ = try app.screenshot("elements-wayland-dragged")
        // Scaled by its bottom right corner to twice the size (the top left corner stays): the
        // middle goes to (364, 364).
        try app.drag([(364, 364), (400, 400), (492, 492)])
        #expect(try eventually { Self.gold(try app.screenshot().rgb(452, 344)) }, "scaled by its corner on Wayland")
        let before = try app.screenshot()
        try app.drag([(364, 200), (440, 220), (500, 364)])
        #expect(try eventually { try app.screenshot().rgb(452, 344) != before.rgb(452, 344) }, "turned on Wayland")
        try app.key("Delete")
        #expect(try eventually { try app.screenshot().rgb(364, 374) == 0xFFFFFF }, "deleted on Wayland")
        try app.key("ctrl+z")
        #expect(try eventually { Self.gold(try app.screenshot().rgb(364, 374)) }, "and back on Wayland")
        try app.key("t")
        try app.click(600, 500)
        _ = try app.server.xdotool(["type", "--window", app.windowID, "--delay", "40", "Wayland"])
        try app.key("Escape")
        #expect(try eventually {
            let shot = try app.screenshot()
            return (600..<700).contains { x in (505..<540).contains { y in shot.rgb(x, y) & 0xFF < 0x60 } }
        }, "typed on Wayland")
        _ = try app.screenshot("elements-wayland")
        // The text, the turn, the scale, the drag, the placing: five steps back, an empty page.
        for _ in 0..<5 { try app.key("ctrl+z") }
        #expect(try eventually { try app.screenshot().rgb(290, 320) == 0xFFFFFF }, "undone on Wayland")
    }

    @Test func fingersPinchTurnAndDoubleTapASticker() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .touchHarness)
        try Self.placeStar(app)
        let at = Fingers.at
        // Two fingers on the star, 80 px apart, spread to 160: twice the size about them.
        let pinch = Fingers.spread(460, 540, y: 350, by: 40)
        #expect(!Self.gold(try app.screenshot().rgb(412, 330)))
        app.touch(pinch)
        #expect(try eventually { Self.gold(try app.screenshot().rgb(412, 330)) }, "twice the size: the left arm reaches x = 412")
        _ = try app.screenshot("elements-pinched")
        // A double tap turns it a quarter: the left arm goes up.
        let before = try app.screenshot()
        app.touch([at("down", 1, 500, 380), "sleep 30", at("up", 1, 500, 380), "sleep 80", at("down", 1, 500, 380), "sleep 30", at("up", 1, 500, 380)])
        #expect(try eventually { try app.screenshot().rgb(412, 330) != before.rgb(412, 330) }, "the double tap turned it")
        _ = try app.screenshot("elements-double-tap")
        // Two fingers off the star zoom the view, not the star: fitting the page again shows
        // the star as it was.
        let turned = try app.screenshot()
        app.touch(Fingers.spread(120, 180, y: 560, by: 50))
        #expect(try eventually {
            let now = try app.screenshot()
            return (300..<420).contains { y in now.rgb(500, y) != turned.rgb(500, y) }
        }, "the view zoomed")
        _ = try app.screenshot("elements-view-zoomed")
        try app.key("ctrl+0")
        #expect(try eventually {
            let now = try app.screenshot()
            return (250..<450).allSatisfy { y in now.rgb(500, y) == turned.rgb(500, y) }
        }, "the star did not change")
    }
}
