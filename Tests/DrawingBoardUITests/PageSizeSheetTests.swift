import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender
@testable import DrawingBoardUI

/// The Page Size sheet: a size typed or a paper size chosen, the anchor, one undo step.
@Suite struct PageSizeSheetTests {
    @Test func pageSizeIsOneUndoStepAndTheViewFollows() throws {
        let c = try makeController(800, 600)
        c.drag([(100, 300), (700, 300)])
        c.click(.menu)
        c.click(.menuItem(.pageSize))
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "800x600")))
        for _ in 0..<7 { c.key(KeyInput(.backspace), time: 0) }
        for ch in "400x300" { c.key(KeyInput(.character(ch)), time: 0) }
        c.click(.sheetAnchor(0))
        c.key(KeyInput(.right), time: 0)
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "400x300", anchor: 1, selected: false)), "arrows move the anchor")
        c.click(.sheetConfirm)
        #expect(c.editor.size == PixelSize(width: 400, height: 300))
        #expect(c.editor.strokes[0].points[0] == Point(-100, 300), "anchored top centre: moved left by 200")
        #expect(c.view == ViewTransform(scale: 1, offset: Point(200, 150)), "the smaller page, centred")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.size == PixelSize(width: 800, height: 600) && c.editor.strokes[0].points[0] == Point(100, 300))
        #expect(c.view == .identity)
    }

    /// The size the page already has, applied: nothing changes and no step is made, and the
    /// banner says so (it said "The page is now 800x600 (Ctrl+Z undoes)").
    @Test func theSizeThePageHasIsNoStep() throws {
        let c = try makeController(800, 600)
        c.drag([(100, 300), (700, 300)])
        let steps = c.editor.history.steps.count
        c.click(.menu)
        c.click(.menuItem(.pageSize))
        c.click(.sheetConfirm)
        #expect(c.chrome.sheet == nil && c.editor.size == PixelSize(width: 800, height: 600))
        #expect(c.editor.history.steps.count == steps, "no step to undo")
        #expect(c.chrome.messageText == "The page is already 800x600")
        try c.editor.resizePage(to: PixelSize(width: 800, height: 600), anchor: 4)
        #expect(c.editor.history.steps.count == steps, "nor from the editor")
    }

    /// A paper size fills the field (selected, so typing replaces it), shows chosen, and is
    /// applied as typed sizes are: an A4 page at 96 dpi, as the New drawing sheet makes it.
    @Test func aPaperSizeFillsTheField() throws {
        let c = try makeController(800, 600)
        c.click(.menu)
        c.click(.menuItem(.pageSize))
        c.click(.sheetSize(.preset(.a4Portrait)))
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "794x1123")))
        c.click(.sheetSize(.preset(.a5Landscape)))
        #expect(c.chrome.sheet == .pageSize(PageSizeDraft(text: "794x559")))
        c.click(.sheetSize(.preset(.a4Portrait)))
        c.click(.sheetConfirm)
        #expect(c.editor.size == PixelSize(width: 794, height: 1123) && c.chrome.sheet == nil)
        let l = c.layout()
        #expect(l.frame(of: .sheetSize(.preset(.a4Portrait))) == nil, "the sheet is closed")
    }
}

/// The keyboard shortcuts in a small window come in pages of columns wide enough to read
/// (at 640x480 every action was cut to a few letters); the arrows and the wheel turn them.
@Suite struct ShortcutPagesTests {
    @Test func aSmallWindowTurnsThePages() throws {
        let c = try makeController(640, 480)
        c.key(KeyInput(.f1), time: 0)
        let body = try #require(c.layout().sheetBody)
        let pages = ShortcutPages(body: body, scale: 1)
        #expect(pages.count > 1 && body.width / Double(pages.columns) >= ShortcutPages.minimumColumn, "\(pages)")
        #expect(Double(pages.perColumn + 1) * pages.line <= body.height, "a page's columns and its footer fit")
        #expect(pages.count * pages.columns * pages.perColumn >= Shortcuts.lineCount, "every line is on a page")
        c.key(KeyInput(.right), time: 0)
        #expect(c.chrome.sheets.shortcutsPage == 1)
        for _ in 0..<10 { c.key(KeyInput(.right), time: 0) }
        #expect(c.chrome.sheets.shortcutsPage == pages.count - 1, "no page past the last")
        c.input.scroll(dy: 3, at: Point(320, 240))
        #expect(c.chrome.sheets.shortcutsPage == pages.count - 2, "the wheel turns back")
        c.key(KeyInput(.escape), time: 0)
        c.key(KeyInput(.f1), time: 0)
        #expect(c.chrome.sheets.shortcutsPage == 0, "it opens on the first page")
        let big = try makeController(1000, 700)
        big.key(KeyInput(.f1), time: 0)
        #expect(ShortcutPages(body: try #require(big.layout().sheetBody), scale: 1).count == 1, "a large window shows them all")
    }

    /// Whatever the window, every line is on a page, whole: measured as the sheet draws it, the
    /// keys within their column, an action on one row beside them or wrapped onto a second, a
    /// heading within the column. (At 640x480 two columns cut "paste an element, an image, or
    /// text into a text box" to "paste an element, an i…"; at 1000x700 one action lost its end.)
    @Test(arguments: [(640, 480, 1.0), (800, 600, 1.0), (1000, 700, 1.0), (1100, 752, 1.0), (1280, 800, 1.0), (1600, 1000, 1.0),
                      (1920, 1080, 2.0), (1280, 800, 2.0)])
    func everyLineIsWholeOnItsPage(_ w: Int, _ h: Int, _ scale: Double) throws {
        let c = try makeController(w, h, scale: scale)
        c.key(KeyInput(.f1), time: 0)
        let body = try #require(c.layout().sheetBody)
        let pages = ShortcutPages(body: body, scale: scale)
        #expect(ShortcutPages.laidOut(body: body, scale: scale) == pages, "the layout kept is the one worked out")
        let painter = try Painter(frame: try Frame(size: PixelSize(width: 8, height: 8)), icons: IconSet(directory: nil))
        let lines = ShortcutPages.lines, size = pages.size * scale, s = scale
        #expect(pages.layout.flatMap { $0.filter { !$0.repeated }.map(\.index) } == Array(lines.indices), "every line once, in order")
        if w >= 1280, scale == 1 {
            #expect(pages.size == ShortcutPages.sizes[0] && pages.count == 1, "a large window has the largest text on one page")
        }
        for column in pages.layout {
            // A group that goes on into a column is titled again at its top.
            #expect(column.first.map { lines[$0.index].heading } == true, "\(w)x\(h)@\(scale)x: a column starts with “\(column.first.map { lines[$0.index].keys } ?? "")”")
            if let first = column.first, first.repeated, let next = column.dropFirst().first {
                #expect(lines[..<next.index].lastIndex { $0.heading } == first.index, "the title of the group it goes on with")
            }
        }
        #expect(pages.count == (pages.layout.count + pages.columns - 1) / pages.columns)
        #expect(Double(pages.perColumn + (pages.count > 1 ? 1 : 0)) * pages.line <= body.height, "a page's columns (and its footer) fit")
        let columnWidth = body.width / Double(pages.columns)
        #expect(columnWidth >= ShortcutPages.minimumColumn * s || pages.columns == 1)
        for column in pages.layout {
            #expect((column.last.map { $0.row + $0.rows } ?? 0) <= pages.perColumn)
            #expect(column.last.map { !lines[$0.index].heading } ?? true, "no heading at a column's foot")
            for slot in column {
                let line = lines[slot.index]
                let keys = painter.measure(line.keys, size: size, bold: true).width
                if line.heading {
                    #expect(keys <= columnWidth - ShortcutPages.end * s, "“\(line.keys)” at \(w)x\(h)@\(s)x")
                    continue
                }
                let room = columnWidth - pages.keysWidth - (ShortcutPages.gap + ShortcutPages.end) * s
                let action = painter.measure(line.action, size: size).width
                #expect(keys <= pages.keysWidth)
                // One row when it fits, else two that hold it (as Pango wraps it there).
                let wrapped = TextMetrics.lineCount(line.action, width: room, size: size)
                #expect(slot.rows == (action <= room ? 1 : 2) && (slot.rows == 1 || wrapped == 2),
                        "“\(line.action)” (\(action) px, \(wrapped) lines) at \(w)x\(h)@\(s)x: \(slot.rows) rows of \(room) px")
            }
        }
    }

    /// A sheet lies between the bars or over their whole height, never over part of it (slices
    /// of the buttons showed above and below it at 640x480 and 1000x700).
    @Test(arguments: [(640, 480, 1.0), (800, 600, 1.0), (1000, 700, 1.0), (1280, 800, 1.0), (1920, 1080, 2.0), (1000, 1400, 1.0)])
    func aSheetCoversNoBarInPart(_ w: Int, _ h: Int, _ scale: Double) throws {
        let c = try makeController(w, h, scale: scale)
        for command in [Command.shortcuts, .about, .new, .pageSize] {
            command.perform(in: c)
            let l = c.layout()
            let card = try #require(l.sheetCard, "\(command)")
            for bar in [l.topBar, l.bottomBar] {
                // (Bars wider than the card show beside it, dimmed, as under any dialog.)
                let wholeHeight = card.minY <= bar.minY && card.maxY >= bar.maxY
                #expect(!card.intersects(bar) || wholeHeight, "\(command) at \(w)x\(h)@\(scale)x: card \(card), bar \(bar)")
            }
            c.key(KeyInput(.escape), time: 0)
            #expect(c.chrome.sheet == nil)
        }
    }

    /// A dialog a few pixels too tall for the room between the bars keeps between them with
    /// less padding (New page at 800x600, Page size 550 px high), instead of going over the
    /// bars' whole height with blank space above its buttons; every control stays on the card.
    @Test(arguments: [(Command.new, 800, 600), (.pageSize, 1000, 550), (.new, 1280, 800)])
    func aDialogJustTooTallStaysBetweenTheBars(_ command: Command, _ w: Int, _ h: Int) throws {
        let c = try makeController(w, h, scale: 1)
        command.perform(in: c)
        let l = c.layout()
        let card = try #require(l.sheetCard)
        #expect(card.minY >= l.topBar.maxY && card.maxY <= l.bottomBar.minY, "\(command) at \(w)x\(h): card \(card), bars \(l.topBar) \(l.bottomBar)")
        let controls = l.items.filter {
            switch $0.control {
            case .sheetSize, .sheetField, .sheetColor, .sheetPaper, .sheetAnchor, .sheetConfirm, .sheetClose: return true
            default: return false
            }
        }
        #expect(controls.count > 5)
        for item in controls {
            let f = item.frame
            #expect(f.minX >= card.minX && f.maxX <= card.maxX && f.minY >= card.minY && f.maxY <= card.maxY,
                    "\(item.control) at \(f) lies on the card \(card)")
        }
        // The buttons are the last row: nothing above them reaches into it.
        let confirm = try #require(l.items.first { $0.control == .sheetConfirm })
        for item in controls where item.control != .sheetConfirm && item.control != .sheetClose {
            #expect(item.frame.maxY <= confirm.frame.minY, "\(item.control) at \(item.frame) over the buttons at \(confirm.frame)")
        }
    }
}
