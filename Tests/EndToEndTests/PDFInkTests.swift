import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardPlatform
@testable import DrawingBoardRender
import Foundation
import Testing
import TestPDFs

/// The ink over a kept PDF page, written as PDF operators by the app itself (`PDFInk`), is the
/// ink Cairo's PDF surface writes for the same page: read back with poppler (pdftoppm), pixel
/// for pixel within the rounding of the numbers, for every kind of stroke the writer handles.
@Suite struct PDFInkTests {
    /// A page of the blank PDF with one stroke of each kind: handwriting (a run of opaque lines),
    /// a see-through line crossing itself, a highlighter over the handwriting, a pen with
    /// pressure, dashes, butt ends, a stroke clipped to the canvas it was drawn on, and an eraser
    /// pass through the handwriting.
    func inkedPage(_ file: PDFFile) -> Page {
        let blank = file.pages[0]
        func wave(_ y: Double, _ count: Int = 60) -> [Point] {
            (0..<count).map { Point(80 + Double($0) * 9, y + 25 * sin(Double($0) / 4) + Double($0 % 3)) }
        }
        let black = StrokeStyle(color: .black, width: 3)
        var strokes = [
            Stroke(id: 1, tool: .pencil, style: black, points: wave(150)),
            Stroke(id: 2, tool: .pencil, style: black, points: wave(210)),
            Stroke(id: 3, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 14, opacity: 0.5),
                   points: (0...40).map { k in Point(300 + 90 * cos(Double(k) / 5), 420 + 60 * sin(Double(k) / 2.5)) }),
            Stroke(id: 4, tool: .highlighter, style: StrokeStyle(color: RGBColor(hex: "#ffe000")!, width: 30, opacity: 0.6),
                   points: [Point(70, 160), Point(400, 170), Point(640, 200)]),
            Stroke(id: 5, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#204080")!, width: 12), points: wave(600, 40),
                   pressures: (0..<40).map { 0.2 + 0.8 * Double($0) / 39 }),
            Stroke(id: 6, tool: .dashedLine, style: StrokeStyle(color: RGBColor(hex: "#1060c0")!, width: 5), points: [Point(100, 750), Point(650, 800)]),
            Stroke(id: 7, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#108010")!, width: 20), points: [Point(120, 900), Point(500, 940)],
                   form: PolylineForm(cap: .butt)),
            Stroke(id: 8, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#802080")!, width: 10),
                   points: [Point(500, 300), Point(700, 500), Point(760, 700)], clip: PixelSize(width: 680, height: 1123)),
        ]
        strokes.append(Stroke(id: 9, tool: .eraser, style: StrokeStyle(color: .white, width: 24), points: [Point(300, 100), Point(330, 260)]))
        return Page(size: blank.size, background: blank.background, items: strokes.map { .stroke($0) })
    }

    @Test func theInkWrittenHereIsTheInkCairoWrites() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let file = try PDFReader.read(TestPDF.blankPages(1), name: "blank.pdf")
        let page = inkedPage(file)
        // The same page with another app's line with a fill far off the page: Cairo writes all
        // of that page's ink (the writer here does not take such a line), and nothing shows of it.
        let throughCairo = Page(size: page.size, background: page.background, items: page.items + [
            .stroke(Stroke(id: 10, tool: .pencil, style: StrokeStyle(color: .black, width: 2),
                           points: [Point(-400, -400), Point(-300, -380), Point(-350, -300)], form: PolylineForm(fill: 0.5))),
        ])
        #expect(!KeptPDFPages.plan([page]).drawn(0) && KeptPDFPages.plan([throughCairo]).drawn(0))
        func rendered(_ page: Page, _ name: String) throws -> RasterImage {
            var data = Data()
            try VectorExport.exportNotebook([page]) { data.append(contentsOf: $0); return true }
            try data.write(to: URL(fileURLWithPath: ws.path("\(name).pdf")))
            try run("pdftoppm", ["-r", "96", "-png", "-singlefile", ws.path("\(name).pdf"), ws.path(name)])
            return try PNGFile.decode(atPath: ws.path("\(name).png"))
        }
        let ours = try rendered(page, "ours"), cairo = try rendered(throughCairo, "cairo")
        if let keep = ProcessInfo.processInfo.environment["PDFINK_KEEP"] {
            try? FileManager.default.copyItem(atPath: ws.path("ours.png"), toPath: keep + "/ours.png")
            try? FileManager.default.copyItem(atPath: ws.path("cairo.png"), toPath: keep + "/cairo.png")
        }
        #expect(ours.size == cairo.size)
        func channels(_ p: UInt32) -> [Int] { [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }
        // Every kind of ink is there: the highlighter's yellow multiplied over the handwriting
        // (black under it stays black), the see-through red, the pen's blue, the dashes (paper
        // between them), the green bar's butt end, nothing of the clipped stroke beyond its
        // canvas, and the paper where the eraser went through the handwriting.
        func region(_ xs: Range<Int>, _ ys: Range<Int>) -> [[Int]] { xs.flatMap { x in ys.map { channels(ours.pixel(x: x, y: $0)) } } }
        let highlighted = region(90..<380, 150..<180)
        #expect(highlighted.contains { $0.allSatisfy { $0 < 48 } }, "black handwriting under the highlight")
        #expect(highlighted.contains { $0[0] > 240 && $0[1] > 200 && $0[2] < 120 }, "the highlighter's yellow")
        #expect(region(200..<400, 350..<490).contains { $0[0] > 220 && (110..<190).contains($0[1]) }, "the red at half strength")
        #expect(region(80..<440, 560..<650).contains { $0[2] > 100 && $0[0] < 60 }, "the pen's blue")
        #expect(region(690..<794, 480..<760).allSatisfy { $0 == [255, 255, 255] }, "nothing beyond the clip")
        let pass = (130..<230).flatMap { y in (-6...6).map { channels(ours.pixel(x: 300 + 30 * (y - 100) / 160 + $0, y: y)) } }
        #expect(pass.allSatisfy { $0 == [255, 255, 255] }, "the eraser's pass is paper")
        let dashes = (110..<640).map { x in channels(ours.pixel(x: x, y: Int((750 + 50 * Double(x - 100) / 550).rounded()))) }
        #expect(dashes.contains { $0 == [255, 255, 255] } && dashes.filter { $0 != [255, 255, 255] }.count > 200, "dashes")
        #expect(channels(ours.pixel(x: 114, y: 901)) == [255, 255, 255] && channels(ours.pixel(x: 126, y: 901))[1] > 100, "the butt end")
        // And pixel for pixel the same as Cairo's.
        var off = 0, worst = 0
        for (p, q) in zip(ours.pixels, cairo.pixels) {
            let d = zip(channels(p), channels(q)).map { abs($0 - $1) }.max() ?? 0
            worst = max(worst, d)
            if d > 24 { off += 1 }
        }
        let inked = cairo.pixels.filter { $0 & 0xFFFFFF != 0xFFFFFF }.count
        #expect(inked > 20000, "the page has ink: \(inked) pixels")
        #expect(off <= inked / 1000, "\(off) of \(inked) inked pixels differ by more than 24 levels (at most \(worst))")
    }

    @Test func aWriteThatFailsPartWayIsAnError() throws {
        let file = try PDFReader.read(TestPDF.blankPages(3), name: "blank.pdf")
        let pages = (0..<3).map { _ in inkedPage(file) }
        // The disk full after the first few kilobytes: the export says so (the file it was
        // writing is left to the caller's atomic write to throw away), rather than drawing the
        // pages again into what is already half written.
        var written = 0
        do {
            try VectorExport.exportNotebook(pages) { bytes in
                written += bytes.count
                return written < 3000
            }
            Issue.record("the export went through a failing sink")
        } catch {
            #expect(error.message.contains("could not be written"), "\(error.message)")
        }
        // The same pages written in full: three pages, the ink on each.
        var data = Data()
        try VectorExport.exportNotebook(pages) { data.append(contentsOf: $0); return true }
        let back = try PDFReader.read(data, name: "out.pdf")
        #expect(back.pageSizes.count == 3)
    }

    @Test func aDocumentOnlyOpenedIsWrittenFromItsPages() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.lecture(pages: 3).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        try ws.write("notes.json", ##"""
            {"pdf": "lecture.pdf",
             "steps": [{"tool": "pencil", "color": "#d01010", "width": 6}, {"stroke": [[100, 400], [600, 500], [300, 700]]},
                       {"page": 2}, {"tool": "highlighter", "color": "#ffee00"}, {"stroke": [[80, 300], [500, 320]]}]}
            """##)
        #expect(try BinaryRunner.run(["render", "notes.json", "--output", "notes.ora"], in: ws.folder).status == 0)
        // Opened alone (written without an editor), and opened with a step that changes
        // nothing (through the editor, as every script with steps is): the same pages.
        try ws.write("open.json", #"{"open": "notes.ora"}"#)
        try ws.write("edit.json", #"{"open": "notes.ora", "steps": [{"tool": "pencil"}]}"#)
        // The render command's test for going without an editor: the first script only.
        let runner = ScriptRunner(decoder: SDLImageDecoder(), openDocument: { try DocumentReader.read($0, decoder: SDLImageDecoder()) })
        for (name, alone) in [("open", true), ("edit", false)] {
            let script = try ScriptParser.parse(Data(contentsOf: ws.folder.appendingPathComponent("\(name).json")))
            let opened = try #require(try runner.opened(script, baseDirectory: ws.folder))
            #expect((try ScriptRunner.pagesOnly(script, opened) != nil) == alone, "\(name).json")
        }
        for name in ["open", "edit"] {
            let result = try BinaryRunner.run(["render", "\(name).json", "--output", "\(name).pdf"], in: ws.folder)
            #expect(result.status == 0, "\(result.stderr)")
            try run("pdftoppm", ["-r", "48", "-png", ws.path("\(name).pdf"), ws.path(name)])
        }
        for page in 1...3 {
            let a = try PNGFile.decode(atPath: ws.path("open-\(page).png")), b = try PNGFile.decode(atPath: ws.path("edit-\(page).png"))
            #expect(a.size == b.size && a.pixels == b.pixels, "page \(page)")
        }
        let first = try PNGFile.decode(atPath: ws.path("open-1.png"))
        #expect((0..<first.width).contains { x in (190..<260).contains { y in first.pixel(x: x, y: y) >> 16 & 0xFF > 0xB0 && first.pixel(x: x, y: y) >> 8 & 0xFF < 0x40 } },
                "the red stroke on page 1")
        #expect(try run("pdftotext", [ws.path("open.pdf"), "-"]).contains("Lecture page 3"))
    }
}
