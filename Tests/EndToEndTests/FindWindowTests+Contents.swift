import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing
import TestPDFs

/// The pages sidebar's Contents in the real window, on X11 and on Wayland: F9, the Contents
/// tab, the folded "Entropy" unfolded, a click on "Definition" shows page 4, as End (the last
/// page) shows it and Home (the first) does not; read in the screenshot, the page number in
/// the bottom bar and the page shown.
extension FindWindowTests {
    static func contents(_ app: AppUnderTest, _ tag: String) throws {
        let spec = Layout.SidebarSpec(sizes: Array(repeating: PixelSize(width: 793, height: 1123), count: 4), scroll: 0, current: 0, hasContents: true)
        let tabs = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false,
                          pages: Layout.PagesSpec(sidebar: spec))
        // (The message that the PDF opened goes first.)
        try app.key("Escape")
        try app.key("F9")
        let contentsTab = try #require(tabs.frame(of: .sidebarView(contents: true)))
        let pagesTab = try #require(tabs.frame(of: .sidebarView(contents: false)))
        // The sidebar shows its two tabs, Pages chosen (the accent under its word), Contents not.
        #expect(try eventually { try app.screenshot().rgb(Int(pagesTab.center.x), Int(pagesTab.minY) + 6) == 0x3465A4 }, "Pages chosen (\(tag))")
        #expect(try app.screenshot().rgb(Int(contentsTab.center.x), Int(contentsTab.minY) + 6) != 0x3465A4)
        try app.click(contentsTab.center)
        let rows = ["Introduction", "Motivation", "Entropy"].map { Layout.ContentsRow(title: $0, depth: $0 == "Motivation" ? 1 : 0, folds: $0 != "Motivation", open: $0 == "Introduction") }
        var shown = spec
        shown.contents = rows
        let listed = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false,
                            pages: Layout.PagesSpec(sidebar: shown))
        let entropyFold = try #require(listed.frame(of: .contentsFold(2)))
        // The tab is chosen (the accent under its word) once the click is taken.
        #expect(try eventually { try app.screenshot().rgb(Int(contentsTab.center.x), Int(contentsTab.minY) + 6) == 0x3465A4 }, "Contents chosen (\(tag))")
        _ = try app.screenshot("contents-\(tag)")
        try app.click(entropyFold.center)
        shown.contents = rows + [Layout.ContentsRow(title: "Definition", depth: 1, folds: false, open: false)]
        let unfolded = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false,
                              pages: Layout.PagesSpec(sidebar: shown))
        let definition = try #require(unfolded.frame(of: .contentsEntry(3)))
        // "Definition" appears in its row: dark letters there.
        #expect(try eventually {
            let shot = try app.screenshot()
            return (Int(definition.minX)..<Int(definition.minX) + 60).contains { x in shot.rgb(x, Int(definition.center.y)) & 0xFF < 0x60 }
        }, "Entropy unfolded: Definition listed (\(tag))")
        _ = try app.screenshot("contents-unfolded-\(tag)")
        let before = try app.screenshot()
        try app.click(definition.center)
        #expect(try eventually { try app.screenshot().pixels != before.pixels }, "a page shown (\(tag))")
        Thread.sleep(forTimeInterval: 0.5)
        let there = try app.screenshot("contents-definition-\(tag)")
        let bar = PixelRect(x: 700, y: 640, width: 300, height: 50), view = PixelRect(x: 200, y: 80, width: 780, height: 540)
        func part(_ shot: RasterImage, _ r: PixelRect) -> [UInt32] { (r.y..<r.maxY).flatMap { y in (r.x..<r.maxX).map { shot.rgb($0, y) } } }
        try app.key("Home")
        #expect(try eventually { try part(app.screenshot(), bar) != part(there, bar) }, "the first page is another (\(tag))")
        try app.key("End")
        #expect(try eventually {
            let shot = try app.screenshot()
            return part(shot, bar) == part(there, bar) && part(shot, view) == part(there, view)
        }, "Definition showed page 4, the last (\(tag))")
    }

    @Test func contentsOnX11AndWayland() throws {
        try Self.inBothWindows(TestPDF.lecture(pages: 4, outline: SidebarOutline.entries), named: "lecture.pdf") { app, tag in try Self.contents(app, tag) }
    }
}

/// The test lecture's outline: "Introduction" (page 1, unfolded, with "Motivation", page 2)
/// and "Entropy" (page 3, folded, with "Definition", page 4).
enum SidebarOutline {
    static let entries: [TestPDF.OutlineEntry] = [
        (0, "Introduction", 1, true), (1, "Motivation", 2, false), (0, "Entropy", 3, false), (3, "Definition", 4, false),
    ]
}
