import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs
@testable import DrawingBoardUI

/// The pages sidebar's Contents: a lecture whose outline has "Introduction" (page 1, unfolded,
/// with "Motivation", page 2) and "Entropy" (page 3, folded, with "Definition", page 4), read
/// from the PDF as poppler reads it, shown nested and folded as the PDF says; a fold opens, a
/// click goes to the page, wherever that page of the PDF went in the notebook.
@Suite struct SidebarContentsTests {
    static let outline: [TestPDF.OutlineEntry] = [
        (0, "Introduction", 1, true), (1, "Motivation", 2, false), (0, "Entropy", 3, false), (3, "Definition", 4, false),
    ]

    @Test func theOutlineAsThePDFHasIt() throws {
        let file = try PDFReader.read(TestPDF.lecture(pages: 4, outline: Self.outline), name: "lecture.pdf")
        let entries = PDFOutlineEntry.outline(of: file)
        #expect(entries.map(\.title) == ["Introduction", "Entropy"])
        #expect(entries.map(\.page) == [0, 2] && entries.map(\.open) == [true, false])
        #expect(entries[0].children.map(\.title) == ["Motivation"] && entries[0].children[0].page == 1)
        #expect(entries[1].children.map(\.title) == ["Definition"] && entries[1].children[0].page == 3)
        // A PDF without an outline has none.
        #expect(PDFOutlineEntry.outline(of: try PDFReader.read(TestPDF.lecture(pages: 2), name: "plain.pdf")).isEmpty)
    }

    @Test func contentsFoldAndGoToThePage() throws {
        let file = try PDFReader.read(TestPDF.lecture(pages: 4, outline: Self.outline), name: "lecture.pdf")
        let c = AppController(editor: try Editor(notebook: Notebook(file.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        c.click(.sidebar)
        #expect(c.layout().frame(of: .sidebarView(contents: true)) != nil, "tabs, the PDF having an outline")
        #expect(c.layout().frame(of: .pageThumbnail(0)) != nil && !c.pages.sidebar.showsContents)
        c.click(.sidebarView(contents: true))
        #expect(c.pages.sidebar.showsContents)
        #expect(c.layout().sidebarSpec?.contents?.map(\.title) == ["Introduction", "Motivation", "Entropy"], "Entropy folded, as the PDF says")
        #expect(c.layout().sidebarSpec?.contents?.map(\.depth) == [0, 1, 0])
        #expect(c.layout().frame(of: .pageThumbnail(0)) == nil)
        c.click(.contentsFold(2))
        #expect(c.layout().sidebarSpec?.contents?.map(\.title) == ["Introduction", "Motivation", "Entropy", "Definition"])
        c.click(.contentsEntry(3))
        #expect(c.pages.current == 3, "Definition: page 4")
        // The titles are drawn in their rows: dark letters, "Definition" indented under
        // "Entropy" and longer than it.
        let shown = try c.shown()
        func ink(_ i: Int) throws -> ClosedRange<Int> {
            let row = try #require(c.layout().frame(of: .contentsEntry(i)))
            let xs = (Int(row.minX)..<Int(row.maxX)).filter { x in (Int(row.minY)..<Int(row.maxY)).contains { y in shown.pixel(x: x, y: y) & 0xFF < 0x60 } }
            return try #require(xs.first.flatMap { first in xs.last.map { first...$0 } }, "letters in row \(i)")
        }
        let entropy = try ink(2), definition = try ink(3)
        #expect(definition.lowerBound >= entropy.lowerBound + 6, "indented: \(definition) under \(entropy)")
        #expect(definition.count > entropy.count + 8, "\"Definition\" longer than \"Entropy\": \(definition.count) and \(entropy.count) px")
        // The page moved to the front: the entry follows it.
        c.pages.move(3, to: 0)
        c.click(.contentsEntry(0))
        #expect(c.pages.current == 1, "Introduction: page 1 of the PDF, second in the notebook now")
        c.click(.contentsEntry(3))
        #expect(c.pages.current == 0)
        c.click(.contentsFold(0))
        #expect(c.layout().sidebarSpec?.contents?.map(\.title) == ["Introduction", "Entropy", "Definition"], "Introduction folded")
        c.click(.sidebarView(contents: false))
        #expect(c.layout().frame(of: .pageThumbnail(0)) != nil)
    }

    @Test func noOutlineNoTabs() throws {
        let file = try PDFReader.read(TestPDF.lecture(pages: 2), name: "plain.pdf")
        let c = AppController(editor: try Editor(notebook: Notebook(file.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        c.click(.sidebar)
        #expect(c.layout().frame(of: .sidebarView(contents: true)) == nil && c.layout().frame(of: .pageThumbnail(0)) != nil)
    }
}
