import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs

/// The PDF out of a notebook made from a PDF keeps the PDF's own pages as they are, with what was
/// drawn over them: read back with poppler's tools (pdftoppm, pdftotext) and with the app's own
/// reader (links, outline). Pages moved and deleted: the outline's entries and the links follow
/// their pages, those of deleted pages go.
@Suite struct KeptPDFPagesTests {
    /// The same pixels, within a level (the rasteriser's rounding).
    func same(_ a: RasterImage, _ b: RasterImage) -> Bool {
        a.size == b.size && zip(a.pixels, b.pixels).allSatisfy { p, q in
            [0, 8, 16].allSatisfy { (shift: UInt32) -> Bool in abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) <= 1 }
        }
    }

    @Test func pagesKeptOutlineAndLinksFollowTheirPages() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let outline: [TestPDF.OutlineEntry] = [
            (0, "Introduction", 1, true), (1, "Motivation", 2, false), (0, "Entropy", 3, false), (3, "Definition", 4, false),
        ]
        try TestPDF.lecture(pages: 4, outline: outline).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        // Ink and a highlight on page 1; page 2 deleted; the last page moved to the front.
        try ws.write("notes.json", ##"""
            {"pdf": "lecture.pdf",
             "steps": [{"tool": "pencil", "color": "#d01010", "width": 6}, {"stroke": [[100, 400], [600, 500]]},
                       {"tool": "highlighter", "color": "#ffee00", "opacity": 0.6}, {"highlight-text": {"from": [100, 125], "to": [300, 125]}},
                       {"page": 2}, {"page": "delete"}, {"page": 3}, {"page": {"move": 1}}]}
            """##)
        let result = try BinaryRunner.run(["render", "notes.json", "--output", "notes.pdf"], in: ws.folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The text of the PDF's pages as it was, in the notebook's order.
        let text = try run("pdftotext", [ws.path("notes.pdf"), "-"]).split(whereSeparator: { $0.isNewline }).filter { !$0.isEmpty }
        #expect(text == ["Lecture page 4", "Lecture page 1", "Lecture page 3"], "\(text)")
        // The file says what made it (the lecture's own information says Cairo).
        let producer = try run("pdfinfo", [ws.path("notes.pdf")]).split(separator: "\n").first { $0.hasPrefix("Producer:") }
        #expect(producer?.hasSuffix(" DrawingBoard") == true, "\(producer ?? "no producer")")
        // The pages without ink are the PDF's own, pixel for pixel.
        for (out, source) in [(1, 4), (3, 3)] {
            try run("pdftoppm", ["-r", "60", "-png", "-singlefile", "-f", "\(out)", "-l", "\(out)", ws.path("notes.pdf"), ws.path("out\(out)")])
            try run("pdftoppm", ["-r", "60", "-png", "-singlefile", "-f", "\(source)", "-l", "\(source)", ws.path("lecture.pdf"), ws.path("src\(source)")])
            #expect(same(try PNGFile.decode(atPath: ws.path("out\(out).png")), try PNGFile.decode(atPath: ws.path("src\(source).png"))), "page \(out)")
        }
        // Page 2 is page 1 with the ink over it: red where the stroke is, the highlight
        // multiplied (white yellow, the black letters black), the rest the PDF's.
        try run("pdftoppm", ["-r", "96", "-png", "-singlefile", "-f", "2", "-l", "2", ws.path("notes.pdf"), ws.path("inked")])
        let inked = try PNGFile.decode(atPath: ws.path("inked.png"))
        let red = inked.pixel(x: 350, y: 450)
        #expect(red >> 16 & 0xFF > 0xB0 && red >> 8 & 0xFF < 0x40, "the stroke: \(String(red, radix: 16))")
        let letters = (96..<300).flatMap { x in (110..<140).map { inked.pixel(x: x, y: $0) } }
        #expect(letters.contains { $0 & 0xFFFFFF < 0x202020 }, "black letters under the highlight")
        #expect(letters.contains { $0 >> 16 & 0xFF > 0xF0 && $0 & 0xFF < 0x80 }, "yellow between them")
        #expect(inked.pixel(x: 700, y: 900) & 0xFFFFFF == 0xFFFFFF && inked.pixel(x: 150, y: 330) & 0xFFFFFF == 0x008000, "the PDF's own page around")
        // The outline: Motivation's page deleted, its entry gone; the others at their pages.
        let file = try PDFReader.read(path: ws.path("notes.pdf"))
        let entries = PDFOutlineEntry.outline(of: file)
        #expect(entries.map(\.title) == ["Introduction", "Entropy"] && entries.map(\.page) == [1, 2], "\(entries)")
        #expect(entries[0].children.isEmpty && entries[1].children.map(\.title) == ["Definition"] && entries[1].children.first?.page == 0)
    }

    /// A page with a text box on it is kept as well: the PDF's page as it is (its links, its
    /// text), the ink and the text box over it, and where the eraser passed, the page itself
    /// (the pass through the ink and the one over the green rectangle show the PDF's pixels).
    @Test func aPageWithElementsIsKept() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.lecture(pages: 1).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        try TestPDF.withLinks.write(to: URL(fileURLWithPath: ws.path("links.pdf")))
        let steps = ##"""
            [{"tool": "pencil", "color": "#d01010", "width": 6}, {"stroke": [[100, 700], [700, 700]]},
             {"place": {"text": "Margin note", "center": [500, 900], "size": 30, "color": "#1010d0"}},
             {"tool": "eraser", "width": 40}, {"stroke": [[400, 650], [400, 750]]}, {"stroke": [[200, 250], [200, 420]]}]
            """##
        for name in ["lecture", "links"] {
            try ws.write("\(name).json", ##"{"pdf": "\##(name).pdf", "steps": \##(steps)}"##)
            let result = try BinaryRunner.run(["render", "\(name).json", "--output", "\(name)-notes.pdf"], in: ws.folder)
            #expect(result.status == 0, "\(result.stderr)")
        }
        // The links are the page's own, kept (a page drawn again has none).
        let linked = try PDFReader.read(path: ws.path("links-notes.pdf"))
        let targets = PDFLink.links(on: linked.pages[0]).map(\.target)
        #expect(targets.contains(.web("https://example.org/entropy")) && targets.contains(.pdfPage(1)), "\(targets)")
        // The lecture's text and the text box's, both text.
        let text = try run("pdftotext", [ws.path("lecture-notes.pdf"), "-"]).split(whereSeparator: { $0.isNewline }).filter { !$0.isEmpty }
        #expect(text == ["Lecture page 1", "Margin note"], "\(text)")
        try run("pdftoppm", ["-r", "96", "-png", "-singlefile", ws.path("lecture-notes.pdf"), ws.path("notes")])
        try run("pdftoppm", ["-r", "96", "-png", "-singlefile", ws.path("lecture.pdf"), ws.path("source")])
        let notes = try PNGFile.decode(atPath: ws.path("notes.png")), source = try PNGFile.decode(atPath: ws.path("source.png"))
        #expect(notes.size == source.size)
        let ink = notes.pixel(x: 250, y: 700)
        #expect(ink >> 16 & 0xFF > 0xB0 && ink >> 8 & 0xFF < 0x40, "the stroke: \(String(ink, radix: 16))")
        var blue = 0
        for y in 880..<925 {
            for x in 420..<580 where notes.pixel(x: x, y: y) & 0xFF > 0xA0 && notes.pixel(x: x, y: y) >> 16 & 0xFF < 0x60 { blue += 1 }
        }
        #expect(blue > 300, "\(blue) blue pixels of the text box")
        // Inside both passes, the PDF's page to the level: white where the ink was, green.
        var changed: [String] = []
        for (xs, ys) in [(384..<417, 684..<717), (184..<217, 262..<409)] {
            for y in ys {
                for x in xs where notes.pixel(x: x, y: y) != source.pixel(x: x, y: y) {
                    changed.append("(\(x),\(y)) \(String(source.pixel(x: x, y: y), radix: 16)) → \(String(notes.pixel(x: x, y: y), radix: 16))")
                }
            }
        }
        #expect(changed.isEmpty, "\(changed.count) pixels changed in the passes: \(changed.prefix(5))")
        #expect(notes.pixel(x: 200, y: 330) & 0xFFFFFF == 0x008000)
    }

    @Test func linksFollowTheirPages() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.withLinks.write(to: URL(fileURLWithPath: ws.path("links.pdf")))
        // Page 1 (with a link to page 2 and one to the web) moved after page 2, with ink.
        try ws.write("notes.json", ##"""
            {"pdf": "links.pdf", "steps": [{"tool": "pencil", "width": 4}, {"stroke": [[50, 50], [90, 90]]}, {"page": {"move": 2}}]}
            """##)
        let result = try BinaryRunner.run(["render", "notes.json", "--output", "notes.pdf"], in: ws.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try run("pdfinfo", ["-url", ws.path("notes.pdf")]).contains("https://example.org/entropy"))
        let file = try PDFReader.read(path: ws.path("notes.pdf"))
        #expect(PDFLink.links(on: file.pages[0]).isEmpty)
        let links = PDFLink.links(on: file.pages[1])
        #expect(links.contains { $0.target == .pdfPage(0) }, "the link to page 2 goes to where it is now: \(links)")
        #expect(links.contains { $0.target == .web("https://example.org/entropy") })
        // The link's page deleted: the link goes, the web link stays.
        try ws.write("cut.json", ##"{"pdf": "links.pdf", "steps": [{"page": 2}, {"page": "delete"}]}"##)
        #expect(try BinaryRunner.run(["render", "cut.json", "--output", "cut.pdf"], in: ws.folder).status == 0)
        let cut = try PDFReader.read(path: ws.path("cut.pdf"))
        #expect(PDFLink.links(on: cut.pages[0]).map(\.target) == [.web("https://example.org/entropy")])
    }

    /// Ten kept pages with a text box each: what is drawn over them is drawn by Cairo in two
    /// halves side by side (both cores), each half a PDF of its own; every page's ink and text
    /// box land on its own page, in order.
    @Test func tenPagesDrawnInTwoHalvesKeepTheirOrder() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.lecture(pages: 10).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        // Page N gets a red line at y = 300 + 40 N and a text box "Note N" under the lines.
        var steps = [##"{"tool": "pencil", "color": "#d01010", "width": 8}"##]
        for n in 1...10 {
            if n > 1 { steps.append(#"{"page": \#(n)}"#) }
            steps.append(#"{"stroke": [[100, \#(300 + 40 * n)], [600, \#(300 + 40 * n)]]}"#)
            steps.append(##"{"place": {"text": "Note \##(n)", "center": [300, 900], "size": 24, "color": "#1010d0"}}"##)
        }
        try ws.write("notes.json", #"{"pdf": "lecture.pdf", "steps": ["# + steps.joined(separator: ", ") + "]}")
        let result = try BinaryRunner.run(["render", "notes.json", "--output", "notes.pdf"], in: ws.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try run("pdftotext", [ws.path("notes.pdf"), "-"]).split(whereSeparator: { $0.isNewline }).filter { !$0.isEmpty }
        #expect(text == (1...10).flatMap { ["Lecture page \($0)"[...], "Note \($0)"[...]] }, "\(text)")
        try run("pdftoppm", ["-r", "96", "-png", ws.path("notes.pdf"), ws.path("page")])
        for n in 1...10 {
            let shot = try PNGFile.decode(atPath: ws.path(String(format: "page-%02d.png", n)))
            func red(_ y: Int) -> Bool { let p = shot.pixel(x: 350, y: y); return p >> 16 & 0xFF > 0xB0 && p >> 8 & 0xFF < 0x40 }
            #expect(red(300 + 40 * n) && (1...10).filter { $0 != n }.allSatisfy { !red(300 + 40 * $0) }, "page \(n) has its own line only")
        }
    }

    /// A page left out is not in the file, even where something still names it: page 1's link
    /// to page 2 goes with page 2, and the copy of page 1 made before that keeps the link, which
    /// names nothing now (a copy of the page object would have brought page 2 along).
    @Test func aPageLeftOutIsNotInTheFile() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.withLinks.write(to: URL(fileURLWithPath: ws.path("links.pdf")))
        try ws.write("notes.json", ##"{"pdf": "links.pdf", "steps": [{"page": "duplicate"}, {"page": 3}, {"page": "delete"}]}"##)
        let result = try BinaryRunner.run(["render", "notes.json", "--output", "notes.pdf"], in: ws.folder)
        #expect(result.status == 0, "\(result.stderr)")
        try run("qpdf", ["--qdf", "--object-streams=disable", ws.path("notes.pdf"), ws.path("plain.pdf")])
        let lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: ws.path("plain.pdf"))), as: UTF8.self).split(separator: "\n")
        #expect(lines.filter { $0.trimmingCharacters(in: .whitespaces) == "/Type /Page" }.count == 2, "page objects in the file")
        // One link annotation in the file: the web link both copies show (the link to the page
        // left out is gone from the copy too).
        #expect(lines.filter { $0.trimmingCharacters(in: .whitespaces) == "/Subtype /Link" }.count == 1, "link annotations in the file")
        #expect(try run("pdfinfo", ["-url", ws.path("notes.pdf")]).contains("https://example.org/entropy"))
        // Both copies of page 1 have its links as they are now: the web link, and no link to
        // the page left out.
        let file = try PDFReader.read(path: ws.path("notes.pdf"))
        for page in file.pages.indices {
            #expect(PDFLink.links(on: file.pages[page]).map(\.target) == [.web("https://example.org/entropy")], "page \(page + 1)")
        }
    }

    /// Pages whose resources share one list of forms: each page's list names its own ink and
    /// no other page's (a page taken out of the file alone takes only its own ink with it).
    @Test func eachPageNamesItsOwnInk() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.handMade([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources 5 0 R >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources 6 0 R >>",
            "<< /XObject 7 0 R >>", "<< /XObject 7 0 R >>", "<< >>",
        ]).write(to: URL(fileURLWithPath: ws.path("shared.pdf")))
        try ws.write("notes.json", ##"""
            {"pdf": "shared.pdf", "steps": [{"tool": "pencil", "width": 6}, {"stroke": [[100, 100], [400, 300]]},
                                            {"page": 2}, {"stroke": [[100, 500], [400, 700]]}]}
            """##)
        let result = try BinaryRunner.run(["render", "notes.json", "--output", "notes.pdf"], in: ws.folder)
        #expect(result.status == 0, "\(result.stderr)")
        try run("qpdf", ["--qdf", "--object-streams=disable", ws.path("notes.pdf"), ws.path("plain.pdf")])
        let objects = String(decoding: try Data(contentsOf: URL(fileURLWithPath: ws.path("plain.pdf"))), as: UTF8.self).components(separatedBy: "endobj")
        let named = objects.map { object in
            object.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("/DrawingBoard") && $0.hasSuffix(" 0 R") }.count
        }
        #expect(named.reduce(0, +) == 2 && named.allSatisfy { $0 <= 1 }, "forms named per dictionary: \(named.filter { $0 > 0 })")
        // And the ink is on its page.
        try run("pdftoppm", ["-r", "96", "-png", ws.path("notes.pdf"), ws.path("page")])
        let first = try PNGFile.decode(atPath: ws.path("page-1.png")), second = try PNGFile.decode(atPath: ws.path("page-2.png"))
        #expect(first.pixel(x: 250, y: 200) & 0xFFFFFF < 0x404040 && first.pixel(x: 250, y: 600) & 0xFFFFFF == 0xFFFFFF)
        #expect(second.pixel(x: 250, y: 600) & 0xFFFFFF < 0x404040 && second.pixel(x: 250, y: 200) & 0xFFFFFF == 0xFFFFFF)
    }
}
