import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing

private func near(_ p: UInt32, _ hex: String, tolerance: Int = 0) -> Bool {
    let c = RGBColor(hex: hex)!
    return p >> 24 == 0xFF
        && abs(Int(p >> 16 & 0xFF) - Int(c.red)) <= tolerance
        && abs(Int(p >> 8 & 0xFF) - Int(c.green)) <= tolerance
        && abs(Int(p & 0xFF) - Int(c.blue)) <= tolerance
}

@Suite struct RenderCommandTests {
    @Test func rendersTheDocumentedExampleWithoutADisplay() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.jpg", as: "photo.jpg")
        // The example in shared/script-format.md (kept once, in Tests/Fixtures).
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/contract-example.json")
        try FileManager.default.copyItem(at: example, to: ws.folder.appendingPathComponent("example.json"))
        let result = try BinaryRunner.run(["render", "example.json", "--output", "out.png"], in: ws.folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ws.path("out.png")))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let img = try PNGFile.decode(atPath: ws.path("out.png"))
        #expect(img.size == PixelSize(width: 640, height: 480))
        // Cleared drawing over the photo: the four quadrants, scaled to cover the canvas.
        #expect(near(img.pixel(x: 160, y: 120), "#ff0000", tolerance: 12))
        #expect(near(img.pixel(x: 480, y: 120), "#00ff00", tolerance: 12))
        #expect(near(img.pixel(x: 160, y: 360), "#0000ff", tolerance: 12))
        #expect(near(img.pixel(x: 480, y: 360), "#ffff00", tolerance: 12))
        #expect(try ws.contents() == ["example.json", "out.png", "photo.jpg"], "no temporary files left")
    }

    @Test func strokesErasingAndUndoThroughTheBinary() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.png", as: "bg/quadrants.png")
        try ws.write("scripts/draw.json", """
            {"version": 1, "canvas": {"width": 400, "height": 300},
             "background": {"image": "../bg/quadrants.png"},
             "steps": [
               {"tool": "pencil", "color": "#000000", "width": 40},
               {"stroke": [[0, 75], [400, 75]]},
               {"tool": "eraser", "width": 20},
               {"stroke": [[100, 0], [100, 300]]},
               {"tool": "rectangle", "color": "#ffffff", "width": 10},
               {"stroke": [[250, 200], [350, 280]]},
               {"tool": "ellipse", "color": "#ff00ff"},
               {"stroke": [[10, 160], [190, 290]]},
               {"undo": 1}
             ]}
            """)
        // Run from another folder: the image path resolves against the script's folder.
        let result = try BinaryRunner.run(["render", ws.path("scripts/draw.json"), "--output", ws.path("out.png")],
                                          in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let img = try PNGFile.decode(atPath: ws.path("out.png"))
        #expect(near(img.pixel(x: 300, y: 75), "#000000"), "pencil")
        #expect(near(img.pixel(x: 100, y: 75), "#ff0000"), "the eraser reveals the red quadrant of the image")
        #expect(near(img.pixel(x: 250, y: 240), "#ffffff"), "rectangle edge")
        #expect(near(img.pixel(x: 300, y: 240), "#ffff00"), "rectangle inside shows the image")
        #expect(near(img.pixel(x: 10, y: 225), "#0000ff"), "the undone ellipse is gone")
    }

    @Test(arguments: ["png", "jpg", "webp", "bmp", "gif"])
    func backgroundImagesInEveryFormat(_ format: String) throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.\(format)", as: "q.\(format)")
        try ws.write("s.json", #"{"version": 1, "canvas": {"width": 400, "height": 300}, "background": {"image": "q.\#(format)"}}"#)
        let result = try BinaryRunner.run(["render", "s.json", "-o", "out.png"], in: ws.folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let img = try PNGFile.decode(atPath: ws.path("out.png"))
        let tolerance = format == "jpg" ? 12 : 0
        #expect(near(img.pixel(x: 100, y: 75), "#ff0000", tolerance: tolerance))
        #expect(near(img.pixel(x: 300, y: 75), "#00ff00", tolerance: tolerance))
        #expect(near(img.pixel(x: 100, y: 225), "#0000ff", tolerance: tolerance))
        #expect(near(img.pixel(x: 300, y: 225), "#ffff00", tolerance: tolerance))
    }

    @Test func theNewToolsThroughTheBinary() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.write("tools.json", """
            {"version": 1, "canvas": {"width": 300, "height": 200},
             "steps": [
               {"tool": "pencil", "color": "#000000", "width": 6},
               {"stroke": [[20, 20], [280, 20]]},
               {"stroke": [[20, 60], [280, 60]]},
               {"tool": "stroke-eraser", "width": 10},
               {"stroke": [[150, 50], [150, 70]]},
               {"tool": "highlighter", "color": "#ffee00", "width": 30},
               {"stroke": [[150, 5], [150, 195]]},
               {"tool": "line", "color": "#0000ff", "width": 4},
               {"stroke": [[20, 150], [120, 158]], "modifiers": ["shift"]},
               {"tool": "rectangle", "color": "#00aa00", "width": 2},
               {"stroke": [[240, 150], [260, 170]], "modifiers": ["alt"]},
               {"pick": [150, 20]},
               {"tool": "pencil", "width": 8, "smoothing": "light"},
               {"stroke": [[280, 100], [290, 100]]}
             ]}
            """)
        let result = try BinaryRunner.run(["render", "tools.json", "--output", "out.png"], in: ws.folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let img = try PNGFile.decode(atPath: ws.path("out.png"))
        #expect(near(img.pixel(x: 60, y: 20), "#000000"), "the first line stays")
        #expect(near(img.pixel(x: 60, y: 60), "#ffffff"), "the stroke eraser took the second line whole")
        #expect(near(img.pixel(x: 150, y: 20), "#000000"), "black under the highlighter stays black")
        #expect(near(img.pixel(x: 150, y: 100), "#ffee00"), "the highlighter on white paper")
        #expect(near(img.pixel(x: 110, y: 150), "#0000ff"), "Shift levelled the line")
        #expect(near(img.pixel(x: 110, y: 157), "#ffffff"))
        #expect(near(img.pixel(x: 220, y: 160), "#00aa00"), "Alt drew the rectangle about the press: left side at x = 220")
        #expect(near(img.pixel(x: 285, y: 100), "#000000"), "pick took the black under the highlighter")

        try ws.write("bad.json", #"{"version": 1, "canvas": {"width": 10, "height": 10}, "steps": [{"pick": [50, 5]}]}"#)
        let bad = try BinaryRunner.run(["render", "bad.json", "--output", "bad.png"], in: ws.folder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("steps[0].pick: [50, 5] is outside the 10x10 canvas"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.path("bad.png")))
    }

    @Test func readsAScriptFromStandardInput() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let script = ##"{"canvas": {"width": 20, "height": 10}, "background": {"color": "#102030"}}"##
        let result = try BinaryRunner.run(["render", "-", "--output", "out.png"], in: ws.folder, stdin: Data(script.utf8))
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try PNGFile.decode(atPath: ws.path("out.png")).pixel(x: 19, y: 9) == 0xFF10_2030)
    }

    @Test func writesAnOpenRasterDocumentAndAScriptOpensIt() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.png", as: "q.png")
        try ws.write("first.json", ##"{"canvas": {"width": 400, "height": 300}, "background": {"image": "q.png"}, "steps": [{"tool": "pencil", "color": "#000000", "width": 40}, {"stroke": [[0, 75], [400, 75]]}]}"##)
        var result = try BinaryRunner.run(["render", "first.json", "--output", "doc.ora"], in: ws.folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: ws.path("doc.ora"))).prefix(2) == Data("PK".utf8))
        // Reopened, the eraser still reveals the image under the drawing.
        try ws.write("second.json", #"{"open": "doc.ora", "steps": [{"tool": "eraser", "width": 20}, {"stroke": [[100, 0], [100, 150]]}]}"#)
        result = try BinaryRunner.run(["render", "second.json", "--output", "after.png"], in: ws.folder)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let img = try PNGFile.decode(atPath: ws.path("after.png"))
        #expect(img.size == PixelSize(width: 400, height: 300))
        #expect(near(img.pixel(x: 300, y: 75), "#000000"))
        #expect(near(img.pixel(x: 100, y: 75), "#ff0000"), "erased after reopening: the red quadrant shows")
    }

    @Test func helpAndVersion() throws {
        let help = try BinaryRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("render"))
        let version = try BinaryRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }

    /// A window size of the right form but out of range says so, apart from one of the wrong
    /// form; both before any window opens.
    @Test func aWindowSizeOutOfRangeIsNamedAsSuch() throws {
        for (size, expected) in [("10x10", "--size 10x10 is outside the sizes a window can have, 320x240 to 16384x16384"),
                                 ("319x480", "--size 319x480 is outside the sizes a window can have"),
                                 ("99999x99999", "--size 99999x99999 is outside"),
                                 ("big", "--size must be WIDTHxHEIGHT, e.g. 1024x700 (it was \"big\")")] {
            let run = try BinaryRunner.run(["--size", size], environment: ["DISPLAY": ":9999", "WAYLAND_DISPLAY": ""])
            #expect(run.status != 0 && run.stderr.contains(expected), "\(size): \(run.status) \(run.stderr)")
        }
    }
}

@Suite struct ShippedExampleTests {
    /// The example the README and `scripts/run` use must stay valid and draw what it says.
    @Test func theDemoScriptRenders() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let ws = try Workspace()
        defer { ws.remove() }
        let result = try BinaryRunner.run(["render", repo.appendingPathComponent("Assets/examples/demo.json").path,
                                           "--output", ws.path("demo.png")])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let img = try PNGFile.decode(atPath: ws.path("demo.png"))
        #expect(img.size == PixelSize(width: 640, height: 400))
        #expect(img.pixel(x: 5, y: 5) == 0xFFFD_F6E3, "background colour")
        #expect(img.pixel(x: 170, y: 60) == 0xFF1F_5FBF, "line")
        #expect(img.pixel(x: 340, y: 110) == 0xFF2E_8B57, "rectangle edge")
        #expect(img.pixel(x: 470, y: 110) == 0xFFFD_F6E3, "the eraser cut through the rectangle to the background")
        #expect(img.pixel(x: 140, y: 350) == 0xFF00_0000, "first finger")
        #expect(img.pixel(x: 140, y: 375) == 0xFF00_0000, "second finger")
        #expect(img.pixel(x: 620, y: 380) == 0xFF00_0000, "a tap leaves a dot")
    }
}
