import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs

// MARK: - Find in a 300-page lecture PDF, against pdftotext | grep on the same file

/// Words found in a notebook of 300 PDF pages: the page in view (what the window shows at once)
/// and every page (what it counts off the event loop), against `pdftotext FILE - | grep -c`
/// on the same PDF, in the same run.
func findFigures() throws {
    print("")
    let data = TestPDF.lecture(pages: 300)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-find-\(UUID().uuidString).pdf")
    try data.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let pages = try PDFReader.read(path: url.path).pages
    let documents = OpenPDFs.shared
    // The first search opens the document (as the window's first search does).
    let f0 = now()
    let first = TextFinder.matches(of: "lecture page 1", on: pages[0], index: 0, documents: documents)
    let firstTime = now() - f0
    var whole: [Double] = []
    var count = 0
    for _ in 0..<3 {
        let t0 = now()
        count = TextFinder.matches(of: "page 2", in: pages, documents: documents).count
        whole.append(now() - t0)
    }
    var grep: [Double] = []
    var grepCount = ""
    for _ in 0..<3 {
        let t0 = now()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "pdftotext '\(url.path)' - | grep -ci 'page 2'"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        grepCount = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        grep.append(now() - t0)
    }
    let w = whole.min()!, g = grep.min()!
    row("find on a 300-page PDF: the page in view (first search, the PDF opened)", "\(ms(firstTime)), \(first.count) match")
    row("find on every page (\(count) matches) / pdftotext | grep -c (\(grepCount) lines), best of 3", "\(ms(w)) / \(ms(g)): \(String(format: "%.2fx", w / g))")
    json["find"] = ["first_page_ms": firstTime * 1e3, "all_pages_ms": w * 1e3, "pdftotext_grep_ms": g * 1e3, "ratio": w / g, "matches": count]
}
