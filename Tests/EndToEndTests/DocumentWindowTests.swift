import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing

/// The document workflow in the real window: Save writes the document, Export a copy; the
/// journal goes only when the document is saved and the app quits cleanly; the menu, New page
/// and the desk; the window found by name; the Wayland window's title bar.
@Suite(.serialized) struct DocumentWindowTests {
    static let size = PixelSize(width: 1000, height: 700)

    func layout(menu: Int? = nil, sheet: Sheet? = nil, dialog: [DialogButton]? = nil) -> Layout {
        Layout(window: Self.size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: dialog != nil,
               dialogButtons: dialog ?? [], menuRecent: menu, sheet: sheet)
    }

    func launch(_ x: XServer, _ extra: [String] = []) throws -> AppUnderTest {
        try AppUnderTest(server: x, arguments: ["--size", "\(Self.size.width)x\(Self.size.height)"] + extra)
    }

    func sessions(_ app: AppUnderTest) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: app.home.appendingPathComponent("state/drawingboard/sessions").path)) ?? []
    }

    /// Export a PDF, draw, Ctrl+S, quit: the PDF is a copy, the document has everything, and
    /// the journal is there until the document is saved and the app quits.
    @Test func exportThenDrawThenSaveThenQuitLosesNothing() throws {
        let x = try XServer()
        let app = try launch(x)
        #expect(try x.xdotool(["search", "--name", "Untitled - DrawingBoard"]).contains(app.windowID),
                "xdotool search --name finds the window (WM_NAME is Latin-1)")
        try app.drag([(150, 300), (450, 300)])
        let pdf = app.home.appendingPathComponent("doc.pdf")
        try app.answerChooser(with: pdf.path)
        try app.key("ctrl+shift+e")
        #expect(eventually { (try? Data(contentsOf: pdf))?.starts(with: Data("%PDF-".utf8)) == true }, "the copy is a PDF")
        #expect(eventually { app.title == "*Untitled - DrawingBoard" }, "the title still names the unsaved document")
        #expect(sessions(app).count == 1, "the journal keeps the work")
        try app.drag([(150, 500), (450, 500)])
        #expect(try eventually { try app.screenshot().rgb(300, 500) == 0x000000 }, "the second stroke")
        // Quitting now asks (only a copy was written), and Esc keeps the window.
        try app.key("ctrl+q")
        let buttons = layout(dialog: [.save, .discard, .cancel])
        let save = buttons.frame(of: .dialog(.save))!
        #expect(try eventually { try app.screenshot().rgb(Int(save.minX) + 8, Int(save.center.y)) == 0x3465A4 }, "the quit question")
        try app.screenshot("x11-quit-after-export")
        try app.key("Escape")
        #expect(app.waitForExit(1) == nil, "still running")
        // Ctrl+S asks for the document's name and writes an .ora with both strokes.
        let ora = app.home.appendingPathComponent("doc.ora")
        try app.answerChooser(with: app.home.appendingPathComponent("doc").path)
        try app.key("ctrl+s")
        #expect(eventually { FileManager.default.fileExists(atPath: ora.path) && app.title == "doc.ora - DrawingBoard" })
        let log = try String(contentsOf: app.chooserLog, encoding: .utf8)
        #expect(log.contains("Untitled.png") && log.contains("Untitled.ora"), "export proposed .png, save .ora: \(log)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.home.path).filter { $0.hasPrefix("doc") }.sorted() == ["doc.ora", "doc.pdf"])
        #expect(sessions(app).count == 1)
        try? app.key("ctrl+q")
        #expect(app.waitForExit() == 0, "saved: quits without asking")
        #expect(sessions(app).isEmpty, "saved and quit cleanly: the journal is gone")
        // The document opens with both strokes; the PDF stays what it was when exported.
        let second = try launch(x, [ora.path])
        #expect(try eventually {
            let s = try second.screenshot()
            return s.rgb(300, 300) == 0x000000 && s.rgb(300, 500) == 0x000000
        }, "both strokes are in the document")
        #expect(second.title == "doc.ora - DrawingBoard")
        let recent = try String(contentsOf: app.home.appendingPathComponent("data/recently-used.xbel"), encoding: .utf8)
        #expect(recent.contains("doc.ora") && !recent.contains("doc.pdf") && recent.contains("name=\"DrawingBoard\""),
                "the desktop's recent files list the document, not the exported copy")
    }

    /// The menu by keyboard (F10, arrows, Enter) opens New page; an A5 page shows fitted on the
    /// desk, and the recent file is in the menu.
    @Test func theMenuAndANewPageOnTheDesk() throws {
        let x = try XServer()
        let app = try launch(x)
        try app.key("F10")
        let menu = layout(menu: 0)
        let card = try #require(menu.menu)
        let bar = menu.topBar
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(Int(card.minX) + 4, Int(card.center.y)) == s.rgb(Int(bar.minX) + 30, Int(bar.minY) + 2)
        }, "the menu is open: a card of the bars' colour over the page")
        try app.screenshot("x11-menu")
        try app.key("Down", "Return")
        let sheet = layout(sheet: .newPage(NewPageDraft(preset: nil, windowSize: Self.size)))
        let a5 = try #require(sheet.frame(of: .sheetSize(.preset(.a5Portrait))))
        #expect(try eventually { try app.screenshot().rgb(Int(a5.minX) + 8, Int(a5.center.y)) != 0xFFFFFF }, "the New page sheet")
        try app.click(a5.center)
        #expect(try eventually { try app.screenshot().rgb(Int(a5.minX) + 8, Int(a5.center.y)) == AppUnderTest.accent }, "A5 chosen")
        try app.screenshot("x11-new-page-sheet")
        try app.key("Return")
        // 559x794 (A5 at 96 dpi) fitted between the bars: scale (700 - 144) / 794, centred.
        let scale = (700.0 - 144) / 794
        let left = Int(((1000 - 559 * scale) / 2).rounded())
        #expect(try eventually {
            let s = try app.screenshot()
            return s.rgb(100, 350) == 0x8A8D91 && s.rgb(500, 350) == 0xFFFFFF && s.rgb(left + 3, 350) == 0xFFFFFF
        }, "a portrait page on the desk")
        let shot = try app.screenshot("x11-a5-page")
        #expect(shot.rgb(left - 2, 350) != 0x8A8D91 && shot.rgb(left - 2, 350) & 0xFF < 0x8A, "a soft edge where the page ends")
        #expect(app.title == "Untitled - DrawingBoard")
        // Ctrl+1 shows it at 100%: 559 px wide, from x = 220 (fitted, it starts at x = 304).
        try app.key("ctrl+1")
        #expect(try eventually { try app.screenshot().rgb(235, 350) == 0xFFFFFF }, "100%: the page reaches x = 235")
        try app.key("ctrl+0")
        #expect(try eventually { try app.screenshot().rgb(235, 350) == 0x8A8D91 }, "Ctrl+0 fits it again")
    }
}

extension DocumentWindowTests {
    /// Wheel, Ctrl+wheel and the brush outline in the real window, and the remembered settings
    /// written while it runs.
    @Test func scrollZoomTheBrushOutlineAndSettingsWrittenAsTheyChange() throws {
        let x = try XServer()
        let app = try launch(x)
        // A page twice the window's size, at 100%: the wheel scrolls it.
        try app.key("ctrl+n")
        let sheet = layout(sheet: .newPage(NewPageDraft(windowSize: Self.size)))
        try app.click(sheet.frame(of: .sheetSize(.preset(.fullHD)))!.center)
        try app.key("Return")
        try drawAtActualSizeAndScroll(app)
        try app.key("ctrl+0")
        // The brush's outline at its size: widen the pen with ] to 9 px and hover.
        for _ in 0..<5 { try app.key("bracketright") }
        try app.server.xdotool(["mousemove", "--window", app.windowID, "600", "500"])
        try app.key("e")
        let eraser = Layout(window: Self.size, scale: 1, barsHidden: 0, panel: nil, recentColors: 1, hasMessage: false, hasDialog: false)
            .frame(of: .tool(.eraser))!
        #expect(try eventually { try app.screenshot().rgb(Int(eraser.minX) + 6, Int(eraser.center.y)) == AppUnderTest.accent }, "the eraser in hand")
        try app.server.xdotool(["mousemove", "--window", app.windowID, "601", "500", "mousemove", "--window", app.windowID, "600", "500"])
        let settings = app.home.appendingPathComponent("config/drawingboard/settings.json")
        #expect(eventually {
            guard let data = try? Data(contentsOf: settings), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
            return json["tool"] as? String == "eraser" && json["penWidth"] as? Double == 9 && json["eraserWidth"] as? Double == 16
                && json["penColor"] as? String == "#000000" && json["textSize"] as? Double == 32 && json["textFont"] as? String == "Sans"
        }, "written while the app runs: \((try? String(contentsOf: settings, encoding: .utf8)) ?? "none")")
        // The eraser's outline: 16 px at the fitted zoom (1920 px page in 1000 px: ~0.52).
        let shot = try app.screenshot("x11-eraser-outline")
        let scale = 1000.0 / 1920
        let r = Int((16 * scale / 2).rounded())
        #expect(shot.rgb(600 + r, 500) & 0xFF < 0x60 && shot.rgb(600, 500) == 0xFFFFFF, "a ring of radius \(r) around a clear centre")
    }

    /// A remembered size larger than the screen: the first window still fits it.
    @Test func theFirstWindowFitsASmallScreen() throws {
        let x = try XServer(width: 800, height: 600)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1100x760"])
        let geometry = try x.xdotool(["getwindowgeometry", app.windowID])
        let size = geometry.components(separatedBy: "Geometry: ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        let parts = size.split(separator: "x").compactMap { Int($0) }
        #expect(parts.count == 2 && parts[0] <= 800 && parts[1] <= 600, "the window is \(size) on an 800x600 screen")
    }
}

/// The document workflow on Wayland: export a copy, save the document, the title follows. In
/// the Wayland suite, so its westons run one at a time (several at once, on a loaded machine,
/// have dropped key presses).
extension WaylandWindowTests {
    @Test func exportAndSaveOnWayland() throws {
        let x = try XServer()
        let weston = try WestonSession(server: x, width: 1000, height: 700)
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let pencil = l.frame(of: .tool(.pencil))!
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: weston.environment,
                                   window: weston.windowID) { app in
            try app.screenshot().rgb(Int(pencil.minX) + 6, Int(pencil.center.y)) == 0x3465A4
        }
        try app.drag([(150, 350), (450, 350)])
        let png = app.home.appendingPathComponent("copy.png")
        try app.answerChooser(with: png.path)
        try app.key("ctrl+e")
        try app.confirmExportResolution()
        #expect(eventually { (try? PNGFile.decode(atPath: png.path).pixel(x: 300, y: 350)) == 0xFF00_0000 }, "the copy on Wayland")
        try app.answerChooser(with: app.home.appendingPathComponent("wayland").path)
        try app.key("ctrl+s")
        let ora = app.home.appendingPathComponent("wayland.ora")
        #expect(eventually { FileManager.default.fileExists(atPath: ora.path) })
        // The save is over once the document is a recent file.
        let recent = app.home.appendingPathComponent("data/recently-used.xbel")
        #expect(eventually { ((try? String(contentsOf: recent, encoding: .utf8)) ?? "").contains("wayland.ora") })
        try app.key("F10")
        let menu = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                          hasMessage: false, hasDialog: false, menuRecent: 1)
        let card = try #require(menu.menu)
        // One recent file: the document (the exported copy is not one).
        #expect(try eventually { try app.screenshot().rgb(Int(card.minX) + 4, Int(card.center.y)) != 0xFFFFFF }, "the menu on Wayland")
        try app.screenshot("wayland-menu")
        try app.key("Escape")
        // A new 1920x1080 page, at 100%: the wheel scrolls it on Wayland too.
        try app.key("ctrl+n")
        let sheet = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                           hasMessage: false, hasDialog: false, sheet: .newPage(NewPageDraft(windowSize: PixelSize(width: 1000, height: 700))))
        try app.click(sheet.frame(of: .sheetSize(.preset(.fullHD)))!.center)
        try app.key("Return")
        #expect(try eventually { try app.screenshot().rgb(20, 50) == 0x8A8D91 && app.screenshot().rgb(20, 350) == 0xFFFFFF }, "the new page fitted on the desk")
        try app.screenshot("wayland-new-page")
        try drawAtActualSizeAndScroll(app)
        try app.screenshot("wayland-scrolled")
        try? app.key("ctrl+q")
        let question = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                              hasMessage: false, hasDialog: true)
        #expect(try app.waitForQuestion(question), "quitting asks")
        try app.click(question.frame(of: .dialog(.discard))!.center)
        #expect(app.waitForExit() == 0, "Discard quits")
    }
}

/// On a page larger than the window: Ctrl+1, a line, two notches of the wheel down, which move
/// the page up by 96 px (the line from y 300 to 204).
func drawAtActualSizeAndScroll(_ app: AppUnderTest) throws {
    try app.key("ctrl+1")
    try app.drag([(300, 300), (700, 300)])
    #expect(try eventually { try app.screenshot().rgb(500, 300) == 0x000000 })
    try app.server.xdotool(["mousemove", "--window", app.windowID, "500", "400", "click", "5", "click", "5"])
    #expect(try eventually {
        let s = try app.screenshot()
        return s.rgb(500, 204) == 0x000000 && s.rgb(500, 300) == 0xFFFFFF
    }, "the wheel scrolled the page")
}

/// On Wayland, SDL draws the window's decorations through libdecor: with its plugin installed,
/// the window has a title bar (weston's desktop shell, as on a desktop).
extension WaylandWindowTests {
    @Test func theWaylandWindowHasATitleBar() throws {
        let x = try XServer(width: 1280, height: 860)
        let weston = try WestonSession(server: x, width: 1200, height: 820, desktop: true)
        // libdecor asks the session bus for the desktop's settings before it draws; with no bus
        // at all, libdbus may wait its 25 s timeout. A desktop has a bus: so does this test.
        let bus = try PrivateBus()
        let l = Layout(window: PixelSize(width: 800, height: 500), scale: 1, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let pencil = l.frame(of: .tool(.pencil))!
        var found: (x: Int, y: Int)?
        let app = try AppUnderTest(server: x, arguments: ["--size", "800x500"],
                                   environment: weston.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 },
                                   window: weston.windowID) { app in
            // The selected pencil's blue: where the window's content is on weston's desk.
            let s = try app.screenshot()
            for y in 0..<s.height {
                if let px = (0..<s.width).first(where: { s.rgb($0, y) == 0x3465A4 }) {
                    found = (px, y)
                    return true
                }
            }
            return false
        }
        let hit = try #require(found)
        let left = hit.x - Int(pencil.minX) - 12, top = hit.y - Int(pencil.minY) - 3
        #expect(top > 30, "room above the content for a title bar (content at y \(top))")
        // A title bar is one flat colour; weston's desk behind a window without one is a
        // pattern. libdecor draws it once the window is configured, so give it a moment.
        func share(_ shot: RasterImage) -> Double {
            var counts: [UInt32: Int] = [:]
            var total = 0
            for y in max(0, top - 18)..<max(1, top - 6) {
                for x in (left + 40)..<min(left + 240, shot.width) {
                    counts[shot.rgb(x, y), default: 0] += 1
                    total += 1
                }
            }
            return Double(counts.values.max() ?? 0) / Double(max(total, 1))
        }
        // Give the window the focus, as a user's first click does: libdecor draws (or redraws)
        // the frame for the active window.
        try app.server.xdotool(["mousemove", "--window", app.windowID, "\(left + 400)", "\(top + 300)", "click", "1"])
        let shown = try eventually(10) { share(try app.screenshot()) > 0.9 }
        let last = share(try app.screenshot())
        #expect(shown, "the band above the content is a title bar (its main colour covers \(Int(last * 100))%)")
        try app.screenshot("wayland-title-bar")
    }
}
