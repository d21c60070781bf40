import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation
import TestPDFs

/// The notebook figures, with Xournal++ run on the same notebook in the same run when it is
/// installed: a 300-page A4 PDF with 20 pen strokes on every page, saved in our format and as a
/// `.xopp` whose pages have the PDF's pages as backgrounds. Opening it and drawing its first
/// page, writing the annotated PDF, a stroke on page 150 against one on a one-page document,
/// and scrolling through it in frames of the window's size.
/// The bench's notebook in `folder`: `lecture.pdf` of `pageCount` A4 pages, and
/// `notebook.ora` with 20 strokes of 30 points on every page (the strokes returned, page by
/// page, for Xournal++'s copy), open in the returned editor at its first page.
/// `jittery`: 60 points a stroke, each a small random step from the last (as a hand writes),
/// instead of a smooth wave of 30.
func lectureNotebook(pages pageCount: Int, in folder: URL, jittery: Bool = false) throws -> (editor: Editor, file: PDFFile, strokes: [[[Point]]]) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let pdfURL = folder.appendingPathComponent("lecture.pdf")
    try TestPDF.lecture(pages: pageCount).write(to: pdfURL)
    let file = try PDFReader.read(path: pdfURL.path)
    let editor = try Editor(notebook: Notebook(file.pages))
    var strokes: [[[Point]]] = []
    for i in 0..<pageCount {
        try editor.pages.show(i)
        var onPage: [[Point]] = []
        for _ in 0..<20 {
            let x = Double.random(in: 60...600, using: &rng), y = Double.random(in: 420...1000, using: &rng)
            var points = (0..<30).map { k in Point(x + Double(k) * 5, y + 20 * sin(Double(k) / 3)) }
            if jittery {
                var p = Point(x, y)
                points = (0..<60).map { _ in
                    p = p + Point(Double.random(in: -1...6, using: &rng), Double.random(in: -4...4, using: &rng))
                    return p
                }
            }
            onPage.append(points)
            try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: .black, width: 2), points: points)))
        }
        strokes.append(onPage)
    }
    try editor.pages.show(0)
    try OpenRaster.encode(notebook: editor.pages.notebook).write(to: folder.appendingPathComponent("notebook.ora"))
    return (editor, file, strokes)
}

func notebookFigures() throws {
    let pageCount = Int(ProcessInfo.processInfo.environment["BENCH_NOTEBOOK_PAGES"] ?? "") ?? 300
    let folder = scratchFolder.appendingPathComponent("notebook")
    let (editor, file, strokes) = try lectureNotebook(pages: pageCount, in: folder)
    let pages = file.pages
    let pdfURL = folder.appendingPathComponent("lecture.pdf")
    let script = folder.appendingPathComponent("open.json")
    try Data(#"{"version": 1, "open": "notebook.ora"}"#.utf8).write(to: script)
    let xopp = try writeXournalNotebook(pdf: pdfURL, sizes: file.pageSizes, strokes: strokes, in: folder)

    row("notebook: \(pageCount) A4 PDF pages, 20 strokes each", "")
    let ours = ourBinary()
    let xournal = ["/usr/bin/xournalpp", "/usr/local/bin/xournalpp"].first { FileManager.default.isExecutableFile(atPath: $0) }
    func compare(_ what: String, key: String, ourArgs: [String], theirArgs: [String]) {
        let mine = timed(ours, ourArgs, in: folder)
        var line = String(format: "%@, peak %.1f MB", ms(mine.seconds), mine.peakMB)
        json["notebook_\(key)_ms"] = mine.seconds * 1e3
        json["notebook_\(key)_peak_mb"] = mine.peakMB
        if let xournal {
            let theirs = timed(xournal, theirArgs, in: folder)
            line += String(format: "   Xournal++ %@, peak %.1f MB   (%.2fx time, %.2fx memory)", ms(theirs.seconds), theirs.peakMB,
                           mine.seconds / theirs.seconds, mine.peakMB / max(theirs.peakMB, 0.1))
            json["notebook_\(key)_xournal_ms"] = theirs.seconds * 1e3
            json["notebook_\(key)_xournal_peak_mb"] = theirs.peakMB
        }
        row("  \(what)", line)
    }
    compare("open and draw the first page (median of 5)", key: "first_page", ourArgs: ["render", script.path, "--page", "1", "--output", "first.png"],
            theirArgs: [xopp.path, "-i", "first.png", "--export-range=1"])
    compare("write the annotated PDF (median of 5)", key: "pdf", ourArgs: ["render", script.path, "--output", "ours.pdf"],
            theirArgs: [xopp.path, "-p", "theirs.pdf"])
    // The same with jittery handwriting (60 points a stroke, as a hand gives them).
    do {
        let rough = scratchFolder.appendingPathComponent("notebook-jittery")
        let (_, roughFile, roughStrokes) = try lectureNotebook(pages: pageCount, in: rough, jittery: true)
        let roughXopp = try writeXournalNotebook(pdf: rough.appendingPathComponent("lecture.pdf"), sizes: roughFile.pageSizes, strokes: roughStrokes, in: rough)
        try Data(#"{"version": 1, "open": "notebook.ora"}"#.utf8).write(to: rough.appendingPathComponent("open.json"))
        let mine = timed(ours, ["render", rough.appendingPathComponent("open.json").path, "--output", "ours.pdf"], in: rough)
        var line = String(format: "%@, peak %.1f MB", ms(mine.seconds), mine.peakMB)
        json["notebook_pdf_jittery_ms"] = mine.seconds * 1e3
        json["notebook_pdf_jittery_peak_mb"] = mine.peakMB
        if let xournal {
            let theirs = timed(xournal, [roughXopp.path, "-p", "theirs.pdf"], in: rough)
            line += String(format: "   Xournal++ %@, peak %.1f MB   (%.2fx time, %.2fx memory)", ms(theirs.seconds), theirs.peakMB,
                           mine.seconds / theirs.seconds, mine.peakMB / max(theirs.peakMB, 0.1))
            json["notebook_pdf_jittery_xournal_ms"] = theirs.seconds * 1e3
            json["notebook_pdf_jittery_xournal_peak_mb"] = theirs.peakMB
        }
        row("  write the annotated PDF, strokes of 60 jittery points (median of 5)", line)
    }
    if xournal == nil {
        row("  Xournal++", "not installed (apt-get install xournalpp): no side-by-side figures")
    } else {
        // Both wrote every page (a figure for a file that failed would mean nothing).
        row("  pages written: ours / Xournal++", "\(pdfPages(folder.appendingPathComponent("ours.pdf"))) / \(pdfPages(folder.appendingPathComponent("theirs.pdf")))")
    }

    // A stroke on page 150 costs what it costs on a one-page document.
    let middle = min(149, pageCount - 1)
    try editor.pages.show(middle)
    let single = try Editor(notebook: Notebook([pages[middle]]))
    let frame = try Frame(size: PixelSize(width: 1280, height: 800))
    let path = scribble(editor.size, 300)
    var onNotebook: [Double] = [], onSingle: [Double] = []
    for _ in 0..<6 {
        onSingle += liveCost(single, frame, path)
        onNotebook += liveCost(editor, frame, path)
    }
    let a = Stats(onNotebook), b = Stats(onSingle)
    row("  stroke on page \(middle + 1): per motion event (median)", String(format: "%@ vs one page %@  (%.2fx)", us(a.median), us(b.median), a.median / b.median))
    json["notebook_stroke_ratio"] = a.median / b.median

    // Scrolling: the pages the window shows composed into a 1280x800 frame at 50%, a screen
    // of 40 px a frame, once each page's picture is drawn; the resident memory on the way. The
    // view tiles are kept and taken in as the window does (its budget, three windows' worth;
    // tiles painted and never taken in would be held by their workers).
    editor.viewTiles.budget = ViewTiles.budget(forWindow: frame.size.width * frame.size.height)
    let scale = 0.5, gap = 24.0
    var origins: [Double] = []
    var y = 0.0
    let sizes = editor.pages.sizes
    for size in sizes {
        origins.append(y)
        y += Double(size.height) + gap
    }
    var frameTimes: [Double] = [], resident: [Int] = []
    var top = 0.0
    let bottom = y - 800 / scale
    var drawn = Set<Int>()
    while top < bottom {
        let shown = origins.indices.filter { origins[$0] < top + 800 / scale && origins[$0] + Double(sizes[$0].height) > top }
        let fresh = shown.contains { !drawn.contains($0) }
        let t0 = now()
        for i in shown {
            let view = ViewTransform(scale: scale, offset: Point(100, (origins[i] - top) * scale))
            try editor.pages.compose(i, into: frame, area: PixelRect(size: frame.size), view: view)
        }
        editor.pages.keepPixels(forShown: shown.count)
        _ = editor.tiles.takeArrived()
        let t = now() - t0
        if !fresh { frameTimes.append(t) }
        drawn.formUnion(shown)
        resident.append(residentBytes())
        top += 40 / scale
    }
    let f = Stats(frameTimes)
    let early = resident.prefix(resident.count / 10).max() ?? 0, late = resident.max() ?? 0
    row("  scrolling: frame with pages drawn (median / p99)", "\(ms(f.median)) / \(ms(f.p99)) over \(frameTimes.count) frames")
    row("  scrolling: resident memory, first tenth / whole notebook", "\(early >> 20) MB / \(late >> 20) MB")
    json["notebook_scroll_frame_ms"] = f.median * 1e3
    json["notebook_scroll_p99_ms"] = f.p99 * 1e3
    json["notebook_scroll_resident_mb"] = [early >> 20, late >> 20]
}

/// How many pages `pdfinfo` finds in a PDF (0 when it cannot read it).
func pdfPages(_ url: URL) -> Int {
    let p = Process(), out = Pipe()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/pdfinfo")
    p.arguments = [url.path]
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return 0 }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let line = text.split(separator: "\n").first { $0.hasPrefix("Pages:") }
    return line.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0
}

/// Runs a program five times under GNU time: the median wall time and the largest peak
/// resident memory (time's %M). Started with posix_spawn and waited for with waitpid, which
/// see the exit at once (Foundation's Process notices it only every 50 ms here).
func timed(_ program: String, _ arguments: [String], in folder: URL) -> (seconds: Double, peakMB: Double) {
    var times: [Double] = [], peak = 0.0
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(folder.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let report = folder.appendingPathComponent("time.txt")
    for _ in 0..<5 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/time", "-q", "-f", "%M", "-o", report.path, program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let t0 = now()
        guard posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv, environ) == 0 else { return (0, 0) }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { return (0, 0) }
        times.append(now() - t0)
        let kb = Int(((try? String(contentsOf: report, encoding: .utf8)) ?? "").split(separator: "\n").last ?? "") ?? 0
        peak = max(peak, Double(kb) / 1024)
    }
    return (Stats(times).median, peak)
}

/// The same notebook as Xournal++ keeps it: gzipped XML, pages in points with the PDF's pages
/// as backgrounds (the file named on the first), the strokes in points; `pressure`: each
/// stroke with a width per point, as a pen with pressure writes them.
func writeXournalNotebook(pdf: URL, sizes: [PDFPageSize], strokes: [[[Point]]], in folder: URL, pressure: Bool = false) throws -> URL {
    var xml = #"<?xml version="1.0" standalone="no"?>"# + "\n" + #"<xournal creator="drawingboard-bench" fileversion="4">"# + "\n<title>bench</title>\n"
    for (i, size) in sizes.enumerated() {
        xml += String(format: #"<page width="%.2f" height="%.2f">"#, size.width, size.height)
        if i == 0 {
            xml += #"<background type="pdf" domain="absolute" filename="\#(pdf.path)" pageno="1"/>"#
        } else {
            xml += #"<background type="pdf" pageno="\#(i + 1)"/>"#
        }
        xml += "<layer>"
        for points in strokes[i] {
            if pressure {
                let widths = points.indices.dropLast().map { String(format: "%.2f", 1.0 + 0.8 * sin(Double($0) / 4)) }
                xml += ##"<stroke tool="pen" color="#000000ff" width="1.50 "## + widths.joined(separator: " ") + #"">"#
            } else {
                xml += ##"<stroke tool="pen" color="#000000ff" width="1.50">"##
            }
            xml += points.map { String(format: "%.2f %.2f", $0.x * 0.75, $0.y * 0.75) }.joined(separator: " ")
            xml += "</stroke>"
        }
        xml += "</layer></page>\n"
    }
    xml += "</xournal>\n"
    let plain = folder.appendingPathComponent("notebook.xopp.xml")
    try Data(xml.utf8).write(to: plain)
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
    gzip.arguments = ["-c", plain.path]
    let out = folder.appendingPathComponent("notebook.xopp")
    guard FileManager.default.createFile(atPath: out.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
    gzip.standardOutput = try FileHandle(forWritingTo: out)
    try gzip.run()
    gzip.waitUntilExit()
    return out
}
