import DrawingBoardCore
import DrawingBoardFiles
import Foundation
import Testing
@testable import DrawingBoardRender
@testable import DrawingBoardUI

/// The main menu, the sheets, the banner's wrapping, the swatches and the settings.
@Suite struct MenuAndSheetTests {
    @Test func theMenuWorksByPointerAndByKeyboard() throws {
        let c = try makeController(1000, 700)
        c.click(.menu)
        #expect(c.chrome.menu.isOpen)
        let rows = c.layout().menuRows
        #expect(rows == Command.menu.map { .menuItem($0) }, "every command, in order")
        for row in rows {
            let frame = try #require(c.layout().frame(of: row))
            #expect(frame.height >= Theme.minimumTarget, "\(row) is a finger high")
        }
        c.key(KeyInput(.down), time: 0)
        c.key(KeyInput(.down), time: 0)
        #expect(c.chrome.menu.highlighted == .menuItem(.open))
        c.key(KeyInput(.up), time: 0)
        c.key(KeyInput(.enter), time: 0)
        #expect(!c.chrome.menu.isOpen && c.chrome.sheet == .newPage(NewPageDraft(windowSize: PixelSize(width: 1000, height: 700))), "Enter ran New…")
        c.key(KeyInput(.escape), time: 0)
        #expect(c.chrome.sheet == nil)
        // A press outside the menu closes it and draws nothing.
        c.key(KeyInput(.f10), time: 0)
        c.drag([(100, 400), (300, 400)])
        #expect(!c.chrome.menu.isOpen && c.editor.strokes.isEmpty)
        // Shortcuts and About from the menu.
        c.click(.menu)
        c.click(.menuItem(.shortcuts))
        #expect(c.chrome.sheet == .shortcuts)
        c.click(.sheetClose)
        c.key(KeyInput(.character("/"), ctrl: true, shift: true), time: 0)
        #expect(c.chrome.sheet == .shortcuts, "Ctrl+? opens the shortcuts too")
        c.key(KeyInput(.escape), time: 0)
        c.key(KeyInput(.f1), time: 0)
        #expect(c.chrome.sheet == .shortcuts)
    }

    @Test func theMenuListsRecentFilesAndFitsAShortWindow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-menu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(640, 480)
        c.document.recentFiles = RecentFiles(url: dir.appendingPathComponent("recently-used.xbel"))
        for name in ["a", "b", "c"] {
            c.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent(name).path)
            c.finishSaving()
        }
        c.click(.menu)
        let l = c.layout()
        let card = try #require(l.menu)
        #expect(card.maxY <= 480 && card.minX >= 0 && card.maxX <= 640, "the menu fits 640x480: \(card)")
        #expect(l.menuRows.contains(.recentFile(0)))
        #expect(c.chrome.menu.recent.first == dir.appendingPathComponent("c.ora").path, "newest first")
        // (At 640x480 the menu's two columns leave room for the two newest.)
        c.click(.recentFile(1))
        c.finishOpening()
        #expect(c.document.path == dir.appendingPathComponent("b.ora").path && c.title == "b.ora - DrawingBoard")
    }

    @Test func aNewPageHasTheChosenSizeAndBackgroundAndAsksFirst() throws {
        let c = try makeController(1000, 700)
        c.drag([(100, 100), (300, 100)])
        c.key(KeyInput(.character("n"), ctrl: true), time: 0)
        c.click(.sheetSize(.custom))
        for _ in 0..<10 { c.key(KeyInput(.backspace), time: 0) }
        for ch in "1200x800000" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.chrome.messageText?.hasPrefix("Type the page size as width x height") == true, "a size beyond the limits is refused")
        for _ in 0..<3 { c.key(KeyInput(.backspace), time: 0) }
        c.click(.sheetColor(1))
        c.click(.sheetConfirm)
        #expect(c.document.pendingQuestion == .newPage(PageSpec(size: PixelSize(width: 1200, height: 800), background: Layout.pageColors[1])))
        c.click(.dialog(.cancel))
        #expect(c.editor.strokes.count == 1, "cancel keeps the drawing")
        c.key(KeyInput(.character("n"), ctrl: true), time: 0)
        c.click(.sheetSize(.preset(.a4Landscape)))
        c.key(KeyInput(.enter), time: 0)
        c.click(.dialog(.discard))
        #expect(c.editor.size == PixelSize(width: 1123, height: 794) && c.editor.strokes.isEmpty && !c.editor.canUndo)
        #expect(c.title == "Untitled - DrawingBoard" && !c.isModified)
        // Exported as a PDF, the A4 page is A4: 297 x 210 mm is 841.9 x 595.3 points.
        let pdf = try PDFReader.read(VectorExport.exportNotebook(c.editor), name: "a4.pdf")
        let page = try #require(pdf.pageSizes.first)
        #expect(abs(page.width - 841.9) < 1 && abs(page.height - 595.3) < 1, "\(page)")
    }

    /// The sheet opens with the anchor last applied; one chosen and cancelled is not kept.
    @Test func pageSizeOpensWithTheAnchorLastApplied() throws {
        let c = try makeController(800, 600)
        applyPageSize(c, "900x700", anchor: 8)
        c.click(.menu)
        c.click(.menuItem(.pageSize))
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "900x700", anchor: 8)), "bottom right again")
        c.click(.sheetAnchor(0))
        c.click(.sheetClose)
        c.click(.menu)
        c.click(.menuItem(.pageSize))
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "900x700", anchor: 8)), "a cancelled choice is not kept")
    }

    /// 200 strokes: a page the window paints again whole off the event loop.
    func heavyPage() throws -> AppController {
        let strokes = (0..<200).map { i in
            PageItem.stroke(Stroke(id: UInt64(i + 1), tool: .pencil, style: StrokeStyle(color: .black, width: 3),
                                   points: [Point(20, 20 + Double(i) * 2.5), Point(780, 20 + Double(i) * 2.5)]))
        }
        let editor = try Editor(notebook: Notebook([Page(size: PixelSize(width: 800, height: 600), items: strokes)]), drawsPDFsLater: true)
        return AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 800, height: 600), scale: 1)
    }

    /// A Background slider dragged on a heavy page: each step paints the page again off the
    /// loop, and the loop wakes within a thirtieth of a second to take the new page in: the
    /// page keeps up with the slider, not a step behind it.
    @Test func aHeavyPageKeepsUpWithABackgroundSliderDragged() throws {
        let c = try heavyPage()
        // A text on it: what is under the drawing is painted again for each colour.
        let style = TextStyle(text: "Note", size: 40, color: RGBColor(hex: "#2050a0")!)
        let natural = TextArt.measure(style)
        try c.editor.place(Element(source: .text(style), placement: .init(center: Point(400, 300), width: natural.width, natural: natural)))
        c.editor.settleRepaint(wait: true)
        c.click(.panel(.background))
        let track = try #require(c.layout().inPanel.tracks[.backgroundRed])
        var time = 10.0
        c.tick(time)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(track.maxX - 20, track.center.y), time: time))
        c.tick(time)
        for step in 1...3 {
            time += 0.01
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(track.maxX - 20 - Double(step) * 60, track.center.y), time: time))
            c.tick(time)
            let wake = try #require(c.secondsUntilWakeup(), "step \(step): the loop wakes for the page being painted")
            #expect(wake <= 1.0 / 30 + 1e-9)
            // The page painted off the loop is done by then; the wake-up's turn (no events) takes it in.
            #expect(c.editor.current.repaint != nil, "step \(step): the page is painted again off the loop")
            while c.editor.current.repaint?.isDone == false { Thread.sleep(forTimeInterval: 0.002) }
            time += wake
            c.tick(time)
            let shown = try c.shown().pixel(x: 790, y: 590) & 0xFFFFFF
            let wanted = c.editor.background
            guard case .color(let colour) = wanted else { Issue.record("a plain colour: \(wanted)"); return }
            #expect(shown == UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue), "step \(step): the page shows the slider's colour")
        }
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(track.minX + 40, track.center.y), time: time + 0.01))
    }

    /// The page size sheet: `size` typed, anchored at `anchor`, applied.
    func applyPageSize(_ c: AppController, _ size: String, anchor: Int = 4) {
        c.click(.menu)
        c.click(.menuItem(.pageSize))
        for _ in 0..<7 { c.key(KeyInput(.backspace), time: 0) }
        for ch in size { c.key(KeyInput(.character(ch)), time: 0) }
        c.click(.sheetAnchor(anchor))
        c.click(.sheetConfirm)
    }

    @Test func aStrokeBegunWhileAHeavyPageIsResizedLandsWhereItWasAimed() throws {
        let c = try heavyPage()
        #expect(c.view == .identity)
        applyPageSize(c, "1000x700", anchor: 8)
        #expect(c.editor.replacements.change != nil)
        // Pressed on what was shown: page point (300, 300), at (500, 400) on the new page.
        c.drag([(300, 300), (340, 300)])
        #expect(c.editor.size == PixelSize(width: 1000, height: 700))
        #expect(c.editor.strokes.last?.points.first == Point(500, 400), "\(String(describing: c.editor.strokes.last?.points))")
        #expect(c.view.scale == 1 && c.view.toWindow(Point(500, 400)) == Point(300, 300), "the drawing stayed under the pointer")
        // The same for the size undone: the stroke goes, then the page size.
        c.key(KeyInput(.character("z"), ctrl: true), time: 1)
        c.key(KeyInput(.character("z"), ctrl: true), time: 1)
        #expect(c.editor.replacements.change == .undo)
        c.drag([(300, 300), (340, 300)])
        #expect(c.editor.size == PixelSize(width: 800, height: 600) && c.editor.strokes.count == 201)
        #expect(c.editor.strokes.last?.points.first == Point(300, 300), "\(String(describing: c.editor.strokes.last?.points))")
    }

    @Test func aNewSizeUnderWayCountsAsUnsavedAndIsFollowedWhateverTakesItIn() throws {
        let c = try heavyPage()
        applyPageSize(c, "400x300")
        // Closing the window takes it in first: there is something to save.
        c.document.requestQuit()
        #expect(c.editor.size == PixelSize(width: 400, height: 300) && c.document.pendingQuestion != nil)
        #expect(c.view == ViewTransform(scale: 1, offset: Point(200, 150)), "the view followed it")
        let d = try heavyPage()
        applyPageSize(d, "400x300")
        // Taken in inside the editor (as an edit or a page shown does): the next tick follows it.
        d.editor.replacements.finish()
        d.tick(1)
        #expect(d.view == ViewTransform(scale: 1, offset: Point(200, 150)))
        #expect(d.chrome.messageText == "The page is now 400x300 (Ctrl+Z undoes)")
    }

    @Test func aHeavyPageTakesItsNewSizeWhenItIsMadeAndSaysSoMeanwhile() throws {
        let c = try heavyPage()
        func tickUntilMade() {
            let end = Date().addingTimeInterval(20)
            var t = 1.0
            while c.editor.replacements.change != nil, Date() < end {
                t += 0.03
                c.tick(t)
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
        applyPageSize(c, "400x300")
        #expect(c.chrome.messageText == "Resizing the page to 400x300…")
        #expect(c.editor.size == PixelSize(width: 800, height: 600), "the page stays as it is until the new one comes")
        #expect(c.secondsUntilWakeup() != nil, "the window looks for it")
        tickUntilMade()
        #expect(c.editor.size == PixelSize(width: 400, height: 300))
        #expect(c.chrome.messageText == "The page is now 400x300 (Ctrl+Z undoes)")
        #expect(c.view == ViewTransform(scale: 1, offset: Point(200, 150)), "the smaller page, centred")
        c.key(KeyInput(.character("z"), ctrl: true), time: 2)
        #expect(c.chrome.messageText == "Undoing the page size…")
        tickUntilMade()
        #expect(c.editor.size == PixelSize(width: 800, height: 600) && c.editor.strokes[0].points[0] == Point(20, 20))
        #expect(c.view == .identity)
        #expect(c.chrome.messageText == nil, "the message went with the wait")
    }

    @Test func typingReplacesASelectedSizeAndCtrlASelectsIt() throws {
        let c = try makeController(800, 600)
        c.run(.pageSize)
        for ch in "1024x768" { c.key(KeyInput(.character(ch)), time: 0) }
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "1024x768", selected: false)), "the old size was replaced, not added to")
        c.key(KeyInput(.character("a"), ctrl: true), time: 0)
        c.key(KeyInput(.character("5")), time: 0)
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "5", selected: false)))
        c.key(KeyInput(.escape), time: 0)
        c.key(KeyInput(.character("n"), ctrl: true), time: 0)
        c.click(.sheetSize(.preset(.a5Landscape)))
        c.click(.sheetField)
        guard case .newPage(let draft)? = c.chrome.sheet else { Issue.record("no sheet"); return }
        #expect(draft.custom == "794x559" && draft.selected, "the custom field starts from the chosen size, selected")
        for ch in "300x200" { c.key(KeyInput(.character(ch)), time: 0) }
        guard case .newPage(let typed)? = c.chrome.sheet else { Issue.record("the sheet closed while the size was typed"); return }
        #expect(typed.size == PixelSize(width: 300, height: 200))
    }

    @Test func theArrowsCrossTheMenusColumnsAndExportsAreNotRecentToOpen() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-menu2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(640, 480)
        c.document.recentFiles = RecentFiles(url: dir.appendingPathComponent("recently-used.xbel"))
        c.document.fileChosen(.export, path: dir.appendingPathComponent("copy.svg").path)
        c.finishSaving()
        c.document.fileChosen(.export, path: dir.appendingPathComponent("copy.pdf").path)
        c.finishSaving()
        c.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent("doc.ora").path)
        c.finishSaving()
        c.key(KeyInput(.f10), time: 0)
        #expect(c.chrome.menu.recent == [dir.appendingPathComponent("doc.ora").path], "no copy is a recent file: an exported PDF would open as a background, its ink no longer strokes")
        let l = c.layout()
        #expect(Set(l.menuRows.compactMap { l.frame(of: $0)?.minX }).count == 2, "two columns in a 640x480 window")
        c.key(KeyInput(.down), time: 0)
        #expect(c.chrome.menu.highlighted == .menuItem(.new))
        c.key(KeyInput(.right), time: 0)
        let right = try #require(c.chrome.menu.highlighted.flatMap { l.frame(of: $0) })
        #expect(right.minX > l.frame(of: .menuItem(.new))!.minX && abs(right.minY - l.frame(of: .menuItem(.new))!.minY) < 1, "to the row beside it")
        c.key(KeyInput(.left), time: 0)
        #expect(c.chrome.menu.highlighted == .menuItem(.new))
        // No tooltip covers the open menu.
        c.hover(at: l.frame(of: .menu)!.center, time: 10)
        c.tick(12)
        #expect(c.chrome.tooltip() == nil)
    }

    @Test func aLongMessageWrapsToThreeLinesAndNewsReplacesAnError() throws {
        let c = try makeController(640, 480)
        let long = "Could not open “" + String(repeating: "a-very-long-file-name-", count: 5) + ".png”: a damaged or incomplete PNG image (IHDR: CRC error)"
        c.chrome.show(error: long)
        let banner = try #require(c.layout().message)
        #expect(banner.height > 44, "taller than one line: \(banner)")
        #expect(c.chrome.messageText == long, "the whole text is kept")
        let img = try c.shown()
        #expect(img.pixel(x: Int(banner.minX) + 4, y: Int(banner.maxY) - 4) == 0xFFC0_1C28, "the banner reaches its last line")
        c.chrome.show(info: "Saved “x.ora”")
        #expect(c.chrome.messageText == "Saved “x.ora”" && c.layout().message!.height == 44)
    }

    @Test func tooltipsSayWhatButtonsDo() {
        #expect(Control.save.spec.fullTooltip == "Save the document as .ora (Ctrl+S)")
        #expect(Control.chooseImage.spec.fullTooltip?.contains("Ctrl+O") == false, "Ctrl+O opens a file, not a background")
        #expect(Control.open.spec.fullTooltip?.contains("Ctrl+O") == true)
        for command in Command.menu {
            if let keys = command.shortcut {
                let shortcut = Shortcuts.groups.flatMap(\.rows).map(\.keys)
                #expect(shortcut.contains(keys), "the shortcuts window lists \(keys)")
            }
        }
    }

    @Test func theSwatchesTellTheTruth() throws {
        let c = try makeController(1000, 700)
        let brush = try #require(c.layout().frame(of: .panel(.brush)))
        let background = try #require(c.layout().frame(of: .panel(.background)))
        func dot(_ f: Rect) throws -> UInt32 { try c.shown().pixel(x: Int(f.maxX - 24), y: Int(f.center.y) - 4) }
        #expect(try dot(brush) == 0xFF00_0000, "black pen")
        // A half-transparent pen shows as it draws on paper: grey.
        c.editor.toolState.style.opacity = 0.5
        c.invalidateChrome()
        let half = try dot(brush)
        #expect((0x70...0x90).contains(Int(half & 0xFF)) && half & 0xFF == half >> 16 & 0xFF, "\(String(half, radix: 16))")
        c.editor.toolState.style.opacity = 1
        c.invalidateChrome()
        c.document.loadBackground("/x/ok.png")
        c.finishOpening()
        #expect(try dot(background) == 0xFF00_80FF, "the background's image, in miniature")
        c.brush.select(.eraser)
        #expect(try dot(brush) == 0xFFFF_FFFF, "an eraser has no colour: a white disc, crossed out")
        let img = try c.shown()
        let cross = (-1...1).flatMap { dx in (-1...1).map { dy in img.pixel(x: Int(brush.maxX - 24) - 5 + dx, y: Int(brush.center.y) + 5 + dy) } }
        #expect(cross.contains { $0 >> 16 & 0xFF > 0xA0 && $0 >> 8 & 0xFF < 0x50 }, "the red stroke across it")
    }

    @Test func preferencesFollowTheToolAndWidths() throws {
        let c = try makeController()
        c.brush.restore(tool: .highlighter, penWidth: 9, eraserWidth: 30)
        var p = c.brush.preferences
        #expect(p.tool == .highlighter && p.penWidth == 9 && p.eraserWidth == 30)
        c.brush.select(.eraser)
        #expect(c.editor.toolState.style.width == 30)
        c.brush.setSlider(.width, to: 50)
        p = c.brush.preferences
        #expect(p.tool == .eraser && p.penWidth == 9 && p.eraserWidth == 50)
        c.brush.select(.pencil)
        #expect(c.editor.toolState.style.width == 9)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-prefs-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try #"{"windowWidth": 900, "windowHeight": 600, "recentColors": [], "tool": "spray", "penWidth": 1e300, "eraserWidth": 12}"#
            .write(to: url, atomically: true, encoding: .utf8)
        let loaded = AppSettings.load(from: url)
        #expect(loaded.windowWidth == 900 && loaded.penWidth == nil && loaded.eraserWidth == 12 && Tool(rawValue: loaded.tool ?? "") == nil,
                "a width out of range and an unknown tool are left out; the rest loads")
    }

    /// The pens' colour and the text tool's size and font come back after a restart; from a
    /// file, a colour that is not one, a size out of range and a font that is no family name
    /// are left out.
    @Test func thePenColourAndTheTextsSizeAndFontAreRemembered() throws {
        let c = try makeController()
        c.brush.restore(tool: .highlighter, penWidth: 9, eraserWidth: 30, penColor: RGBColor(hex: "#123456"), textSize: 48, textFont: "Serif")
        var p = c.brush.preferences
        #expect(p.penColor.hex == "#123456" && p.textSize == 48 && p.textFont == "Serif", "while the highlighter is in hand")
        c.brush.select(.pencil)
        #expect(c.editor.toolState.style.color.hex == "#123456")
        c.brush.select(.text)
        #expect(c.editor.toolState.style.width == 48, "the text tool's size")
        c.brush.setSlider(.width, to: 60)
        p = c.brush.preferences
        #expect(p.textSize == 60 && p.penWidth == 9)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-prefs-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try ##"{"windowWidth": 900, "windowHeight": 600, "recentColors": [], "penColor": "#0a0b0c", "textSize": 40, "textFont": "Monospace"}"##
            .write(to: url, atomically: true, encoding: .utf8)
        var loaded = AppSettings.load(from: url)
        #expect(loaded.penColor == "#0a0b0c" && loaded.textSize == 40 && loaded.textFont == "Monospace")
        try ##"{"windowWidth": 900, "windowHeight": 600, "recentColors": [], "penColor": "red", "textSize": 1e9, "textFont": "Sans\nBold"}"##
            .write(to: url, atomically: true, encoding: .utf8)
        loaded = AppSettings.load(from: url)
        #expect(loaded.penColor == nil && loaded.textSize == nil && loaded.textFont == nil && loaded.windowWidth == 900,
                "what is not a colour, a size or a family is left out; the rest loads")
    }

    /// The pens' opacity, as the Brush panel's slider leaves it, is there at the next start;
    /// the highlighter keeps its own.
    @Test func thePensOpacityIsRemembered() throws {
        let c = try makeController()
        c.brush.restore(tool: .pencil, penWidth: 6, eraserWidth: 16, penOpacity: 0.4)
        #expect(c.editor.toolState.style.opacity == 0.4)
        c.brush.setSlider(.opacity, to: 55)
        #expect(c.brush.preferences.penOpacity == 0.55)
        c.brush.select(.highlighter)
        #expect(c.brush.preferences.penOpacity == 0.55 && c.editor.toolState.style.opacity == ToolRules.highlighterStyle.opacity)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-prefs-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        // Written as the window writes it (nil at full opacity), and read back.
        var settings = AppSettings()
        settings.take(c.brush.preferences)
        #expect(settings.penOpacity == 0.55)
        try settings.save(to: url)
        #expect(AppSettings.load(from: url).penOpacity == 0.55)
        c.brush.select(.pencil)
        c.brush.setSlider(.opacity, to: 100)
        settings.take(c.brush.preferences)
        #expect(settings.penOpacity == nil, "full opacity is the default, not written")
        // Below 5% (a pen that seems to draw nothing), out of range or not a number: the default.
        for (text, expected) in [("0.3", 0.3 as Double?), ("0.01", nil), ("1.5", nil), ("-0.1", nil), ("\"half\"", nil)] {
            try #"{"windowWidth": 900, "windowHeight": 600, "recentColors": [], "penOpacity": \#(text)}"#
                .write(to: url, atomically: true, encoding: .utf8)
            #expect(AppSettings.load(from: url).penOpacity == expected, "penOpacity \(text)")
        }
    }

    /// The Brush panel's shape switches are there at the next start; names this version does
    /// not know are left out.
    @Test func theShapeSwitchesAreRemembered() throws {
        let c = try makeController()
        c.brush.restore(tool: .rectangle, penWidth: 4, eraserWidth: 16, shapeHelpers: .fromCentre)
        #expect(c.editor.toolState.shapeHelpers == .fromCentre && c.brush.preferences.shapeHelpers == .fromCentre)
        c.click(.panel(.brush))
        c.click(.shapeHelper(.constrain))
        var settings = AppSettings()
        settings.take(c.brush.preferences)
        #expect(settings.shapeHelpers == ["snap", "centre"])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-prefs-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try settings.save(to: url)
        #expect(AppSettings.load(from: url).helpers == [.constrain, .fromCentre])
        c.click(.shapeHelper(.constrain))
        c.click(.shapeHelper(.fromCentre))
        settings.take(c.brush.preferences)
        #expect(settings.shapeHelpers == nil, "none on is not written")
        try #"{"windowWidth": 900, "windowHeight": 600, "recentColors": [], "shapeHelpers": ["centre", "wobble"]}"#
            .write(to: url, atomically: true, encoding: .utf8)
        #expect(AppSettings.load(from: url).helpers == .fromCentre)
        try #"{"windowWidth": 900, "windowHeight": 600, "recentColors": [], "shapeHelpers": "snap"}"#
            .write(to: url, atomically: true, encoding: .utf8)
        let odd = AppSettings.load(from: url)
        #expect(odd.helpers == [] && odd.windowWidth == 900, "not a list: left out, the rest loads")
    }
}
