import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// Ruled paper as background: where its lines and dots fall, and how the tools treat it.
@Suite struct PaperTests {
    static let line = Paper.defaultLine.argb
    static let white = RGBColor.white.argb

    func editor(_ paper: Paper, _ w: Int = 100, _ h: Int = 100) throws -> Editor {
        try makeEditor(w, h, background: .paper(paper))
    }

    @Test func linedPaperHasARowEverySpacingFromTheTop() throws {
        let p = try editor(Paper(.lined)).picture()
        for y in [32, 64, 96] { #expect(p.pixel(x: 50, y: y) == Self.line, "row \(y)") }
        for y in [0, 31, 33, 63, 65, 99] { #expect(p.pixel(x: 50, y: y) == Self.white, "row \(y)") }
        #expect(p.pixel(x: 32, y: 50) == Self.white, "no columns")
    }

    @Test func squaredPaperHasColumnsToo() throws {
        let p = try editor(Paper(.squared, color: RGBColor(hex: "#fff8e0")!, spacing: 20.5, line: RGBColor(hex: "#806040")!)).picture()
        // Fractional spacing: every line on the whole pixel below its place.
        for v in [20, 41, 61, 82] {
            #expect(p.pixel(x: 5, y: v) == argb("#806040") && p.pixel(x: v, y: 5) == argb("#806040"), "\(v)")
        }
        #expect(p.pixel(x: 30, y: 30) == argb("#fff8e0"))
    }

    @Test func dottedPaperHasDotsOnly() throws {
        let p = try editor(Paper(.dotted, spacing: 16)).picture()
        #expect(p.pixel(x: 16, y: 16) == Self.line && p.pixel(x: 48, y: 32) == Self.line)
        for (x, y) in [(16, 24), (24, 16), (0, 0), (20, 20)] { #expect(p.pixel(x: x, y: y) == Self.white, "(\(x), \(y))") }
    }

    /// A Xournal++ paper's spacing comes from the file: one point on the largest page would
    /// be 150 million dots (35 s and 6 GB to draw). It is drawn no denser than `maxMarks`
    /// dots a page; an ordinary page keeps the spacing it asks for, however small.
    @Test func aXournalPaperOfTinySpacingIsDrawnWithinItsMarks() throws {
        #expect(XournalPaperPainter.spacing(1, width: 595, height: 842) == 1)
        #expect(XournalPaperPainter.spacing(14.17, width: 12288, height: 12288) == 14.17)
        let r = XournalPaperPainter.spacing(1, width: 12288, height: 12288)
        #expect((12288 / r) * (12288 / r) <= Double(XournalPaperPainter.maxMarks) * 1.0001, "\(r)")
        // A small page of one-point dots: drawn as asked, a dot every 4/3 pixels.
        let paper = XournalPaper(.dotted, config: "r1=1", points: Size(width: 75, height: 75))
        let p = try makeEditor(100, 100, background: .xournal(paper)).picture()
        let marked = (10..<90).filter { p.pixel(x: $0, y: 40) != Self.white }.count
        #expect(marked > 40, "\(marked) of 80 pixels of a row of dots")
    }

    /// The eraser shows the paper's lines again; the highlighter multiplies into them; a clear
    /// keeps them; a page that grows is ruled all the way down.
    @Test func theToolsTreatPaperAsBackground() throws {
        let e = try editor(Paper(.lined))
        let blank = try e.picture()
        e.use(.pencil, "#000000", width: 12)
        e.drag([(0, 32), (100, 32)])
        e.use(.eraser, width: 30)
        e.drag([(50, 0), (50, 100)])
        let erased = try e.picture()
        #expect(erased.pixel(x: 50, y: 32) == Self.line && erased.pixel(x: 5, y: 32) == argb("#000000"))
        e.use(.highlighter, "#ffe03c", width: 10, opacity: 1)
        e.drag([(60, 64), (90, 64)])
        let marked = try e.picture()
        let l = Paper.defaultLine, marker = RGBColor(hex: "#ffe03c")!
        func times(_ a: UInt8, _ b: UInt8) -> Int { Int(a) * Int(b) / 255 }
        let m = rgb(marked.pixel(x: 75, y: 64))
        #expect(abs(m.r - times(l.red, marker.red)) <= 1 && abs(m.g - times(l.green, marker.green)) <= 1 && abs(m.b - times(l.blue, marker.blue)) <= 1,
                "the marker multiplied into the line: \(m)")
        try e.clear()
        #expect(difference(try e.picture(), blank) == nil, "a clear keeps the paper")
        try e.grow(toFit: PixelSize(width: 100, height: 200))
        #expect(try e.picture().pixel(x: 50, y: 192) == Self.line)
    }
}

extension PaperTests {
    /// SVG and PDF keep the paper as shapes, under the strokes and in the eraser's strokes:
    /// no picture of it is embedded (an image background, for comparison, is one).
    @Test(arguments: [VectorExport.Format.pdf, .svg])
    func vectorFilesKeepThePaperAsShapes(_ format: VectorExport.Format) throws {
        let e = try editor(Paper(.squared, spacing: 16))
        e.use(.pencil, "#d01010", width: 6)
        e.drag([(10, 10), (90, 90)])
        e.use(.eraser, width: 20)
        e.drag([(50, 0), (50, 100)])
        let text = String(decoding: try VectorExport.export(e.image, as: format), as: UTF8.self)
        let embedded = format == .pdf ? "/Subtype /Image" : "<image"
        #expect(!text.contains(embedded), "the paper is not a picture")
        let photo = try makeEditor(100, 100, background: .image(gradientImage(10, 10), name: "g.png"))
        #expect(String(decoding: try VectorExport.export(photo.image, as: format), as: UTF8.self).contains(embedded), "an image background is")
    }
}
