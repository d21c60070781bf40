import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs

/// A Xournal++ notebook of handwriting over a PDF, opened as it is: its first page drawn by our
/// `render --page 1` against `xournalpp NOTEBOOK -i first.png --export-range=1
/// --export-png-dpi=96`, in the same run, for notebooks of 25 and 100 pages (the peak memory
/// must not grow with the page count). Each page holds 150 strokes of 40 points with a width
/// per point, as a pen with pressure writes them.
func xournalImportFigures() throws {
    let xournal = ["/usr/bin/xournalpp", "/usr/local/bin/xournalpp"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let ours = ourBinary()
    row("Xournal++ notebook opened as it is (pen pressure, PDF)", "")
    var peaks: [Int: Double] = [:]
    for pageCount in [25, 100] {
        let folder = scratchFolder.appendingPathComponent("xopp-\(pageCount)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pdfURL = folder.appendingPathComponent("lecture.pdf")
        try TestPDF.lecture(pages: pageCount).write(to: pdfURL)
        let sizes = try PDFReader.read(path: pdfURL.path).pageSizes
        var generator = SeededRandom(state: 27)
        let strokes: [[[Point]]] = (0..<pageCount).map { _ in
            (0..<150).map { _ in
                let x = Double.random(in: 60...650, using: &generator), y = Double.random(in: 300...1050, using: &generator)
                return (0..<40).map { k in Point(x + Double(k) * 2.5, y + 12 * sin(Double(k) / 2.5)) }
            }
        }
        let xopp = try writeXournalNotebook(pdf: pdfURL, sizes: sizes, strokes: strokes, in: folder, pressure: true)
        let script = folder.appendingPathComponent("open.json")
        try Data(#"{"open": "\#(xopp.lastPathComponent)"}"#.utf8).write(to: script)
        let mine = timed(ours, ["render", script.path, "--page", "1", "--output", "first.png"], in: folder)
        peaks[pageCount] = mine.peakMB
        var line = String(format: "%@, peak %.1f MB", ms(mine.seconds), mine.peakMB)
        json["xopp_\(pageCount)_first_page_ms"] = mine.seconds * 1e3
        json["xopp_\(pageCount)_first_page_peak_mb"] = mine.peakMB
        if let xournal {
            let theirs = timed(xournal, [xopp.path, "-i", "theirs.png", "--export-range=1", "--export-png-dpi=96"], in: folder)
            line += String(format: "   Xournal++ %@, peak %.1f MB   (%.2fx time, %.2fx memory)", ms(theirs.seconds), theirs.peakMB,
                           mine.seconds / theirs.seconds, mine.peakMB / max(theirs.peakMB, 0.1))
            json["xopp_\(pageCount)_first_page_xournal_ms"] = theirs.seconds * 1e3
            json["xopp_\(pageCount)_first_page_xournal_peak_mb"] = theirs.peakMB
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: xopp.path)[.size] as? Int) ?? 0
        row("  \(pageCount) pages (\(bytes / 1024) KB): first page (median of 5)", line)
        if xournal == nil { row("  Xournal++", "not installed (apt-get install xournalpp): no side-by-side figures") }
    }
    if let small = peaks[25], let large = peaks[100] {
        row("  peak memory, 100 pages over 25", String(format: "%.2fx", large / max(small, 0.1)))
        json["xopp_peak_growth"] = large / max(small, 0.1)
    }
}
