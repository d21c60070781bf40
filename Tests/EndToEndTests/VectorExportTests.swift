import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing

/// SVG and PDF exports, rasterised back (rsvg-convert, pdftoppm) and compared with the PNG the
/// same script renders.
@Suite struct VectorExportTests {
    static let script = ##"""
        {"canvas": {"width": 320, "height": 200}, "background": {"color": "#204060"},
         "steps": [
           {"tool": "pencil", "color": "#ffcc00", "width": 24, "opacity": 0.5},
           {"stroke": [[20, 20], [300, 180], [300, 20], [20, 180]]},
           {"tool": "rectangle", "color": "#ffffff", "width": 6}, {"stroke": [[40, 40], [280, 160]]},
           {"tool": "dashed-line", "color": "#ff4040", "width": 4}, {"stroke": [[20, 100], [300, 100]]},
           {"tool": "eraser", "width": 30}, {"stroke": [[160, 0], [160, 200]]},
           {"tool": "ellipse", "color": "#40ff40", "width": 5}, {"stroke": [[120, 60], [200, 140]]}
         ]}
        """##

    /// Mean absolute difference per channel, 0...255.
    func meanDifference(_ a: RasterImage, _ b: RasterImage) -> Double {
        var total = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            total += abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF)) + abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF)) + abs(Int(p & 0xFF) - Int(q & 0xFF))
        }
        return Double(total) / Double(a.pixels.count * 3)
    }

    @Test(arguments: ["svg", "pdf"])
    func exportsMatchThePictureWhenRasterisedBack(_ format: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("s.json", Self.script)
        for out in ["out.png", "out.\(format)"] {
            let result = try BinaryRunner.run(["render", "s.json", "--output", out], in: ws.folder)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let vector = try String(contentsOfFile: ws.path("out.\(format)"), encoding: .isoLatin1)
        if format == "svg" {
            #expect(vector.contains("<path"), "strokes stay paths")
            #expect(!vector.contains("<image"), "nothing was turned into pixels")
            try run("rsvg-convert", [ws.path("out.svg"), "-o", ws.path("back.png")])
        } else {
            #expect(vector.hasPrefix("%PDF-"))
            try run("pdftoppm", ["-r", "96", "-png", "-singlefile", ws.path("out.pdf"), ws.path("back")])
        }
        let png = try PNGFile.decode(atPath: ws.path("out.png"))
        let back = try PNGFile.decode(atPath: ws.path("back.png"))
        #expect(back.size == png.size)
        let diff = meanDifference(png, back)
        #expect(diff < 1.0, "mean difference \(diff) per channel")
        // The eraser cut the rectangle's top edge at x = 160 down to the background; beside the
        // cut the edge is half-white (the opacity of 0.5 set for the pencil still applies).
        func near(_ p: UInt32, _ q: UInt32) -> Bool {
            abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF)) <= 3 && abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF)) <= 3
                && abs(Int(p & 0xFF) - Int(q & 0xFF)) <= 3
        }
        #expect(near(back.pixel(x: 160, y: 40), 0xFF20_4060), "erased: \(String(back.pixel(x: 160, y: 40), radix: 16))")
        #expect(near(back.pixel(x: 100, y: 40), 0xFF90_A0B0), "not erased: \(String(back.pixel(x: 100, y: 40), radix: 16))")
        #expect(near(png.pixel(x: 160, y: 40), 0xFF20_4060) && near(png.pixel(x: 100, y: 40), 0xFF90_A0B0))
    }

    /// Renders `script` to PNG and to `format`, rasterises the export back; returns both.
    func exportAndRasterise(_ script: String, _ format: String) throws -> (png: RasterImage, back: RasterImage, vector: String) {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("s.json", script)
        for out in ["out.png", "out.\(format)"] {
            let result = try BinaryRunner.run(["render", "s.json", "--output", out], in: ws.folder)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let vector = try String(contentsOfFile: ws.path("out.\(format)"), encoding: .isoLatin1)
        if format == "svg" {
            try run("rsvg-convert", [ws.path("out.svg"), "-o", ws.path("back.png")])
        } else {
            try run("pdftoppm", ["-r", "96", "-png", "-singlefile", ws.path("out.pdf"), ws.path("back")])
        }
        return (try PNGFile.decode(atPath: ws.path("out.png")), try PNGFile.decode(atPath: ws.path("back.png")), vector)
    }

    func near(_ p: UInt32, _ q: UInt32, _ tolerance: Int = 3) -> Bool {
        abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF)) <= tolerance && abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF)) <= tolerance
            && abs(Int(p & 0xFF) - Int(q & 0xFF)) <= tolerance
    }

    @Test(arguments: ["svg", "pdf"])
    func highlighterStrokesMultiplyIntoEverythingUnderThem(_ format: String) throws {
        let (png, back, vector) = try exportAndRasterise(##"""
            {"canvas": {"width": 200, "height": 100}, "background": {"color": "#6080c0"},
             "steps": [{"tool": "pencil", "color": "#000000", "width": 6}, {"stroke": [[100, 10], [100, 90]]},
                       {"tool": "highlighter", "color": "#ffee00", "width": 30, "opacity": 0.6},
                       {"stroke": [[10, 50], [190, 50]]}]}
            """##, format)
        if format == "pdf" {
            #expect(vector.contains("/BM /Multiply"), "the PDF keeps the multiply as a blend mode")
            #expect(!vector.contains("/Subtype /Image"), "and its strokes as vectors")
        }
        #expect(meanDifference(png, back) < 1.0)
        // The background too is multiplied, by 1 - 0.6 + 0.6 x ffee00 per channel:
        // 6080c0 x (1, 0.96, 0.4) = 607b4d.
        #expect(near(png.pixel(x: 40, y: 50), 0xFF60_7B4D, 2), "\(String(png.pixel(x: 40, y: 50), radix: 16))")
        #expect(near(back.pixel(x: 40, y: 50), png.pixel(x: 40, y: 50)))
        #expect(back.pixel(x: 100, y: 50) & 0xFFFFFF < 0x050505, "black stays black under it")
    }

    @Test(arguments: ["svg", "pdf"])
    func aHighlighterOverAnEraserCutFindsNothingThere(_ format: String) throws {
        let (png, back, _) = try exportAndRasterise(##"""
            {"canvas": {"width": 200, "height": 100}, "background": {"color": "#6080c0"},
             "steps": [{"tool": "pencil", "color": "#d01010", "width": 40}, {"stroke": [[150, 10], [150, 90]]},
                       {"tool": "eraser", "width": 10}, {"stroke": [[120, 50], [180, 50]]},
                       {"tool": "highlighter", "color": "#ffee00", "width": 30, "opacity": 0.6},
                       {"stroke": [[10, 50], [190, 50]]}]}
            """##, format)
        // Where the eraser cut the red stroke, the marker multiplies the background as anywhere.
        #expect(near(png.pixel(x: 150, y: 50), 0xFF60_7B4D, 2), "\(String(png.pixel(x: 150, y: 50), radix: 16))")
        #expect(near(back.pixel(x: 150, y: 50), png.pixel(x: 150, y: 50)), "\(String(back.pixel(x: 150, y: 50), radix: 16))")
        // Where it crossed what is left of the red stroke, it multiplies the red.
        #expect(near(png.pixel(x: 150, y: 60), 0xFFD0_0F06, 2), "\(String(png.pixel(x: 150, y: 60), radix: 16))")
        #expect(meanDifference(png, back) < (format == "pdf" ? 1.0 : 4.0))
    }

    /// Where the eraser took ink off a PDF page, the file shows the page there untouched: the
    /// ink is clipped, the page is not painted a second time (whose edge left a grey outline
    /// round every pass). At 300 dpi the pass's inside is the page's own pixels, to the level.
    /// Every way a PDF page goes out: in a PDF, kept as it is with the ink over it, with strokes
    /// alone or a text box too (away from the pass); in an SVG, drawn whole with its ink and
    /// the text box, the page as poppler draws it.
    @Test(arguments: [("pdf", false), ("pdf", true), ("svg", true)])
    func anEraserOnAPDFPageLeavesThePageAsItWas(format: String, withText: Bool) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let text = ##", {"place": {"text": "Notes", "center": [340, 260], "size": 20, "color": "#1010d0"}}"##
        try ws.write("lecture.json", ##"""
            {"canvas": {"width": 400, "height": 300}, "background": {"color": "#ffffff"},
             "steps": [{"tool": "rectangle", "color": "#2080ff", "width": 80}, {"stroke": [[100, 100], [300, 200]]}]}
            """##)
        try ws.write("page.json", ##"{"pdf": "lecture.pdf", "steps": []}"##)
        try ws.write("notes.json", ##"""
            {"pdf": "lecture.pdf",
             "steps": [{"tool": "pencil", "color": "#000000", "width": 8}, {"stroke": [[20, 150], [380, 150]]},
                       {"tool": "eraser", "width": 40}, {"stroke": [[200, 20], [200, 280]]}\##(withText ? text : "")]}
            """##)
        let made = try BinaryRunner.run(["render", "lecture.json", "--output", "lecture.pdf"], in: ws.folder)
        #expect(made.status == 0, "stderr: \(made.stderr)")
        // The page alone and the page with the notes, in the format, at 300 dpi.
        for script in ["page", "notes"] {
            let out = "\(script).\(format)"
            let result = try BinaryRunner.run(["render", "\(script).json", "--output", out], in: ws.folder)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            if format == "pdf" {
                try run("pdftoppm", ["-r", "300", "-png", "-singlefile", ws.path(out), ws.path("\(script)-300")])
            } else {
                try run("rsvg-convert", ["--zoom", "3.125", ws.path(out), "-o", ws.path("\(script)-300.png")])
            }
        }
        let page = try PNGFile.decode(atPath: ws.path("page-300.png"))
        let notes = try PNGFile.decode(atPath: ws.path("notes-300.png"))
        #expect(page.size == notes.size && page.width == 1250)
        // The pass covers x 180...220 of the page (x 562...688 at 300 dpi), top to bottom.
        var changed: [String] = []
        for y in 0..<page.height {
            for x in 566..<684 where page.pixel(x: x, y: y) != notes.pixel(x: x, y: y) {
                if changed.count < 5 { changed.append("(\(x),\(y)) \(String(page.pixel(x: x, y: y), radix: 16)) → \(String(notes.pixel(x: x, y: y), radix: 16))") }
            }
        }
        #expect(changed.isEmpty, "inside the eraser's pass the PDF page is as it was: \(changed)")
        // The ink beside the pass is there, as a path.
        #expect(notes.pixel(x: 156, y: 469) & 0xFFFFFF < 0x202020, "\(String(notes.pixel(x: 156, y: 469), radix: 16))")
        #expect(notes.pixel(x: 938, y: 469) & 0xFFFFFF < 0x202020)
        let file = try String(contentsOfFile: ws.path("notes.\(format)"), encoding: .isoLatin1)
        #expect(!file.contains(format == "pdf" ? "/Subtype /Image" : "<image"), "nothing turned into pixels")
        if withText {
            var blue = 0
            for y in 760..<860 {
                for x in 940..<1120 {
                    let p = notes.pixel(x: x, y: y)
                    if p & 0xFF > 0xA0 && (p >> 16) & 0xFF < 0x60 { blue += 1 }
                }
            }
            #expect(blue > 200, "\(blue) blue pixels of the text box")
        }
    }
}
