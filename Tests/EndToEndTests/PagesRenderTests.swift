import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs
import Testing

/// The contract's "Pages" through the real `render` command, as users run it: a PDF to write
/// on, page steps, `--page`, and the notebook written as a PDF whose own text is still text
/// (pdftotext finds it) with the ink on the right pages (pdftoppm shows it).
@Suite struct PagesRenderTests {
    /// A workspace holding `lecture.pdf` (A4, A4 landscape, A4) and the script `s.json`.
    static func workspace(_ script: String) throws -> Workspace {
        let ws = try Workspace()
        try TestPDF.lecture([(595, 842), (842, 595), (595, 842)]).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        try ws.write("s.json", script)
        return ws
    }

    static func render(_ ws: Workspace, _ output: String, _ extra: [String] = []) throws -> BinaryRunner.Result {
        try BinaryRunner.run(["render", "s.json", "--output", output] + extra, in: ws.folder)
    }

    /// Red ink across page 2 at y = 300, blue on page 1 at y = 500; a new page after page 1.
    static let annotated = #"""
        {"version": 1, "pdf": "lecture.pdf", "steps": [
            {"page": 2}, {"tool": "pencil", "color": "#d01010", "width": 12}, {"stroke": [[100, 300], [600, 300]]},
            {"page": 1}, {"color": "#1010d0"}, {"stroke": [[100, 500], [600, 500]]},
            {"page": {"add": {"width": 400, "height": 300, "background": {"paper": "lined"}}}},
            {"stroke": [[20, 20], [380, 280]]}
        ]}
        """#

    @Test func aPDFBecomesANotebookAndItsExportKeepsTheTextWithTheInkOnTheRightPages() throws {
        let ws = try Self.workspace(Self.annotated)
        defer { ws.remove() }
        let result = try Self.render(ws, "out.pdf")
        #expect(result.status == 0, "\(result.stderr)")
        let info = try run("pdfinfo", ["-f", "1", "-l", "4", ws.path("out.pdf")])
        #expect(info.contains("Pages:           4"), "\(info)")
        // Each page keeps its size in points: the PDF's pages as they were, the new one at 96 dpi.
        #expect(info.contains("Page    1 size:  595 x 842 pts"), "\(info)")
        #expect(info.contains("Page    2 size:  300 x 225 pts"), "\(info)")
        #expect(info.contains("Page    3 size:  842 x 595 pts"), "\(info)")
        let text = try run("pdftotext", [ws.path("out.pdf"), "-"])
        let order = ["Lecture page 1", "Lecture page 2", "Lecture page 3"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "the PDF's text, in order: \(text)")
        // No picture stands in for the PDF's pages: their content stays vectors and text.
        let images = try run("pdfimages", ["-list", ws.path("out.pdf")])
        #expect(images.split(separator: "\n").count == 2, "only the header lines: \(images)")
        try run("pdftoppm", ["-r", "96", "-png", ws.path("out.pdf"), ws.path("page")])
        let first = try PNGFile.decode(atPath: ws.path("page-1.png")), third = try PNGFile.decode(atPath: ws.path("page-3.png"))
        let second = try PNGFile.decode(atPath: ws.path("page-2.png"))
        func isRed(_ p: UInt32) -> Bool { (p >> 16 & 0xFF) > 150 && (p >> 8 & 0xFF) < 80 && (p & 0xFF) < 80 }
        func isBlue(_ p: UInt32) -> Bool { (p & 0xFF) > 150 && (p >> 16 & 0xFF) < 80 }
        #expect(isBlue(first.pixel(x: 350, y: 500)) && !isRed(first.pixel(x: 350, y: 300)))
        #expect(isRed(third.pixel(x: 350, y: 300)) && !isBlue(third.pixel(x: 350, y: 500)))
        #expect(isBlue(second.pixel(x: 200, y: 150)), "the new page's stroke")
        // The PDF's green rectangle, at (72, 200) points.
        #expect(first.pixel(x: 130, y: 300) & 0xFFFFFF == 0x008000)
    }

    @Test func aPNGIsThePageTheScriptEndsOnOrThePageNamed() throws {
        let ws = try Self.workspace(Self.annotated)
        defer { ws.remove() }
        #expect(try Self.render(ws, "end.png").status == 0)
        let end = try PNGFile.decode(atPath: ws.path("end.png"))
        #expect(end.size == PixelSize(width: 400, height: 300))
        #expect(try Self.render(ws, "two.png", ["--page", "3"]).status == 0)
        let page = try PNGFile.decode(atPath: ws.path("two.png"))
        #expect(page.size == PixelSize(width: 1123, height: 793))
        #expect(page.pixel(x: 350, y: 300) & 0xFFFFFF == 0xD01010)
        #expect(try Self.render(ws, "one.svg", ["--page", "1"]).status == 0)
        let svg = try String(contentsOfFile: ws.path("one.svg"), encoding: .utf8)
        #expect(svg.contains(#"width="793px""#) || svg.contains(#"width="793""#), "\(svg.prefix(300))")
    }

    @Test func oneHistoryForTheWholeNotebook() throws {
        let ws = try Self.workspace(#"""
            {"version": 1, "pdf": "lecture.pdf", "steps": [
                {"tool": "pencil", "color": "#d01010", "width": 12}, {"stroke": [[100, 300], [600, 300]]},
                {"page": 3}, {"stroke": [[100, 450], [600, 450]]},
                {"page": "duplicate"}, {"page": {"move": 1}}, {"page": "delete"},
                {"undo": 3}
            ]}
            """#)
        defer { ws.remove() }
        // Three undos: the delete, the move and the copy; the page they changed is current.
        #expect(try Self.render(ws, "out.png").status == 0)
        let end = try PNGFile.decode(atPath: ws.path("out.png"))
        #expect(end.size == PixelSize(width: 793, height: 1123))
        #expect(end.pixel(x: 350, y: 450) & 0xFFFFFF == 0xD01010, "page 3 with its stroke")
        #expect(try Self.render(ws, "out.pdf").status == 0)
        #expect(try run("pdfinfo", [ws.path("out.pdf")]).contains("Pages:           3"))
        // Four undos take back page 3's stroke too, and show page 3.
        try ws.write("s.json", try String(contentsOfFile: ws.path("s.json"), encoding: .utf8).replacingOccurrences(of: #"{"undo": 3}"#, with: #"{"undo": 4}"#))
        #expect(try Self.render(ws, "four.png").status == 0)
        let four = try PNGFile.decode(atPath: ws.path("four.png"))
        #expect(four.pixel(x: 350, y: 450) & 0xFFFFFF == 0xFFFFFF)
        #expect(four.pixel(x: 130, y: 300) & 0xFFFFFF == 0x008000, "page 3's PDF page")
    }

    @Test func theNotebookDocumentGivesBackEveryPage() throws {
        let ws = try Self.workspace(Self.annotated)
        defer { ws.remove() }
        #expect(try Self.render(ws, "nb.ora").status == 0)
        try FileManager.default.removeItem(atPath: ws.path("lecture.pdf"))
        try ws.write("again.json", #"{"version": 1, "open": "nb.ora"}"#)
        let again = try BinaryRunner.run(["render", "again.json", "--output", "again.pdf"], in: ws.folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.render(ws, "first.pdf").status != 0, "the script's PDF is gone")
        let text = try run("pdftotext", [ws.path("again.pdf"), "-"])
        #expect(text.contains("Lecture page 1") && text.contains("Lecture page 3"))
        #expect(try run("pdfinfo", [ws.path("again.pdf")]).contains("Pages:           4"))
    }

    static let errors: [(String, [String], String)] = [
        (#"{"version": 1, "pdf": "lecture.pdf", "steps": [{"page": 4}]}"#, [], "s.json: steps[0].page: there is no page 4; the notebook has 3 pages"),
        (#"{"version": 1, "pdf": "lecture.pdf", "steps": [{"page": {"move": 9}}]}"#, [], "s.json: steps[0].page.move: there is no page 9; the notebook has 3 pages"),
        (#"{"version": 1, "canvas": {"width": 50, "height": 50}, "steps": [{"page": "delete"}]}"#, [], "s.json: steps[0].page: cannot delete the only page of the notebook"),
        (#"{"version": 1, "pdf": "missing.pdf"}"#, [], "s.json: pdf: missing.pdf: no such file"),
        (#"{"version": 1, "pdf": "damaged.pdf"}"#, [], "s.json: pdf: damaged.pdf: not a PDF that can be read ("),
        (#"{"version": 1, "pdf": "locked.pdf"}"#, [], "s.json: pdf: locked.pdf: the PDF is protected by a password; open it in a PDF reader, save a copy without the password, and open that"),
        (#"{"version": 1, "pdf": "empty.pdf"}"#, [], "s.json: pdf: empty.pdf: the PDF has no pages"),
        (#"{"version": 1, "pdf": "many.pdf"}"#, [], "s.json: pdf: many.pdf: the PDF has 100000 pages, more than the 10000 a notebook can hold"),
        (#"{"version": 1, "canvas": {"width": 50, "height": 50}, "steps": [{"page": {"add": {"pdf": "lecture.pdf", "page": 4}}}]}"#, [],
         "s.json: steps[0].page.add.background.page: lecture.pdf has 3 pages; there is no page 4"),
        (#"{"version": 1, "pdf": "lecture.pdf"}"#, ["--page", "4"], "--page: there is no page 4; the notebook has 3 pages"),
        (#"{"version": 1, "pdf": "lecture.pdf"}"#, ["--page", "0"], "--page: 0 is not a page number (pages count from 1)"),
    ]

    /// The contract's errors: one line that names the problem and where, status 2, no file.
    @Test(arguments: errors)
    func aWrongPageOrABadPDFGetsOneLineAndNoFile(_ script: String, _ extra: [String], _ expected: String) throws {
        let ws = try Self.workspace(script)
        defer { ws.remove() }
        try TestPDF.truncated().write(to: URL(fileURLWithPath: ws.path("damaged.pdf")))
        try TestPDF.passwordProtected.write(to: URL(fileURLWithPath: ws.path("locked.pdf")))
        try TestPDF.noPages.write(to: URL(fileURLWithPath: ws.path("empty.pdf")))
        if script.contains("many.pdf") { try TestPDF.blankPages(100_000).write(to: URL(fileURLWithPath: ws.path("many.pdf"))) }
        for output in ["out.png", "out.pdf"] {
            let result = try Self.render(ws, output, extra)
            #expect(result.status == 2)
            #expect(result.stderrLines.count == 1 && result.stderrLines.first?.hasPrefix("drawingboard: \(expected)") == true, "\(result.stderr)")
            #expect(!ws.exists(output))
        }
    }

    /// A 14,400-point page is drawn at the page limit, never at its full 19,200 pixels.
    @Test func aHugePDFPageIsDrawnAtThePageLimitInBoundedMemory() throws {
        let ws = try Self.workspace(#"{"version": 1, "pdf": "poster.pdf"}"#)
        defer { ws.remove() }
        try TestPDF.blankPages(1, size: (14_400, 14_400)).write(to: URL(fileURLWithPath: ws.path("poster.pdf")))
        let run = try BinaryRunner.measured(["render", "s.json", "--output", "out.png"], in: ws.folder)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(try PNGFile.decode(atPath: ws.path("out.png")).size == PixelSize(width: 4096, height: 4096))
        #expect(run.peakKB < 700_000, "peak \(run.peakKB) KB")
    }

    /// A big plain page's PNG is its ink layer with the colour painted under the ink: the render
    /// costs that one layer (a stroke across it is painted in bands of rows, through a mask a
    /// band's size), not the four or five copies it once did; a page whose background must be
    /// drawn (dotted paper here) costs its two layers.
    @Test func aBigPagesPNGCostsItsOneLayer() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("s.json", #"{"version": 1, "canvas": {"width": 8192, "height": 8192}, "steps": [{"tool": "pencil", "width": 20}, {"stroke": [[100, 100], [8000, 8000]]}]}"#)
        let run = try BinaryRunner.measured(["render", "s.json", "--output", "out.png"], in: ws.folder, limit: 120)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        let layer = 8192 * 8192 * 4 / 1024
        #expect(run.peakKB < layer + 100_000, "peak \(run.peakKB) KB; one layer is \(layer) KB")
        let png = try PNGFile.decode(atPath: ws.path("out.png"))
        #expect(png.size == PixelSize(width: 8192, height: 8192))
        #expect(png.pixel(x: 4000, y: 4000) & 0xFFFFFF == 0 && png.pixel(x: 8000, y: 100) & 0xFFFFFF == 0xFFFFFF)
        try ws.write("s.json", #"{"version": 1, "canvas": {"width": 8192, "height": 8192}, "background": {"paper": "dotted"}, "steps": [{"tool": "pencil", "width": 20}, {"stroke": [[100, 100], [8000, 8000]]}]}"#)
        let dotted = try BinaryRunner.measured(["render", "s.json", "--output", "dotted.png"], in: ws.folder, limit: 120)
        #expect(dotted.result.status == 0 && dotted.peakKB < 2 * layer + 100_000, "peak \(dotted.peakKB) KB")
    }
}
