import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing

/// The contract's "Pressure" through the real `render` command: `[x, y, p]` points, the width
/// following p along the stroke, checked on the pixels.
@Suite struct PressureRenderTests {
    static func render(_ steps: String, output: String = "out.png", extra: (Workspace) throws -> Void = { _ in }) throws -> (RasterImage?, String, Workspace) {
        let ws = try Workspace()
        try extra(ws)
        try ws.write("s.json", """
            {"version": 1, "canvas": {"width": 400, "height": 200}, "steps": [\(steps)]}
            """)
        let result = try BinaryRunner.run(["render", "s.json", "--output", output], in: ws.folder)
        let image = result.status == 0 && output.hasSuffix(".png") ? try PNGFile.decode(atPath: ws.path(output)) : nil
        return (image, result.stderr, ws)
    }

    static func picture(_ steps: String) throws -> RasterImage {
        let (image, stderr, ws) = try render(steps)
        ws.remove()
        guard let image else {
            Issue.record("render failed: \(stderr)")
            throw CocoaError(.fileReadCorruptFile)
        }
        return image
    }

    /// How many rows of column `x` hold ink (not white).
    static func thickness(_ img: RasterImage, x: Int) -> Int {
        (0..<img.height).filter { img.pixel(x: x, y: $0) & 0xFFFFFF != 0xFFFFFF }.count
    }

    @Test func theWidthFollowsThePressureAndOneIsExactlyNoPressure() throws {
        let light = try Self.picture(#"{"tool": "pencil", "width": 40}, {"stroke": [[40, 100, 0.1], [200, 100, 0.55], [360, 100, 1]]}"#)
        let thin = Self.thickness(light, x: 60), middle = Self.thickness(light, x: 200), thick = Self.thickness(light, x: 340)
        #expect(thin >= 4 && thin <= 12, "light: about 40 x 0.15 px: \(thin)")
        #expect(middle >= 18 && middle <= 26, "middle: about 40 x 0.55 px: \(middle)")
        #expect(thick >= 36 && thick <= 42, "firm: about 40 px: \(thick)")
        // Smooth: the thickness only grows from left to right.
        let columns = stride(from: 50, through: 350, by: 10).map { Self.thickness(light, x: $0) }
        #expect(zip(columns, columns.dropFirst()).allSatisfy { $0 <= $1 + 1 }, "\(columns)")
        // Pressure 1 everywhere is the stroke without pressure, exactly.
        let plain = try Self.picture(#"{"tool": "pencil", "width": 40}, {"stroke": [[40, 100], [200, 120], [360, 100]]}"#)
        let ones = try Self.picture(#"{"tool": "pencil", "width": 40}, {"stroke": [[40, 100, 1], [200, 120, 1], [360, 100, 1]]}"#)
        #expect(plain.pixels == ones.pixels)
        // Never under 1 px.
        let faint = try Self.picture(#"{"tool": "pencil", "width": 10}, {"stroke": [[40, 100, 0], [360, 100, 0]]}"#)
        #expect(Self.thickness(faint, x: 200) >= 1)
    }

    @Test func theEraserAndTheHighlighterTakePressureAndATranslucentStrokeStaysUniform() throws {
        let erased = try Self.picture(#"""
            {"tool": "pencil", "width": 60}, {"stroke": [[20, 100], [380, 100]]},
            {"tool": "eraser", "width": 40}, {"stroke": [[100, 40, 0.25], [100, 160, 0.25]]},
            {"stroke": [[300, 40, 1], [300, 160, 1]]}
            """#)
        func erasedWidth(_ x: Int) -> Int { (x - 30...x + 30).filter { erased.pixel(x: $0, y: 100) & 0xFFFFFF == 0xFFFFFF }.count }
        #expect(erasedWidth(100) >= 8 && erasedWidth(100) <= 13, "a light eraser cuts about 10 px: \(erasedWidth(100))")
        #expect(erasedWidth(300) >= 38 && erasedWidth(300) <= 42, "a firm one 40 px: \(erasedWidth(300))")
        // A half-transparent pencil with pressure crossing itself: one opacity where it crosses.
        let loop = try Self.picture(#"""
            {"tool": "pencil", "color": "#0000ff", "width": 30, "opacity": 0.5},
            {"stroke": [[60, 60, 0.6], [340, 140, 1], [340, 60, 1], [60, 140, 0.6]]}
            """#)
        // Away from the crossing, the most inked pixel of column 100 (fully covered by one pass).
        let alone = (0..<200).map { loop.pixel(x: 100, y: $0) }.min { ($0 >> 16) & 0xFF < ($1 >> 16) & 0xFF }!
        let crossing = loop.pixel(x: 200, y: 100)
        #expect(crossing == alone, "uniform where it crosses: \(String(crossing, radix: 16)) / \(String(alone, radix: 16))")
        #expect(crossing & 0xFFFFFF != 0xFFFFFF)
        let marker = try Self.picture(##"{"tool": "highlighter", "color": "#ffff00", "width": 40}, {"stroke": [[40, 100, 0.2], [360, 100, 1]]}"##)
        #expect(Self.thickness(marker, x: 60) < Self.thickness(marker, x: 340) / 2)
    }

    @Test func pressureIsKeptInTheDocumentAndTheStrokeEraserSeesIt() throws {
        let (_, stderr, ws) = try Self.render(#"{"tool": "pencil", "width": 60}, {"stroke": [[40, 100, 0.1], [360, 100, 1]]}"#, output: "p.ora")
        defer { ws.remove() }
        #expect(stderr.isEmpty, "\(stderr)")
        let original = try Self.picture(#"{"tool": "pencil", "width": 60}, {"stroke": [[40, 100, 0.1], [360, 100, 1]]}"#)
        try ws.write("open.json", #"{"version": 1, "open": "p.ora", "steps": []}"#)
        #expect(try BinaryRunner.run(["render", "open.json", "--output", "back.png"], in: ws.folder).status == 0)
        #expect(try PNGFile.decode(atPath: ws.path("back.png")).pixels == original.pixels, "reopened with the same widths")
        // The stroke eraser 20 px above the thin end misses it; above the thick end it hits.
        try ws.write("miss.json", #"{"version": 1, "open": "p.ora", "steps": [{"tool": "stroke-eraser", "width": 4}, {"stroke": [[60, 80], [70, 80]]}]}"#)
        #expect(try BinaryRunner.run(["render", "miss.json", "--output", "miss.png"], in: ws.folder).status == 0)
        #expect(try PNGFile.decode(atPath: ws.path("miss.png")).pixels == original.pixels, "the light end is thin")
        try ws.write("hit.json", #"{"version": 1, "open": "p.ora", "steps": [{"tool": "stroke-eraser", "width": 4}, {"stroke": [[330, 80], [340, 80]]}]}"#)
        #expect(try BinaryRunner.run(["render", "hit.json", "--output", "hit.png"], in: ws.folder).status == 0)
        #expect(Self.thickness(try PNGFile.decode(atPath: ws.path("hit.png")), x: 200) == 0, "the firm end is wide: the stroke went")
    }

    @Test(arguments: [
        (#"{"stroke": [[10, 10, 1.5], [20, 20]]}"#, "steps[0].stroke[0][2]: 1.5 is outside 0...1"),
        (#"{"stroke": [[10, 10, "x"]]}"#, "steps[0].stroke[0][2]"),
        (#"{"touch": {"1": [[10, 10, -0.1]]}}"#, "steps[0].touch.1[0][2]: -0.1 is outside 0...1"),
        (#"{"stroke": [[10, 10, 0.5, 1]]}"#, "steps[0].stroke[0]: [10, 10, 0.5, 1] is not a point"),
    ])
    func badPressuresGetOneLine(step: String, expected: String) throws {
        let (image, stderr, ws) = try Self.render(step)
        ws.remove()
        #expect(image == nil)
        #expect(stderr.hasPrefix("drawingboard: s.json: \(expected)"), "\(stderr)")
    }
}
