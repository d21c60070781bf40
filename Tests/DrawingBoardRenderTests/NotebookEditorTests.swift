import CCairo
import DrawingBoardCore
import Foundation
import TestPDFs
import Testing
@testable import DrawingBoardRender

/// A notebook in the editor: strokes belong to their page, one history takes back the latest
/// edit whatever page it was on and shows that page, and a page's pixels are exact however
/// often it is left and shown again (painted from its model when its canvas was let go).
@Suite struct NotebookEditorTests {
    static func notebook(_ count: Int, width: Int = 160) throws -> Editor {
        let pages = (0..<count).map { i in
            Page(size: PixelSize(width: width + i * 10, height: 120), background: i % 2 == 0 ? .color(.white) : .paper(Paper(.squared)))
        }
        return try Editor(notebook: Notebook(pages))
    }

    /// What page `index` looks like with these drags on it alone.
    static func reference(_ editor: Editor, page index: Int, _ drags: [[(Double, Double)]]) throws -> RasterImage {
        let model = editor.pages.notebook.pages[index].page
        let single = try Editor(size: model.size, background: model.background)
        single.use(.pencil, "#d01010", width: 9)
        for d in drags { single.drag(d) }
        return try single.picture()
    }

    static let a: [(Double, Double)] = [(10, 10), (80, 60), (150, 20)]
    static let b: [(Double, Double)] = [(20, 100), (90, 30), (140, 110)]

    @Test func aStrokeBelongsToThePageItWasDrawnOn() throws {
        let editor = try Self.notebook(3)
        editor.use(.pencil, "#d01010", width: 9)
        editor.drag(Self.a)
        try editor.pages.show(2)
        editor.drag(Self.b)
        #expect(editor.pages.index == 2 && editor.strokes.count == 1)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 2, [Self.b])) == nil)
        try editor.pages.show(0)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 0, [Self.a])) == nil)
        try editor.pages.show(1)
        #expect(editor.strokes.isEmpty)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 1, [])) == nil)
        #expect(editor.pages.notebook.pages.map(\.page.strokes.count) == [1, 0, 1])
    }

    @Test func undoTakesBackTheLatestEditWhateverPageAndShowsThatPage() throws {
        let editor = try Self.notebook(3)
        editor.use(.pencil, "#d01010", width: 9)
        editor.drag(Self.a)
        try editor.pages.show(1)
        editor.drag(Self.b)
        try editor.pages.show(2)
        try editor.undo()
        #expect(editor.pages.index == 1 && editor.strokes.isEmpty)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 1, [])) == nil)
        try editor.undo()
        #expect(editor.pages.index == 0 && editor.strokes.isEmpty)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 0, [])) == nil)
        try editor.pages.show(2)
        try editor.redo()
        #expect(editor.pages.index == 0)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 0, [Self.a])) == nil)
        try editor.redo()
        #expect(editor.pages.index == 1)
        #expect(difference(try editor.picture(), try Self.reference(editor, page: 1, [Self.b])) == nil)
    }

    /// Only a few pages keep their pixels; a page shown again after its canvas went is painted
    /// from its model, and undo and redo stay exact on it.
    @Test func pagesWhosePixelsWereLetGoComeBackExactAndUndoExactly() throws {
        let editor = try Self.notebook(6)
        editor.use(.pencil, "#d01010", width: 9)
        for i in 0..<6 {
            try editor.pages.show(i)
            editor.drag(Self.a)
            editor.use(.eraser, width: 20)
            editor.drag(Self.b)
            editor.use(.pencil, "#d01010", width: 9)
        }
        func expectPage(_ i: Int, erased: Bool, drawn: Bool = true) throws {
            let single = try Editor(size: editor.size, background: editor.background)
            single.use(.pencil, "#d01010", width: 9)
            if drawn { single.drag(Self.a) }
            if erased {
                single.use(.eraser, width: 20)
                single.drag(Self.b)
            }
            #expect(editor.pages.index == i)
            #expect(difference(try editor.picture(), try single.picture()) == nil, "page \(i + 1)")
        }
        for i in stride(from: 5, through: 0, by: -1) {
            try editor.undo()
            try expectPage(i, erased: false)
            try editor.undo()
            try expectPage(i, erased: false, drawn: false)
        }
        for i in 0..<6 {
            try editor.redo()
            try expectPage(i, erased: false)
            try editor.redo()
            try expectPage(i, erased: true)
        }
    }

    @Test func addingDuplicatingMovingAndDeletingPagesAreStepsOfTheOneHistory() throws {
        let editor = try Self.notebook(2)
        editor.use(.pencil, "#d01010", width: 9)
        editor.drag(Self.a)
        let drawn = try editor.picture()
        try editor.perform(.pages(.duplicate(0)))
        #expect(editor.pages.count == 3 && editor.pages.index == 1)
        #expect(difference(try editor.picture(), drawn) == nil, "the copy has the ink")
        try editor.perform(.pages(.move(from: 1, to: 2)))
        #expect(editor.pages.index == 2)
        try editor.perform(.pages(.add(at: 0, page: Page(size: PixelSize(width: 50, height: 40)))))
        #expect(editor.pages.index == 0 && editor.size == PixelSize(width: 50, height: 40) && editor.pages.count == 4)
        try editor.pages.show(1)
        try editor.perform(.pages(.delete(1)))
        #expect(editor.pages.count == 3 && editor.pages.index == 1)
        // Undo the delete: the page is back where it was, with its ink, and shown.
        try editor.undo()
        #expect(editor.pages.count == 4 && editor.pages.index == 1)
        #expect(difference(try editor.picture(), drawn) == nil)
        try editor.undo()
        try editor.undo()
        try editor.undo()
        #expect(editor.pages.count == 2 && editor.pages.index == 0)
        #expect(difference(try editor.picture(), drawn) == nil)
        try editor.undo()
        #expect(editor.strokes.isEmpty && !editor.canUndo)
        for _ in 0..<5 { try editor.redo() }
        #expect(editor.pages.count == 3 && editor.pages.notebook.pages.map(\.page.size.width) == [50, 170, 160])
        #expect(throws: RenderError.self) { try editor.pages.show(3) }
    }

    @Test func deletingTheOnlyPageChangesNothing() throws {
        let editor = try Self.notebook(1)
        #expect(try !editor.perform(.pages(.delete(0))))
        #expect(editor.pages.count == 1 && !editor.canUndo)
    }

    /// A PDF page is background: drawn by poppler over white, shown where the eraser clears the ink.
    @Test func aPDFPageIsTheBackgroundAndTheEraserShowsIt() throws {
        let file = try PDFReader.read(TestPDF.lecture([(595, 842), (842, 595)]), name: "lecture.pdf")
        #expect(file.pageSizes.map(\.width) == [595, 842])
        let pages = file.pages
        let editor = try Editor(notebook: Notebook(pages))
        #expect(editor.size == PixelSize(width: 793, height: 1123))
        // The green rectangle at (72, 200) points, 200 x 100: at 4/3 pixels per point.
        let inside = (x: 150, y: 320)
        #expect(try editor.picture().pixel(x: inside.x, y: inside.y) & 0xFFFFFF == 0x008000)
        #expect(try editor.picture().pixel(x: 700, y: 1000) & 0xFFFFFF == 0xFFFFFF)
        editor.use(.pencil, "#000000", width: 30)
        editor.drag([(120, 320), (200, 320)])
        #expect(try editor.picture().pixel(x: inside.x, y: inside.y) & 0xFFFFFF == 0)
        editor.use(.eraser, width: 60)
        editor.drag([(120, 320), (200, 320)])
        #expect(try editor.picture().pixel(x: inside.x, y: inside.y) & 0xFFFFFF == 0x008000)
        try editor.pages.show(1)
        #expect(editor.size == PixelSize(width: 1123, height: 793))
    }

    /// What poppler draws of `background` through `view`, in a picture of `size`.
    static func poppler(_ background: PDFBackground, page: PixelSize, view: ViewTransform, size: PixelSize) throws -> [UInt32] {
        let expected = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(expected)
        cairo_translate(cr.handle, view.offset.x, view.offset.y)
        cairo_scale(cr.handle, view.scale, view.scale)
        try PDFPainter.draw(background, on: cr.handle, size: page)
        expected.flush()
        return expected.read(PixelRect(size: size)).map { $0 | 0xFF00_0000 }
    }

    /// Zoomed in, a PDF page is drawn by poppler at the zoom it is shown at (its view tiles,
    /// not its 96 dpi picture scaled up): the window shows exactly what poppler draws there.
    @Test func aZoomedPDFPageIsDrawnCrispAtItsZoom() throws {
        let file = try PDFReader.read(TestPDF.lecture(pages: 1), name: "lecture.pdf")
        let background = PDFBackground(file: file, index: 0)
        let page = Page(size: file.pageSizes[0].pixelSize, background: .pdf(background))
        let editor = try Editor(notebook: Notebook([page]))
        let frame = try Frame(size: PixelSize(width: 400, height: 300))
        let view = ViewTransform(scale: 4, offset: Point(-300, -400))
        let shown = ViewTilesTests.settled(editor, frame, view).map { $0 | 0xFF00_0000 }
        let drawn = try Self.poppler(background, page: page.size, view: view, size: frame.size)
        #expect(ViewTilesTests.difference(shown, drawn).pixels == 0)
        // The text's edge is sharp: some pixels are fully dark, as poppler draws them.
        #expect(shown.contains { $0 & 0xFFFFFF == 0 })
        // Scrolled by whole pixels, still exact.
        let moved = ViewTransform(scale: 4, offset: Point(-310, -420))
        #expect(ViewTilesTests.difference(ViewTilesTests.settled(editor, frame, moved).map { $0 | 0xFF00_0000 },
                                          try Self.poppler(background, page: page.size, view: moved, size: frame.size)).pixels == 0)
    }

    @Test func hostilePDFsAreRefusedInWords() throws {
        func message(_ data: Data) -> String? {
            do {
                _ = try PDFReader.read(data, name: "x.pdf")
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(TestPDF.noPages) == "x.pdf: the PDF has no pages")
        #expect(message(Data()) == "x.pdf: the file is empty")
        #expect(message(TestPDF.passwordProtected)
            == "x.pdf: the PDF is protected by a password; open it in a PDF reader, save a copy without the password, and open that")
        #expect(message(TestPDF.blankPages(10_001)) == "x.pdf: the PDF has 10001 pages, more than the 10000 a notebook can hold")
        #expect(message(TestPDF.truncated())?.hasPrefix("x.pdf: not a PDF that can be read (") == true)
        #expect(message(Data("hello".utf8))?.hasPrefix("x.pdf: not a PDF that can be read (") == true)
        let huge = try PDFReader.read(TestPDF.blankPages(1, size: (14_400, 14_400)), name: "poster.pdf")
        #expect(huge.pageSizes[0].pixelSize == PixelSize(width: 4096, height: 4096))
    }
}

/// The window's PDF pages are drawn off its event loop: the page is white until poppler is
/// done, the editor takes strokes meanwhile, and a file written meanwhile has the page whole.
@Suite struct PDFOffTheEventLoopTests {
    /// Waits (at most 30 s) for the worker's pictures to reach the editor.

    @Test func aSlowPageComesWhenItIsDrawnAndStrokesAreTakenMeanwhile() throws {
        let file = try PDFReader.read(TestPDF.heavy(squares: 300_000), name: "heavy.pdf")
        let page = Page(size: file.pageSizes[0].pixelSize, background: .pdf(PDFBackground(file: file, index: 0)))
        let editor = try Editor(notebook: Notebook([page]), drawsPDFsLater: true)
        #expect(editor.pages.waitingForPictures, "the page is being drawn")
        // Meanwhile the page is white, and a stroke goes on it at once.
        let frame = try Frame(size: page.size)
        editor.screen.compose(into: frame, area: PixelRect(size: page.size))
        #expect(frame.read(PixelRect(x: 150, y: 320, width: 1, height: 1))[0] & 0xFFFFFF == 0xFFFFFF)
        editor.use(.pencil, "#000000", width: 10)
        editor.drag([(400, 100), (600, 100)])
        #expect(editor.strokes.count == 1)
        #expect(waitForPictures(editor), "the page came")
        editor.screen.compose(into: frame, area: PixelRect(size: page.size))
        #expect(frame.read(PixelRect(x: 150, y: 320, width: 1, height: 1))[0] & 0xFFFFFF == 0x008000, "the PDF's green rectangle")
        #expect(frame.read(PixelRect(x: 500, y: 100, width: 1, height: 1))[0] & 0xFFFFFF == 0, "the ink over it")
    }

    @Test func aPictureWrittenWhileThePageIsComingHasItWhole() throws {
        let file = try PDFReader.read(TestPDF.lecture(pages: 1), name: "lecture.pdf")
        let page = Page(size: file.pageSizes[0].pixelSize, background: .pdf(PDFBackground(file: file, index: 0)))
        let later = try Editor(notebook: Notebook([page]), drawsPDFsLater: true)
        let now = try Editor(notebook: Notebook([page]))
        #expect(difference(try later.picture(), try now.picture()) == nil)
    }
}
