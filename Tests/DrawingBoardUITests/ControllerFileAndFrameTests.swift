import DrawingBoardCore
@testable import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Saving, opening, quitting, tooltips, redrawn areas, resting pointers, the page and settings.
@Suite struct ControllerFileAndFrameTests {
    @Test func saveAsksForANameOnceThenWritesTheDocumentAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = try makeController(700, 500)
        c.drag([(20, 250), (680, 250)])
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        c.finishSaving()
        let effects = c.takeEffects()
        #expect(effects.contains { if case .chooseFile(let r) = $0 { return r.purpose == .saveDrawing && r.suggestedName == "Untitled.ora" } else { return false } })
        c.document.fileChosen(.saveDrawing, path: folder.appendingPathComponent("picture").path)
        c.finishSaving()
        let saved = folder.appendingPathComponent("picture.ora").path
        #expect(c.title == "picture.ora - DrawingBoard")
        #expect(c.chrome.messageText == "Saved “picture.ora”")
        // The second Ctrl+S writes without asking.
        c.drag([(150, 120), (150, 380)])
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        c.finishSaving()
        #expect(!c.takeEffects().contains { if case .chooseFile = $0 { return true } else { return false } })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["picture.ora"], "no temporary file is left")
        let other = try makeController(700, 500)
        other.document.open(saved)
        other.finishOpening()
        #expect(other.editor.strokes.count == 2 && other.title == "picture.ora - DrawingBoard")
        #expect(try other.shown().pixel(x: 150, y: 140) == 0xFF00_0000)
        #expect(other.editor.size == PixelSize(width: 700, height: 500))
        other.resize(to: PixelSize(width: 900, height: 800), scale: 1)
        #expect(other.editor.size == PixelSize(width: 700, height: 500), "an opened document keeps its size")
    }

    @Test func openingReplacesTheDrawingOnlyAfterAsking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try makeController(700, 500)
        first.drag([(100, 100), (600, 100)])
        first.document.fileChosen(.saveDrawing, path: folder.appendingPathComponent("a.ora").path)
        first.finishSaving()
        let c = try makeController(700, 500)
        c.drag([(100, 400), (600, 400)])
        c.document.open(folder.appendingPathComponent("a.ora").path)
        c.finishOpening()
        #expect(c.document.pendingQuestion == .open(folder.appendingPathComponent("a.ora").path))
        c.click(.dialog(.cancel))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points[0] == Point(100, 400), "cancel keeps the drawing")
        c.document.open(folder.appendingPathComponent("a.ora").path)
        c.finishOpening()
        c.click(.dialog(.discard))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points[0] == Point(100, 100), "discard opens the document")
        #expect(!c.isModified && !c.editor.canUndo)
        c.document.open(folder.appendingPathComponent("missing.ora").path)
        c.finishOpening()
        #expect(c.chrome.messageText?.contains("“missing.ora” cannot be opened: no such file") == true, "\(c.chrome.messageText ?? "")")
        #expect(c.editor.strokes[0].points[0] == Point(100, 100), "a failed open changes nothing")
    }

    @Test func aFailedSaveShowsAMessageAndKeepsTheDrawing() throws {
        let c = try makeController(700, 500)
        c.drag([(20, 250), (680, 250)])
        c.document.fileChosen(.saveDrawing, path: "/proc/nope/picture.ora")
        c.finishSaving()
        #expect(c.chrome.messageText?.hasPrefix("Could not save “picture.ora”: cannot write /proc/nope/picture.ora") == true, "\(c.chrome.messageText ?? "")")
        #expect(c.isModified && c.editor.strokes.count == 1)
        let img = try c.shown()
        let banner = try #require(c.layout().message)
        #expect(img.pixel(x: Int(banner.minX) + 6, y: Int(banner.center.y)) == 0xFFC0_1C28, "a red banner")
    }

    @Test func backgroundImagesLoadOrExplainWhyNot() throws {
        let c = try makeController(700, 500)
        c.document.loadBackground("/somewhere/ok.png")
        c.finishOpening()
        #expect(try c.shown().pixel(x: 100, y: 250) == 0xFF00_80FF)
        c.document.loadBackground("/somewhere/bad.png")
        c.finishOpening()
        #expect(c.chrome.messageText == "Could not open “bad.png”: not a readable image")
        #expect(try c.shown().pixel(x: 100, y: 250) == 0xFF00_80FF, "the old background stays")
        c.click(.panel(.background))
        c.click(.chooseImage)
        #expect(c.takeEffects().contains { if case .chooseFile(let r) = $0 { return r.purpose == .backgroundImage } else { return false } })
    }

    @Test func quittingWithUnsavedChangesAsksFirst() throws {
        let c = try makeController()
        c.key(KeyInput(.character("q"), ctrl: true), time: 0)
        #expect(c.takeEffects().contains(.quit), "nothing to lose: quits at once")
        let d = try makeController()
        d.drag([(100, 300), (300, 300)])
        _ = d.takeEffects()
        d.document.requestQuit()
        #expect((d.document.pendingQuestion != nil) && !d.takeEffects().contains(.quit))
        d.click(.dialog(.cancel))
        #expect(!(d.document.pendingQuestion != nil) && !d.takeEffects().contains(.quit))
        d.document.requestQuit()
        d.click(.dialog(.discard))
        #expect(d.takeEffects().contains(.quit))
    }

    @Test func savingFromTheQuitQuestionQuitsOnlyAfterASuccessfulSave() throws {
        let c = try makeController(700, 500)
        c.drag([(100, 200), (600, 300)])
        c.document.requestQuit()
        c.click(.dialog(.save))
        c.finishSaving()
        var effects = c.takeEffects()
        #expect(effects.contains { if case .chooseFile = $0 { return true } else { return false } } && !effects.contains(.quit))
        c.document.fileChosen(.saveDrawing, path: nil)
        #expect(!c.takeEffects().contains(.quit), "cancelling the chooser cancels the quit")
        c.document.requestQuit()
        c.click(.dialog(.save))
        c.finishSaving()
        _ = c.takeEffects()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-quit-\(UUID().uuidString).ora").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        c.document.fileChosen(.saveDrawing, path: path)
        c.finishSaving()
        effects = c.takeEffects()
        #expect(effects.contains(.quit))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func tooltipsAppearAfterAPause() throws {
        let c = try makeController()
        let undo = try #require(c.layout().frame(of: .undo))
        c.hover(at: undo.center, time: 5)
        #expect(c.chrome.tooltip() == nil)
        #expect(abs((c.secondsUntilWakeup() ?? 0) - Chrome.tooltipDelay) < 0.001)
        c.tick(5 + Chrome.tooltipDelay)
        #expect(c.chrome.tooltip()?.text == "Undo (Ctrl+Z)")
        c.hover(at: Point(500, 400), time: 6)
        #expect(c.chrome.tooltip() == nil)
        // The hex field's tooltip goes while it is typed in, off the sliders being matched.
        c.click(.panel(.brush))
        let hex = try #require(c.layout().frame(of: .hexField))
        c.hover(at: hex.center, time: 10)
        c.tick(10 + Chrome.tooltipDelay)
        #expect(c.chrome.tooltip()?.text == "Type a colour: three or six hex digits, then Enter")
        c.brush.colour.beginHexEntry()
        #expect(c.chrome.tooltip() == nil)
        // The Brush button's tooltip would cover the open panel's bottom row.
        c.brush.colour.finishHexEntry(apply: false)
        let brush = try #require(c.layout().frame(of: .panel(.brush)))
        c.hover(at: brush.center, time: 20)
        c.tick(20 + Chrome.tooltipDelay)
        #expect(c.chrome.tooltip() == nil)
        c.click(.closePanel)
        c.hover(at: brush.center + Point(1, 0), time: 30)
        c.tick(30 + Chrome.tooltipDelay)
        #expect(c.chrome.tooltip() != nil, "with the panel closed it shows")
    }

    @Test func onlyChangedAreasAreRedrawn() throws {
        let c = try makeController()
        _ = c.takeDamage()
        #expect(c.takeDamage().isEmpty, "nothing changed, nothing to draw")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(500, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(505, 402)))
        _ = c.takeDamage()
        c.tick(0.02)
        _ = c.takeDamage()
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(510, 403), time: 0.02))
        c.tick(0.02)
        // The first segment is composed (over the starting dot); the later ones are not.
        _ = c.takeDamage()
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(515, 405), time: 0.03))
        c.tick(0.03)
        let damage = c.takeDamage()
        // The segment shown last in its provisional shape is painted again, now final, over the
        // pixels that were under it, and the newest segment is to be shown (after the frame's
        // areas): a few pixels around the pointer, nothing composed on the canvas (the bars
        // sliding away aside).
        let bars = c.layout().chromeRects.compactMap { $0.pixelRect(clippedTo: c.window) }
        let canvas = damage.recompose.filter { rect in !bars.contains { $0.intersection(rect) != nil } }
        #expect(damage.painted.count == 1 && damage.painted.allSatisfy { $0.area < 30 * 30 }, "\(damage.painted)")
        #expect(damage.tails)
        #expect(canvas.isEmpty, "\(canvas)")
    }

    @Test func piecesUnderTheBarsAreComposedWithThem() throws {
        let c = try makeController()
        let (frame, icons) = try c.renderedFrame()
        let bar = try #require(c.layout().chromeRects.first)
        let y = (bar.minY + bar.maxY) / 2
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(bar.minX + 40, y + 60), time: 0))
        var composed = 0, painted = 0
        for i in 1...12 {
            // Up under the bar and along it, while the bar is still on screen.
            let p = Point(bar.minX + 40 + Double(i) * 8, max(y, y + 60 - Double(i) * 15))
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: p, time: 0.001 * Double(i)))
            c.tick(0.001 * Double(i))
            let damage = c.takeDamage()
            composed += damage.recompose.count
            painted += damage.painted.count
            c.render(into: frame, icons: icons, damage: damage)
        }
        #expect(composed > 0 && painted > 0, "pieces clear of the bar are painted (\(painted)); under it, composed (\(composed))")
        let shownNow = frame.read(PixelRect(size: c.window))
        let full = try c.shown()
        let differing = zip(shownNow, full.pixels).filter { $0 != ($1 | 0xFF00_0000) }.count
        #expect(differing < 40, "the bar stays on top of the stroke in progress (\(differing) pixels differ from a full redraw)")
    }

    @Test func aSmoothedLineGlidesInToARestingPointer() throws {
        let c = try makeController()
        c.editor.toolState.smoothing = .strong
        let (frame, icons) = try c.renderedFrame()
        func shown(_ x: Int, _ y: Int) -> UInt32 { frame.read(PixelRect(x: x, y: y, width: 1, height: 1))[0] }
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 400), time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 400), time: 1.01))
        c.tick(1.01)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        #expect(shown(300, 400) == 0xFFFF_FFFF, "strong smoothing trails the pointer at first")
        #expect(c.editor.screen.strokesTrailPointer)
        // The pointer rests: the loop keeps waking a frame at a time and the line glides in.
        var time = 1.01, wakes = 0
        while let wait = c.secondsUntilWakeup(), wakes < 200 {
            #expect(wait > 0 || time >= 1.01 + InputRouter.restDelay, "no busy wake while the pointer moves")
            time += max(wait, 0.001)
            wakes += 1
            c.tick(time)
            c.render(into: frame, icons: icons, damage: c.takeDamage())
        }
        #expect(!c.editor.screen.strokesTrailPointer)
        #expect(time - 1.01 < 1, "caught up within a second (\(time - 1.01) s, \(wakes) wakes)")
        #expect(wakes > 5, "in steps a frame apart, not one jump (\(wakes) wakes)")
        #expect(shown(300, 400) != 0xFFFF_FFFF && shown(496, 400) != 0xFFFF_FFFF, "the line reaches the resting pointer before it lifts")
        #expect(c.secondsUntilWakeup() == nil, "and then the loop sleeps")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(500, 400), time: time + 0.01))
        let stroke = try #require(c.editor.strokes.last)
        #expect(stroke.points.last == Point(500, 400))
    }

    /// The ink reaches the pointer with every motion event, not a sample later, and no
    /// timer is needed when the pointer rests; the segment shown in its provisional shape
    /// leaves nothing behind when the next sample reshapes it.
    @Test func theNewestSegmentShowsAtOnce() throws {
        let c = try makeController()
        let (frame, icons) = try c.renderedFrame()
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(300, 400), time: 1))
        for (i, p) in [Point(340, 420), Point(380, 380), Point(420, 410), Point(460, 400)].enumerated() {
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: p, time: 1 + 0.01 * Double(i + 1)))
            c.tick(1 + 0.01 * Double(i + 1))
            c.render(into: frame, icons: icons, damage: c.takeDamage())
            #expect(frame.read(PixelRect(x: Int(p.x) - 1, y: Int(p.y), width: 1, height: 1))[0] != 0xFFFF_FFFF, "the ink is at \(p) at once")
            #expect(!c.editor.screen.strokesBehindPointer)
        }
        // No timer while the pointer rests, but one wake-up half a second after it stopped,
        // to show the shape a pencil stroke will snap to.
        #expect(c.input.nextWakeup() == 1.04 + EditorScreen.snapRestTime, "a resting pointer needs no timer but the snap's")
        let stroke = PixelRect(x: 290, y: 370, width: 180, height: 60)
        let held = frame.read(stroke)
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(460, 400), time: 1.1))
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        let lifted = frame.read(stroke)
        // What was shown while held is the committed stroke but for the edges' rounding (pieces
        // painted straight onto the screen overlap there): no provisional shape left behind.
        func apart(_ a: UInt32, _ b: UInt32) -> Bool {
            for shift: UInt32 in [0, 8, 16] {
                let x = Int((a >> shift) & 0xFF), y = Int((b >> shift) & 0xFF)
                if abs(x - y) > 40 { return true }
            }
            return false
        }
        let far = zip(held, lifted).filter { apart($0, $1) }.count
        let where_ = zip(held, lifted).enumerated().filter { apart($0.element.0, $0.element.1) }.prefix(8).map { i, p in "(\(stroke.x + i % stroke.width),\(stroke.y + i / stroke.width)) \(String(p.0, radix: 16)) \(String(p.1, radix: 16))" }
        #expect(far == 0, "\(far) pixels differ from the committed stroke: \(where_)")
    }

    /// The tools that cannot paint straight onto the screen (a pen whose pressure changes, a
    /// translucent pencil, the eraser over ink) show the ink, or the paper, at each point with
    /// the motion event that brought it too. (XTEST sends no pressure, so `scripts/latency`
    /// times these two in the real window and this one here.)
    @Test(arguments: ["pen with pressure", "pencil at 40%", "eraser"])
    func everyToolShowsTheNewestPointAtOnce(_ tool: String) throws {
        let c = try makeController()
        if tool == "eraser" {
            c.drag([(250, 400), (500, 400)])
            c.brush.select(.eraser)
        }
        if tool == "pencil at 40%" { c.brush.setSlider(.opacity, to: 40) }
        let (frame, icons) = try c.renderedFrame()
        let source: PointerSource = tool == "pen with pressure" ? .pen(.tip) : .mouse
        let points = (0..<6).map { Point(300 + 30 * Double($0), 400) }
        var before: [UInt32] = []
        for p in points { before.append(frame.read(PixelRect(x: Int(p.x), y: Int(p.y), width: 1, height: 1))[0]) }
        for (i, p) in points.enumerated() {
            c.pointer(PointerEvent(source: source, phase: i == 0 ? .down : .move, position: p, pressure: 0.3 + 0.12 * Double(i),
                                   time: 1 + 0.008 * Double(i)))
            c.tick(1 + 0.008 * Double(i))
            c.render(into: frame, icons: icons, damage: c.takeDamage())
            let now = frame.read(PixelRect(x: Int(p.x), y: Int(p.y), width: 1, height: 1))[0]
            #expect(now != before[i], "\(tool): \(p) changed with its own event (\(String(now, radix: 16)))")
        }
        // (A pencil stroke wakes the loop once, half a second after its pointer stopped, to
        // show the shape it snaps to; no other timer.)
        let wake = c.input.nextWakeup()
        #expect(wake == nil || wake == 1 + 0.008 * Double(points.count - 1) + EditorScreen.snapRestTime, "\(tool): no timer while the pointer rests")
    }

    @Test func thePageKeepsItsSizeWhenTheWindowChangesAndTheDeskShowsAround() throws {
        let c = try makeController(600, 450)
        c.drag([(450, 200), (590, 300)])
        c.resize(to: PixelSize(width: 400, height: 300), scale: 1)
        #expect(c.editor.size == PixelSize(width: 600, height: 450), "a smaller window crops nothing")
        #expect(c.view.scale < 1, "the page is fitted into the smaller window")
        c.resize(to: PixelSize(width: 900, height: 700), scale: 1)
        #expect(c.editor.size == PixelSize(width: 600, height: 450), "a larger window does not grow the page")
        #expect(c.view == ViewTransform(scale: 1, offset: Point(150, 125)), "the page at 100%, centred")
        let img = try c.shown()
        #expect(img.pixel(x: 150 + 520, y: 125 + 250) == 0xFF00_0000, "the stroke, where it was on the page")
        #expect(img.pixel(x: 40, y: 350) == 0xFF8A_8D91, "the desk around the page")
        #expect(img.pixel(x: 150 + 300, y: 125 + 200) == 0xFFFF_FFFF, "the page itself")
        let edge = img.pixel(x: 148, y: 350)
        #expect(edge != 0xFF8A_8D91 && edge & 0xFF < 0x8A, "a soft shadow along the page's edge: \(String(edge, radix: 16))")
    }

    @Test func settingsRoundTripAndSurviveDamage() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-settings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var s = AppSettings(windowWidth: 1234, windowHeight: 777, recentColors: ["#ff0000", "#00ff00"])
        s.smoothing = .strong
        try s.save(to: url)
        #expect(AppSettings.load(from: url) == s)
        // Settings written before smoothing existed still load.
        try Data(#"{"windowWidth": 900, "windowHeight": 600, "recentColors": []}"#.utf8).write(to: url)
        #expect(AppSettings.load(from: url).smoothing == nil && AppSettings.load(from: url).windowWidth == 900)
        try Data("{not json".utf8).write(to: url)
        #expect(AppSettings.load(from: url) == AppSettings())
        let aside = url.appendingPathExtension("unreadable")
        defer { try? FileManager.default.removeItem(at: aside) }
        #expect(try Data(contentsOf: aside) == Data("{not json".utf8), "a file that is not settings is kept beside, for the next save replaces it")
    }

    /// A value this version does not know (a newer version's touch mode, a width written as
    /// a word) is left out alone: the pen's width and colour and the colours stay.
    @Test func aSettingUnknownHereLeavesTheOthers() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-settings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(##"{"windowWidth": 900, "windowHeight": "tall", "recentColors": ["#ff0000", "#00ff00"], "touchMode": "stylus-only", "penWidth": 42, "penColor": "#102030", "smoothing": 7}"##.utf8).write(to: url)
        let loaded = AppSettings.load(from: url)
        #expect(loaded.penWidth == 42 && loaded.penColor == "#102030" && loaded.recentColors == ["#ff0000", "#00ff00"])
        #expect(loaded.windowWidth == 900 && loaded.windowHeight == AppSettings.defaultWindow.height)
        #expect(loaded.touchMode == nil && loaded.smoothing == nil)
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathExtension("unreadable").path))
    }
}

/// A commit that fails says so in the window, and the drawing stays as it was.
@Suite struct CommitFailureWindowTests {
    @Test func aStrokeThatCannotBeCommittedShowsARedBannerAndNoInk() throws {
        let c = try makeController(700, 500)
        c.editor.canvas.simulatedFailure = RenderError("cannot create a 700x500 image: out of memory")
        c.drag([(20, 250), (680, 250)])
        #expect(c.chrome.messageText == "That could not be done: cannot create a 700x500 image: out of memory", "\(c.chrome.messageText ?? "none")")
        #expect(c.editor.strokes.isEmpty && !c.isModified && !c.editor.canUndo)
        let img = try c.shown()
        #expect(img.pixel(x: 350, y: 250) == 0xFFFF_FFFF, "no ink where the stroke went")
        let banner = try #require(c.layout().message)
        #expect(img.pixel(x: Int(banner.minX) + 6, y: Int(banner.center.y)) == 0xFFC0_1C28, "a red banner")
    }
}
