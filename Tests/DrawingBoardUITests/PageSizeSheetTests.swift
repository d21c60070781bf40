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
