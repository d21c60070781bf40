import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs
import Testing
@testable import DrawingBoardUI

/// The notebook in the window, driven as a user drives it: pages in one column, a press on a
/// page draws there, the keys and the page number move between pages, the sidebar goes to,
/// moves and edits pages, and undo shows the page it changed.
@Suite struct PagesControllerTests {
    /// A window on a notebook of `count` pages of 400x300 (white and squared by turns).
    static func notebook(_ count: Int, window: PixelSize = PixelSize(width: 1100, height: 760)) throws -> AppController {
        let pages = (0..<count).map { i in
            Page(size: PixelSize(width: 400, height: 300), background: i % 2 == 0 ? .color(.white) : .paper(Paper(.squared)))
        }
        let editor = try Editor(notebook: Notebook(pages))
        return AppController(editor: editor, decoder: StubDecoder(), window: window, scale: 1)
    }

    @Test func thePagesLieInOneColumnAndThePageNumberSaysWhichIsDrawnOn() throws {
        let app = try Self.notebook(3)
        let strip = app.viewport.strip
        #expect(strip.origins.map(\.y) == [0, 324, 648] && strip.height == 948)
        #expect(app.pages.label == "Page 1 of 3")
        // The view shows page 1 fitted: at 100% (it fits), centred.
        let v = app.view
        #expect(v.scale == 1)
        #expect(app.viewport.page(at: v.toWindow(Point(200, 150))) == 0)
        app.key(KeyInput(.pageDown), time: 0)
        #expect(app.pages.current == 1 && app.pages.label == "Page 2 of 3")
        app.key(KeyInput(.end), time: 0)
        #expect(app.pages.current == 2)
        app.key(KeyInput(.home), time: 0)
        app.key(KeyInput(.pageUp), time: 0)
        #expect(app.pages.current == 0)
    }

    @Test func aPressOnAnotherPageDrawsThereAndTheStrokeStaysOnIt() throws {
        let app = try Self.notebook(3)
        app.viewport.zoom(by: 0.5)
        // Pages 1 and 2 are both in sight; draw on page 2 from its top left.
        let second = app.viewport.pageView(1)
        let start = second.toWindow(Point(50, 50)), end = second.toWindow(Point(350, 250))
        app.drag([(start.x, start.y), ((start.x + end.x) / 2, (start.y + end.y) / 2), (end.x, end.y)])
        #expect(app.pages.current == 1)
        let notebook = app.editor.pages.notebook
        #expect(notebook.pages.map(\.page.strokes.count) == [0, 1, 0])
        let stroke = try #require(notebook.pages[1].page.strokes.first)
        #expect(abs(stroke.points[0].x - 50) < 1 && abs(stroke.points[0].y - 50) < 1)
        // Both pages are drawn: page 1 white, page 2's stroke black, in one frame.
        let shot = try app.shown()
        let onFirst = app.viewport.pageView(0).toWindow(Point(200, 150))
        #expect(shot.pixel(x: Int(onFirst.x), y: Int(onFirst.y)) & 0xFFFFFF == 0xFFFFFF)
        let onStroke = second.toWindow(Point(200, 150))
        #expect(shot.pixel(x: Int(onStroke.x), y: Int(onStroke.y)) & 0xFFFFFF == 0)
    }

    /// A stroke started on the desk beside a page (an arrow into it) is drawn on that page.
    @Test func aStrokeStartedBesideAPageGoesOnIt() throws {
        let app = try Self.notebook(3)
        app.viewport.zoom(by: 0.5)
        let second = app.viewport.pageView(1)
        let margin = second.toWindow(Point(-40, 150)), inside = second.toWindow(Point(200, 150))
        app.drag([(margin.x, margin.y), ((margin.x + inside.x) / 2, margin.y), (inside.x, inside.y)])
        #expect(app.pages.current == 1)
        #expect(app.editor.pages.notebook.pages.map(\.page.strokes.count) == [0, 1, 0])
    }

    /// The wheel over the sidebar scrolls it as it scrolls the pages: down, to later pages; and
    /// a notebook's export is offered as a PDF of every page.
    @Test func theSidebarsWheelGoesTheWayThePagesDoAndANotebookExportsAsPDF() throws {
        let app = try Self.notebook(12)
        app.pages.toggleSidebar()
        let card = try #require(app.layout().sidebar)
        app.input.wheel(-2, at: card.center)
        #expect(app.pages.sidebar.scroll > 0)
        app.input.wheel(5, at: card.center)
        #expect(app.pages.sidebar.scroll == 0)
        app.document.export(choosingName: true)
        guard case .chooseFile(let request)? = app.takeEffects().first(where: { if case .chooseFile = $0 { return true } else { return false } }) else {
            Issue.record("no chooser")
            return
        }
        #expect(request.suggestedName == "Untitled.pdf")
    }

    @Test func undoShowsThePageItChanged() throws {
        let app = try Self.notebook(3)
        let v = app.view
        let a = v.toWindow(Point(20, 20)), b = v.toWindow(Point(300, 200))
        app.drag([(a.x, a.y), (b.x, b.y)])
        app.pages.last()
        #expect(app.pages.current == 2)
        app.undo()
        #expect(app.pages.current == 0 && app.editor.strokes.isEmpty)
        #expect(app.viewport.shownPages.contains(0))
        app.redo()
        #expect(app.editor.strokes.count == 1)
    }

    @Test func thePageNumberTakesATypedPage() throws {
        let app = try Self.notebook(12)
        app.click(.pageNumber)
        #expect(app.pages.numberEntry == "")
        for key in ["1", "0"] { app.key(KeyInput(.character(Character(key))), time: 0) }
        #expect(app.pages.label == "Page 10▏ of 12")
        app.key(KeyInput(.enter), time: 0)
        #expect(app.pages.current == 9 && app.pages.numberEntry == nil)
        app.key(KeyInput(.character("g"), ctrl: true), time: 0)
        for key in ["9", "9"] { app.key(KeyInput(.character(Character(key))), time: 0) }
        app.key(KeyInput(.enter), time: 0)
        #expect(app.pages.current == 9)
        #expect(app.chrome.messageText == "There is no page 99; the notebook has 12 pages" && app.chrome.showsError, "said as an error")
    }

    @Test func theSidebarGoesToAPageAndADragMovesIt() throws {
        let app = try Self.notebook(4)
        app.key(KeyInput(.f9), time: 0)
        #expect(app.pages.sidebar.shown)
        let layout = app.layout()
        // The page is fitted beside the sidebar, not under it.
        let sidebar = try #require(layout.sidebar)
        #expect(app.view.offset.x >= sidebar.maxX, "the page starts right of the sidebar")
        let third = try #require(layout.frame(of: .pageThumbnail(2)))
        app.click(.pageThumbnail(2))
        #expect(app.pages.current == 2)
        // Drag page 1's thumbnail below page 3's: it becomes page 3.
        let first = try #require(layout.frame(of: .pageThumbnail(0)))
        let firstID = app.editor.pages.notebook.pages[0].id
        app.drag([(first.center.x, first.center.y), (first.center.x, first.center.y + 30), (third.center.x, third.maxY - 2)])
        #expect(app.editor.pages.notebook.pages[2].id == firstID)
        #expect(app.pages.current == 2 && !app.editor.canRedo)
        app.undo()
        #expect(app.editor.pages.notebook.pages[0].id == firstID)
        app.key(KeyInput(.f9), time: 0)
        #expect(!app.pages.sidebar.shown && app.layout().sidebar == nil)
    }

    @Test func aPagesMenuInsertsDuplicatesAndDeletesThatPage() throws {
        let app = try Self.notebook(3)
        app.pages.toggleSidebar()
        let ids = app.editor.pages.notebook.pages.map(\.id)
        app.click(.pageMenu(2))
        #expect(app.chrome.menu.pageTarget == 2)
        app.click(.menuItem(.duplicatePage))
        #expect(app.editor.pages.count == 4 && app.pages.current == 3)
        #expect(app.editor.pages.notebook.pages[3].page == app.editor.pages.notebook.pages[2].page)
        app.click(.pageMenu(0))
        app.click(.menuItem(.pageBefore))
        #expect(app.editor.pages.count == 5 && app.pages.current == 0 && !ids.contains(app.editor.pages.notebook.pages[0].id))
        #expect(app.editor.size == PixelSize(width: 400, height: 300) && app.editor.background == .color(.white))
        app.click(.pageMenu(2))
        app.click(.menuItem(.deletePage))
        #expect(app.editor.pages.notebook.pages.map(\.id).contains(ids[1]) == false && app.editor.pages.count == 4)
        // Each was one step.
        app.undo(); app.undo(); app.undo()
        #expect(app.editor.pages.notebook.pages.map(\.id) == ids)
    }

    @Test func thePlusUnderTheLastPageAddsOneLikeIt() throws {
        let app = try Self.notebook(2)
        app.pages.last()
        app.viewport.zoom(by: 0.6)
        let plus = try #require(app.layout().frame(of: .addPage))
        let last = app.viewport.pageView(1).windowRect(PixelRect(size: PixelSize(width: 400, height: 300)))
        #expect(plus.minY > Double(last.maxY) && abs(plus.center.x - Double(last.x) - 200 * app.view.scale) < 2)
        app.click(.addPage)
        #expect(app.editor.pages.count == 3 && app.pages.current == 2)
        #expect(app.editor.background == .paper(Paper(.squared)), "like the last page: squared")
    }

    /// A double click on the plus: the first click takes the view to the new page, and the
    /// second finds that page where the plus was. It does nothing there (it drew a dot on the
    /// new page); a press there later draws as any press does.
    @Test func aDoubleClickOnThePlusLeavesTheNewPageEmpty() throws {
        let app = try Self.notebook(2)
        app.pages.last()
        app.viewport.zoom(by: 0.6)
        let plus = try #require(app.layout().frame(of: .addPage)).center
        app.pointer(PointerEvent(source: .mouse, phase: .down, position: plus, time: 5))
        app.pointer(PointerEvent(source: .mouse, phase: .up, position: plus, time: 5.05))
        #expect(app.editor.pages.count == 3 && app.pages.current == 2)
        try #require(app.layout().hit(plus) == .canvas, "the new page is where the plus was")
        #expect(app.viewport.page(at: plus) == 2, "the new page is under the pointer")
        app.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(plus.x + 2, plus.y + 1), time: 5.2))
        app.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(plus.x + 2, plus.y + 1), time: 5.25))
        #expect(app.editor.strokes.isEmpty && app.editor.history.steps.count == 1, "the second click drew nothing")
        // A click after the double-click time draws its dot.
        app.pointer(PointerEvent(source: .mouse, phase: .down, position: plus, time: 6))
        app.pointer(PointerEvent(source: .mouse, phase: .up, position: plus, time: 6.05))
        #expect(app.editor.strokes.count == 1, "a later press draws")
    }

    /// A panel's close button clicked twice: the second click finds the page and draws nothing.
    @Test func aDoubleClickOnAPanelsCloseButtonDrawsNothing() throws {
        let app = try makeController()
        app.click(.panel(.brush))
        let close = try #require(app.layout().frame(of: .closePanel)).center
        app.pointer(PointerEvent(source: .mouse, phase: .down, position: close, time: 3))
        app.pointer(PointerEvent(source: .mouse, phase: .up, position: close, time: 3.05))
        try #require(app.layout().hit(close) == .canvas, "the panel closed")
        app.pointer(PointerEvent(source: .mouse, phase: .down, position: close, time: 3.2))
        app.pointer(PointerEvent(source: .mouse, phase: .up, position: close, time: 3.25))
        #expect(app.editor.strokes.isEmpty, "no dot under the close button")
        // Far from it, at once, a press draws: only the click's double is let go.
        app.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(close.x - 200, close.y + 40), time: 3.3))
        app.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(close.x - 200, close.y + 40), time: 3.35))
        #expect(app.editor.strokes.count == 1)
    }

    /// A panel over the plus hides it: the plus is not drawn over the panel, and a press on
    /// the panel there is the panel's (it added a page before).
    @Test func aPanelOverThePlusHidesIt() throws {
        let app = try Self.notebook(2)
        app.pages.last()
        app.viewport.zoom(by: 0.6)
        let plus = try #require(app.layout().frame(of: .addPage))
        for kind in [PanelKind.brush, .background] {
            app.click(.panel(kind))
            let l = app.layout()
            let panel = try #require(l.panel)
            try #require(panel.intersects(plus), "\(kind): the panel covers the plus (\(panel), \(plus))")
            #expect(l.frame(of: .addPage) == nil, "\(kind): no plus over the panel")
            if panel.contains(plus.center) {
                #expect(l.hit(plus.center) != .control(.addPage))
                app.pointer(PointerEvent(source: .mouse, phase: .down, position: plus.center, time: 0))
                app.pointer(PointerEvent(source: .mouse, phase: .up, position: plus.center, time: 0))
                #expect(app.editor.pages.count == 2, "\(kind): a press there adds no page")
            }
            app.click(.closePanel)
        }
        #expect(app.layout().frame(of: .addPage) == plus, "the plus is back once the panel closes")
    }

    /// A tooltip over a card goes when the sidebar scrolls (it would speak of a card that moved).
    @Test func aCardsTooltipGoesWhenTheSidebarScrolls() throws {
        let app = try Self.notebook(8)
        app.pages.toggleSidebar()
        let card = try #require(app.layout().sidebar)
        let p = Point(card.center.x, card.minY + 60)
        app.hover(at: p, time: 1)
        app.tick(3)
        #expect(app.chrome.tooltip() != nil)
        app.input.scroll(dy: -1, at: p)
        #expect(app.chrome.tooltip() == nil)
    }

    /// Undoing a page move draws every page shown again, where the pages are now, with the
    /// page drawn on in view (the view's pixels were of the order before).
    @Test func undoingAPageMoveDrawsThePagesAgainWhereTheyAre() throws {
        let app = try Self.notebook(3, window: PixelSize(width: 600, height: 500))
        let id = app.editor.pages.currentID
        app.pages.move(0, to: 1)
        #expect(app.editor.pages.entry(1).id == id)
        _ = app.takeDamage()
        app.undo()
        #expect(app.editor.pages.entry(0).id == id && app.editor.pages.currentID == id)
        #expect(app.takeDamage().recompose.contains(PixelRect(size: app.window)), "the whole window is drawn again")
        let shown = app.viewport.shownPages
        #expect(shown.contains(app.editor.pages.index), "the page drawn on is in view: \(shown)")
    }

    /// A heavy page's thumbnail is made off the event loop (the page drawn on's at once, from
    /// what the window shows), and is the page's picture.
    @Test func aHeavyPagesThumbnailIsMadeOffTheLoop() throws {
        func heavy(_ n: Int, _ color: RGBColor) -> Page {
            var items: [PageItem] = []
            for i in 0..<200 {
                let y = 10 + Double(i)
                items.append(.stroke(Stroke(id: UInt64(n * 1000 + i + 1), tool: .pencil, style: StrokeStyle(color: color, width: 2),
                                            points: [Point(10, y), Point(390, y)])))
            }
            return Page(size: PixelSize(width: 400, height: 300), items: items)
        }
        let pages = [heavy(0, .black), heavy(1, RGBColor(red: 200, green: 0, blue: 0))]
        let editor = try Editor(notebook: Notebook(pages), drawsPDFsLater: true)
        let app = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 1100, height: 760), scale: 1)
        #expect(app.pages.sidebar.thumbnail(0, side: 100) != nil, "the page drawn on: at once")
        #expect(app.pages.sidebar.thumbnail(1, side: 100) == nil, "a heavy page not kept: later")
        #expect(!app.background.isEmpty)
        app.background.finish()
        let made = try #require(app.pages.sidebar.thumbnail(1, side: 100))
        let expected = try ImageOps.thumbnail(PageImage.painted(pages[1]).flattened(), maxSide: 100)
        #expect(made == expected)
        #expect(made.pixel(x: 50, y: 30) != 0xFFFF_FFFF, "its red lines show")
    }

    /// The plus lies on the desk: the wheel over it scrolls the pages, as it does beside it.
    @Test func theWheelOverThePlusScrollsThePages() throws {
        let app = try Self.notebook(8)
        app.pages.last()
        let plus = try #require(app.layout().frame(of: .addPage))
        let start = app.viewport.desk
        app.input.wheel(2, at: Point(plus.center.x + 150, plus.center.y))
        let beside = app.viewport.desk.offset
        #expect(beside.y > start.offset.y, "two notches up beside the plus: earlier pages come")
        app.input.wheel(-2, at: Point(plus.center.x + 150, plus.center.y))
        #expect(app.viewport.desk.offset == start.offset)
        #expect(app.layout().hit(plus.center) == .control(.addPage))
        app.input.wheel(2, at: plus.center)
        #expect(app.viewport.desk.offset == beside, "the same over the plus")
    }

    @Test func insertPageUsesTheNewPageSheetWithThePaperChosen() throws {
        let app = try Self.notebook(1)
        app.pages.toggleSidebar()
        app.click(.pageMenu(0))
        app.click(.menuItem(.insertPage))
        guard case .newPage(let draft)? = app.chrome.sheet else { Issue.record("no sheet"); return }
        #expect(draft.inserting)
        app.click(.sheetPaper(.lined))
        app.click(.sheetConfirm)
        #expect(app.chrome.sheet == nil && app.editor.pages.count == 2 && app.pages.current == 1)
        #expect(app.editor.background == .paper(Paper(.lined)) && app.editor.size == PixelSize(width: 400, height: 300))
        app.undo()
        #expect(app.editor.pages.count == 1)
    }

    @Test func scrollingTakesThePageInTheMiddleOfTheWindow() throws {
        let app = try Self.notebook(20)
        for _ in 0..<12 { app.input.wheel(-1, at: Point(550, 380)) }
        #expect(app.pages.current > 0, "the page in the middle after scrolling down")
        let middle = app.viewport.pageAtCentre
        #expect(app.pages.current == middle)
        // The pages shown are drawn; only they (and two more) keep their pixels, however far
        // the notebook was scrolled through.
        for _ in 0..<60 {
            app.input.wheel(-1, at: Point(550, 380))
            _ = try app.shown()
        }
        #expect(app.editor.pages.withPixels <= app.viewport.shownPages.count + 2, "\(app.editor.pages.withPixels) pages keep pixels")
        #expect(app.editor.pages.withPixels < app.editor.pages.count)
    }
}

/// Fingers in the notebook: two fingers drag the view from one page into the next, and the
/// page they leave in the middle is the one drawn on once they lift.
@Suite struct PagesTouchTests {
    @Test func twoFingersScrollThroughThePages() throws {
        let app = try PagesControllerTests.notebook(4)
        app.input.touchMode = .navigate
        let start = app.viewport.desk.offset.y
        func finger(_ id: Int, _ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double) -> PointerEvent {
            PointerEvent(source: .finger(id), phase: phase, position: Point(x, y), time: t)
        }
        // Both fingers on page 1 (a press on a page draws there; the fingers then move the view).
        app.pointer(finger(1, .down, 500, 500, 1.0))
        app.pointer(finger(2, .down, 600, 500, 1.01))
        for i in 1...20 {
            app.pointer(finger(1, .move, 500, 500 - Double(i) * 25, 1.0 + Double(i) * 0.02))
            app.pointer(finger(2, .move, 600, 500 - Double(i) * 25, 1.01 + Double(i) * 0.02))
            #expect(app.pages.current == 0, "the page stays while the fingers are down")
        }
        app.pointer(finger(1, .up, 500, 0, 1.5))
        app.pointer(finger(2, .up, 600, 0, 1.51))
        #expect(app.viewport.desk.offset.y < start - 400, "the view moved up by the fingers' way")
        #expect(app.pages.current == app.viewport.pageAtCentre && app.pages.current > 0)
        #expect(app.editor.strokes.isEmpty, "no ink from the fingers")
    }
}

/// A PDF opened in the window whose page poppler takes long to draw: the window takes strokes
/// meanwhile, and shows the page when it comes (it looks again thirty times a second).
@Suite struct SlowPDFPageTests {
    @Test func theWindowStaysUsableAndThePageComes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("heavy.pdf")
        try TestPDF.heavy(squares: 300_000).write(to: pdf)
        let app = try makeController(1000, 700)
        app.document.open(pdf.path)
        app.finishOpening()
        #expect(app.editor.pages.count == 1 && app.editor.size == PixelSize(width: 793, height: 1123))
        #expect(app.editor.pages.waitingForPictures)
        #expect(try #require(app.secondsUntilWakeup()) <= 1.0 / 30 + 1e-9, "the window looks again soon")
        // A stroke goes on the page at once.
        app.drag([(500, 150), (600, 160), (650, 150)])
        #expect(app.editor.strokes.count == 1)
        let green = app.view.toWindow(Point(150, 320))
        var time = app.now
        let end = Date().addingTimeInterval(30)
        while app.editor.pages.waitingForPictures, Date() < end {
            time += 1.0 / 30
            app.tick(time)
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(!app.editor.pages.waitingForPictures)
        #expect(try app.shown().pixel(x: Int(green.x), y: Int(green.y)) & 0xFFFFFF == 0x008000, "the page came")
    }
}
