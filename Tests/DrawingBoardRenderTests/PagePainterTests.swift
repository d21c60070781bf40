import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// A notebook page scrolled into view whose pixels were let go is painted off the event loop
/// (the window's editors): blank meanwhile, then exactly the page painted in place; drawing on
/// it waits for the painting under way rather than painting it again.
@Suite struct PagePainterTests {
    /// Four pages, each with strokes (one a highlighter) and a text, as models.
    static func pages() throws -> [Page] {
        let maker = try Editor(notebook: Notebook((0..<4).map { i in
            Page(size: PixelSize(width: 300, height: 200), background: i % 2 == 0 ? .color(.white) : .paper(Paper(.squared)))
        }))
        for i in 0..<4 {
            try maker.pages.show(i)
            maker.use(.pencil, "#1040c0", width: 6)
            maker.drag([(20, 20), (120, 80 + Double(i) * 10), (280, 40)])
            maker.use(.highlighter, "#ffe000", width: 20)
            maker.drag([(20, 150), (280, 150)])
            try maker.perform(.place(Element(id: 0, source: .text(TextStyle(text: "page \(i + 1)", size: 24, color: .black)),
                                             placement: .init(center: Point(150, 110), width: 80, natural: TextArt.measure(TextStyle(text: "page \(i + 1)", size: 24))))))
        }
        return maker.pages.notebook.pages.map(\.page)
    }

    /// Page `index` composed by an editor that paints pages where they are asked for.
    static func reference(_ pages: [Page], _ index: Int) throws -> [UInt32] {
        let editor = try Editor(notebook: Notebook(pages))
        let frame = try Frame(size: pages[index].size)
        try editor.pages.compose(index, into: frame, area: PixelRect(size: frame.size), view: .identity)
        return frame.read(PixelRect(size: frame.size))
    }


    @Test func aPageScrolledIntoViewIsPaintedOffTheLoopAndComesExact() throws {
        let pages = try Self.pages()
        let expected = try Self.reference(pages, 2)
        let editor = try Editor(notebook: Notebook(pages), drawsPDFsLater: true)
        let frame = try Frame(size: pages[2].size)
        try editor.pages.compose(2, into: frame, area: PixelRect(size: frame.size), view: .identity)
        #expect(frame.read(PixelRect(size: frame.size)).allSatisfy { $0 & 0xFFFFFF == 0xFFFFFF }, "blank while it is painted")
        #expect(editor.pages.waitingForPictures)
        #expect(waitForPictures(editor), "the page came")
        #expect(editor.pages.withPixels == 2, "it is kept, beside the page drawn on")
        try editor.pages.compose(2, into: frame, area: PixelRect(size: frame.size), view: .identity)
        let shown = frame.read(PixelRect(size: frame.size))
        #expect(shown == expected, "the very pixels painted in place: \(zip(shown, expected).filter { $0 != $1 }.count) differ")
    }

    @Test func drawingOnAPageBeingPaintedTakesItsPaintingAndStaysExact() throws {
        let pages = try Self.pages()
        let editor = try Editor(notebook: Notebook(pages), drawsPDFsLater: true)
        let frame = try Frame(size: pages[3].size)
        try editor.pages.compose(3, into: frame, area: PixelRect(size: frame.size), view: .identity)
        // Shown for drawing at once: it waits for the painting under way.
        try editor.pages.show(3)
        editor.use(.pencil, "#000000", width: 4)
        editor.drag([(30, 190), (270, 190)])
        let after = try editor.picture()
        let single = try Editor(notebook: Notebook([pages[3]]))
        single.use(.pencil, "#000000", width: 4)
        single.drag([(30, 190), (270, 190)])
        #expect(difference(after, try single.picture()) == nil)
        // Undo goes back to the page as it was read.
        try editor.undo()
        #expect(difference(try editor.picture(), try Editor(notebook: Notebook([pages[3]])).picture()) == nil)
        #expect(waitForPictures(editor), "nothing is left waiting")
    }
}
