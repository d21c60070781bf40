import DrawingBoardCore
import Foundation
import Testing

private func page(_ width: Int, _ strokes: Int = 0) -> Page {
    let items = (0..<strokes).map { i in
        PageItem.stroke(Stroke(id: UInt64(i + 1), tool: .pencil, style: StrokeStyle(width: 4), points: [Point(1, 1), Point(Double(width), 9)]))
    }
    return Page(size: PixelSize(width: width, height: 50), items: items)
}

/// `edit` applied to `notebook`, required to change it.
private func change(_ notebook: inout Notebook, _ edit: PagesEdit, sourceLocation: SourceLocation = #_sourceLocation) throws -> Notebook.Applied {
    let done = notebook.apply(edit)
    return try #require(done, sourceLocation: sourceLocation)
}

/// Whether `notebook` refuses `edit` (and stays as it was).
private func refused(_ notebook: inout Notebook, _ edit: PagesEdit) -> Bool {
    let before = notebook
    return notebook.apply(edit) == nil && notebook == before
}

private func steps(_ json: String) throws -> [DrawingScript.Step] {
    try parse(withSteps(json)).steps
}

/// The notebook as a model: every change to its pages returns the change that undoes it, and
/// ids follow pages wherever they move.
@Suite struct NotebookTests {
    static let edits: [PagesEdit] = [
        .add(at: 1, page: page(77)), .add(at: 3, page: page(78)), .duplicate(0), .duplicate(2),
        .move(from: 0, to: 2), .move(from: 2, to: 0), .delete(0), .delete(2),
    ]

    @Test(arguments: edits)
    func everyChangeReturnsItsExactInverse(_ edit: PagesEdit) throws {
        var notebook = Notebook([page(10, 1), page(20, 2), page(30, 3)])
        let before = notebook.pages
        let done = try change(&notebook, edit)
        let after = notebook.pages
        #expect(after != before)
        let back = try change(&notebook, done.undo)
        #expect(notebook.pages == before, "ids and pages as they were")
        // And forward again with the undo's own inverse: the same pages, the same ids.
        _ = try change(&notebook, back.undo)
        #expect(notebook.pages == after)
    }

    @Test func idsFollowPagesAndTheShownPageIsTheOneTheChangeIsAbout() throws {
        var notebook = Notebook([page(10), page(20), page(30)])
        let added = try change(&notebook, .add(at: 1, page: page(15)))
        #expect(notebook.pages.map(\.page.size.width) == [10, 15, 20, 30])
        #expect(added.shown == 4 && notebook.pages[1].id == 4)
        let moved = try change(&notebook, .move(from: 1, to: 3))
        #expect(notebook.pages.map(\.id) == [1, 2, 3, 4] && moved.shown == 4)
        let copy = try change(&notebook, .duplicate(0))
        #expect(copy.shown == 5 && notebook.pages[1].page == notebook.pages[0].page)
        // Deleting the last page shows the one before it; another, the one that took its place.
        let gone = try change(&notebook, .delete(4))
        #expect(gone.shown == 3)
        let middle = try change(&notebook, .delete(1))
        #expect(middle.shown == 2)
        // A page put back keeps its id; the next new page never reuses one.
        _ = try change(&notebook, middle.undo)
        #expect(notebook.pages[1].id == 5)
        let next = try change(&notebook, .add(at: 0, page: page(1)))
        #expect(next.shown == 6)
    }

    @Test func aNotebookHoldsAtMostTenThousandPages() throws {
        var notebook = Notebook(Array(repeating: page(10), count: Notebook.maxPages - 1))
        #expect(refused(&notebook, .add(at: 0, pages: [page(1), page(2)])))
        _ = try change(&notebook, .duplicate(0))
        #expect(notebook.count == Notebook.maxPages)
        #expect(refused(&notebook, .duplicate(0)))
        #expect(refused(&notebook, .add(at: 0, page: page(1))))
    }

    @Test func changesThatCannotBeMadeChangeNothing() {
        var notebook = Notebook([page(10)])
        #expect(refused(&notebook, .delete(0)), "the only page stays")
        #expect(refused(&notebook, .move(from: 0, to: 0)))
        #expect(refused(&notebook, .delete(3)))
        #expect(refused(&notebook, .add(at: 5, page: page(1))))
        #expect(refused(&notebook, .duplicate(-1)))
        #expect(notebook.count == 1)
    }

    /// The journal writes page changes as users make them; the history's inverse (`insert`) is
    /// never written.
    @Test func pageChangesTravelThroughTheJournalsCoding() throws {
        let paper = Paper(.lined)
        for edit in [Edit.pages(.add(at: 2, page: Page(size: PixelSize(width: 300, height: 200), background: .paper(paper)))),
                     .pages(.duplicate(1)), .pages(.move(from: 0, to: 3)), .pages(.delete(2))] {
            let encoder = JSONEncoder()
            let images = MemoryImages()
            encoder.userInfo[.imageArchive] = images
            let decoder = JSONDecoder()
            decoder.userInfo[.imageArchive] = images
            let back = try decoder.decode(Edit.self, from: encoder.encode(edit))
            #expect(back == edit)
            #expect(edit.kind == .pages && edit.makesStep && edit.isPerformable)
        }
        let inverse = Edit.pages(.insert([NotebookPage(id: 3, page: page(10))], at: 0, added: false))
        #expect(!inverse.isPerformable)
        #expect(throws: EncodingError.self) { _ = try JSONEncoder().encode(inverse) }
    }

    @Test func theScriptsPageStepsAreReadAsWritten() throws {
        let read = try steps(#"""
            {"page": "add"}, {"page": {"add": {"width": 794, "height": 1123, "background": {"paper": "lined"}}}},
            {"page": {"add": {"pdf": "slides.pdf", "page": 2}}}, {"page": 3}, {"page": "duplicate"},
            {"page": {"move": 1}}, {"page": "delete"}, {"page": {"add": {"pdf": "slides.pdf"}}}
            """#)
        #expect(read.map(\.action) == [
            .page(.add(.init())),
            .page(.add(.init(size: PixelSize(width: 794, height: 1123), background: .paper(Paper(.lined))))),
            .page(.add(.init(background: .pdf("slides.pdf", page: 2)))),
            .page(.go(3)), .page(.duplicate), .page(.move(1)), .page(.delete),
            .page(.add(.init(background: .pdf("slides.pdf", page: 1)))),
        ])
        let pdf = try ScriptParser.parse(Data(#"{"version": 1, "pdf": "lecture.pdf", "steps": [{"page": 2}]}"#.utf8))
        #expect(pdf.pdf == "lecture.pdf" && pdf.open == nil)
    }

    static let badPages: [(String, String)] = [
        (#"{"page": 0}"#, "steps[0].page: 0 is not a page number (pages count from 1)"),
        (#"{"page": 1.5}"#, "steps[0].page: 1.5 is not a whole number"),
        (#"{"page": "next"}"#, #"steps[0].page: "next" is not a page step (one of add, duplicate, delete, a page number, {"add": {...}} or {"move": N})"#),
        (#"{"page": {"move": 0}}"#, "steps[0].page.move: 0 is not a page number (pages count from 1)"),
        (#"{"page": {"add": {"width": 100}}}"#, #"steps[0].page.add: needs both "width" and "height", or neither"#),
        (#"{"page": {"add": {"width": 0, "height": 10}}}"#, "steps[0].page.add.width: 0 is outside 1...16384"),
        (#"{"page": {"add": {"pdf": "a.pdf", "width": 10, "height": 10}}}"#, #"steps[0].page.add.width: cannot be used with "pdf": the PDF page sets it"#),
        (#"{"page": {"add": {"page": 2}}}"#, #"steps[0].page.add.page: only goes with "pdf" (the PDF's page)"#),
        (#"{"page": {"add": {"pdf": "a.pdf", "page": 0}}}"#, "steps[0].page.add.page: 0 is not a page number (pages count from 1)"),
        (#"{"page": {"add": {}, "move": 2}}"#, #"steps[0].page: has "add" and "move"; one page step at a time"#),
        (#"{"page": {"turn": 2}}"#, "steps[0].page.turn: unknown key (expected one of add, move)"),
        (#"{"page": 2, "undo": 1}"#, #"steps[0]: has "undo" and "page"; one action per step"#),
    ]

    @Test(arguments: badPages)
    func aWrongPageStepIsNamedWithItsPlace(_ step: String, _ expected: String) {
        #expect(problem(withSteps(step)) == expected)
    }

    @Test func aPDFNotebookSetsItsOwnPages() {
        #expect(problem(#"{"version": 1, "pdf": "a.pdf", "canvas": {"width": 10, "height": 10}}"#)
            == #"canvas: cannot be used with "pdf": the PDF's pages set the notebook"#)
        #expect(problem(#"{"version": 1, "pdf": "a.pdf", "open": "b.ora"}"#) == #"open: cannot be used with "pdf": the PDF's pages set the notebook"#)
        #expect(problem(#"{"version": 1, "pdf": ""}"#) == "pdf: is empty")
    }

    /// A PDF page becomes a page of its size at 96 pixels per inch, within the page limit.
    @Test func aPDFPageHasItsSizeAtNinetySixPixelsPerInch() {
        #expect(PDFPageSize(width: 595, height: 842).pixelSize == PixelSize(width: 793, height: 1123))
        #expect(PDFPageSize(width: 842, height: 595).pixelSize == PixelSize(width: 1123, height: 793))
        #expect(PDFPageSize(width: 14_400, height: 14_400).pixelSize == PixelSize(width: 4096, height: 4096))
        #expect(PDFPageSize(width: 14_400, height: 720).pixelSize == PixelSize(width: 4096, height: 205))
        #expect(PDFPageSize(width: 0.5, height: 0.5).pixelSize == PixelSize(width: 1, height: 1))
    }
}
