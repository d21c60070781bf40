import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing
import TestPDFs

/// The highlighter's Text switch in the real window, on X11 and on Wayland: chosen in the
/// Brush panel with the mouse, a drag with xdotool over "page 1" of the lecture lays the
/// highlighter's colour over those characters (read in the screenshot where the letters leave
/// the line white), and nowhere before them; Ctrl+Z takes it back in one step.
extension FindWindowTests {
    /// The default highlighter's yellow over white.
    static func yellow(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 0xF0 && p >> 8 & 0xFF > 0xD0 && p & 0xFF < 0xB0 }

    static func highlight(_ app: AppUnderTest, words page: Rect, _ one: Rect, lecture: Rect, _ tag: String) throws {
        let closed = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false)
        let panel = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: .brush, recentColors: 0, hasMessage: false,
                           hasDialog: false, tool: .highlighter)
        try app.click(closed.frame(of: .tool(.highlighter))!.center)
        try app.click(closed.frame(of: .panel(.brush))!.center)
        try app.click(try #require(panel.frame(of: .textSwitch)).center)
        try app.click(panel.frame(of: .closePanel)!.center)
        // (The message that the PDF opened lies over the first line: Esc takes it away.)
        try app.key("Escape")
        // Above the x-height of "page" (no letter reaches there): white now, yellow once
        // highlighted; "Lecture" stays as it was, pixel for pixel.
        let inPage = fit.toWindow(Point(page.center.x, page.minY + page.height * 0.18))
        let word = Rect(corner: fit.toWindow(Point(lecture.minX, lecture.minY)), corner: fit.toWindow(Point(lecture.maxX, lecture.maxY)))
            .pixelRect(clippedTo: PixelSize(width: 1000, height: 700))!
        func pixels(of shot: RasterImage) -> [UInt32] { (word.y..<word.maxY).flatMap { y in (word.x..<word.maxX - 1).map { shot.rgb($0, y) } } }
        #expect(eventually { (try? app.screenshot().rgb(Int(inPage.x), Int(inPage.y))) == 0xFFFFFF }, "white before (\(tag))")
        let before = pixels(of: try app.screenshot())
        let from = fit.toWindow(Point(page.minX + page.width * 0.08, page.center.y)), to = fit.toWindow(Point(one.center.x, one.center.y))
        try app.drag([(Int(from.x), Int(from.y)), (Int((from.x + to.x) / 2), Int(from.y)), (Int(to.x), Int(to.y))])
        #expect(try eventually { Self.yellow(try app.screenshot().rgb(Int(inPage.x), Int(inPage.y))) }, "\"page 1\" highlighted (\(tag))")
        let shot = try app.screenshot("pdf-text-highlighted-\(tag)")
        #expect(pixels(of: shot) == before, "\"Lecture\" as it was (\(tag))")
        // Through the last character: the right half of the "1"'s box holds yellow too (a
        // highlight that stopped at the "1" would not reach past its middle).
        let last = Rect(corner: fit.toWindow(Point(one.minX, one.minY)), corner: fit.toWindow(Point(one.maxX, one.maxY)))
        #expect((Int(last.center.x) + 1...Int(last.maxX)).contains { x in (Int(last.minY)...Int(last.maxY)).contains { Self.yellow(shot.rgb(x, $0)) } },
                "the \"1\" under the pointer's end is highlighted (\(tag))")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(Int(inPage.x), Int(inPage.y)) == 0xFFFFFF }, "undone in one step (\(tag))")
    }

    @Test func highlightTextOnX11AndWayland() throws {
        let lecture = TestPDF.lecture(pages: 3)
        let first = try PDFReader.read(lecture, name: "lecture.pdf").pages[0]
        let page = try #require(TextFinder.matches(of: "page", on: first, index: 0).first).box
        let one = try #require(TextFinder.matches(of: "1", on: first, index: 0).first).box
        let word = try #require(TextFinder.matches(of: "Lecture", on: first, index: 0).first).box
        try Self.inBothWindows(lecture, named: "lecture.pdf") { app, tag in try Self.highlight(app, words: page, one, lecture: word, tag) }
    }
}
