import DrawingBoardCore
import Foundation
import Testing
import TestPDFs

/// `drawingboard find DOCUMENT "words"`, as scripts use it: one line per match with the page and
/// the box in page pixels, checked against where poppler's own `pdftotext -bbox` puts the words
/// (in points, 4/3 of them a pixel); the exit statuses of grep; a typed text in a document.
@Suite struct FindCommandTests {
    /// The words' box on `page` (1-based) as `pdftotext -bbox` gives it, in page pixels.
    func popplerBox(_ pdf: String, page: Int, words: [String]) throws -> (x: Double, y: Double, maxX: Double, maxY: Double) {
        let html = try run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"])
        var boxes: [(Double, Double, Double, Double)] = []
        for line in html.split(separator: "\n") where line.contains("<word") {
            let word = line.split(separator: ">").dropFirst().first?.split(separator: "<").first.map(String.init) ?? ""
            guard words.contains(word) else { continue }
            func value(_ key: String) -> Double {
                let part = line.components(separatedBy: "\(key)=\"")[1]
                return Double(part.prefix { $0 != "\"" })!
            }
            boxes.append((value("xMin"), value("yMin"), value("xMax"), value("yMax")))
        }
        let k = 4.0 / 3
        return (boxes.map(\.0).min()! * k, boxes.map(\.1).min()! * k, boxes.map(\.2).max()! * k, boxes.map(\.3).max()! * k)
    }

    @Test func wordsInAPDFWhereTheReaderPutsThem() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try TestPDF.lecture(pages: 3).write(to: URL(fileURLWithPath: ws.path("lecture.pdf")))
        let found = try BinaryRunner.run(["find", ws.path("lecture.pdf"), "LECTURE page 2"])
        #expect(found.status == 0, "\(found.stderr)")
        let lines = found.stdout.split(separator: "\n")
        #expect(lines.count == 1, "one match: \(found.stdout)")
        let numbers = lines[0].split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 5 && numbers[0] == 2, "\(lines[0])")
        let expected = try popplerBox(ws.path("lecture.pdf"), page: 2, words: ["Lecture", "page", "2"])
        #expect(abs(Double(numbers[1]) - expected.x) <= 2 && abs(Double(numbers[2]) - expected.y) <= 2, "\(lines[0]) against \(expected)")
        #expect(abs(Double(numbers[1] + numbers[3]) - expected.maxX) <= 2 && abs(Double(numbers[2] + numbers[4]) - expected.maxY) <= 2,
                "\(lines[0]) against \(expected)")
        // Every page's: three lines, in page order.
        let all = try BinaryRunner.run(["find", ws.path("lecture.pdf"), "lecture"])
        #expect(all.status == 0 && all.stdout.split(separator: "\n").map { $0.split(separator: " ")[0] } == ["1", "2", "3"])
        // Nothing: status 1 and no line, as grep.
        let none = try BinaryRunner.run(["find", ws.path("lecture.pdf"), "entropy"])
        #expect(none.status == 1 && none.stdout.isEmpty)
        // No such document, or not a document: status 2 and one line naming it.
        let missing = try BinaryRunner.run(["find", ws.path("gone.pdf"), "x"])
        #expect(missing.status == 2 && missing.stderr.contains("gone.pdf") && missing.stderr.split(separator: "\n").count == 1)
        try ws.write("notes.txt", "lecture")
        let other = try BinaryRunner.run(["find", ws.path("notes.txt"), "lecture"])
        #expect(other.status == 2 && other.stderr.contains("not a document"))
        try ws.write("bad.pdf", "%PDF-1.4 broken")
        let broken = try BinaryRunner.run(["find", ws.path("bad.pdf"), "lecture"])
        #expect(broken.status == 2 && broken.stderr.contains("bad.pdf"), "\(broken.stderr)")
    }

    @Test func wordsInATypedText() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("notes.json", """
            { "version": 1, "canvas": { "width": 640, "height": 480 }, "steps": [
              { "place": { "text": "Entropy is disorder\\nsee page 4", "center": [300, 200], "size": 32, "color": "#101010", "font": "Sans" } }
            ] }
            """)
        let rendered = try BinaryRunner.run(["render", ws.path("notes.json"), "--output", ws.path("notes.ora")])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let found = try BinaryRunner.run(["find", ws.path("notes.ora"), "entropy IS"])
        #expect(found.status == 0, "\(found.stderr)")
        let n = found.stdout.split(separator: "\n")[0].split(separator: " ").compactMap { Int($0) }
        // On the first line of the text, at its left: the text's box is about 300 wide about
        // x = 300, two lines about y = 200.
        #expect(n.count == 5 && n[0] == 1 && n[1] < 200 && n[1] > 100 && n[2] < 200 && n[2] > 140 && n[3] > 60 && n[3] < 200 && n[4] > 25 && n[4] < 50,
                "\(found.stdout)")
        let second = try BinaryRunner.run(["find", ws.path("notes.ora"), "page 4"])
        let m = second.stdout.split(separator: "\n")[0].split(separator: " ").compactMap { Int($0) }
        #expect(m.count == 5 && m[2] > n[2] + 25, "the second line is lower: \(second.stdout)")
    }
}
