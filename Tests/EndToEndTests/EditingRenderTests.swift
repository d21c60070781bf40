import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing

/// The contract's "Editing what was drawn" through the real `render` command: each case's
/// picture against a second script that draws the result directly.
@Suite struct EditingRenderTests {
    static func render(_ steps: String, output: String = "out.png", scale: String? = nil) throws -> (RasterImage?, String, Workspace) {
        let ws = try Workspace()
        try ws.write("s.json", """
            {"version": 1, "canvas": {"width": 480, "height": 320}, "steps": [\(steps)]}
            """)
        let result = try BinaryRunner.run(["render", "s.json", "--output", output] + (scale.map { ["--scale", $0] } ?? []), in: ws.folder)
        let image = result.status == 0 && output.hasSuffix(".png") ? try PNGFile.decode(atPath: ws.path(output)) : nil
        return (image, result.stderr, ws)
    }

    static func picture(_ steps: String, scale: String? = nil) throws -> RasterImage {
        let (image, stderr, ws) = try render(steps, scale: scale)
        ws.remove()
        guard let image else {
            Issue.record("render failed: \(stderr)")
            throw CocoaError(.fileReadCorruptFile)
        }
        return image
    }

    /// How many pixels differ, and by how much at most (per channel).
    static func differences(_ a: RasterImage, _ b: RasterImage) -> (count: Int, most: Int) {
        guard a.size == b.size else { return (Int.max, 255) }
        var count = 0, most = 0
        for (p, q) in zip(a.pixels, b.pixels) where p != q {
            count += 1
            for shift in stride(from: 0, through: 24, by: 8) {
                most = max(most, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        return (count, most)
    }

    static func inked(_ img: RasterImage, _ x: Int, _ y: Int) -> Bool { img.pixel(x: x, y: y) & 0xFFFFFF != 0xFFFFFF }

    static let wave = ##"{"tool": "pencil", "color": "#d01010", "width": 8}, {"stroke": [[40, 40], [80, 60], [120, 40], [160, 70]]}"##

    @Test(arguments: [nil, "2"])
    func aLassoedStrokeMovesWithWhatTheEraserTookAndTheStrokesLeftKeepTheirs(scale: String?) throws {
        let edited = try Self.picture("""
            \(Self.wave), {"stroke": [[40, 120], [160, 120]]},
            {"tool": "eraser", "width": 20}, {"stroke": [[100, 20], [100, 140]]},
            {"select": {"lasso": [[30, 30], [170, 30], [170, 90], [30, 90]]}},
            {"selection": {"move": [200, 100]}}
            """, scale: scale)
        let direct = try Self.picture("""
            {"tool": "pencil", "color": "#d01010", "width": 8}, {"stroke": [[40, 120], [160, 120]]},
            {"tool": "eraser", "width": 20}, {"stroke": [[100, 20], [100, 140]]},
            {"tool": "pencil", "color": "#d01010", "width": 8}, {"stroke": [[240, 140], [280, 160], [320, 140], [360, 170]]},
            {"tool": "eraser", "width": 20}, {"stroke": [[300, 120], [300, 240]]}
            """, scale: scale)
        let d = Self.differences(edited, direct)
        #expect(d.count == 0, "\(d)")
        let k = scale == nil ? 1 : 2
        // Nothing left where it was; the gap went with it; the stroke not selected keeps its own.
        #expect(!Self.inked(edited, 40 * k, 40 * k) && !Self.inked(edited, 120 * k, 40 * k))
        #expect(Self.inked(edited, 242 * k, 141 * k) && !Self.inked(edited, 300 * k, 150 * k))
        #expect(Self.inked(edited, 60 * k, 120 * k) && !Self.inked(edited, 100 * k, 120 * k))
    }

    @Test func aStrokeMovedOntoAnEarlierEraserPassIsNotCutByIt() throws {
        // The pass at x = 300 was made before the move and never met the stroke.
        let edited = try Self.picture("""
            {"tool": "pencil", "color": "#000000", "width": 10}, {"stroke": [[250, 250], [350, 250]]},
            {"tool": "eraser", "width": 30}, {"stroke": [[300, 200], [300, 300]]},
            {"tool": "pencil", "color": "#1030c0", "width": 8}, {"stroke": [[40, 40], [160, 40]]},
            {"select": {"rect": [20, 20, 180, 60]}}, {"selection": {"move": [200, 10]}}
            """)
        #expect(Self.inked(edited, 300, 50), "the moved stroke is whole over the old pass")
        #expect(!Self.inked(edited, 300, 250), "the stroke under the pass keeps its gap")
    }

    @Test func scaleTurnRecolourAndWidthAreTheStrokesDrawnThatWay() throws {
        let pairs: [(String, String)] = [
            (##"{"tool": "line", "width": 10}, {"stroke": [[100, 100], [200, 100]]}, {"select": "all"}, {"selection": {"scale": 2}}"##,
             ##"{"tool": "line", "width": 20}, {"stroke": [[50, 100], [250, 100]]}"##),
            (##"{"tool": "rectangle", "width": 6}, {"stroke": [[100, 100], [300, 150]]}, {"select": "all"}, {"selection": {"rotate": 90}}"##,
             ##"{"tool": "rectangle", "width": 6}, {"stroke": [[175, 25], [225, 225]]}"##),
            (##"{"tool": "pencil", "width": 6}, {"stroke": [[60, 60], [200, 90], [300, 60]]}, {"select": "all"}, {"selection": {"color": "#1030c0"}}"##,
             ##"{"tool": "pencil", "width": 6, "color": "#1030c0"}, {"stroke": [[60, 60], [200, 90], [300, 60]]}"##),
            (##"{"tool": "pencil", "width": 6}, {"stroke": [[60, 60], [200, 90], [300, 60]]}, {"select": "all"}, {"selection": {"width": 14}}"##,
             ##"{"tool": "pencil", "width": 14}, {"stroke": [[60, 60], [200, 90], [300, 60]]}"##),
            (##"{"tool": "pencil", "width": 6, "opacity": 0.5}, {"stroke": [[60, 60], [300, 60]]}, {"select": "all"}, {"selection": {"color": "#10a010"}}"##,
             ##"{"tool": "pencil", "width": 6, "opacity": 0.5, "color": "#10a010"}, {"stroke": [[60, 60], [300, 60]]}"##),
            (##"{"tool": "pencil", "width": 6}, {"stroke": [[60, 60], [200, 90]]}, {"select": "all"}, {"selection": "duplicate"}"##,
             ##"{"tool": "pencil", "width": 6}, {"stroke": [[60, 60], [200, 90]]}, {"stroke": [[80, 80], [220, 110]]}"##),
        ]
        for (steps, direct) in pairs {
            let a = try Self.picture(steps), b = try Self.picture(direct)
            let d = Self.differences(a, b)
            #expect(d.count == 0 || (d.count < 40 && d.most <= 2), "\(steps): \(d)")
        }
    }

    @Test func elementsTurnAndMoveWithTheSelection() throws {
        let a = try Self.picture(#"""
            {"place": {"sticker": "star", "center": [200, 160]}}, {"select": "all"},
            {"selection": {"rotate": 30}}, {"selection": {"move": [40, -20]}}
            """#)
        let b = try Self.picture(#"{"place": {"sticker": "star", "center": [240, 140], "rotation": 30}}"#)
        let d = Self.differences(a, b)
        #expect(d.count == 0 || d.most <= 2, "\(d)")
    }

    @Test func copyAndPasteGoOnAnotherPageAndUndoAndRedoAreExact() throws {
        let steps = #"""
            {"tool": "line", "color": "#d01010", "width": 8}, {"stroke": [[40, 40], [160, 70]]},
            {"select": {"rect": [20, 20, 180, 90]}}, {"selection": "copy"},
            {"page": "add"}, {"paste": [300, 200]}
            """#
        let (_, stderr, ws) = try Self.render(steps, output: "n.ora")
        defer { ws.remove() }
        #expect(stderr.isEmpty, "\(stderr)")
        // The pasted line on page 2, centred on (300, 200): the line's box is centred at (100, 55).
        let page2 = try Self.picture(steps + #", {"select": "none"}"#)
        let direct = try Self.picture(##"{"tool": "line", "color": "#d01010", "width": 8}, {"stroke": [[240, 185], [360, 215]]}"##)
        let d = Self.differences(page2, direct)
        #expect(d.count == 0 || (d.count < 40 && d.most <= 2), "\(d)")
        // Delete, undone and redone: the pixels before and after each, exactly.
        let before = try Self.picture("\(Self.wave), {\"select\": \"all\"}")
        let deleted = try Self.picture("\(Self.wave), {\"select\": \"all\"}, {\"selection\": \"delete\"}")
        let undone = try Self.picture("\(Self.wave), {\"select\": \"all\"}, {\"selection\": \"delete\"}, {\"undo\": 1}")
        let redone = try Self.picture("\(Self.wave), {\"select\": \"all\"}, {\"selection\": \"delete\"}, {\"undo\": 1}, {\"redo\": 1}")
        #expect(undone.pixels == before.pixels && redone.pixels == deleted.pixels)
        #expect(!deleted.pixels.contains { $0 & 0xFFFFFF != 0xFFFFFF })
        let moved = try Self.picture("\(Self.wave), {\"select\": \"all\"}, {\"selection\": {\"rotate\": 45}}, {\"undo\": 1}")
        #expect(moved.pixels == before.pixels)
    }

    @Test func movedStrokesAreStillStrokesInTheDocumentAndTheVectors() throws {
        let steps = """
            \(Self.wave), {"tool": "eraser", "width": 20}, {"stroke": [[100, 20], [100, 140]]},
            {"select": "all"}, {"selection": {"rotate": 30}}, {"selection": {"move": [150, 120]}}
            """
        let (_, stderr, ws) = try Self.render(steps, output: "m.ora")
        defer { ws.remove() }
        #expect(stderr.isEmpty, "\(stderr)")
        // Reopened, the page is the same picture, and its stroke can be selected and moved again.
        try ws.write("r.json", #"{"version": 1, "open": "m.ora", "steps": []}"#)
        try ws.write("r2.json", #"{"version": 1, "open": "m.ora", "steps": [{"select": "all"}, {"selection": {"move": [-150, -120]}}]}"#)
        #expect(try BinaryRunner.run(["render", "r.json", "--output", "r.png"], in: ws.folder).status == 0)
        #expect(try BinaryRunner.run(["render", "r2.json", "--output", "r2.png"], in: ws.folder).status == 0)
        let original = try Self.picture(steps)
        let reopened = try PNGFile.decode(atPath: ws.path("r.png"))
        #expect(reopened.pixels == original.pixels)
        let back = try PNGFile.decode(atPath: ws.path("r2.png"))
        let rotatedOnly = try Self.picture("""
            \(Self.wave), {"tool": "eraser", "width": 20}, {"stroke": [[100, 20], [100, 140]]},
            {"select": "all"}, {"selection": {"rotate": 30}}
            """)
        let d = Self.differences(back, rotatedOnly)
        #expect(d.count == 0 || d.most <= 2, "\(d)")
        // As SVG: a path for the stroke, no picture of it.
        let (_, svgErr, svgWs) = try Self.render(steps, output: "m.svg")
        defer { svgWs.remove() }
        #expect(svgErr.isEmpty, "\(svgErr)")
        let svg = try String(contentsOfFile: svgWs.path("m.svg"), encoding: .utf8)
        #expect(svg.contains("<path"))
        #expect(!svg.contains("<image"), "the stroke is a vector, not a picture")
        // Read back by librsvg and poppler, the gap the eraser made went with the stroke.
        _ = try run("rsvg-convert", [svgWs.path("m.svg"), "-o", svgWs.path("svg.png")])
        let (_, pdfErr, pdfWs) = try Self.render(steps, output: "m.pdf")
        defer { pdfWs.remove() }
        #expect(pdfErr.isEmpty, "\(pdfErr)")
        _ = try run("pdftoppm", ["-r", "96", "-png", "-singlefile", pdfWs.path("m.pdf"), pdfWs.path("pdf")])
        for back in [try PNGFile.decode(atPath: svgWs.path("svg.png")), try PNGFile.decode(atPath: pdfWs.path("pdf.png"))] {
            let inkHere = original.pixels.indices.filter { original.pixels[$0] & 0xFFFFFF != 0xFFFFFF }
            let inkThere = back.pixels.indices.filter { back.pixels[$0] & 0xFFFFFF != 0xFFFFFF }
            #expect(back.size == original.size)
            // The same ink, give or take its antialiased edge: none where the gap is.
            #expect(abs(inkHere.count - inkThere.count) < inkHere.count / 10, "\(inkHere.count) / \(inkThere.count)")
            let gapAndNear = Set(inkHere)
            #expect(inkThere.filter { !gapAndNear.contains($0) && !gapAndNear.contains($0 - 1) && !gapAndNear.contains($0 + 1) }.count < 30)
        }
    }

    @Test(arguments: [
        (#"{"select": {"lasso": [[0, 0], [10, 10]]}}"#, "steps[2].select.lasso: has 2 points; a lasso needs at least 3"),
        (#"{"select": "all"}, {"selection": {"scale": 200}}"#, "steps[3].selection.scale: 200 is outside 0.01...100"),
        (#"{"select": "all"}, {"selection": {"move": [1, "x"]}}"#, "steps[3].selection.move: [1, \"x\"] is not a point [x, y] of two numbers"),
        (#"{"select": "none"}, {"selection": {"move": [10, 10]}}"#, "steps[3].selection: nothing is selected"),
        (#"{"paste": [10, 10]}"#, "steps[2].paste: nothing has been copied"),
        (#"{"select": "some"}"#, "steps[2].select: \"some\" is not a selection"),
        (#"{"selection": "explode"}"#, "steps[2].selection: \"explode\" is not something done to a selection"),
        (#"{"recognize": "yes"}"#, "steps[2].recognize: \"yes\" is not true or false"),
        (#"{"ruler": {"angle": 10}}"#, "steps[2].ruler.at: missing"),
    ])
    func badEditingStepsAreNamed(_ step: String, _ message: String) throws {
        let (image, stderr, ws) = try Self.render("\(Self.wave), \(step)")
        defer { ws.remove() }
        #expect(image == nil)
        #expect(stderr.contains(message), "\(stderr)")
        #expect(!ws.exists("out.png"))
    }

    @Test func recognizedStrokesComeOutAsTheShapesTheyMeant() throws {
        // A rectangle drawn by hand (a little wobble), corners (100, 80) and (360, 240).
        let rectangle = #"[[100, 80], [200, 82], [300, 79], [360, 80], [361, 160], [360, 240], [230, 241], [100, 240], [99, 160], [100, 84]]"#
        let pairs: [(String, String)] = [
            (#"{"recognize": true}, {"tool": "pencil", "width": 6}, {"stroke": \#(rectangle)}"#,
             #"{"tool": "rectangle", "width": 6}, {"stroke": [[100, 80], [360, 240]]}"#),
            (#"{"recognize": true}, {"tool": "pencil", "width": 6}, {"stroke": [[60, 60], [150, 101], [240, 140], [420, 221]]}"#,
             #"{"tool": "line", "width": 6}, {"stroke": [[60, 60], [420, 221]]}"#),
            (#"{"recognize": true}, {"tool": "pencil", "width": 6}, {"stroke": [[240, 40], [400, 260], [80, 260], [240, 44]]}"#,
             #"{"tool": "line", "width": 6}, {"stroke": [[240, 40], [400, 260]]}, {"stroke": [[400, 260], [80, 260]]}, {"stroke": [[80, 260], [240, 40]]}"#),
        ]
        for (steps, direct) in pairs {
            let a = try Self.picture(steps), b = try Self.picture(direct)
            let d = Self.differences(a, b)
            #expect(d.count == 0 || (d.count < 60 && d.most <= 3), "\(steps): \(d)")
        }
        // An ellipse drawn as points round its edge: the ellipse in its box.
        let points = (0...36).map { i -> String in
            let a = Double(i) / 36 * 2 * .pi
            return "[\(240 + 150 * cos(a)), \(160 + 90 * sin(a))]"
        }.joined(separator: ", ")
        let ellipse = try Self.picture(#"{"recognize": true}, {"tool": "pencil", "width": 6}, {"stroke": [\#(points)]}"#)
        let drawn = try Self.picture(#"{"tool": "ellipse", "width": 6}, {"stroke": [[90, 70], [390, 250]]}"#)
        let d = Self.differences(ellipse, drawn)
        #expect(d.count < 200 && d.most <= 40, "\(d)")
        // A scribble stays as drawn; undo takes a snap back to the hand-drawn stroke.
        let scribble = #"{"tool": "pencil", "width": 6}, {"stroke": [[60, 60], [120, 200], [180, 70], [240, 210], [300, 50], [330, 260]]}"#
        #expect(try Self.picture(#"{"recognize": true}, \#(scribble)"#).pixels == (try Self.picture(scribble)).pixels)
        let undone = try Self.picture(#"{"recognize": true}, {"tool": "pencil", "width": 6}, {"stroke": \#(rectangle)}, {"undo": 1}"#)
        let hand = try Self.picture(#"{"tool": "pencil", "width": 6}, {"stroke": \#(rectangle)}"#)
        #expect(undone.pixels == hand.pixels)
    }

    @Test func aStrokeStartedNearTheRulerGoesAlongItsEdge() throws {
        let ruled = try Self.picture(#"""
            {"ruler": {"at": [0, 100], "angle": 30}}, {"tool": "pencil", "width": 6},
            {"stroke": [[100, 170], [200, 230], [300, 260]]},
            {"stroke": [[40, 300], [120, 310]]}
            """#)
        // The projections of (100, 170) and (300, 260) on the line through (0, 100) at 30°.
        func project(_ x: Double, _ y: Double) -> (Double, Double) {
            let dx = cos(Double.pi / 6), dy = sin(Double.pi / 6)
            let t = x * dx + (y - 100) * dy
            return (t * dx, 100 + t * dy)
        }
        let a = project(100, 170), b = project(300, 260)
        let direct = try Self.picture("""
            {"tool": "line", "width": 6}, {"stroke": [[\(a.0), \(a.1)], [\(b.0), \(b.1)]]},
            {"tool": "pencil", "width": 6}, {"stroke": [[40, 300], [120, 310]]}
            """)
        let d = Self.differences(ruled, direct)
        #expect(d.count == 0 || (d.count < 40 && d.most <= 2), "\(d)")
        let off = try Self.picture(#"""
            {"ruler": {"at": [0, 100], "angle": 30}}, {"ruler": "off"}, {"tool": "pencil", "width": 6},
            {"stroke": [[100, 170], [200, 230], [300, 260]]}
            """#)
        #expect(Self.inked(off, 200, 230), "without the ruler the stroke is as drawn")
    }
}
