import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs

/// The contract's `highlight-text` step: the PDF's text selected from one point to another as a
/// reader selects it, the highlighter's colour multiplied over exactly the selected characters,
/// one undo step; checked against where `pdftotext -bbox` puts the words, in the PNG and in the
/// PDF out read back with pdftoppm.
@Suite struct HighlightTextTests {
    /// White multiplied by 60% of #ffee00.
    static let highlighted: UInt32 = 0xFFFF_F566

    func near(_ p: UInt32, _ q: UInt32, _ tolerance: Int = 4) -> Bool {
        [0, 8, 16].allSatisfy { (shift: UInt32) -> Bool in
            let a = Int((p >> shift) & 0xFF), b = Int((q >> shift) & 0xFF)
            return abs(a - b) <= tolerance
        }
    }

    func script(_ steps: String) -> String {
        ##"{"pdf": "lecture.pdf", "steps": [{"tool": "highlighter", "color": "#ffee00", "opacity": 0.6}"## + steps + "]}"
    }

    @Test func theSelectedCharactersAndNothingElse() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.lecture(pages: 1).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        let find = FindCommandTests()
        let lecture = try find.popplerBox(ws.path("lecture.pdf"), page: 1, words: ["Lecture"])
        let page = try find.popplerBox(ws.path("lecture.pdf"), page: 1, words: ["page"])
        let one = try find.popplerBox(ws.path("lecture.pdf"), page: 1, words: ["1"])
        let midY = (page.y + page.maxY) / 2
        // From the middle of "page"'s first letter to the middle of "1".
        let from = "[\(page.x + 3), \(midY)]", to = "[\((one.x + one.maxX) / 2), \(midY)]"
        let step = #", {"highlight-text": {"from": \#(from), "to": \#(to)}}"#
        try ws.write("h.json", script(step))
        try ws.write("undone.json", script(step + #", {"undo": 1}"#))
        try ws.write("bare.json", script(""))
        for name in ["h", "undone", "bare"] {
            let result = try BinaryRunner.run(["render", "\(name).json", "--output", "\(name).png"], in: ws.folder)
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
        let shot = try PNGFile.decode(atPath: ws.path("h.png"))
        func at(_ x: Double, _ y: Double) -> UInt32 { shot.pixel(x: Int(x.rounded()), y: Int(y.rounded())) }
        // Between "page" and "1": highlighted; between "Lecture" and "page", and past "1": not.
        #expect(near(at((page.maxX + one.x) / 2, midY), Self.highlighted), "\(String(at((page.maxX + one.x) / 2, midY), radix: 16))")
        #expect(at((lecture.maxX + page.x) / 2, midY) == 0xFFFF_FFFF, "the space before the first character stays white")
        #expect(at(one.maxX + 4, midY) == 0xFFFF_FFFF, "nothing past the last character")
        // The line's height, not more: white 4 px above and below the words' box.
        let middle = (page.x + page.maxX) / 2
        #expect(at(middle, page.y - 4) == 0xFFFF_FFFF && at(middle, page.maxY + 4) == 0xFFFF_FFFF)
        // Along the line, the highlight starts at "page" and ends at "1", to 2 px.
        let row = Int(midY.rounded())
        let lit = (0..<shot.width).filter { near(shot.pixel(x: $0, y: row), Self.highlighted) }
        #expect(abs(Double(lit.min() ?? 0) - page.x) <= 3 && abs(Double(lit.max() ?? 0) - one.maxX) <= 3,
                "highlighted from \(lit.min() ?? -1) to \(lit.max() ?? -1); the words run from \(page.x) to \(one.maxX)")
        // One undo step takes it all back.
        #expect(try PNGFile.decode(atPath: ws.path("undone.png")).pixels == (try PNGFile.decode(atPath: ws.path("bare.png")).pixels))
        // The PDF out keeps the text as text, with the highlight over it.
        let out = try BinaryRunner.run(["render", "h.json", "--output", "h.pdf"], in: ws.folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try run("pdftotext", [ws.path("h.pdf"), "-"]).contains("Lecture page 1"))
        try run("pdftoppm", ["-r", "72", "-png", "-singlefile", ws.path("h.pdf"), ws.path("back")])
        let back = try PNGFile.decode(atPath: ws.path("back.png"))
        let k = 0.75
        let gap = back.pixel(x: Int(((page.maxX + one.x) / 2 * k).rounded()), y: Int((midY * k).rounded()))
        #expect(near(gap, Self.highlighted, 6), "\(String(gap, radix: 16))")
    }

    @Test func aPageWithoutTextIsTheUsualError() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("plain.json", #"{"canvas": {"width": 200, "height": 100}, "steps": [{"highlight-text": {"from": [10, 10], "to": [90, 50]}}]}"#)
        let plain = try BinaryRunner.run(["render", "plain.json", "--output", "out.png"], in: ws.folder)
        #expect(plain.status != 0 && plain.stderrLines.count == 1, "\(plain.stderr)")
        #expect(plain.stderr.contains("steps[0].highlight-text") && plain.stderr.contains("no PDF text"), "\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.png")))
        try ws.write("wrong.json", #"{"canvas": {"width": 200, "height": 100}, "steps": [{"highlight-text": {"from": [10, 10]}}]}"#)
        let wrong = try BinaryRunner.run(["render", "wrong.json", "--output", "out.png"], in: ws.folder)
        #expect(wrong.status != 0 && wrong.stderr.contains("steps[0].highlight-text") && wrong.stderr.contains("\"to\""), "\(wrong.stderr)")
    }
}
