import Foundation
import Testing

/// Bad input gets one clear line on stderr naming the problem and where, exit status 2, and no
/// output file; an existing output file is left exactly as it was.
@Suite struct RenderErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var script: String
        var fixtures: [String: String] = [:]
        var output = "out.png"
        var expected: String
        var description: String { name }
    }

    static let canvas = #""version": 1, "canvas": {"width": 100, "height": 80}"#

    static let cases: [Case] = [
        Case(name: "width out of range",
             script: ##"{\##(canvas), "steps": [{"tool": "pencil"}, {"stroke": [[1, 1]]}, {"color": "#000000"}, {"width": 0}]}"##,
             expected: "drawingboard: s.json: steps[3].width: 0 is outside 1...200"),
        Case(name: "unknown tool", script: #"{\#(canvas), "steps": [{"tool": "airbrush"}]}"#,
             expected: #"drawingboard: s.json: steps[0].tool: "airbrush" is not a tool (one of pencil, line, dashed-line, rectangle, ellipse, eraser, stroke-eraser, highlighter, select, text)"#),
        Case(name: "bad point", script: #"{\#(canvas), "steps": [{"stroke": [[1, 2], [3, "x"]]}]}"#,
             expected: #"drawingboard: s.json: steps[0].stroke[1]: [3, "x"] is not a point [x, y] of two numbers"#),
        Case(name: "not JSON", script: "{\"canvas\": {\"width\": 100,\n \"height\": }}",
             expected: "drawingboard: s.json: not valid JSON: syntax error at line 2, column 12"),
        Case(name: "absurd canvas", script: #"{"canvas": {"width": 100000, "height": 100000}}"#,
             expected: "drawingboard: s.json: canvas.width: 100000 is outside 1...16384"),
        Case(name: "missing image", script: #"{\#(canvas), "background": {"image": "nowhere.png"}}"#,
             expected: #"drawingboard: s.json: background.image: cannot load "nowhere.png": no such file"#),
        Case(name: "truncated image", script: #"{\#(canvas), "steps": [{"background": {"image": "t.png"}}]}"#,
             fixtures: ["truncated.png": "t.png"],
             expected: #"drawingboard: s.json: steps[0].background.image: cannot load "t.png": a damaged or incomplete PNG image"#),
        Case(name: "truncated JPEG", script: #"{\#(canvas), "background": {"image": "t.jpg"}}"#,
             fixtures: ["truncated.jpg": "t.jpg"],
             expected: #"drawingboard: s.json: background.image: cannot load "t.jpg": a damaged or incomplete JPEG image"#),
        Case(name: "not an image", script: #"{\#(canvas), "background": {"image": "n.png"}}"#,
             fixtures: ["not-an-image.png": "n.png"],
             expected: #"drawingboard: s.json: background.image: cannot load "n.png": not an image DrawingBoard opens"#),
        Case(name: "image of absurd dimensions", script: #"{\#(canvas), "background": {"image": "huge.png"}}"#,
             fixtures: ["huge-dimensions.png": "huge.png"],
             expected: #"drawingboard: s.json: background.image: cannot load "huge.png": the image is 100000x100000, 10000000000 pixels, above the limit of 268435456"#),
        Case(name: "image is a folder", script: #"{\#(canvas), "background": {"image": "."}}"#,
             expected: #"drawingboard: s.json: background.image: cannot load ".": it is a folder, not an image"#),
        Case(name: "unknown output format", script: #"{\#(canvas)}"#, output: "out.tiff",
             expected: #"drawingboard: out.tiff: unknown output format "tiff"; use .png, .jpg, .webp, .svg, .pdf or .ora"#),
        Case(name: "open and canvas together", script: #"{"open": "a.ora", "canvas": {"width": 5, "height": 5}}"#,
             expected: #"drawingboard: s.json: canvas: cannot be used with "open": the document sets it"#),
        Case(name: "open a missing document", script: #"{"open": "nowhere.ora"}"#,
             expected: "drawingboard: s.json: open: “nowhere.ora” cannot be opened: no such file"),
        Case(name: "missing output folder", script: #"{\#(canvas)}"#, output: "no/such/folder/out.png",
             expected: "drawingboard: no/such/folder/out.png: the folder no/such/folder does not exist"),
    ]

    @Test(arguments: cases)
    func badInputGetsOneClearLineAndNoFile(_ c: Case) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("s.json", c.script)
        for (fixture, name) in c.fixtures { try ws.fixture(fixture, as: name) }
        let result = try BinaryRunner.run(["render", "s.json", "--output", c.output], in: ws.folder)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
        if c.expected.hasSuffix("DrawingBoard opens") || c.expected.hasSuffix(" image") && c.expected.contains("damaged") {
            #expect(result.stderrLines.first?.hasPrefix(c.expected + " (") == true, "stderr: \(result.stderr)")
        } else {
            #expect(result.stderrLines.first == c.expected)
        }
        #expect(!ws.exists(c.output), "no output file")
        #expect(try ws.contents() == (["s.json"] + c.fixtures.values).sorted(), "nothing else written")
    }

    /// Every document in the broken corpus, opened by a script: refused in one line, nothing written.
    @Test(arguments: ["not-a-zip.ora", "truncated.ora", "no-mimetype.ora", "bad-xml.ora", "path-traversal.ora",
                      "huge-canvas.ora", "png-bomb.ora", "corrupt-layer.ora", "zip-bomb.ora", "large-entry.ora"])
    func brokenDocumentsAreRefusedByTheRenderer(_ file: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/broken/\(file)")
        try FileManager.default.copyItem(at: corpus, to: ws.folder.appendingPathComponent(file))
        try ws.write("s.json", #"{"open": "\#(file)", "steps": [{"stroke": [[1, 1], [5, 5]]}]}"#)
        let result = try BinaryRunner.run(["render", "s.json", "--output", "out.ora"], in: ws.folder)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderrLines.first?.hasPrefix("drawingboard: s.json: open: “\(file)” cannot be opened: ") == true, "\(result.stderr)")
        #expect(try ws.contents() == [file, "s.json"].sorted(), "nothing written")
    }

    @Test func aFailedRenderLeavesTheOldOutputUntouched() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("out.png", "the previous picture")
        try ws.write("s.json", #"{\#(Self.canvas), "steps": [{"width": 500}]}"#)
        let result = try BinaryRunner.run(["render", "s.json", "--output", "out.png"], in: ws.folder)
        #expect(result.status == 2)
        #expect(try String(contentsOfFile: ws.path("out.png"), encoding: .utf8) == "the previous picture")
    }

    /// A disk that fills up mid-write (here a file-size limit, `ulimit -f`): the message says so,
    /// the old file is exactly as it was, and no temporary file is left.
    @Test(arguments: ["out.png", "out.ora", "out.pdf"])
    func aFullDiskLeavesTheOldFileAsItWas(_ output: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write(output, "the previous file")
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/examples/demo.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -f 1; exec \"$0\" render \"$1\" --output \"$2\"", BinaryRunner.binary.path, demo, output]
        process.currentDirectoryURL = ws.folder
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message == "drawingboard: cannot write \(output): File too large\n")
        #expect(try String(contentsOfFile: ws.path(output), encoding: .utf8) == "the previous file")
        #expect(try ws.contents() == [output])
    }

    @Test func aMissingScript() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let result = try BinaryRunner.run(["render", "absent.json", "--output", "out.png"], in: ws.folder)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["drawingboard: absent.json: no such file"])
    }

    /// A special file that refuses to be read is named with the system's reason in our words,
    /// not Foundation's ("The operation could not be completed").
    @Test func aScriptThatCannotBeRead() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let result = try BinaryRunner.run(["render", "/proc/self/mem", "--output", "out.png"], in: ws.folder)
        #expect(result.status == 2)
        #expect(result.stderrLines == ["drawingboard: /proc/self/mem: cannot read it (the system gives no bytes for it: an input/output error)"])
        #expect(try ws.contents().isEmpty)
    }

    /// A text too wide for an element as Pango lays it out (2,000 combining marks, each drawn on
    /// a dotted circle) is refused naming the text the script gave, not a `width` it never wrote.
    @Test func aTextTooWideNamesTheText() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let marks = String(repeating: "\\u0e49", count: 2000)
        try ws.write("s.json", #"{\#(Self.canvas), "steps": [{"place": {"text": "\#(marks)", "center": [50, 40]}}]}"#)
        let result = try BinaryRunner.run(["render", "s.json", "--output", "out.png"], in: ws.folder)
        #expect(result.status == 2)
        let line = try #require(result.stderrLines.first)
        let excerpt = String(repeating: "\u{0e49}", count: 24) + "…"
        #expect(line.hasPrefix("drawingboard: s.json: steps[0].place.text: \"\(excerpt)\" is "), "\(line)")
        #expect(line.hasSuffix(" px wide at size 32; a text is at most 16384 px wide (break it into lines with \\n, or give a smaller size)"), "\(line)")
        #expect(!line.contains("width"))
        #expect(try ws.contents() == ["s.json"])
    }

    @Test func anUnwritableOutputFolder() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("s.json", #"{\#(Self.canvas)}"#)
        // /proc exists but nothing can be created in it, even by root.
        let result = try BinaryRunner.run(["render", "s.json", "--output", "/proc/out.png"], in: ws.folder)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix("drawingboard: cannot write /proc/out.png: ") == true, "stderr: \(result.stderr)")
    }
}
