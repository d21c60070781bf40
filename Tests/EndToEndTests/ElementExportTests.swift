import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing

/// A journal page exported: the photo embedded as an image, the sticker as shapes, the text as
/// text (found by pdftotext), and the whole rasterised back close to the PNG.
@Suite struct ElementExportTests {
    static let steps = """
        {"tool": "pencil", "color": "#d01010", "width": 10},
        {"stroke": [[20, 160], [620, 160]]},
        {"place": {"image": "q.png", "center": [320, 200], "width": 200, "rotation": 10}},
        {"tool": "pencil", "color": "#000000", "width": 10},
        {"stroke": [[20, 240], [620, 240]]},
        {"place": {"sticker": "heart", "center": [100, 380]}},
        {"place": {"text": "Dear diary, a sunny day", "center": [420, 400], "size": 30, "color": "#1010d0"}},
        {"tool": "eraser", "width": 20},
        {"stroke": [[300, 120], [300, 300]]}
        """

    @Test(arguments: ["pdf", "svg"])
    func photosStickersAndTextStayWhatTheyAre(_ format: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.png", as: "q.png")
        try ws.write("s.json", """
            {"version": 1, "canvas": {"width": 640, "height": 480}, "steps": [\(Self.steps)]}
            """)
        for out in ["out.png", "out.\(format)"] {
            let result = try BinaryRunner.run(["render", "s.json", "--output", out], in: ws.folder)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let vector = try String(contentsOfFile: ws.path("out.\(format)"), encoding: .isoLatin1)
        if format == "pdf" {
            let text = try run("pdftotext", [ws.path("out.pdf"), "-"])
            #expect(text.contains("Dear diary, a sunny day"), "the text is text: \(text)")
            #expect(vector.contains("/Subtype /Image"), "the photo is an image")
            try run("pdftoppm", ["-r", "96", "-png", "-singlefile", ws.path("out.pdf"), ws.path("back")])
        } else {
            #expect(vector.contains("<image"), "the photo is an image")
            #expect(vector.components(separatedBy: "<path").count > 6, "the sticker and the strokes are paths")
            try run("rsvg-convert", [ws.path("out.svg"), "-o", ws.path("back.png")])
        }
        let png = try PNGFile.decode(atPath: ws.path("out.png"))
        let back = try PNGFile.decode(atPath: ws.path("back.png"))
        #expect(back.size == png.size)
        var total = 0
        for (p, q) in zip(png.pixels, back.pixels) {
            total += abs(Int(p >> 16 & 0xFF) - Int(q >> 16 & 0xFF)) + abs(Int(p >> 8 & 0xFF) - Int(q >> 8 & 0xFF)) + abs(Int(p & 0xFF) - Int(q & 0xFF))
        }
        let mean = Double(total) / Double(png.pixels.count * 3)
        #expect(mean < 1.5, "mean difference \(mean) per channel")
        // The eraser over the photo shows the photo, not the background.
        let over = back.pixel(x: 300, y: 240)
        #expect(over & 0xFF > 0xC0 && over >> 16 & 0xFF < 0x40, "blue quadrant under the erased line: \(String(over, radix: 16))")
    }
}
