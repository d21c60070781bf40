import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// The stroke eraser, the highlighter, the eyedropper, the shape helpers and smoothing, on pixels.
@Suite struct MoreToolsTests {
    let white = argb("#ffffff")

    // MARK: Stroke eraser

    /// A diagonal stroke from (20, 20) to (180, 180) and a horizontal one lower down.
    private func twoStrokes(_ editor: Editor) {
        editor.use(.pencil, "#d01010", width: 8)
        editor.drag([(20, 20), (100, 100), (180, 180)])
        editor.use(.pencil, "#1040c0", width: 8)
        editor.drag([(20, 190), (180, 190)])
    }

    @Test func theStrokeEraserRemovesWholeStrokesItTouchesInOneStep() throws {
        let editor = try makeEditor(200, 200)
        twoStrokes(editor)
        let before = try editor.picture()
        editor.use(.strokeEraser, width: 10)
        // Touches the diagonal at its middle only.
        editor.drag([(90, 110), (110, 90)])
        let after = try editor.picture()
        #expect(after.pixel(x: 40, y: 40) == white, "the whole diagonal went, far from where it was touched")
        #expect(after.pixel(x: 160, y: 160) == white)
        #expect(after.pixel(x: 100, y: 190) == argb("#1040c0"), "the untouched stroke stays")
        #expect(editor.strokes.count == 1)
        try editor.undo()
        #expect(difference(try editor.picture(), before) == nil, "one undo puts it back exactly")
        #expect(editor.strokes.map(\.style.color.hex) == ["#d01010", "#1040c0"], "in its place in the list")
        try editor.redo()
        #expect(difference(try editor.picture(), after) == nil)
    }

    @Test func itHitsTheOutlineNotTheBoundingBox() throws {
        let editor = try makeEditor(200, 200)
        editor.use(.pencil, "#d01010", width: 8)
        editor.drag([(20, 20), (100, 100), (180, 180)])
        editor.use(.strokeEraser, width: 10)
        // Inside the diagonal's box, 50 px from its line.
        editor.drag([(150, 40), (160, 50)])
        #expect(editor.strokes.count == 1, "a miss inside the box removes nothing")
        #expect(editor.canUndo && editor.history.stateID != 0)
        let steps = editor.history.stateID
        #expect(try editor.picture().pixel(x: 100, y: 100) == argb("#d01010"))
        // Half the stroke width plus the eraser's radius is 9 px: 9.9 px off misses, 8.5 hits.
        editor.drag([(107, 93), (107, 93)])
        #expect(editor.strokes.count == 1, "a touch 9.9 px from the centre line misses")
        editor.drag([(106, 94), (106, 94)])
        #expect(editor.strokes.isEmpty, "a touch 8.5 px from the centre line removes it")
        #expect(editor.history.stateID != steps)
    }

    @Test func pixelEraserCutsStayWhenAnotherStrokeIsRemoved() throws {
        let editor = try makeEditor(200, 100, background: .color(RGBColor(hex: "#00aa00")!))
        editor.use(.pencil, "#000000", width: 20)
        editor.drag([(10, 50), (190, 50)])
        editor.use(.eraser, width: 10)
        editor.drag([(100, 10), (100, 90)])
        editor.use(.pencil, "#d01010", width: 6)
        editor.drag([(20, 20), (180, 20)])
        editor.use(.strokeEraser, width: 6)
        editor.drag([(60, 15), (60, 25)])
        let img = try editor.picture()
        #expect(img.pixel(x: 60, y: 20) == argb("#00aa00"), "the red stroke went")
        #expect(img.pixel(x: 100, y: 50) == argb("#00aa00"), "the eraser's cut through the black stroke is still there")
        #expect(img.pixel(x: 60, y: 50) == argb("#000000"))
    }

    @Test func itWorksAfterABackgroundImageChangeAndAfterReopening() throws {
        let editor = try makeEditor(120, 80)
        editor.use(.pencil, "#d01010", width: 8)
        editor.drag([(10, 40), (110, 40)])
        try editor.setBackground(.image(gradientImage(120, 80), name: "g.png"))
        editor.use(.strokeEraser, width: 8)
        editor.drag([(60, 30), (60, 50)])
        let bg = editor.image.backgroundLayerImage()
        #expect(try editor.picture().pixel(x: 30, y: 40) == bg.pixel(x: 30, y: 40), "the image shows where the stroke was")
        try editor.undo()

        let reopened = try Editor(document: editor.image.contents())
        #expect(reopened.strokes.count == 1)
        reopened.use(.strokeEraser, width: 8)
        reopened.drag([(60, 30), (60, 50)])
        #expect(reopened.strokes.isEmpty)
        #expect(try reopened.picture().pixel(x: 30, y: 40) == bg.pixel(x: 30, y: 40))
        try reopened.undo()
        #expect(try reopened.picture().pixel(x: 30, y: 40) == argb("#d01010"))
    }

    @Test func pixelsNoStrokeExplainsSurviveTheStrokeEraser() throws {
        // A document another app drew: blue pixels and no stroke data.
        let foreign = RasterImage(width: 100, height: 60, pixels: [UInt32](repeating: argb("#2040c0"), count: 6000))!
        let document = DocumentContents(size: PixelSize(width: 100, height: 60), background: .color(.white), drawing: foreign, strokes: [])
        let editor = try Editor(document: document)
        editor.use(.pencil, "#d01010", width: 6)
        editor.drag([(10, 30), (90, 30)])
        editor.use(.strokeEraser, width: 6)
        editor.drag([(50, 20), (50, 40)])
        let img = try editor.picture()
        #expect(img.pixel(x: 30, y: 30) == argb("#2040c0"), "the other app's pixels come back under the removed stroke")
        #expect(img.pixel(x: 5, y: 5) == argb("#2040c0"))

        // Saved and reopened, the strokes drawn on the other app's picture can still go: the
        // document keeps the pixels under them.
        let saved = editor.image.contents()
        #expect(saved.base != nil)
        let later = try Editor(document: saved)
        later.use(.pencil, "#000000", width: 6)
        later.drag([(10, 50), (90, 50)])
        let drawn = try later.picture()
        later.use(.strokeEraser, width: 6)
        later.drag([(50, 45), (50, 55)])
        #expect(later.strokes.isEmpty, "the stroke drawn before the save went too")
        #expect(try later.picture().pixel(x: 30, y: 50) == argb("#2040c0"))
        try later.undo()
        #expect(difference(try later.picture(), drawn) == nil)

        // A document whose drawing is more than its strokes: its strokes are part of the
        // pixels and stay; strokes drawn now can still be removed.
        let mixed = try Editor(document: DocumentContents(size: document.size, background: .color(.white), drawing: img, strokes: [
            Stroke(id: 9, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#00ff00")!, width: 4), points: [Point(0, 0), Point(5, 5)]),
        ]))
        mixed.use(.pencil, "#000000", width: 6)
        mixed.drag([(10, 50), (90, 50)])
        mixed.use(.strokeEraser, width: 100)
        mixed.drag([(50, 30), (50, 31)])
        #expect(mixed.strokes.map(\.id) == [9], "only the new stroke could go")
        let mixedImage = try mixed.picture()
        #expect(mixedImage.pixel(x: 30, y: 50) == argb("#2040c0"))
        #expect(mixedImage.pixel(x: 30, y: 30) == argb("#2040c0"))
    }

    @Test func strokesOfAMixedDocumentAreNotPaintedTwice() throws {
        // Another app's blue pixels with one translucent stroke of ours over them.
        let foreign = RasterImage(width: 100, height: 60, pixels: [UInt32](repeating: argb("#2040c0"), count: 6000))!
        let first = try Editor(document: DocumentContents(size: PixelSize(width: 100, height: 60), background: .color(.white), drawing: foreign, strokes: []))
        first.use(.pencil, "#ffffff", width: 10, opacity: 0.5)
        first.drag([(10, 20), (90, 20)])
        var saved = first.image.contents()
        // Saved without the pixels under its strokes (as before DrawingBoard kept them):
        // reopened, the strokes do not explain the blue, so the drawing is the base.
        saved.base = nil
        saved.bakedStrokes = []
        let editor = try Editor(document: saved)
        let before = try editor.picture()
        editor.use(.pencil, "#000000", width: 6)
        editor.drag([(10, 22), (90, 22)])
        editor.use(.strokeEraser, width: 4)
        editor.drag([(50, 22), (50, 22)])
        #expect(editor.strokes.count == 1, "the new stroke went; the old one is part of the pixels")
        #expect(difference(try editor.picture(), before) == nil, "the translucent stroke is not laid on twice")
    }

    @Test func aStrokeKeepsToTheCanvasItWasDrawnOnWhenTheCanvasGrows() throws {
        let editor = try makeEditor(100, 100)
        editor.use(.pencil, "#d01010", width: 8)
        editor.drag([(50, 50), (100, 50), (150, 50)])
        #expect(editor.strokes[0].clip == PixelSize(width: 100, height: 100))
        editor.drag([(20, 80), (60, 80)])
        try editor.grow(toFit: PixelSize(width: 200, height: 100))
        #expect(try editor.picture().pixel(x: 130, y: 50) == white)
        // Removing the second stroke repaints tiles the first crosses: it must stay cut off.
        editor.use(.strokeEraser, width: 4)
        editor.drag([(40, 80), (40, 80)])
        #expect(editor.strokes.count == 1)
        let img = try editor.picture()
        #expect(img.pixel(x: 90, y: 50) == argb("#d01010"))
        #expect(img.pixel(x: 110, y: 50) == white, "beyond the old edge nothing was ever drawn")
    }

    /// Annotations stay on the spot of the background image they were drawn on when the canvas
    /// grows (a window made larger); an image with nothing drawn on it is fitted to the new size.
    @Test func aBackgroundImageStaysUnderItsDrawingWhenTheCanvasGrows() throws {
        let bare = try makeEditor(120, 80, background: .image(gradientImage(120, 80), name: "g.png"))
        let before = bare.image.backgroundLayerImage()
        try bare.grow(toFit: PixelSize(width: 240, height: 120))
        #expect(bare.image.backgroundLayerImage().pixel(x: 60, y: 40) != before.pixel(x: 60, y: 40), "nothing drawn: fitted again")

        let editor = try makeEditor(120, 80, background: .image(gradientImage(120, 80), name: "g.png"))
        editor.use(.pencil, "#000000", width: 4)
        editor.drag([(10, 10), (20, 20)])
        let under = editor.image.backgroundLayerImage()
        try editor.grow(toFit: PixelSize(width: 240, height: 120))
        let grown = editor.image.backgroundLayerImage()
        #expect(grown.size == PixelSize(width: 240, height: 120))
        for (x, y) in [(0, 0), (60, 40), (119, 79)] {
            #expect(grown.pixel(x: x, y: y) == under.pixel(x: x, y: y), "the image did not move under the drawing at (\(x), \(y))")
        }
        #expect(grown.pixel(x: 200, y: 100) == argb("#ffffff"), "the new room is white paper")
        #expect(try editor.picture().pixel(x: 15, y: 15) == argb("#000000"))
        // Undo and redo of the stroke leave the background where it is.
        try editor.undo()
        try editor.redo()
        #expect(editor.image.backgroundLayerImage() == grown)
    }

    @Test func aPointerKeepsTheToolItWentDownWith() throws {
        let editor = try makeEditor(200, 100)
        editor.use(.pencil, "#000000", width: 6)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(100, 50)))
        editor.toolState.tool = .strokeEraser           // X pressed mid-stroke
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(150, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(180, 50)))
        #expect(editor.strokes.count == 1 && editor.strokes[0].points.count == 4, "the pencil stroke was committed whole")
        // While the stroke eraser is down, other pointers do not draw (its step holds the tiles
        // from before it), and it does not start while another pointer draws.
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 90)))
        editor.toolState.tool = .pencil
        editor.drag([(10, 10), (190, 10)], source: .finger(1))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(100, 90)))
        #expect(editor.strokes.count == 1, "the finger's stroke was refused")
        editor.handle(PointerEvent(source: .finger(2), phase: .down, position: Point(10, 30)))
        editor.toolState.tool = .strokeEraser
        editor.drag([(100, 40), (100, 60)])
        #expect(editor.strokes.count == 1, "no erasing while a stroke is being drawn")
        editor.handle(PointerEvent(source: .finger(2), phase: .up, position: Point(190, 30)))
        #expect(editor.strokes.count == 2)
        // A lost release: the next press ends the gesture as one step.
        let steps = editor.history.stateID
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 30)))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(100, 30)))
        #expect(editor.strokes.isEmpty)
        try editor.undo()
        #expect(editor.strokes.count == 1 && editor.history.stateID != steps)
        try editor.undo()
        #expect(editor.strokes.count == 2)
    }

    @Test func aCancelledStrokeEraserGesturePutsEverythingBack() throws {
        let editor = try makeEditor(200, 200)
        twoStrokes(editor)
        let before = try editor.picture()
        editor.use(.strokeEraser, width: 10)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 100)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(100, 195)))
        #expect(editor.strokes.isEmpty, "strokes go as the eraser touches them")
        editor.handle(PointerEvent(source: .mouse, phase: .cancel, position: Point(100, 195)))
        #expect(difference(try editor.picture(), before) == nil)
        #expect(editor.strokes.count == 2)
    }

    @Test func theJournalReplaysAStrokeEraserGesture() throws {
        let editor = try makeEditor(200, 200)
        var records: [HistoryEvent] = []
        editor.recorder = { records.append($0) }
        twoStrokes(editor)
        editor.use(.strokeEraser, width: 10)
        editor.drag([(90, 110), (110, 90)])
        let replayed = try makeEditor(200, 200)
        for r in records { try replayed.replay(r) }
        #expect(difference(try replayed.picture(), try editor.picture()) == nil)
        #expect(replayed.strokes == editor.strokes)
    }

    // MARK: Highlighter

    @Test func theHighlighterMultipliesSoLinesUnderItStayReadable() throws {
        let editor = try makeEditor(200, 100)
        editor.use(.pencil, "#000000", width: 6)
        editor.drag([(100, 10), (100, 90)])
        editor.use(.pencil, "#4080ff", width: 6)
        editor.drag([(150, 10), (150, 90)])
        editor.use(.highlighter, "#ffee00", width: 30, opacity: 1)
        editor.drag([(10, 50), (190, 50)])
        let img = try editor.picture()
        #expect(img.pixel(x: 100, y: 50) == argb("#000000"), "black under the marker stays black")
        #expect(img.pixel(x: 50, y: 50) == argb("#ffee00"), "on white paper it is the marker's colour")
        // Multiply: (0x40, 0x80, 0xff) x (0xff, 0xee, 0x00) = (0x40, 0x77, 0x00).
        let blue = rgb(img.pixel(x: 150, y: 50))
        #expect(abs(blue.r - 0x40) <= 1 && abs(blue.g - 0x77) <= 1 && blue.b <= 1, "\(blue)")
    }

    @Test func aHighlighterStrokeHasOneOpacityWhereItCrossesItself() throws {
        let editor = try makeEditor(200, 200)
        editor.use(.highlighter, "#ff0000", width: 30, opacity: 0.5)
        editor.drag([(20, 100), (180, 100), (100, 20), (100, 180)])
        let img = try editor.picture()
        let once = img.pixel(x: 40, y: 100), crossing = img.pixel(x: 100, y: 100)
        #expect(once == crossing, "\(String(once, radix: 16)) vs \(String(crossing, radix: 16))")
        #expect(rgb(once).r == 255 && abs(rgb(once).g - 128) <= 1, "half-strength red on white")
        // A second stroke over it does darken it: strokes stack, a stroke does not.
        editor.drag([(20, 100), (60, 100)])
        #expect(rgb(try editor.picture().pixel(x: 40, y: 100)).g < 100)
    }

    /// A background image with "text": black bars on light grey, as a scanned page.
    private func scannedPage() -> Background {
        var pixels = [UInt32](repeating: 0xFFE0_E0E0, count: 200 * 100)
        for y in 44..<56 { for x in 20..<180 where x % 20 < 12 { pixels[y * 200 + x] = 0xFF00_0000 } }
        return .image(RasterImage(width: 200, height: 100, pixels: pixels)!, name: "page.png")
    }

    @Test func theHighlighterMultipliesIntoTheBackgroundToo() throws {
        let editor = try makeEditor(200, 100, background: scannedPage())
        editor.use(.highlighter, "#ffee00", width: 30, opacity: 0.6)
        editor.drag([(10, 50), (190, 50)])
        let img = try editor.picture()
        #expect(img.pixel(x: 25, y: 50) == argb("#000000"), "text in the background stays black under the marker")
        // Light grey paper: e0 x (1, 0.96, 0.4) = (e0, d7, 5a).
        let paper = rgb(img.pixel(x: 35, y: 50))
        #expect(abs(paper.r - 0xE0) <= 1 && abs(paper.g - 0xD7) <= 1 && abs(paper.b - 0x5A) <= 1, "\(paper)")
        #expect(img.pixel(x: 35, y: 20) == argb("#e0e0e0"), "beside the marker nothing changes")
        #expect(alpha(editor.image.drawingLayer().pixel(x: 35, y: 50)) == 0, "nothing appears in the drawing where nothing was drawn")
        #expect(editor.image.color(at: Point(35, 50)).map { rgb($0.argb) }.map { abs($0.g - 0xD7) <= 1 && abs($0.b - 0x5A) <= 1 } == true,
                "the eyedropper sees the marked paper")
        // Undo takes the marker off the paper, redo puts it back.
        try editor.undo()
        #expect(try editor.picture().pixel(x: 35, y: 50) == argb("#e0e0e0"))
        try editor.redo()
        #expect(try editor.picture() == img)
        // The eraser takes it off the paper as well.
        editor.use(.eraser, width: 10)
        editor.drag([(35, 30), (35, 70)])
        #expect(try editor.picture().pixel(x: 35, y: 50) == argb("#e0e0e0"), "erased down to the plain background")
        #expect(try editor.picture().pixel(x: 55, y: 50) == img.pixel(x: 55, y: 50), "the rest of the marker stays")
        // Clear takes it too; undoing the clear brings it back, where no other ink was.
        try editor.clear()
        #expect(try editor.picture().pixel(x: 55, y: 50) == argb("#e0e0e0"))
        try editor.undo()
        #expect(try editor.picture().pixel(x: 55, y: 50) == img.pixel(x: 55, y: 50))
        // The stroke eraser removes the marker from the paper, the eraser's cut staying cut.
        editor.use(.strokeEraser, width: 4)
        editor.drag([(100, 40), (100, 60)])
        #expect(editor.strokes.map(\.tool) == [.eraser])
        #expect(try editor.picture().pixel(x: 55, y: 50) == argb("#e0e0e0"))
    }

    /// Another app's drawing (pixels only, transparent on its right half), marked across: the
    /// PDF holds the drawing as an image, and the marks on the background multiplied under it.
    @Test func marksOnAPixelDocumentReachItsPDF() throws {
        var pixels = [UInt32](repeating: 0, count: 100 * 60)
        for y in 0..<60 { for x in 0..<50 { pixels[y * 100 + x] = argb("#2040c0") } }
        let document = DocumentContents(size: PixelSize(width: 100, height: 60), background: .color(.white),
                                        drawing: RasterImage(width: 100, height: 60, pixels: pixels)!, strokes: [])
        let editor = try Editor(document: document)
        let unmarked = String(decoding: try VectorExport.export(editor.image, as: .pdf), as: UTF8.self)
        #expect(!unmarked.contains("/BM /Multiply"))
        editor.use(.highlighter, "#ffee00", width: 20, opacity: 0.6)
        editor.drag([(10, 30), (90, 30)])
        #expect(editor.image.highlightsLayerImage() != nil, "the marks on the background half")
        let marked = String(decoding: try VectorExport.export(editor.image, as: .pdf), as: UTF8.self)
        #expect(marked.contains("/BM /Multiply"), "the marks are multiplied into the page under the drawing")
        // Clear drops the layer; undo brings it back.
        try editor.clear()
        #expect(editor.image.highlightsLayerImage() == nil)
        try editor.undo()
        #expect(editor.image.highlightsLayerImage() != nil)
        #expect(try editor.picture().pixel(x: 80, y: 30) != argb("#ffffff"))
    }

    @Test func theHighlighterInProgressShowsAsItWillBeDrawn() throws {
        let editor = try makeEditor(200, 100, background: scannedPage())
        editor.use(.pencil, "#2060c0", width: 8)
        editor.drag([(50, 10), (50, 90)])
        editor.use(.highlighter, "#ff80c0", width: 24, opacity: 0.5)
        editor.drag([(10, 30), (190, 30)])
        // A second marker crossing the first, and an eraser, each seen while in progress.
        for (tool, points) in [(Tool.highlighter, [(100.0, 5.0), (100, 95)]), (.eraser, [(150, 5), (150, 95)])] {
            editor.use(tool, "#80ff40", width: 20, opacity: 0.5)
            editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(points[0].0, points[0].1)))
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(points[1].0, points[1].1)))
            let frame = try Frame(size: editor.size)
            editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
            let live = RasterImage(width: 200, height: 100, pixels: frame.read(PixelRect(size: editor.size)))!
            editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(points[1].0, points[1].1)))
            let committed = try editor.picture()
            let differing = zip(live.pixels, committed.pixels).filter { x, y in !CanvasLoading.nearlyEqual(x, y) }.count
            #expect(differing == 0, "\(tool): the preview is the picture it commits (\(differing) pixels differ)")
        }
    }

    // MARK: Eyedropper

    @Test func theEyedropperPicksThePictureBackgroundIncluded() throws {
        let editor = try makeEditor(100, 100, background: .color(RGBColor(hex: "#336699")!))
        editor.use(.pencil, "#d01010", width: 10)
        editor.drag([(10, 20), (90, 20)])
        editor.use(.pencil, "#ffffff", width: 10, opacity: 0.5)
        editor.drag([(10, 60), (90, 60)])
        #expect(editor.image.color(at: Point(50, 20))?.hex == "#d01010")
        #expect(editor.image.color(at: Point(50, 90))?.hex == "#336699", "the background where nothing is drawn")
        let mixed = try #require(editor.image.color(at: Point(50, 60)))
        #expect(abs(Int(mixed.red) - 0x99) <= 1 && abs(Int(mixed.green) - 0xb2) <= 1 && abs(Int(mixed.blue) - 0xcc) <= 1, "\(mixed)")
        #expect(editor.image.color(at: Point(-1, 5)) == nil && editor.image.color(at: Point(100, 5)) == nil)
    }

    // MARK: Shape helpers

    @Test func shiftSnapsLinesTo15DegreesAndBoxesToSquares() throws {
        let editor = try makeEditor(200, 200)
        editor.use(.line, "#000000", width: 2)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 100), modifiers: .constrain))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(180, 108), modifiers: .constrain))
        let level = try #require(editor.strokes.last?.points)
        #expect(level.count == 2 && level[0] == Point(20, 100) && level[1].y == 100, "level: \(level)")
        #expect(abs(level[1].x - (20 + (160.0 * 160 + 64).squareRoot())) < 1e-9, "the same length")
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 20), modifiers: .constrain))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(60, 90), modifiers: .constrain))
        let end = try #require(editor.strokes.last?.points.last)
        let angle = atan2(end.y - 20, end.x - 20) * 180 / .pi
        #expect(abs(angle - 60) < 1e-9, "snapped to 60°: \(angle)")

        editor.use(.rectangle, "#000000", width: 2)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 100), modifiers: .constrain))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(140, 170), modifiers: .constrain))
        #expect(editor.strokes.last?.points == [Point(100, 100), Point(170, 170)], "a square on the longer side")
        let img = try editor.picture()
        #expect(img.pixel(x: 170, y: 135) == argb("#000000"), "the square's right side")
    }

    @Test func altDrawsFromTheCentreAndKeysReshapeWithoutMoving() throws {
        let editor = try makeEditor(200, 200)
        editor.use(.ellipse, "#000000", width: 2)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 100)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(140, 120)))
        // Alt and Shift go down with the pointer still: the shape in progress follows.
        editor.modifiersChanged([.fromCentre, .constrain])
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(140, 120), modifiers: [.fromCentre, .constrain]))
        #expect(editor.strokes.last?.points == [Point(60, 60), Point(140, 140)], "a circle of radius 40 about the press")
        let img = try editor.picture()
        #expect(img.pixel(x: 100, y: 60) == argb("#000000") || img.pixel(x: 100, y: 61) == argb("#000000"))
        #expect(img.pixel(x: 140, y: 100) == argb("#000000") || img.pixel(x: 139, y: 100) == argb("#000000"))
        #expect(img.pixel(x: 100, y: 100) == white)
        // The panel's switch does the same without a key.
        editor.toolState.shapeHelpers = .fromCentre
        editor.use(.rectangle, "#000000", width: 2)
        editor.toolState.shapeHelpers = .fromCentre
        editor.drag([(50, 50), (60, 55)])
        #expect(editor.strokes.last?.points == [Point(40, 45), Point(60, 55)])
        // A held key turns its switch over for the drag: Alt with From centre on draws from the corner.
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(50, 50), modifiers: .fromCentre))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(60, 55), modifiers: .fromCentre))
        #expect(editor.strokes.last?.points == [Point(50, 50), Point(60, 55)])
        // Snap on, Shift held: a free angle; Snap on alone: level.
        editor.toolState.shapeHelpers = .constrain
        editor.use(.line, "#000000", width: 2)
        editor.toolState.shapeHelpers = .constrain
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 150), modifiers: .constrain))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(120, 157), modifiers: .constrain))
        #expect(editor.strokes.last?.points == [Point(20, 150), Point(120, 157)])
        editor.drag([(20, 180), (120, 187)])
        #expect(editor.strokes.last?.points.map(\.y) == [180, 180])
    }

    // MARK: Smoothing

    /// A shaky horizontal line: samples 4 px apart, jumping 6 px up and down.
    private func shaky(_ editor: Editor) -> Stroke {
        let points: [(Double, Double)] = (0..<40).map { (i: Int) -> (Double, Double) in
            let x = 10 + Double(i) * 4
            let y: Double = i % 2 == 0 ? 44 : 56
            return (x, y)
        }
        editor.drag(points)
        return editor.strokes.last!
    }

    @Test func smoothingSteadiesTheLineAndStillEndsWhereThePenLifted() throws {
        var spreads: [Smoothing: Double] = [:]
        for smoothing in Smoothing.allCases {
            let editor = try makeEditor(200, 100)
            editor.use(.pencil, "#000000", width: 2)
            editor.toolState.smoothing = smoothing
            let stroke = shaky(editor)
            // How far the drawn points stray from the line y = 50, past the first few.
            let middle = stroke.points.dropFirst(8).dropLast(12)
            spreads[smoothing] = middle.map { abs($0.y - 50) }.max()!
            #expect(stroke.points.last == Point(166, 56), "\(smoothing): the stroke ends where the pointer lifted")
            // The ink shows it: rows 5 px off the line carry ink only without smoothing.
            let img = try editor.picture()
            let off = (40..<120).filter { img.pixel(x: $0, y: 44) != white }.count
            if smoothing == .strong { #expect(off == 0, "strong smoothing leaves row 44 clean") }
            if smoothing == .off { #expect(off > 20, "unsmoothed, the jitter reaches row 44") }
        }
        #expect(spreads[.off]! == 6)
        #expect(spreads[.light]! < 3 && spreads[.strong]! < spreads[.light]!, "\(spreads)")
    }

    @Test func smoothedStrokesReplayFromTheJournalWithoutBeingSmoothedTwice() throws {
        let editor = try makeEditor(200, 100)
        var records: [HistoryEvent] = []
        editor.recorder = { records.append($0) }
        editor.use(.pencil, "#000000", width: 2)
        editor.toolState.smoothing = .strong
        _ = shaky(editor)
        let replayed = try makeEditor(200, 100)
        for r in records { try replayed.replay(r) }
        #expect(replayed.strokes == editor.strokes)
        #expect(difference(try replayed.picture(), try editor.picture()) == nil)
    }
}
