import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// Ruled paper chosen in the real window's Background panel, drawn on, erased and saved.
@Suite(.serialized) struct PaperWindowTests {
    @Test func aLinedPageFromTheBackgroundPanel() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        let size = PixelSize(width: 1000, height: 700)
        func layout(paper: Bool) -> Layout {
            Layout(window: size, scale: 1, barsHidden: 0, panel: .background, recentColors: 0, hasMessage: false, hasDialog: false, paper: paper)
        }
        let closed = Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false)
        try app.click(closed.frame(of: .panel(.background))!.center)
        try app.click(layout(paper: false).frame(of: .paper(.lined))!.center)
        // Lined shows chosen, and the panel shows the spacing slider now (its track filled in the
        // accent colour up to the knob at 32); then close it and look at the page.
        let accent: UInt32 = 0x3465A4
        let lined = layout(paper: true).frame(of: .paper(.lined))!
        #expect(try eventually { try app.screenshot().rgb(Int(lined.minX) + 6, Int(lined.center.y)) == accent }, "Lined is chosen")
        let spacing = layout(paper: true).frame(of: .slider(.paperSpacing))!
        let knob = try #require(layout(paper: true).inPanel.knobX(.paperSpacing, value: 32))
        #expect(try app.screenshot().rgb(Int(knob) - 16, Int(spacing.center.y)) == accent, "the spacing slider, at 32")
        try app.screenshot("paper-panel")
        try app.key("Escape")
        let line = Paper.defaultLine.argb & 0xFFFFFF
        #expect(try eventually { try app.screenshot().rgb(300, 320) == line }, "a line every 32 px")
        #expect(try app.screenshot().rgb(300, 330) == 0xFFFFFF)
        // Ink over a line, then the eraser: the line shows again.
        try app.drag([(150, 320), (450, 320)])
        #expect(try eventually { try app.screenshot().rgb(300, 320) == 0x000000 })
        try app.key("e")
        try app.drag([(300, 280), (300, 360)])
        #expect(try eventually { try app.screenshot().rgb(300, 320) == line }, "the eraser shows the paper")
        try app.screenshot("paper-erased")
        #expect(app.title == "*Untitled - DrawingBoard")
    }

    /// New page… on dotted paper, from the sheet.
    @Test func aNewPageOfDottedPaper() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        let size = PixelSize(width: 1000, height: 700)
        try app.key("ctrl+n")
        let sheet = Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false,
                           sheet: .newPage(NewPageDraft(windowSize: size)))
        let dotted = sheet.frame(of: .sheetPaper(.dotted))!
        let accent: UInt32 = 0x3465A4
        let window = sheet.frame(of: .sheetSize(.window))!
        #expect(try eventually { try app.screenshot().rgb(Int(window.minX) + 6, Int(window.center.y)) == accent }, "the sheet shows, the window's size chosen")
        #expect(try app.screenshot().rgb(Int(dotted.minX) + 6, Int(dotted.center.y)) != accent)
        try app.click(dotted.center)
        #expect(try eventually { try app.screenshot().rgb(Int(dotted.minX) + 6, Int(dotted.center.y)) == accent }, "Dotted is chosen")
        try app.screenshot("paper-new-page-sheet")
        try app.click(sheet.frame(of: .sheetConfirm)!.center)
        let dot = Paper.defaultLine.argb & 0xFFFFFF
        #expect(try eventually { try app.screenshot().rgb(320, 320) == dot }, "a dot every 32 px")
        #expect(try app.screenshot().rgb(330, 320) == 0xFFFFFF && app.screenshot().rgb(320, 330) == 0xFFFFFF)
        try app.screenshot("paper-new-page")
    }
}
