import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import TestPDFs
import Testing

/// The window at a zoom, and on a screen of scale 2, shows what `render --scale` draws from
/// the same document at that scale: the page drawn again from its vectors, never its 1x pixels
/// scaled up; strokes look the same while drawn and once lifted; undo and redo there are exact.
@Suite(.serialized) struct ZoomWindowTests {
    /// A page with everything the tiles draw: paper, pens opaque and translucent, a
    /// highlighter, an eraser, a text and a sticker.
    static let script = """
        {"version": 1, "canvas": {"width": 600, "height": 400}, "background": {"paper": "lined", "spacing": 24},
         "steps": [
           {"tool": "pencil", "color": "#d01010", "width": 6}, {"stroke": [[60, 90], [160, 140], [280, 110], [400, 170]]},
           {"tool": "highlighter", "color": "#f0e020", "width": 22}, {"stroke": [[80, 200], [520, 210]]},
           {"place": {"text": "Zoom", "center": [300, 260], "size": 40, "color": "#1030c0"}},
           {"place": {"sticker": "star", "center": [150, 300], "width": 90}},
           {"tool": "pencil", "color": "#000000", "width": 4, "opacity": 0.5}, {"stroke": [[100, 360], [520, 60]]},
           {"tool": "eraser", "width": 16}, {"stroke": [[330, 40], [330, 380]]}
         ]}
        """

    /// Five steps of Ctrl++ from 100%: 125, 150, 200, 300, 400%.
    static let steps: [Double] = [1.25, 1.5, 2, 3, 4]
    static let zoom = 4.0

    /// The page's document, and its picture at `scale` as `render --scale` draws it.
    static func document(_ ws: Workspace, scale: Double) throws -> RasterImage {
        try ws.write("page.json", script)
        let saved = try BinaryRunner.run(["render", "page.json", "--output", "page.ora"], in: ws.folder)
        #expect(saved.status == 0, "\(saved.stderr)")
        let drawn = try BinaryRunner.run(["render", "page.json", "--output", "big.png", "--scale", "\(scale)"], in: ws.folder)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        return try PNGFile.decode(atPath: ws.path("big.png"))
    }

    /// Where the page's top left lies in `shot`: the place near `guess` where `area` of the
    /// window shows `picture`, looked for within `reach` pixels each way.
    static func origin(of picture: RasterImage, in shot: RasterImage, area: PixelRect, near guess: (Int, Int), reach: Int = 24) -> (Int, Int)? {
        func matches(_ ox: Int, _ oy: Int, step: Int) -> Bool {
            for y in stride(from: area.y, to: area.maxY, by: step) {
                for x in stride(from: area.x, to: area.maxX, by: step) {
                    let px = x - ox, py = y - oy
                    guard px >= 0, py >= 0, px < picture.width, py < picture.height else { return false }
                    if shot.rgb(x, y) != picture.pixel(x: px, y: py) & 0xFFFFFF { return false }
                }
            }
            return true
        }
        for dy in -reach...reach {
            for dx in -reach...reach where matches(guess.0 + dx, guess.1 + dy, step: 13) {
                return (guess.0 + dx, guess.1 + dy)
            }
        }
        return nil
    }

    /// The pixels of `area` of `shot` that differ from `picture` placed at `origin`.
    static func differences(_ shot: RasterImage, _ picture: RasterImage, origin: (Int, Int), area: PixelRect) -> Int {
        var count = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where shot.rgb(x, y) != picture.pixel(x: x - origin.0, y: y - origin.1) & 0xFFFFFF {
                count += 1
            }
        }
        return count
    }

    /// Where the Ctrl++ steps about the window's middle take the top left of a page shown at
    /// 100% at `start` (offsets rounded each step, as the view keeps them).
    static func guessOrigin(from start: (Double, Double), middle: (Double, Double)) -> (Int, Int) {
        var o = start, s = 1.0
        for next in steps {
            let anchor = ((middle.0 - o.0) / s, (middle.1 - o.1) / s)
            s = next
            o = ((middle.0 - anchor.0 * s).rounded(), (middle.1 - anchor.1 * s).rounded())
        }
        return (Int(o.0), Int(o.1))
    }

    @Test func atAZoomTheWindowShowsWhatRenderDrawsThereAndUndoIsExact() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let picture = try Self.document(ws, scale: Self.zoom)
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", ws.path("page.ora")])
        // The page, 600x400, fits at 100%, centred.
        _ = try app.settled()
        for _ in Self.steps { try app.key("ctrl+plus") }
        // Between the bars, away from the pointer.
        let area = PixelRect(x: 40, y: 120, width: 920, height: 440)
        try app.server.xdotool(["mousemove", "--window", app.windowID, "990", "690"])
        let zoomed = try app.settled("zoom-400")
        let guess = Self.guessOrigin(from: (200, 150), middle: (500, 350))
        let origin = try #require(Self.origin(of: picture, in: zoomed, area: area, near: guess), "the page drawn at the zoom is not on screen near \(guess)")
        #expect(Self.differences(zoomed, picture, origin: origin, area: area) == 0, "the window at 400% is render --scale 4's picture")
        // Its 1x pixels scaled up are not that picture: the comparison can tell.
        let small = try PNGFile.decode(atPath: { () throws -> String in
            _ = try BinaryRunner.run(["render", "page.json", "--output", "small.png"], in: ws.folder)
            return ws.path("small.png")
        }())
        var blocky = 0
        for y in stride(from: area.y, to: area.maxY, by: 3) {
            for x in stride(from: area.x, to: area.maxX, by: 3) {
                let px = Int(Double(x - origin.0) / Self.zoom), py = Int(Double(y - origin.1) / Self.zoom)
                if small.pixel(x: min(max(px, 0), small.width - 1), y: min(max(py, 0), small.height - 1)) & 0xFFFFFF != zoomed.rgb(x, y) { blocky += 1 }
            }
        }
        #expect(blocky > 500, "the 1x page scaled up differs in \(blocky) of the pixels looked at")

        // A stroke drawn at the zoom: while the button is held, and once lifted, it looks the same.
        let stroke = [(300, 470), (360, 450), (420, 480), (480, 455), (560, 470), (640, 460)]
        try app.server.xdotool(["mousemove", "--window", app.windowID, "\(stroke[0].0)", "\(stroke[0].1)", "mousedown", "1"]
                               + stroke.dropFirst().flatMap { ["mousemove", "--window", app.windowID, "\($0.0)", "\($0.1)"] })
        let held = try app.settled("zoom-held")
        try app.server.xdotool(["mouseup", "1", "mousemove", "--window", app.windowID, "990", "690"])
        let lifted = try app.settled("zoom-lifted")
        let band = PixelRect(x: 280, y: 420, width: 380, height: 80)
        let missed = PictureMatch.misses(width: band.width, height: band.height, ours: { held.pixel(x: band.x + $0, y: band.y + $1) },
                                         theirs: { lifted.pixel(x: band.x + $0, y: band.y + $1) })
        // (The pieces stroked while the button is held overlap at their joins, where an edge
        // pixel or two is inked twice: a handful, not the stroke.)
        #expect(missed.count <= 20, "\(missed.count) pixels of the stroke changed when it was lifted: \(missed.prefix(5))")
        #expect((band.x..<band.maxX).contains { lifted.rgb($0, 465) == 0 }, "the stroke is there")
        // Undo and redo at the zoom give back exactly what was shown.
        try app.key("ctrl+z")
        let undone = try app.settled("zoom-undone")
        #expect(Self.differences(undone, zoomed, origin: (0, 0), area: area) == 0, "undo at 400% shows exactly the page before the stroke")
        try app.key("ctrl+y")
        let redone = try app.settled("zoom-redone")
        #expect(Self.differences(redone, lifted, origin: (0, 0), area: area) == 0, "redo shows exactly the page with it")
    }

    /// On a Wayland output of scale 2 the page at 100% is as large as on a 1x screen, in
    /// points (2 of the output's pixels a page pixel), and drawn at scale 2: what
    /// `render --scale 2` draws, sharp, not the 1x pixels doubled.
    @Test func onAScreenOfScaleTwoThePageAt100PercentIsRenderAtScaleTwo() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let picture = try Self.document(ws, scale: 2)
        let x = try XServer(width: 2100, height: 1500)
        let weston = try WestonSession(server: x, width: 1000, height: 700, scale: 2)
        let l = Layout(window: PixelSize(width: 2000, height: 1400), scale: 2, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let pencil = l.frame(of: .tool(.pencil))!
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", ws.path("page.ora")], environment: weston.environment,
                                   window: weston.windowID) { app in
            try app.screenshot().rgb(Int(pencil.minX) + 10, Int(pencil.center.y)) == 0x3465A4
        }
        // weston draws its pointer into the picture: it goes to a corner first.
        try x.xdotool(["mousemove", "--window", weston.windowID, "1990", "1390"])
        let shot = try app.settled("zoom-wayland-scale2")
        #expect(shot.size == PixelSize(width: 2000, height: 1400))
        // 600x400 at 100% on this output: 1200x800 of its pixels, centred.
        let area = PixelRect(x: 420, y: 320, width: 1160, height: 760)
        let origin = try #require(Self.origin(of: picture, in: shot, area: area, near: (400, 300), reach: 4), "the page at scale 2 is not where 100% puts it")
        #expect(origin == (400, 300))
        #expect(Self.differences(shot, picture, origin: origin, area: area) == 0, "the page at 100% on a 2x output is render --scale 2's picture")
    }

    /// An X desktop at 150% (Xft.dpi 144, as GNOME and KDE set it): the interface and the page
    /// at 100% are drawn at exactly 1.5, not rounded: what `render --scale 1.5` draws.
    @Test func onAnXDesktopAt150PercentThePageIsDrawnAtOneAndAHalf() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let picture = try Self.document(ws, scale: 1.5)
        let x = try XServer()
        // A client that stays connected, so the server keeps the resources set next.
        let spy = Process()
        spy.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        spy.arguments = ["-root", "-spy", "RESOURCE_MANAGER"]
        spy.environment = ["DISPLAY": x.display]
        let said = Pipe()
        spy.standardOutput = said
        try spy.run()
        defer { spy.terminate() }
        // (Connected once it says what the property holds: set before that, the resources went
        // with the server's reset when the setting client left, under a loaded machine.)
        // (Waited for on a thread of its own: a spy that never says anything fails the test
        // after a while instead of hanging it.)
        let spoke = DispatchSemaphore(value: 0)
        Thread { _ = said.fileHandleForReading.availableData; spoke.signal() }.start()
        try #require(spoke.wait(timeout: .now() + 30) == .success, "xprop -spy connected")
        _ = try run("xprop", ["-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", "Xft.dpi:\t144"], environment: ["DISPLAY": x.display])
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1.5, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", ws.path("page.ora")])
        let pencil = l.frame(of: .tool(.pencil))!
        #expect(try eventually { try app.screenshot().rgb(Int(pencil.maxX) - 6, Int(pencil.center.y)) == 0x3465A4 }, "the interface at 1.5")
        try app.server.xdotool(["mousemove", "--window", app.windowID, "995", "695"])
        let shot = try app.settled("zoom-x11-150")
        // 600x400 at 100% on this screen: 900x600 of its pixels, centred.
        // (Under the banner that says the document opened.)
        let area = PixelRect(x: 60, y: 180, width: 880, height: Int(l.bottomBar.minY) - 184)
        let origin = try #require(Self.origin(of: picture, in: shot, area: area, near: (50, 50), reach: 4), "the page at 1.5 is not where 100% puts it")
        #expect(origin == (50, 50))
        #expect(Self.differences(shot, picture, origin: origin, area: area) == 0, "the page at 100% on a 1.5 desktop is render --scale 1.5's picture")
    }
}
