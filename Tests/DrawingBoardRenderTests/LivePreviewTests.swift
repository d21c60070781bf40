import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// What the window shows while a stroke is in progress, and what reaches the screen.
@Suite struct LivePreviewTests {
    private func shown(_ editor: Editor) throws -> RasterImage {
        let frame = try Frame(size: editor.size)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        // The window strokes the newest segments over the frame it composed.
        editor.screen.paintTails(into: frame)
        return RasterImage(width: editor.size.width, height: editor.size.height, pixels: frame.read(PixelRect(size: editor.size)))!
    }

    @Test func aStrokeInProgressShowsWithoutTouchingTheDrawing() throws {
        let editor = try makeEditor(200, 100)
        editor.use(.pencil, "#d01010", width: 10)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(100, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(180, 50)))
        var live = try shown(editor)
        #expect(live.pixel(x: 60, y: 50) == argb("#d01010"))
        // An opaque stroke runs one sample behind: the newest segment's shape is not final.
        #expect(editor.screen.strokesBehindPointer)
        #expect(live.pixel(x: 140, y: 50) == argb("#ffffff"))
        editor.screen.showRestingStrokes()
        #expect(!editor.screen.strokesBehindPointer)
        live = try shown(editor)
        #expect(live.pixel(x: 140, y: 50) == argb("#d01010"), "the pointer rests: the newest segment shows as it stands")
        #expect(alpha(editor.image.drawingLayer().pixel(x: 60, y: 50)) == 0, "nothing committed yet")
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(180, 50)))
        #expect(difference(try shown(editor), try editor.picture()) == nil, "after release the screen shows the committed picture")
    }

    @Test func thePreviewMatchesTheCommittedStroke() throws {
        let editor = try makeEditor(240, 200)
        editor.use(.pencil, "#2040a0", width: 14, opacity: 0.5)
        let samples = [(20.0, 30.0), (80, 170), (120, 40), (200, 180), (220, 20), (30, 120)]
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(samples[0].0, samples[0].1)))
        for s in samples.dropFirst() { editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(s.0, s.1))) }
        let live = try shown(editor)
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(30, 120)))
        let final = try editor.picture()
        let differing = zip(live.pixels, final.pixels).filter { a, b in
            let (x, y) = (rgb(a), rgb(b))
            return abs(x.r - y.r) > 8 || abs(x.g - y.g) > 8 || abs(x.b - y.b) > 8
        }.count
        // Only antialiased edge pixels where segments meet may differ slightly.
        #expect(differing < 40, "\(differing) pixels differ between the preview and the result")
    }

    @Test func theEraserPreviewRevealsTheBackground() throws {
        let editor = try makeEditor(100, 100, background: .color(RGBColor(hex: "#00aa00")!))
        editor.use(.pencil, "#000000", width: 50)
        editor.drag([(0, 50), (100, 50)])
        editor.use(.eraser, width: 20)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(50, 0)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(50, 100)))
        #expect(try shown(editor).pixel(x: 50, y: 50) == argb("#00aa00"))
        #expect(try editor.picture().pixel(x: 50, y: 50) == argb("#000000"), "not erased until released")
        editor.cancelAll()
        #expect(try shown(editor).pixel(x: 50, y: 50) == argb("#000000"), "a cancelled eraser leaves no mark")
    }

    @Test func eachSampleDirtiesOnlyTheNewPieceOfStroke() throws {
        let editor = try makeEditor(1920, 1080)
        editor.use(.pencil, "#000000", width: 6, opacity: 0.8)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(10, 500)))
        _ = editor.screen.takeDirtyRect()
        var largest = 0
        for i in 1...300 {
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(10 + Double(i) * 6, 500 + Double(i % 7))))
            largest = max(largest, editor.screen.takeDirtyRect()?.area ?? 0)
        }
        // Three 6 px segments plus the pen's radius: a few hundred pixels, not the canvas.
        #expect(largest > 0 && largest < 40 * 40, "largest dirty area \(largest) px")
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(1810, 500)))
        #expect((editor.screen.takeDirtyRect()?.width ?? 0) >= 1790, "the commit dirties the whole stroke")
    }

    @Test func aLiveStrokeShowsThroughAZoomedView() throws {
        let editor = try makeEditor(200, 100)
        let view = ViewTransform(scale: 2, offset: Point(-100, -50))   // canvas (50, 25) at window (0, 0)
        for (tool, expected) in [(Tool.pencil, argb("#d01010")), (Tool.eraser, argb("#ffffff"))] {
            if tool == .eraser {
                editor.use(.pencil, "#000000", width: 30)
                editor.drag([(50, 50), (150, 50)])
            }
            editor.use(tool, "#d01010", width: 6)
            editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(60, 50)))
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(140, 50)))
            editor.screen.showRestingStrokes()
            let frame = try Frame(size: PixelSize(width: 200, height: 100))
            editor.screen.compose(into: frame, area: PixelRect(x: 0, y: 0, width: 200, height: 100), view: view)
            editor.screen.paintTails(into: frame, view: view)
            let px = frame.read(PixelRect(x: 0, y: 0, width: 200, height: 100))
            // Canvas (100, 50) is window (100, 50); the stroke is 12 window pixels thick.
            #expect(px[50 * 200 + 100] == expected, "\(tool) at the centre: \(String(px[50 * 200 + 100], radix: 16))")
            #expect(px[55 * 200 + 100] == expected, "\(tool), 5 window px off the line")
            // 16 window px off the line: beyond the live stroke (white paper; the black stroke the
            // eraser is cutting).
            #expect(px[66 * 200 + 100] == (tool == .pencil ? argb("#ffffff") : argb("#000000")))
            editor.cancelAll()
        }
    }

    @Test func aSampleRedrawsOnlyItsNeighbourhoodHoweverLongTheStroke() throws {
        let editor = try makeEditor(1600, 1000)
        editor.use(.pencil, "#000000", width: 6, opacity: 0.8)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 20)))
        // 6,000 samples, row after row, then one more crossing the first rows again.
        for i in 1..<6000 {
            let row = i / 500, x = Double(i % 500) * 3
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(20 + (row % 2 == 0 ? x : 1500 - x), 20 + Double(row) * 40)))
        }
        #expect((editor.input.strokes[.mouse]?.lastRedrawCount ?? 0) <= 6, "\(editor.input.strokes[.mouse]?.lastRedrawCount ?? -1) segments redrawn")
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(300, 25)))
        let crossing = editor.input.strokes[.mouse]?.lastRedrawCount ?? 0
        #expect(crossing > 2, "a sample crossing old rows redraws the segments under it too: \(crossing)")
    }

    @Test func growingTheCanvasKeepsTheDrawingAndTheHistory() throws {
        let editor = try makeEditor(100, 70)
        editor.use(.pencil, "#ff0000", width: 10)
        editor.drag([(10, 10), (90, 60)])
        let before = try editor.picture()
        try editor.grow(toFit: PixelSize(width: 300, height: 50))
        #expect(editor.size == PixelSize(width: 300, height: 70))
        let after = try editor.picture()
        for y in 0..<70 { for x in 0..<100 { if after.pixel(x: x, y: y) != before.pixel(x: x, y: y) { Issue.record("(\(x), \(y)) changed"); return } } }
        #expect(after.pixel(x: 250, y: 30) == argb("#ffffff"))
        editor.drag([(150, 10), (290, 60)])
        try editor.undo()
        try editor.undo()
        #expect(try editor.picture().pixel(x: 50, y: 35) == argb("#ffffff"))
        try editor.redo()
        #expect(try editor.picture().pixel(x: 50, y: 35) == argb("#ff0000"))
        // Shrinking never crops, and a size the page holds already changes nothing: a stroke
        // being drawn goes on.
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 40)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(120, 40)))
        try editor.grow(toFit: PixelSize(width: 10, height: 10))
        #expect(editor.size == PixelSize(width: 300, height: 70))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(220, 40)))
        #expect(editor.strokes.count == 2)
        #expect(try editor.picture().pixel(x: 200, y: 40) == argb("#ff0000"), "the stroke went on through the grow")
    }

    @Test func aFrameWrappingForeignPixelsIsPaintedInPlace() throws {
        let editor = try makeEditor(8, 4, background: .color(RGBColor(hex: "#123456")!))
        var pixels = [UInt32](repeating: 0, count: 10 * 4)
        try pixels.withUnsafeMutableBytes { raw in
            let frame = try Frame(wrapping: raw.baseAddress!, size: PixelSize(width: 10, height: 4), stride: 40)
            editor.screen.compose(into: frame, area: PixelRect(x: 2, y: 1, width: 3, height: 2))
            frame.flush()
        }
        #expect(pixels[1 * 10 + 2] & 0xFFFFFF == 0x123456)
        #expect(pixels[0] == 0, "outside the area nothing is painted")
        #expect(pixels[1 * 10 + 5] == 0)
    }

    // MARK: Opaque strokes painted straight onto the screen

    /// Draws `points` as an opaque stroke, painting each piece onto `frame` the way the window
    /// does; returns how many pieces there were.
    private func paintLive(_ editor: Editor, _ frame: Frame, _ points: [Point]) -> Int {
        var pieces = 0
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: points[0]))
        for p in points.dropFirst() {
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: p))
            let taken = editor.screen.takeIncrements()
            pieces += taken.count
            editor.screen.paint(taken, into: frame)
            #expect(editor.screen.takeDirtyRect() == nil, "an opaque pencil sample composes nothing again")
        }
        return pieces
    }

    @Test func opaquePiecesPaintedOnTheScreenMatchTheComposedPicture() throws {
        let editor = try makeInkedEditor()
        let frame = try editor.composedFrame()
        let points = (0..<60).map { i in Point(20 + Double(i) * 4.3, 100 + 70 * sin(Double(i) / 6)) }
        #expect(paintLive(editor, frame, points) == points.count - 1, "a dot, then one piece per sample but the second")
        editor.screen.showRestingStrokes()
        editor.screen.paintTails(into: frame)
        let painted = frame.read(PixelRect(size: editor.size))
        let composed = try shown(editor)
        let differing = zip(painted, composed.pixels).filter { a, b in
            let (x, y) = (rgb(a), rgb(b))
            return max(abs(x.r - y.r), abs(x.g - y.g), abs(x.b - y.b)) > 2      // beyond rounding
        }.map(\.1)
        // Pieces meet with round caps, so antialiased edge pixels at the joins get their
        // coverage twice; a pixel fully inked or untouched on the composed screen never differs.
        let pure: Set<UInt32> = [argb("#1040c0"), argb("#000000"), argb("#f0e0c0")]
        #expect(!differing.contains { pure.contains($0) }, "only edge pixels may differ")
        // Where two round caps overlap, about half the cap's rim: π·9/2 ≈ 14 px, so < 12 a join.
        #expect(differing.count < 12 * points.count, "\(differing.count) edge pixels differ")
        let end = points[points.count - 1]
        #expect(composed.pixel(x: Int(end.x), y: Int(end.y)) == argb("#1040c0"))
        #expect(painted[Int(end.y) * 300 + Int(end.x)] == argb("#1040c0"), "the resting tail reached the pointer")
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: end))
        #expect(editor.screen.takeDirtyRect() != nil, "the commit composes the stroke's area again, exactly")
    }

    @Test func composingUnderAStrokeInProgressCatchesItsMaskUp() throws {
        let editor = try makeEditor(200, 100)
        editor.use(.pencil, "#d01010", width: 10)
        let frame = try Frame(size: editor.size)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        _ = paintLive(editor, frame, [Point(10, 50), Point(60, 50), Point(110, 50), Point(160, 50)])
        // Something else (a bar sliding, a second finger) composes the area again: the stroke
        // must still be there, from its mask.
        editor.screen.compose(into: frame, area: PixelRect(x: 0, y: 0, width: 200, height: 100))
        let px = frame.read(PixelRect(size: editor.size))
        #expect(px[50 * 200 + 35] == argb("#d01010"))
        #expect(px[50 * 200 + 85] == argb("#d01010"))
        #expect(px[50 * 200 + 135] == argb("#ffffff"), "the newest segment waits for its next sample")
        // The pointer rests: the tail shows, and after a later compose it is stroked again.
        editor.screen.showRestingStrokes()
        editor.screen.paintTails(into: frame)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        editor.screen.paintTails(into: frame)
        #expect(frame.read(PixelRect(size: editor.size))[50 * 200 + 135] == argb("#d01010"))
        // The next sample reshapes the tail: it comes off, and the segment goes on final.
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(160, 90)))
        let again = try #require(editor.screen.takeDirtyRect())
        #expect(again.contains(x: 135, y: 50))
        editor.cancelAll()
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        #expect(frame.read(PixelRect(size: editor.size))[50 * 200 + 85] == argb("#ffffff"), "a cancelled stroke leaves no mark")
    }

    /// A stroke that ends, or is cancelled, hands its mask, cleared, to the next one: the next
    /// stroke marks only its own shape, whatever the tool, and a mask grown large is not kept.
    @Test func theNextStrokeGetsTheLastMaskCleared() throws {
        let editor = try makeEditor(400, 300)
        // A translucent stroke, drawn into its mask as it goes, then cancelled.
        editor.use(.pencil, "#ff00ff", width: 30, opacity: 0.5)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 100)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(360, 100)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(360, 280)))
        let cancelledStroke = try #require(editor.input.strokes[.mouse])
        let cancelled = cancelledStroke.coverage
        #expect(cancelled.surface.hasContent(in: PixelRect(x: 350, y: 200, width: 20, height: 20)))
        editor.cancelAll()
        // Retired again, it keeps no second copy of its mask: two strokes get two masks.
        editor.input.retire(cancelledStroke)
        editor.handle(PointerEvent(source: .finger(1), phase: .down, position: Point(200, 200)))
        editor.handle(PointerEvent(source: .finger(2), phase: .down, position: Point(300, 200)))
        #expect(try #require(editor.input.strokes[.finger(1)]).coverage === cancelled)
        #expect(try #require(editor.input.strokes[.finger(2)]).coverage !== cancelled)
        editor.input.cancel(.finger(2))
        editor.input.cancel(.finger(1))
        editor.use(.pencil, "#000000", width: 12)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 50)))
        #expect(try #require(editor.input.strokes[.mouse]).coverage === cancelled)
        #expect(!cancelled.surface.hasContent(in: cancelled.surface.covered), "nothing left of the cancelled stroke")
        for x in stride(from: 60.0, through: 360, by: 20) { editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(x, 50))) }
        let mask = try #require(editor.input.strokes[.mouse]).coverage
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(360, 50)))
        // Translucent red, a highlighter and a rectangle, each on the paper below the line.
        for (tool, colour, opacity, y) in [(Tool.pencil, "#ff0000", 0.5, 150.0), (.highlighter, "#00ff00", 1, 200), (.rectangle, "#0000ff", 1, 250)] {
            editor.use(tool, colour, width: 12, opacity: opacity)
            editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, y)))
            let live = try #require(editor.input.strokes[.mouse])
            #expect(live.coverage === mask, "\(tool): the mask of the stroke before")
            #expect(!live.mask.hasContent(in: live.mask.covered.intersection(PixelRect(x: 0, y: 0, width: 400, height: Int(y) - 20)) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)),
                    "\(tool): nothing of the strokes before")
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(200, y + 4)))
            editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(360, y + 8)))
        }
        let picture = try editor.picture()
        #expect(picture.pixel(x: 200, y: 50) == argb("#000000"), "the first line keeps its colour")
        #expect(picture.pixel(x: 200, y: 100) == argb("#ffffff"), "the paper between stays paper")
        let red = rgb(picture.pixel(x: 120, y: 152))
        #expect(red.r == 255 && abs(red.g - 128) <= 1 && abs(red.b - 128) <= 1, "the translucent stroke at half: \(red)")
        // The same strokes on a fresh editor, one each: the same picture.
        let fresh = try makeEditor(400, 300)
        fresh.use(.pencil, "#000000", width: 12)
        fresh.drag([(40, 50)] + stride(from: 60.0, through: 360, by: 20).map { ($0, 50) })
        for (tool, colour, opacity, y) in [(Tool.pencil, "#ff0000", 0.5, 150.0), (.highlighter, "#00ff00", 1, 200), (.rectangle, "#0000ff", 1, 250)] {
            let alone = try makeEditor(400, 300)
            alone.use(tool, colour, width: 12, opacity: opacity)
            alone.drag([(40, y), (200, y + 4), (360, y + 8)])
            _ = try fresh.perform(.stroke(try #require(alone.strokes.last)))
        }
        #expect(difference(picture, try fresh.picture()) == nil)
        // A stroke far from the last starts its mask over its own reach, not over both.
        let page = try makeEditor(1920, 1080)
        page.use(.pencil, "#000000", width: 8, opacity: 0.5)
        page.drag([(40, 40), (200, 60), (360, 40)])
        page.handle(PointerEvent(source: .mouse, phase: .down, position: Point(1500, 1000)))
        page.handle(PointerEvent(source: .mouse, phase: .move, position: Point(1700, 1040)))
        let far = try #require(page.input.strokes[.mouse]).mask
        #expect(far.covered.intersection(PixelRect(x: 0, y: 0, width: 400, height: 100)) == nil, "\(far.covered)")
        #expect(far.hasContent(in: PixelRect(x: 1550, y: 1000, width: 100, height: 40)))
        page.handle(PointerEvent(source: .mouse, phase: .up, position: Point(1800, 1000)))
        // A stroke across a large page grows its mask past what is kept: the next gets a new one.
        let large = try makeEditor(3000, 2000)
        large.use(.pencil, "#000000", width: 12)
        large.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 50)))
        large.handle(PointerEvent(source: .mouse, phase: .move, position: Point(2900, 1900)))
        let grown = try #require(large.input.strokes[.mouse]).coverage
        large.handle(PointerEvent(source: .mouse, phase: .up, position: Point(2950, 1950)))
        #expect(grown.surface.size.area > StrokeMask.keptArea)
        large.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 50)))
        let small = try #require(large.input.strokes[.mouse]).coverage
        #expect(small !== grown)
        large.handle(PointerEvent(source: .mouse, phase: .up, position: Point(60, 50)))
        large.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 50)))
        #expect(try #require(large.input.strokes[.mouse]).coverage === small, "a small mask is kept")
    }
}
