import Foundation
import Testing

/// The hostile inputs of the hardening issue, through the real `drawingboard render`: each gets
/// one line on stderr and exit status 2, writes nothing, and stays far below the memory and
/// time it took before (generous ceilings here; the exact figures are in the note and the
/// benchmark).
@Suite struct HostileInputTests {
    static let canvas = #""version": 1, "canvas": {"width": 100, "height": 80}"#

    private func render(_ ws: Workspace, _ script: String, stdin: Data? = nil, output: String = "out.png", limit: Int = 60) throws -> BinaryRunner.Measured {
        if stdin == nil { try ws.write("s.json", script) }
        return try BinaryRunner.measured(["render", stdin == nil ? "s.json" : "-", "--output", output], in: ws.folder, stdin: stdin, limit: limit)
    }

    /// An 82-byte TGA of 20000x20000 cost 1.56 GB before it was refused; an SVG of 116 bytes
    /// and a JPEG whose frame header sits after 512 KiB of metadata did the same; a JPEG that
    /// repeats a scan 2,000 times decoded for 51 s.
    @Test(arguments: [
        ("big.tga", "the image is 20000x20000, 400000000 pixels, above the limit of 268435456"),
        ("big.svg", "the image is 100000x100000, 10000000000 pixels, above the limit of 268435456"),
        ("late.jpg", "the image is 20000x20000, 400000000 pixels, above the limit of 268435456"),
        ("scans.jpg", "a JPEG image with 2000 scans, more than the 100 DrawingBoard decodes"),
    ])
    func imagesThatLieAboutTheirSizeAreRefusedCheaply(_ name: String, _ expected: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        var bytes: [UInt8]
        switch name {
        case "big.tga": bytes = [0, 0, 2] + [UInt8](repeating: 0, count: 9) + [0x20, 0x4E, 0x20, 0x4E, 32, 8] + [UInt8](repeating: 0, count: 64)
        case "big.svg": bytes = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="9" height="9"/></svg>"#.utf8)
        case "late.jpg":
            bytes = [0xFF, 0xD8]
            for _ in 0..<9 { bytes += [0xFF, 0xE1, 0xFD, 0xE8] + [UInt8](repeating: 0, count: 0xFDE6) }
            bytes += [0xFF, 0xC0, 0, 17, 8, 0x4E, 0x20, 0x4E, 0x20, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
        default:
            bytes = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0x1F, 0x40, 0x1F, 0x40, 1, 1, 0x11, 0]
            for _ in 0..<2000 { bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34] }
            bytes += [0xFF, 0xD9]
        }
        try Data(bytes).write(to: ws.folder.appendingPathComponent(name))
        let run = try render(ws, #"{\#(Self.canvas), "background": {"image": "\#(name)"}}"#)
        #expect(run.result.status == 2)
        #expect(run.result.stderrLines == [#"drawingboard: s.json: background.image: cannot load "\#(name)": \#(expected)"#])
        #expect(run.peakKB > 0 && run.peakKB < 300_000, "peak \(run.peakKB) KB")
        #expect(!ws.exists("out.png"))
    }

    /// Scripts on standard input had no cap (209 MB read, 3.7 GB).
    @Test func standardInputHasTheSameCapAsAFile() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        var big = Data(#"{"version": 1, "canvas": {"width": 10, "height": 10}, "pad": ""#.utf8)
        big.append(Data(repeating: UInt8(ascii: "a"), count: 65 << 20))
        big.append(Data("\"}".utf8))
        let run = try render(ws, "", stdin: big)
        #expect(run.result.status == 2)
        #expect(run.result.stderrLines == ["drawingboard: <stdin>: it is larger than the 64 MB a script may be"])
        #expect(run.peakKB < 400_000, "peak \(run.peakKB) KB")
    }

    /// A folder or a FIFO spun or blocked forever.
    @Test func foldersAndPipesAreRefusedAtOnce() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try FileManager.default.createDirectory(at: ws.folder.appendingPathComponent("folder.ora"), withIntermediateDirectories: true)
        #expect(mkfifo(ws.path("pipe.png"), 0o600) == 0)
        #expect(mkfifo(ws.path("pipe.json"), 0o600) == 0)
        for (script, expected) in [
            (#"{"open": "."}"#, "drawingboard: s.json: open: “\(ws.folder.lastPathComponent)” cannot be opened: it is a folder, not a document"),
            (#"{"open": "folder.ora"}"#, "drawingboard: s.json: open: “folder.ora” cannot be opened: it is a folder, not a document"),
            (#"{\#(Self.canvas), "background": {"image": "pipe.png"}}"#, #"drawingboard: s.json: background.image: cannot load "pipe.png": it is a pipe (FIFO), not an image"#),
        ] {
            let run = try render(ws, script, limit: 20)
            #expect(run.result.status == 2, "\(script)")
            #expect(run.result.stderrLines == [expected])
        }
        let run = try BinaryRunner.measured(["render", "pipe.json", "--output", "out.png"], in: ws.folder, limit: 20)
        #expect(run.result.status == 2 && run.result.stderrLines == ["drawingboard: pipe.json: it is a pipe (FIFO), not a script"])
    }

    /// Control characters in a script reach the terminal escaped, on one line.
    @Test func messagesStayOneLineWithNoEscapeSequences() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let run = try render(ws, #"{\#(Self.canvas), "steps": [{"tool": "a\nb\u001b[2J"}]}"#)
        #expect(run.result.status == 2)
        #expect(run.result.stderrLines == [#"drawingboard: s.json: steps[0].tool: "a\nb\u{1b}[2J" is not a tool (one of pencil, line, dashed-line, rectangle, ellipse, eraser, stroke-eraser, highlighter, select, text)"#])
    }

    /// Values in a document that crashed `render` (signal 4) are refused with the field; a
    /// document of a newer format says so.
    @Test(arguments: [
        (#""x":50"#, #""x":1e19"#, "drawingboard/document.json: strokes[0].points[1]: [1e+19, 50] is too far outside the canvas (limit 1000000)"),
        (#""format":8"#, #""format":99"#, "it was made by a newer DrawingBoard (format 99); this one reads up to 8"),
    ])
    func aHostileDocumentIsRefusedWithItsField(_ from: String, _ to: String, _ expected: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try hostileDocument(in: ws, replacing: from, with: to)
        try ws.write("open.json", #"{"open": "bad.ora"}"#)
        let run = try BinaryRunner.measured(["render", "open.json", "--output", "out.png"], in: ws.folder)
        #expect(run.result.status == 2)
        #expect(run.result.stderrLines == ["drawingboard: open.json: open: “bad.ora” cannot be opened: \(expected)"])
        #expect(!ws.exists("out.png"))
    }

    /// 20 fingers scribbling over a 4096² canvas (600 fingers passed 6.8 GB; now more than
    /// 20 are refused and each finger's mask is what its stroke covers).
    @Test func manyFingersStayWithinMemory() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let canvas = #""version": 1, "canvas": {"width": 4096, "height": 4096}"#
        let many = (1...600).map { #""\#($0)": [[\#($0), 10], [\#($0), 20]]"# }.joined(separator: ", ")
        let refused = try render(ws, #"{\#(canvas), "steps": [{"touch": {\#(many)}}]}"#)
        #expect(refused.result.stderrLines == ["drawingboard: s.json: steps[0].touch: has 600 fingers; at most 20 may be down at once"])
        let twenty = (1...20).map { i in "\"\(i)\": [" + (0..<40).map { "[\(i * 200 + $0 % 5 * 30), \($0 * 100)]" }.joined(separator: ", ") + "]" }
            .joined(separator: ", ")
        let run = try render(ws, #"{\#(canvas), "steps": [{"touch": {\#(twenty)}}, {"touch": {\#(twenty)}}]}"#)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        // About 330 MB, mostly the 4096² layers; canvas-sized masks added 16 MB a finger (640 MB).
        #expect(run.peakKB < 450_000, "peak \(run.peakKB) KB")
    }

    /// A new file follows the umask (it was always 0644); a replaced one keeps its mode.
    @Test(arguments: [("077", "600"), ("002", "664")])
    func aNewPictureFollowsTheUmask(_ mask: String, _ mode: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("s.json", #"{\#(Self.canvas)}"#)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "umask \(mask); exec \"$0\" render s.json --output out.png", BinaryRunner.binary.path]
        process.currentDirectoryURL = ws.folder
        process.environment = BinaryRunner.headlessEnvironment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: ws.path("out.png"))
        #expect(String(attributes[.posixPermissions] as! Int, radix: 8) == mode)
    }

    /// An undo count of 999999999999999 ran for years.
    @Test func anAbsurdUndoCountStopsAtTheStart() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let run = try render(ws, #"{\#(Self.canvas), "steps": [{"stroke": [[5, 5], [50, 50]]}, {"undo": 999999999999999}]}"#, limit: 20)
        #expect(run.result.status == 0)
    }

    /// A million points of a wandering line: a few seconds, not minutes.
    @Test func aMillionPointStrokeRendersWithinLimits() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        var x = 500, y = 400, seed: UInt64 = 3
        var text = "["
        for i in 0..<1_000_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            x = min(1020, max(4, x + Int(seed >> 33) % 11 - 5))
            y = min(760, max(4, y + Int(seed >> 45) % 11 - 5))
            text += i == 0 ? "[\(x), \(y)]" : ",[\(x), \(y)]"
        }
        text += "]"
        let run = try render(ws, #"{"version": 1, "canvas": {"width": 1024, "height": 768}, "steps": [{"stroke": \#(text)}]}"#, limit: 120)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.peakKB < 1_500_000, "peak \(run.peakKB) KB")
    }

}

/// `bad.ora` in `ws`: a document `render` made, its document.json changed from `from` to `to`
/// with the zip tool users have.
func hostileDocument(in ws: Workspace, replacing from: String, with to: String) throws {
    try ws.write("make.json", #"{"version": 1, "canvas": {"width": 100, "height": 80}, "steps": [{"stroke": [[5, 5], [50, 50]]}]}"#)
    #expect(try BinaryRunner.run(["render", "make.json", "--output", "doc.ora"], in: ws.folder).status == 0)
    let unpacked = ws.folder.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    try shell("cd '\(unpacked.path)' && python3 -c 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); z.extractall()' ../doc.ora")
    let jsonURL = unpacked.appendingPathComponent("drawingboard/document.json")
    let original = try String(contentsOf: jsonURL, encoding: .utf8)
    #expect(original.contains(from))
    try original.replacingOccurrences(of: from, with: to).write(to: jsonURL, atomically: true, encoding: .utf8)
    try shell("""
        cd '\(unpacked.path)' && python3 -c 'import zipfile,os
        z=zipfile.ZipFile("../bad.ora","w")
        z.write("mimetype", compress_type=zipfile.ZIP_STORED)
        [z.write(os.path.join(d,f)) for d,_,fs in os.walk(".") for f in fs if f!="mimetype"]'
        """)
}

private func shell(_ command: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}
