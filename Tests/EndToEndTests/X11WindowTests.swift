import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing

/// The real binary in a real X11 window (Xvfb), driven with real input (xdotool), checked on
/// screenshot pixels.
@Suite(.serialized) struct X11WindowTests {
    static let size = PixelSize(width: 1000, height: 700)
    static let black: UInt32 = 0x000000, white: UInt32 = 0xFFFFFF

    func layout(panel: PanelKind? = nil, message: Bool = false, dialog: Bool = false) -> Layout {
        Layout(window: Self.size, scale: 1, barsHidden: 0, panel: panel, recentColors: 1, hasMessage: message, hasDialog: dialog)
    }

    func launch(_ x: XServer, _ extra: [String] = []) throws -> AppUnderTest {
        try AppUnderTest(server: x, arguments: ["--size", "\(Self.size.width)x\(Self.size.height)"] + extra)
    }

    /// The bars come back a second after a stroke ends.
    func waitForBars(_ app: AppUnderTest) throws {
        #expect(try app.waitForBars(layout()), "the bars come back")
    }

    @Test func drawWithTheMouseThenUndoAndRedoWithButtonsAndShortcuts() throws {
        let x = try XServer()
        let app = try launch(x)
        #expect(app.title == "Untitled - DrawingBoard")
        let props = try run("xprop", ["-id", app.windowID, "WM_CLASS", "_NET_WM_BYPASS_COMPOSITOR"], environment: ["DISPLAY": x.display])
        #expect(props.contains(#"WM_CLASS(STRING) = "io.github.drawingboard.DrawingBoard", "io.github.drawingboard.DrawingBoard""#))
        #expect(!props.contains("_NET_WM_BYPASS_COMPOSITOR(CARDINAL) = 1"), "the compositor stays on: \(props)")
        let first = try app.screenshot("x11-start")
        #expect(first.size == Self.size)
        #expect(first.rgb(500, 350) == Self.white)

        try app.drag([(150, 350), (300, 352), (450, 350)])
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.black })
        #expect(app.title == "*Untitled - DrawingBoard")
        try app.screenshot("x11-stroke")

        try waitForBars(app)
        try app.click(layout().frame(of: .undo)!.center)
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.white }, "undo button")
        try app.key("ctrl+shift+z")
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.black }, "Ctrl+Shift+Z redoes")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.white }, "Ctrl+Z undoes")
        try app.key("ctrl+y")
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.black }, "Ctrl+Y redoes")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.white })
        try app.click(layout().frame(of: .redo)!.center)
        #expect(try eventually { try app.screenshot().rgb(300, 351) == Self.black }, "redo button")
    }

    /// The tools that came with the stroke eraser, used as a person would: keys, the brush
    /// panel's hex field, the eyedropper, Shift held while dragging a line.
    @Test func highlighterStrokeEraserShapeHelpersAndEyedropper() throws {
        let x = try XServer()
        let app = try launch(x)
        let yellow: UInt32 = 0xFFEE00
        try app.drag([(150, 300), (300, 300), (450, 300)])
        try app.drag([(150, 400), (300, 400), (450, 400)])
        #expect(try eventually { try app.screenshot().rgb(300, 400) == Self.black }, "both strokes")
        try waitForBars(app)
        // The highlighter (its own style: wide and see-through), made opaque yellow with the
        // hex field and the opacity slider's wheel.
        try app.key("h")
        try app.click(layout().frame(of: .panel(.brush))!.center)
        let brushButton = layout().frame(of: .panel(.brush))!
        #expect(try eventually { try app.screenshot().rgb(Int(brushButton.minX) + 4, Int(brushButton.center.y)) == AppUnderTest.accent },
                "the Brush panel opens")
        try app.click(layout(panel: .brush).frame(of: .hexField)!.center)
        for k in ["f", "f", "e", "e", "0", "0", "Return"] { try app.key(k) }
        let opacity = layout(panel: .brush).frame(of: .slider(.opacity))!.center
        _ = try x.xdotool(["mousemove", "--window", app.windowID, "\(Int(opacity.x))", "\(Int(opacity.y))", "click", "--repeat", "60", "4"])
        try app.key("Escape")
        for _ in 0..<2 { try app.key("bracketleft") }
        try app.drag([(300, 250), (300, 350), (300, 450)])
        #expect(try eventually { try app.screenshot().rgb(300, 350) == yellow }, "the marker on white paper")
        var shot = try app.screenshot("x11-highlighter")
        #expect(shot.rgb(300, 300) == Self.black, "the line under the marker stays black (multiply)")
        #expect(shot.rgb(300, 400) == Self.black)
        #expect(shot.rgb(315, 350) == Self.white, "the marker's 24 px less two steps: 20 px wide, 15 px off the middle is paper")

        // The stroke eraser takes the lower line whole, touched far from the marker.
        try app.key("x")
        try app.drag([(200, 390), (200, 410)])
        #expect(try eventually { try app.screenshot().rgb(420, 400) == Self.white })
        shot = try app.screenshot("x11-stroke-eraser")
        #expect(shot.rgb(300, 400) == yellow, "the marker stays where the line went")
        #expect(shot.rgb(420, 300) == Self.black, "the upper line stays")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(420, 400) == Self.black }, "one undo brings the line back")

        // A line with Shift held comes out level.
        try waitForBars(app)
        try app.key("2")
        try app.drag(holding: "shift", [(150, 550), (300, 556), (450, 560)])
        #expect(try eventually { try app.screenshot().rgb(440, 550) != Self.white })
        shot = try app.screenshot("x11-shift-line")
        #expect(shot.rgb(440, 559) == Self.white, "levelled, not following the pointer down to y = 560")

        // The eyedropper picks the marker's yellow; the pencil (back to its own black, 4 px) then
        // draws with it.
        try waitForBars(app)
        try app.key("i")
        try app.click(300, 350)
        try app.key("1")
        try app.drag([(600, 600), (700, 600), (800, 600)])
        #expect(try eventually { try app.screenshot().rgb(700, 600) == yellow }, "the picked colour draws")
    }

    /// An opaque stroke is painted one sample behind the pointer while it moves; held still
    /// with the button down, the stroke must reach the pointer all the same.
    @Test func aStrokeHeldStillReachesThePointer() throws {
        let x = try XServer()
        let app = try launch(x)
        _ = try x.xdotool(["mousemove", "--window", app.windowID, "200", "400", "mousedown", "1",
                       "mousemove", "--window", app.windowID, "350", "400",
                       "mousemove", "--window", app.windowID, "500", "400"])
        #expect(try eventually { try app.screenshot().rgb(490, 400) == Self.black }, "the newest segment shows while the button is held")
        let held = try app.screenshot("x11-held-stroke")
        #expect(held.rgb(260, 400) == Self.black && held.rgb(420, 400) == Self.black)
        #expect(held.rgb(520, 400) == Self.white, "and stops at the pointer")
        _ = try x.xdotool(["mouseup", "1"])
        #expect(try eventually { try app.screenshot().rgb(490, 400) == Self.black && app.title.hasPrefix("*") })

        // Strong smoothing trails the pointer; held still, the line glides in to it all the same.
        try app.key("s", "s")
        _ = try x.xdotool(["mousemove", "--window", app.windowID, "200", "550", "mousedown", "1",
                           "mousemove", "--window", app.windowID, "350", "550",
                           "mousemove", "--window", app.windowID, "500", "550"])
        #expect(try eventually { try app.screenshot().rgb(495, 550) == Self.black }, "a smoothed line reaches the resting pointer")
        let glided = try app.screenshot("x11-held-smoothed-stroke")
        #expect(glided.rgb(260, 550) == Self.black && glided.rgb(520, 550) == Self.white)
        _ = try x.xdotool(["mouseup", "1"])
    }

    /// A stroke that runs out of the window and back goes on where it comes back, and a
    /// button let go outside the window ends it: the pointer moving in afterwards draws nothing.
    @Test func aStrokeOutOfTheWindowAndLetGoOutsideEnds() throws {
        let x = try XServer()
        let app = try launch(x)
        let geometry = try x.xdotool(["getwindowgeometry", app.windowID])
        let position = geometry.components(separatedBy: "Position: ").last?.split(separator: " ").first?.split(separator: ",").compactMap { Int($0) } ?? []
        try #require(position.count == 2 && position[0] >= 100, "room on the screen left of the window: \(geometry)")
        let (left, top) = (position[0], position[1])
        func root(_ p: (Int, Int)) -> [String] { ["mousemove", "\(left + p.0)", "\(top + p.1)", "sleep", "0.03"] }
        var args = root((150, 400)) + ["mousedown", "1"]
        for p in [(100, 400), (40, 400), (-60, 400), (40, 420), (150, 420), (300, 420), (150, 450), (-60, 450)] { args += root(p) }
        args += ["mouseup", "1", "sleep", "0.2"] + root((300, 500)) + root((500, 500))
        _ = try x.xdotool(args)
        // The line is smoothed through the samples: looked for a few pixels either side.
        func inked(_ image: RasterImage, _ x: Int, near y: Int) -> Bool { (y - 6...y + 6).contains { image.rgb(x, $0) == Self.black } }
        #expect(try eventually { inked(try app.screenshot(), 250, near: 420) }, "the stroke came back in and went on")
        let shot = try app.screenshot("x11-stroke-let-go-outside")
        #expect(!inked(shot, 400, near: 500) && !inked(shot, 200, near: 490), "nothing drawn after the button was let go outside")
        #expect(inked(shot, 5, near: 400) && inked(shot, 5, near: 450), "both ways out were drawn to the window's edge")
    }

    /// The button's release lands where the pointer last moved (however the motion before it
    /// was read): a line let go without a motion after the last ends at the pointer, the next
    /// press starts where it is, and a button pressed and let go elsewhere does not act.
    @Test func aLineLetGoEndsWhereThePointerLastMoved() throws {
        let x = try XServer()
        let app = try launch(x)
        try app.key("2")
        func line(_ y: Int) throws {
            _ = try x.xdotool(["mousemove", "--window", app.windowID, "200", "\(y)", "mousedown", "1",
                               "mousemove", "--window", app.windowID, "300", "\(y)", "sleep", "0.05",
                               "mousemove", "--window", app.windowID, "420", "\(y)", "sleep", "0.05",
                               "mousemove", "--window", app.windowID, "500", "\(y)", "sleep", "0.05", "mouseup", "1"])
        }
        try line(300)
        #expect(try eventually { try app.screenshot().rgb(495, 300) == Self.black }, "the line reaches the pointer")
        try line(400)
        #expect(try eventually { try app.screenshot().rgb(495, 400) == Self.black }, "the second line too")
        let shot = try app.screenshot("x11-lines-let-go")
        #expect(shot.rgb(205, 300) == Self.black && shot.rgb(205, 400) == Self.black, "each starts where it was pressed")
        #expect(shot.rgb(510, 300) == Self.white && shot.rgb(510, 400) == Self.white, "and stops at the pointer")
        #expect(shot.rgb(350, 350) == Self.white, "nothing between them")

        // A button acts on release only where the pointer is then: pressed on Undo and let
        // go over the page, it does nothing.
        try waitForBars(app)
        let undo = layout().frame(of: .undo)!.center
        _ = try x.xdotool(["mousemove", "--window", app.windowID, "\(Int(undo.x))", "\(Int(undo.y))", "mousedown", "1",
                           "mousemove", "--window", app.windowID, "\(Int(undo.x) + 40)", "\(Int(undo.y) + 200)", "sleep", "0.05",
                           "mousemove", "--window", app.windowID, "\(Int(undo.x) + 80)", "\(Int(undo.y) + 400)", "sleep", "0.05", "mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try app.screenshot().rgb(495, 400) == Self.black, "the line stays")
        try app.click(undo)
        #expect(try eventually { try app.screenshot().rgb(495, 400) == Self.white }, "a click on Undo takes it back")
    }

    /// A guard against full-frame presentation: the pixels sent to the X server per motion event
    /// stay near the size of what the event changed, not the window's 700,000.
    @Test func eachMotionEventPresentsOnlyWhatItChanged() throws {
        let x = try XServer()
        let app = try launch(x)
        var points: [(Int, Int)] = []
        for i in 0...300 { points.append((100 + i * 2, 200 + Int(80 * sin(Double(i) / 15)))) }
        try app.drag(points)
        #expect(try eventually { try app.screenshot().rgb(points[150].0, points[150].1) == Self.black })
        try waitForBars(app)
        try? app.key("ctrl+q")
        #expect(try app.waitForQuestion(layout(dialog: true)), "quitting asks")
        try? app.click(layout(dialog: true).frame(of: .dialog(.discard))!.center)
        #expect(app.waitForExit() == 0)
        let line = try #require(app.errorOutput.split(separator: "\n").first { $0.contains("pixels presented") }, "\(app.errorOutput)")
        let words = line.split(separator: " ")
        let presented = try #require(words.firstIndex(of: "pixels").flatMap { Int(words[$0 - 1]) })
        let window = Self.size.area
        // Start-up, the bars sliding out and back, and the quit question are whole regions;
        // the 300 motion events must add little on top of them.
        let perEvent = Double(presented - 12 * window) / 300
        #expect(perEvent < Double(window) / 20, "\(presented) pixels presented: \(Int(perEvent)) per motion event")
    }

    @Test func toolbarToolsAndBrushSlidersSetWhatIsDrawn() throws {
        let x = try XServer()
        let app = try launch(x)
        try app.click(layout().frame(of: .tool(.rectangle))!.center)
        try app.drag([(200, 250), (300, 300), (400, 450)])
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(200, 350) == Self.black && s.rgb(400, 350) == Self.black && s.rgb(300, 250) == Self.black && s.rgb(300, 350) == Self.white
        }, "a rectangle outline from press to release")
        try app.screenshot("x11-rectangle")

        try waitForBars(app)
        try app.click(layout().frame(of: .panel(.brush))!.center)
        let panel = layout(panel: .brush)
        func set(_ kind: SliderKind, _ value: Int) throws {
            try app.click(Point(panel.inPanel.knobX(kind, value: value)!, panel.inPanel.tracks[kind]!.center.y))
        }
        try set(.brushRed, 255)
        try set(.width, 20)
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(Int(panel.inPanel.swatch!.center.x), Int(panel.inPanel.swatch!.minY) + 6) == 0xFF0000
        }, "the swatch shows the new colour")
        try app.screenshot("x11-brush-panel")
        try app.key("Escape")
        try app.key("1")
        try app.drag([(150, 550), (300, 550), (450, 550)])
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(300, 550) == 0xFF0000 && s.rgb(300, 558) == 0xFF0000 && s.rgb(300, 542) == 0xFF0000 && s.rgb(300, 565) == Self.white
        }, "a red pencil stroke 20 px wide")
        try app.screenshot("x11-red-stroke")
    }

    @Test func backgroundColourFromTheSlidersUnderTheDrawing() throws {
        let x = try XServer()
        let app = try launch(x)
        try app.drag([(100, 200), (300, 200)])
        #expect(try eventually { try app.screenshot().rgb(200, 200) == Self.black }, "the stroke")
        try waitForBars(app)
        try app.click(layout().frame(of: .panel(.background))!.center)
        let panel = layout(panel: .background)
        try app.click(Point(panel.inPanel.knobX(.backgroundBlue, value: 0)!, panel.inPanel.tracks[.backgroundBlue]!.center.y))
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(60, 400) == 0xFFFF00 && s.rgb(200, 200) == Self.black
        }, "yellow background, the stroke unchanged")
        try app.screenshot("x11-background-colour")
        try app.key("Escape")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(60, 400) == Self.white }, "the background change is one undo step")
        #expect(try app.screenshot().rgb(200, 200) == Self.black)
    }

    @Test func exportAsksForANameOnceAndWritesThePicture() throws {
        let x = try XServer()
        let app = try launch(x)
        let target = app.home.appendingPathComponent("drawing.png")
        try app.answerChooser(with: target.path)
        try app.drag([(150, 300), (450, 300)])
        try app.key("ctrl+e")
        try app.confirmExportResolution(window: Self.size)
        let saved = target.path
        #expect(eventually { FileManager.default.fileExists(atPath: saved) })
        let png = try PNGFile.decode(atPath: saved)
        #expect(png.size == Self.size)
        #expect(png.pixel(x: 300, y: 300) == 0xFF00_0000)
        #expect(png.pixel(x: 300, y: 320) == 0xFFFF_FFFF)
        #expect(app.title == "*Untitled - DrawingBoard", "an export is a copy: the document is still unsaved")
        // (Under the banner that says the copy was written: a press on it closes it.)
        try app.drag([(600, 200), (600, 400)])
        try app.key("ctrl+e")
        #expect(eventually { (try? PNGFile.decode(atPath: saved).pixel(x: 600, y: 250)) == 0xFF00_0000 })
        let log = try String(contentsOf: app.chooserLog, encoding: .utf8)
        #expect(log.split(separator: "\n").count == 1, "asked once: \(log)")
        // A new drawing's chooser starts in the Pictures folder (here, with no user dirs, home).
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        #expect(log.contains("--save") && log.contains("--filename=\(home)/Untitled.png"), "\(log)")
    }

    @Test func aDrawingSavedAsOpenRasterOpensFromTheCommandLine() throws {
        let x = try XServer()
        let app = try launch(x)
        let target = app.home.appendingPathComponent("sketch")
        try app.answerChooser(with: target.path)
        try app.click(layout().frame(of: .panel(.background))!.center)
        let panel = layout(panel: .background)
        try app.click(Point(panel.inPanel.knobX(.backgroundRed, value: 0)!, panel.inPanel.tracks[.backgroundRed]!.center.y))
        try app.key("Escape")
        try app.drag([(150, 300), (450, 300)])
        try app.key("ctrl+s")
        let saved = target.path + ".ora"
        #expect(eventually { FileManager.default.fileExists(atPath: saved) && app.title == "sketch.ora - DrawingBoard" })
        try? app.key("ctrl+q")
        #expect(app.waitForExit() == 0, "saved: quits without asking")
        let second = try launch(x, [saved])
        #expect(second.title == "sketch.ora - DrawingBoard")
        #expect(try eventually {
            let s = try second.screenshot()
            return s.rgb(300, 300) == Self.black && s.rgb(100, 450) == 0x00FFFF
        }, "the stroke and the cyan background came back")
        try second.screenshot("x11-reopened-ora")
        // The eraser reveals the background, which is its own layer again.
        try second.key("e")
        try second.drag([(300, 250), (300, 350)])
        #expect(try eventually { try second.screenshot().rgb(300, 300) == 0x00FFFF })
    }

    @Test func saveToAGivenFileWithoutAsking() throws {
        let x = try XServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-saveto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("given.png").path
        let document = folder.appendingPathComponent("given.ora").path
        let app = try launch(x, ["--save-to", document, "--export-to", target])
        #expect(app.title == "given.ora - DrawingBoard")
        try app.drag([(150, 300), (450, 300)])
        try app.key("ctrl+e")
        #expect(eventually { (try? PNGFile.decode(atPath: target).pixel(x: 300, y: 300)) == 0xFF00_0000 })
        #expect(app.title == "*given.ora - DrawingBoard")
        try app.key("ctrl+s")
        #expect(eventually { FileManager.default.fileExists(atPath: document) && app.title == "given.ora - DrawingBoard" })
        #expect(!FileManager.default.fileExists(atPath: app.chooserLog.path), "no chooser was shown")
    }

    @Test func chooseABackgroundImageAndSeeABadOneRefused() throws {
        let x = try XServer()
        let app = try launch(x)
        let image = app.home.appendingPathComponent("quadrants.png")
        try FileManager.default.copyItem(at: Bundle.module.url(forResource: "quadrants.png", withExtension: nil, subdirectory: "Fixtures")!, to: image)
        try app.answerChooser(with: image.path)
        try app.click(layout().frame(of: .panel(.background))!.center)
        try app.click(layout(panel: .background).frame(of: .chooseImage)!.center)
        // 40x30 scaled by 25 to cover 1000x700, centred: the quadrants meet at (500, 350).
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(100, 200) == 0xFF0000 && s.rgb(900, 200) == 0x00FF00 && s.rgb(100, 600) == 0x0000FF && s.rgb(900, 600) == 0xFFFF00
        })
        try app.screenshot("x11-background-image")
        let bad = app.home.appendingPathComponent("notes.png")
        try "not an image".write(to: bad, atomically: true, encoding: .utf8)
        try app.answerChooser(with: bad.path)
        try app.click(layout(panel: .background).frame(of: .chooseImage)!.center)
        let banner = layout(message: true).message!
        #expect(try eventually { try app.screenshot().rgb(Int(banner.minX) + 6, Int(banner.center.y)) == 0xC01C28 }, "an error banner")
        let after = try app.screenshot("x11-bad-image-message")
        #expect(after.rgb(100, 600) == 0x0000FF, "the background is unchanged")
        // The highlighter (#ffe03c at 60%) multiplies into the background image: blue x
        // (1, 0.93, 0.54) = #00008a, where laying it over would give #99868a.
        try app.key("h")
        try app.drag([(100, 600), (200, 600), (300, 600)])
        #expect(try eventually {
            let p = try app.screenshot().rgb(200, 600)
            return p >> 16 == 0 && p >> 8 & 0xFF == 0 && abs(Int(p & 0xFF) - 0x8A) <= 2
        }, "marked blue: \(String((try? app.screenshot().rgb(200, 600)) ?? 0, radix: 16))")
        try app.screenshot("x11-highlighter-on-image")
    }

    @Test func quittingAsksOnlyWhenThereIsUnsavedWork() throws {
        let x = try XServer()
        let clean = try launch(x)
        // Left alone for a moment and a half: the wake-ups counted below are those of an idle
        // window (this is the span measured, not a wait for something).
        Thread.sleep(forTimeInterval: 1.5)
        // The window closes while xdotool is still sending the key release, so it may report
        // an error: the exit status below is what counts.
        try? clean.key("ctrl+q")
        #expect(clean.waitForExit() == 0)
        // While idle the loop sleeps in SDL_WaitEvent: a handful of wake-ups, not thousands.
        let stats = clean.errorOutput
        let wakeups = stats.split(separator: "\n").first { $0.contains("wakeups") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        #expect(wakeups != nil && wakeups! < 40, "stats: \(stats)")

        let dirty = try launch(x)
        try dirty.drag([(150, 300), (450, 300)])
        #expect(try eventually { try dirty.screenshot().rgb(300, 300) == Self.black }, "the stroke")
        try dirty.key("ctrl+q")
        let dialog = layout(dialog: true)
        let save = dialog.frame(of: .dialog(.save))!
        #expect(try eventually { try dirty.screenshot().rgb(Int(save.minX) + 8, Int(save.center.y)) == 0x3465A4 }, "the question shows")
        try dirty.screenshot("x11-quit-question")
        #expect(dirty.process.isRunning)
        try dirty.click(dialog.frame(of: .dialog(.cancel))!.center)
        #expect(try dirty.waitForNoQuestion(dialog), "cancel closes the question")
        #expect(dirty.process.isRunning, "cancel keeps the window")
        try dirty.key("ctrl+q")
        #expect(try dirty.waitForQuestion(dialog), "asked again")
        try? dirty.click(dialog.frame(of: .dialog(.discard))!.center)
        #expect(dirty.waitForExit() == 0)
    }

    /// Settings changed just before a stroke wait for the pointer to lift; a stroke held past
    /// the moment they are due keeps the loop asleep between events (it once spun the whole
    /// time, tens of thousands of wake-ups a second).
    @Test func aStrokeHeldWhileSettingsWaitLeavesTheLoopAsleep() throws {
        let x = try XServer()
        let app = try launch(x)
        try app.key("h")
        try x.xdotool(["mousemove", "--window", app.windowID, "200", "300", "mousedown", "1", "sleep", "1.2",
                       "mousemove", "--window", app.windowID, "300", "310", "sleep", "0.3", "mouseup", "1"])
        #expect(try eventually { try app.screenshot().rgb(250, 305) != 0xFFFFFF }, "the stroke")
        try app.key("ctrl+q")
        let dialog = layout(dialog: true)
        #expect(try app.waitForQuestion(dialog))
        try? app.click(dialog.frame(of: .dialog(.discard))!.center)
        #expect(app.waitForExit() == 0)
        let stats = app.errorOutput
        let wakeups = stats.split(separator: "\n").first { $0.contains("wakeups") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
        #expect(wakeups != nil && wakeups! < 200, "stats: \(stats)")
    }
}
