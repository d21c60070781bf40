import DrawingBoardCore
import Testing
@testable import DrawingBoardRender

@Suite struct ToolPixelTests {
    let white = argb("#ffffff")

    @Test func pencilFollowsASmoothCurveThroughItsSamples() throws {
        let editor = try makeEditor(200, 120)
        editor.use(.pencil, "#d01010", width: 6)
        editor.drag([(20, 80), (60, 30), (100, 80), (140, 30), (180, 80)])
        let img = try editor.picture()
        for (x, y) in [(20, 80), (60, 30), (100, 80), (140, 30), (180, 80)] {
            #expect(img.pixel(x: x, y: y) == argb("#d01010"), "sample (\(x), \(y)) is on the stroke")
        }
        // A polyline would cut straight from (20, 80) to (60, 30), through (49, 44). The curve
        // leaves (60, 30) level, so at x = 49 it runs near y = 36.6 instead.
        #expect(img.pixel(x: 49, y: 36) == argb("#d01010"))
        #expect(img.pixel(x: 49, y: 44) == white)
        #expect(img.pixel(x: 100, y: 20) == white)
        #expect(img.pixel(x: 5, y: 5) == white)
    }

    @Test func aTapLeavesARoundDot() throws {
        let editor = try makeEditor(60, 60)
        editor.use(.pencil, "#102030", width: 12)
        editor.drag([(30, 30), (30, 30)])
        let img = try editor.picture()
        #expect(img.pixel(x: 30, y: 30) == argb("#102030"))
        #expect(img.pixel(x: 34, y: 30) == argb("#102030"))
        #expect(img.pixel(x: 30, y: 25) == argb("#102030"))
        #expect(img.pixel(x: 30, y: 38) == white)
        // Round, not square: the box corner stays white.
        #expect(img.pixel(x: 35, y: 35) == white)
    }

    @Test func lineGoesFromPressToReleaseIgnoringTheDragPath() throws {
        let editor = try makeEditor(100, 100)
        editor.use(.line, "#0000ff", width: 4)
        editor.drag([(10, 10), (10, 90), (90, 10), (90, 90)])
        let img = try editor.picture()
        #expect(img.pixel(x: 50, y: 50) == argb("#0000ff"))
        #expect(img.pixel(x: 10, y: 10) == argb("#0000ff"))
        #expect(img.pixel(x: 10, y: 90) == white)
        #expect(img.pixel(x: 90, y: 10) == white)
    }

    @Test func dashedLineHasDashesAndGapsAboutThreeWidthsLong() throws {
        let width = 4.0
        let editor = try makeEditor(320, 40)
        editor.use(.dashedLine, "#000000", width: width)
        editor.drag([(10, 20), (310, 20)])
        let img = try editor.picture()
        var runs: [(ink: Bool, length: Int)] = []
        for x in 0..<320 {
            let ink = rgb(img.pixel(x: x, y: 20)).r < 128
            if let last = runs.last, last.ink == ink { runs[runs.count - 1].length += 1 } else { runs.append((ink, 1)) }
        }
        let inner = runs.dropFirst().dropLast()
        let dashes = inner.filter(\.ink).map(\.length), gaps = inner.filter { !$0.ink }.map(\.length)
        #expect(dashes.count >= 11, "a 300 px line has about 300 / 24 dashes")
        #expect(dashes.allSatisfy { abs(Double($0) - 3 * width) <= 2 }, "dashes \(dashes)")
        #expect(gaps.allSatisfy { abs(Double($0) - 3 * width) <= 2 }, "gaps \(gaps)")
    }

    @Test func rectangleIsTheSameOutlineWhicheverWayItIsDragged() throws {
        let a = try makeEditor(120, 100), b = try makeEditor(120, 100)
        a.use(.rectangle, "#10a010", width: 6)
        b.use(.rectangle, "#10a010", width: 6)
        a.drag([(20, 30), (60, 60), (100, 80)])
        b.drag([(100, 80), (20, 30)])
        let img = try a.picture()
        #expect(difference(img, try b.picture()) == nil)
        for (x, y) in [(20, 55), (100, 55), (60, 30), (60, 80), (20, 30), (100, 80)] {
            #expect(img.pixel(x: x, y: y) == argb("#10a010"), "edge (\(x), \(y))")
        }
        #expect(img.pixel(x: 60, y: 55) == white)
        #expect(img.pixel(x: 10, y: 20) == white)
        #expect(img.pixel(x: 110, y: 90) == white)
    }

    @Test func ellipseIsInscribedInTheDraggedBox() throws {
        let editor = try makeEditor(400, 200)
        editor.use(.ellipse, "#a010a0", width: 4)
        editor.drag([(300, 150), (250, 20), (100, 50)])
        let img = try editor.picture()
        for (x, y) in [(100, 100), (300, 100), (200, 50), (200, 150)] {
            #expect(img.pixel(x: x, y: y) == argb("#a010a0"), "side (\(x), \(y))")
        }
        #expect(img.pixel(x: 200, y: 100) == white)
        #expect(img.pixel(x: 104, y: 54) == white, "the box corner is outside the ellipse")
        #expect(img.pixel(x: 250, y: 20) == white, "drag positions are not drawn")
    }

    @Test func semiTransparentStrokeHasOneUniformOpacityWhereItCrossesItself() throws {
        let editor = try makeEditor(200, 200)
        editor.use(.pencil, "#0000ff", width: 20, opacity: 0.5)
        // A loop that crosses itself at (100, 100), with a sharp return along the same line.
        editor.drag([(20, 20), (180, 180), (180, 20), (20, 180), (20, 100), (60, 100), (20, 100)])
        let img = try editor.picture()
        let arm = img.pixel(x: 50, y: 50)
        let (r, g, b) = rgb(arm)
        #expect(abs(r - 128) <= 1 && abs(g - 128) <= 1 && b == 255, "half-transparent blue over white, got \(rgb(arm))")
        #expect(img.pixel(x: 100, y: 100) == arm, "the crossing is not darker")
        #expect(img.pixel(x: 180, y: 180) == arm, "the joint is not darker")
        #expect(img.pixel(x: 40, y: 100) == arm, "a stroke drawn back over itself is not darker")
    }

    @Test func twoSeparateTranslucentStrokesDoAddUp() throws {
        let editor = try makeEditor(100, 100)
        editor.use(.pencil, "#0000ff", width: 20, opacity: 0.5)
        editor.drag([(10, 50), (90, 50)])
        editor.drag([(50, 10), (50, 90)])
        let img = try editor.picture()
        #expect(rgb(img.pixel(x: 50, y: 50)).r < rgb(img.pixel(x: 20, y: 50)).r - 40)
    }

    @Test func eraserRevealsTheBackgroundColour() throws {
        let editor = try makeEditor(120, 120, background: .color(RGBColor(hex: "#3366cc")!))
        editor.use(.pencil, "#000000", width: 40)
        editor.drag([(10, 60), (110, 60)])
        editor.use(.eraser, width: 20)
        editor.drag([(60, 10), (60, 110)])
        let img = try editor.picture()
        #expect(img.pixel(x: 60, y: 60) == argb("#3366cc"))
        #expect(img.pixel(x: 20, y: 60) == argb("#000000"))
        #expect(alpha(editor.image.drawingLayer().pixel(x: 60, y: 60)) == 0, "erased pixels are transparent, not painted")
    }

    @Test func eraserEdgesFadeLikeAnyAntialiasedEdge() throws {
        let editor = try makeEditor(100, 60)
        editor.use(.pencil, "#000000", width: 60)
        editor.drag([(-10, 30), (110, 30)])
        editor.use(.eraser, width: 21)
        editor.drag([(50, -10), (50, 70)])
        let row = (30...45).map { alpha(editor.image.drawingLayer().pixel(x: $0, y: 30)) }
        // Ink, then a partly erased edge pixel, then nothing: CLEAR through the mask scales the
        // ink by (1 - coverage) instead of cutting a hard step.
        #expect(row.first == 255 && row.last == 0)
        #expect(row.contains { $0 > 0 && $0 < 255 }, "alphas \(row)")
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 >= $1 }, "alphas \(row)")
    }

    @Test func eraserRevealsTheBackgroundImageExactly() throws {
        let image = gradientImage(160, 100)
        let editor = try makeEditor(160, 100, background: .image(image, name: "gradient"))
        let plain = try editor.picture()
        editor.use(.pencil, "#ffffff", width: 60)
        editor.drag([(0, 50), (160, 50)])
        editor.use(.eraser, width: 30)
        editor.drag([(80, 0), (80, 100)])
        let img = try editor.picture()
        for y in stride(from: 30, through: 70, by: 10) {
            for x in 74...86 {
                #expect(img.pixel(x: x, y: y) == plain.pixel(x: x, y: y), "(\(x), \(y)) shows the image")
            }
        }
        #expect(img.pixel(x: 20, y: 50) == argb("#ffffff"))
    }

    @Test func imageBackgroundCoversTheCanvasKeepingItsAspect() throws {
        // A 40x20 image on a 100x100 canvas scales by 5 to 200x100, centred: 50 px cut off
        // each side.
        var pixels = [UInt32](repeating: argb("#ff0000"), count: 40 * 20)
        for y in 0..<20 { for x in 20..<40 { pixels[y * 40 + x] = argb("#0000ff") } }
        let editor = try makeEditor(100, 100, background: .image(RasterImage(width: 40, height: 20, pixels: pixels)!, name: "halves"))
        let img = try editor.picture()
        #expect(img.pixel(x: 0, y: 0) == argb("#ff0000"))
        #expect(img.pixel(x: 45, y: 99) == argb("#ff0000"))
        #expect(img.pixel(x: 55, y: 50) == argb("#0000ff"))
        #expect(img.pixel(x: 99, y: 99) == argb("#0000ff"))
    }

    @Test func changingTheBackgroundNeverAltersTheDrawing() throws {
        let editor = try makeEditor(100, 80)
        editor.use(.pencil, "#ff8800", width: 10)
        editor.drag([(10, 10), (90, 70)])
        editor.use(.eraser, width: 10)
        editor.drag([(10, 70), (90, 10)])
        let drawing = editor.image.drawingLayer()
        try editor.setBackground(.image(gradientImage(100, 80), name: "g"))
        try editor.setBackground(.color(RGBColor(hex: "#00ff00")!))
        #expect(difference(editor.image.drawingLayer(), drawing) == nil)
        let img = try editor.picture()
        #expect(img.pixel(x: 50, y: 40) == argb("#00ff00"), "the erased crossing shows the new background")
        #expect(img.pixel(x: 20, y: 18) == argb("#ff8800"))
        #expect(img.pixel(x: 5, y: 40) == argb("#00ff00"))
    }

    @Test func strokesOffTheCanvasAreClippedNotFatal() throws {
        let editor = try makeEditor(50, 50)
        editor.use(.pencil, width: 10)
        editor.drag([(-500, -500), (-400, -450)])
        editor.drag([(-20, 25), (70, 25)])
        let img = try editor.picture()
        #expect(img.pixel(x: 25, y: 25) == argb("#000000"))
        #expect(editor.strokes.count == 2 && editor.history.steps.count == 2, "every stroke is a step, as scripts count them")
        #expect(!editor.screen.strokeReachesPage(.mouse))
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(-100, -100)))
        #expect(!editor.screen.strokeReachesPage(.mouse))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(20, 20)))
        #expect(editor.screen.strokeReachesPage(.mouse), "a stroke that comes onto the page reaches it")
    }
}
