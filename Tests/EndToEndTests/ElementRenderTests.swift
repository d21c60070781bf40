import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing

/// The contract's "Elements" through the real `render` command: every rule checked on the
/// pixels of the PNG it writes.
@Suite struct ElementRenderTests {
    /// The photo: quadrants.png (40x30: red, green / blue, yellow) placed 200 px wide (so 150
    /// high) with its centre at (320, 200), over a red line drawn before it, under a black line
    /// drawn after it.
    static let scene = """
        {"tool": "pencil", "color": "#d01010", "width": 10},
        {"stroke": [[20, 160], [620, 160]]},
        {"place": {"image": "q.png", "center": [320, 200], "width": 200, "id": "photo"}},
        {"tool": "pencil", "color": "#000000", "width": 10},
        {"stroke": [[20, 240], [620, 240]]},
        {"place": {"sticker": "star", "center": [100, 380], "id": "star"}},
        {"place": {"text": "Hello", "center": [500, 400], "size": 48, "color": "#1010d0", "id": "t"}}
        """

    struct Run {
        var image: RasterImage?
        var status: Int32
        var stderr: String
    }

    static func render(_ steps: String, scene: Bool = true, extra: [String: Data] = [:]) throws -> Run {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.png", as: "q.png")
        for (name, data) in extra { try data.write(to: ws.folder.appendingPathComponent(name)) }
        let all = [scene ? Self.scene : nil, steps.isEmpty ? nil : steps].compactMap { $0 }.joined(separator: ",\n")
        try ws.write("s.json", """
            {"version": 1, "canvas": {"width": 640, "height": 480}, "background": {"color": "#ffffff"}, "steps": [\(all)]}
            """)
        let result = try BinaryRunner.run(["render", "s.json", "--output", "out.png"], in: ws.folder)
        let image = result.status == 0 ? try PNGFile.decode(atPath: ws.path("out.png")) : nil
        return Run(image: image, status: result.status, stderr: result.stderr)
    }

    static func picture(_ steps: String = "") throws -> RasterImage {
        let run = try render(steps)
        guard let image = run.image else {
            Issue.record("render failed: \(run.stderr)")
            throw CocoaError(.fileReadCorruptFile)
        }
        return image
    }

    static func near(_ p: UInt32, _ hex: String, _ tolerance: Int = 24) -> Bool {
        let c = RGBColor(hex: hex)!
        return abs(Int(p >> 16 & 0xFF) - Int(c.red)) <= tolerance && abs(Int(p >> 8 & 0xFF) - Int(c.green)) <= tolerance
            && abs(Int(p & 0xFF) - Int(c.blue)) <= tolerance
    }

    @Test func placedElementsCoverWhatCameBeforeAndInkAfterLiesOverThem() throws {
        let img = try Self.picture()
        // The photo's quadrants, scaled: red top left, yellow bottom right.
        #expect(Self.near(img.pixel(x: 260, y: 140), "#ff0000"))
        #expect(Self.near(img.pixel(x: 380, y: 140), "#00ff00"))
        #expect(Self.near(img.pixel(x: 380, y: 260), "#ffff00"))
        // The red line drawn before it is covered where the photo is, shown elsewhere.
        #expect(Self.near(img.pixel(x: 300, y: 160), "#ff0000") && !Self.near(img.pixel(x: 300, y: 160), "#d01010", 4))
        #expect(Self.near(img.pixel(x: 100, y: 160), "#d01010", 4))
        // The black line drawn after it lies over it.
        #expect(Self.near(img.pixel(x: 300, y: 240), "#000000", 4))
        // The sticker (the star's gold) and the text (blue glyphs in its box, white around).
        #expect(Self.near(img.pixel(x: 100, y: 390), "#ffcc33", 30))
        var glyphs = 0
        for y in 370..<430 { for x in 430..<570 where Self.near(img.pixel(x: x, y: y), "#1010d0", 40) { glyphs += 1 } }
        #expect(glyphs > 150, "the text's glyphs: \(glyphs) blue pixels")
        #expect(Self.near(img.pixel(x: 500, y: 340), "#ffffff", 0))
    }

    @Test func theEraserRemovesInkAtEveryDepthAndNeverAnElement() throws {
        let img = try Self.picture("""
            {"tool": "eraser", "width": 30},
            {"stroke": [[300, 100], [300, 300]]},
            {"stroke": [[60, 140], [60, 180]]}
            """)
        // The black line over the photo is gone there: the photo shows (blue quadrant).
        #expect(Self.near(img.pixel(x: 300, y: 240), "#0000ff"))
        // The red line under the photo is gone where it showed: the background shows.
        #expect(Self.near(img.pixel(x: 60, y: 160), "#ffffff", 2))
        // The photo itself is whole where the eraser passed.
        #expect(Self.near(img.pixel(x: 300, y: 140), "#ff0000"))
    }

    @Test func theStrokeEraserTakesStrokesNotElementsAndTheHighlighterMultipliesIntoThem() throws {
        let img = try Self.picture("""
            {"tool": "stroke-eraser", "width": 20},
            {"stroke": [[330, 120], [330, 280]]},
            {"tool": "highlighter", "color": "#ffff00", "width": 30},
            {"stroke": [[230, 260], [300, 260]]}
            """)
        // Both lines went (the eraser crossed them), the photo stayed.
        #expect(Self.near(img.pixel(x: 100, y: 160), "#ffffff", 2))
        #expect(Self.near(img.pixel(x: 500, y: 240), "#ffffff", 2))
        #expect(Self.near(img.pixel(x: 330, y: 140), "#00ff00"))
        // Yellow marker over the blue quadrant multiplies to black.
        #expect(Self.near(img.pixel(x: 260, y: 260), "#000000", 30))
    }

    @Test func dragPinchAndDoubleTapWithTheSelectTool() throws {
        // A drag moves the photo by last point minus first: 100 right, 50 down.
        let dragged = try Self.picture("""
            {"tool": "select"}, {"stroke": [[320, 200], [360, 220], [420, 250]]}
            """)
        #expect(Self.near(dragged.pixel(x: 360, y: 190), "#ff0000"), "the red quadrant moved to (320...420, 175...250)")
        #expect(Self.near(dragged.pixel(x: 230, y: 200), "#ffffff", 2), "where it was, the background")
        // Two fingers 80 px apart end 160 px apart and turned 90°: the photo doubles and turns
        // about their midpoint (320, 200). Its red quadrant (top left) ends at the top right.
        let pinched = try Self.picture("""
            {"tool": "select"}, {"touch": {"1": [[280, 200], [300, 180], [320, 120]], "2": [[360, 200], [340, 220], [320, 280]]}}
            """)
        #expect(Self.near(pinched.pixel(x: 420, y: 60), "#ff0000"), "red at the top right after the turn")
        #expect(Self.near(pinched.pixel(x: 220, y: 340), "#ffff00"), "yellow at the bottom left")
        #expect(Self.near(pinched.pixel(x: 180, y: 150), "#0000ff"), "it is twice as large: 300 wide across after the turn")
        #expect(Self.near(pinched.pixel(x: 150, y: 200), "#ffffff", 2), "and no wider")
        // A double tap turns the photo 90° clockwise: 150 wide, 200 high.
        let turned = try Self.picture(#"{"double-tap": [320, 200]}"#)
        #expect(Self.near(turned.pixel(x: 290, y: 120), "#0000ff"), "the blue quadrant (bottom left) went to the top left")
        #expect(Self.near(turned.pixel(x: 350, y: 120), "#ff0000"), "the red one (top left) to the top right")
        #expect(Self.near(turned.pixel(x: 230, y: 200), "#ffffff", 2), "the photo no longer reaches 90 px left of its centre")
    }

    @Test func deleteRaiseLowerAndEdit() throws {
        let deleted = try Self.picture(#"{"delete": "photo"}"#)
        #expect(Self.near(deleted.pixel(x: 300, y: 160), "#d01010", 4), "the line under the photo shows again")
        let byPoint = try Self.picture(#"{"delete": [100, 380]}"#)
        #expect(Self.near(byPoint.pixel(x: 100, y: 390), "#ffffff", 2))
        let raised = try Self.picture(#"{"raise": "photo"}"#)
        #expect(Self.near(raised.pixel(x: 300, y: 240), "#0000ff"), "raised over the black line")
        let lowered = try Self.picture(#"{"lower": "photo"}"#)
        #expect(Self.near(lowered.pixel(x: 300, y: 160), "#d01010", 4), "lowered under the red line")
        let edited = try Self.picture(##"{"edit": {"id": "t", "text": "Hello there", "color": "#10a010"}}"##)
        var green = 0
        for y in 370..<430 { for x in 380..<620 where Self.near(edited.pixel(x: x, y: y), "#10a010", 40) { green += 1 } }
        #expect(green > 300, "the new text in green: \(green) pixels")
    }

    @Test func everyStepUndoesAndRedoesToExactPixels() throws {
        let before = try Self.picture()
        for step in [#"{"tool": "select"}, {"stroke": [[320, 200], [420, 250]]}"#, #"{"double-tap": [320, 200]}"#,
                     #"{"delete": "photo"}"#, #"{"raise": "photo"}"#, #"{"lower": "photo"}"#,
                     #"{"edit": {"id": "t", "text": "Changed", "size": 60}}"#,
                     #"{"place": {"sticker": "heart", "center": [300, 200]}}"#,
                     #"{"tool": "eraser", "width": 40}, {"stroke": [[250, 100], [250, 300]]}"#,
                     #"{"tool": "select"}, {"touch": {"1": [[280, 200], [250, 170]], "2": [[360, 200], [400, 260]]}}"#] {
            let after = try Self.picture(step)
            #expect(after.pixels != before.pixels, "\(step) changes the picture")
            #expect(try Self.picture(step + #", {"undo": 1}"#).pixels == before.pixels, "\(step) undone")
            #expect(try Self.picture(step + #", {"undo": 1}, {"redo": 1}"#).pixels == after.pixels, "\(step) redone")
        }
    }

    @Test func partsOutsideTheCanvasAreClippedNotLost() throws {
        let before = try Self.picture()
        let back = try Self.picture(#"{"tool": "select"}, {"stroke": [[320, 200], [620, 200]]}, {"stroke": [[620, 200], [320, 200]]}"#)
        #expect(back.pixels == before.pixels)
    }

    @Test(arguments: [
        (#"{"place": {"sticker": "no-such-thing", "center": [10, 10]}}"#, "steps[7].place.sticker: \"no-such-thing\" is not a sticker"),
        (#"{"place": {"image": "missing.png", "center": [10, 10]}}"#, "steps[7].place.image: cannot load \"missing.png\""),
        (#"{"place": {"sticker": "star", "center": [10, 10], "width": 0}}"#, "steps[7].place.width: 0 is outside 1...16384"),
        (#"{"place": {"text": "x", "center": [10, 10], "size": 20000}}"#, "steps[7].place.size: 20000 is outside 1...16384"),
        (#"{"place": {"sticker": "star", "image": "q.png", "center": [10, 10]}}"#, "steps[7].place: has \"image\" and \"sticker\"; give one"),
        (#"{"delete": "nobody"}"#, "steps[7].delete: no element has the id \"nobody\""),
        (#"{"raise": [5, 5]}"#, "steps[7].raise: [5, 5] is on no element"),
        (#"{"double-tap": [5, 5]}"#, "steps[7].double-tap: [5, 5] is on no element"),
        (#"{"edit": {"id": "star", "text": "x"}}"#, "steps[7].edit.id: \"star\" is a sticker, not a text"),
        (#"{"place": {"image": "bomb.svg", "center": [10, 10]}}"#, "steps[7].place.image: cannot load \"bomb.svg\": a compressed SVG"),
        (#"{"place": {"image": "huge.svg", "center": [10, 10]}}"#, "steps[7].place.image: cannot load \"huge.svg\""),
        (#"{"place": {"image": "huge.png", "center": [10, 10]}}"#, "steps[7].place.image: cannot load \"huge.png\": the image is"),
        (#"{"place": {"image": "q.png", "center": [10, 10], "width": 20000}}"#, "steps[7].place.width: 20000 is outside 1...16384"),
    ])
    func badElementStepsGetOneLineAndNoFile(step: String, expected: String) throws {
        var bomb = Data([0x1F, 0x8B, 0x08, 0x00])
        bomb.append(Data(repeating: 0, count: 64))
        let huge = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>"#.utf8)
        let hugePNG = try Data(contentsOf: try #require(Bundle.module.url(forResource: "huge-dimensions.png", withExtension: nil, subdirectory: "Fixtures")))
        let run = try Self.render(step, extra: ["bomb.svg": bomb, "huge.svg": huge, "huge.png": hugePNG])
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("drawingboard: s.json: \(expected)"), "\(run.stderr)")
    }

    @Test func theStickersCommandListsTheSetThenTheUsersOwn() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try ws.fixture("quadrants.png", as: "data/drawingboard/stickers/my-cat.png")
        let result = try BinaryRunner.run(["stickers"], environment: ["XDG_DATA_HOME": ws.path("data")])
        #expect(result.status == 0, "\(result.stderr)")
        let names = result.stdout.split(separator: "\n").map(String.init)
        #expect(names.count == 30 && names.first == "star" && names.last == "my-cat", "\(names)")
        for group in ["heart", "arrow", "bubble", "check", "face", "tape", "label"] {
            #expect(names.contains { $0.hasPrefix(group) }, "a \(group) sticker")
        }
    }

    @Test func aTenMegabyteTextIsRefused() throws {
        let text = String(repeating: "a", count: 10 << 20)
        let run = try Self.render("{\"place\": {\"text\": \"\(text)\", \"center\": [10, 10]}}", scene: false)
        #expect(run.status == 2)
        #expect(run.stderr.contains("steps[0].place.text: has 10485760 characters, more than the 100000 a text may have"), "\(run.stderr)")
    }
}
