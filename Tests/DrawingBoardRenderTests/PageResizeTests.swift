import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// Page size: the drawing stays where the anchor says, what falls outside is cut, and the
/// whole change is one step that undo and redo swap exactly.
@Suite struct PageResizeTests {
    func draw(_ e: Editor, _ pts: [(Double, Double)], tool: Tool = .pencil, width: Double = 6) {
        e.toolState = ToolState(tool: tool, style: StrokeStyle(color: .black, width: width))
        let p = pts.map { Point($0.0, $0.1) }
        e.handle(PointerEvent(source: .mouse, phase: .down, position: p[0]))
        for q in p.dropFirst().dropLast() { e.handle(PointerEvent(source: .mouse, phase: .move, position: q)) }
        e.handle(PointerEvent(source: .mouse, phase: .up, position: p[p.count - 1]))
    }

    @Test func anchorsPlaceTheOldPage() {
        let old = PixelSize(width: 100, height: 50), new = PixelSize(width: 300, height: 150)
        #expect(Page.offset(from: old, to: new, anchor: 0) == (0, 0))
        #expect(Page.offset(from: old, to: new, anchor: 4) == (100, 50))
        #expect(Page.offset(from: old, to: new, anchor: 8) == (200, 100))
        #expect(Page.offset(from: new, to: old, anchor: 4) == (-100, -50), "a smaller page cuts around the centre")
    }

    @Test func growingAroundTheCentreMovesTheDrawingAndItsStrokesAndUndoesExactly() throws {
        let e = try Editor(size: PixelSize(width: 200, height: 100), background: .color(RGBColor(hex: "#ffeedd")!))
        draw(e, [(20, 50), (180, 50)])
        let before = try e.image.flattened()
        try e.resizePage(to: PixelSize(width: 400, height: 300), anchor: 4)
        #expect(e.size == PixelSize(width: 400, height: 300))
        let after = try e.image.flattened()
        #expect(after.pixel(x: 200, y: 150) == 0xFF00_0000, "the line's middle moved by (100, 100)")
        #expect(after.pixel(x: 100, y: 50) == argb("#ffeedd"), "new room shows the background colour")
        #expect(e.strokes[0].points.first == Point(120, 150), "the stroke moved as data too")
        #expect(e.image.comesFromStrokes)
        // The stroke eraser still finds the moved stroke.
        draw(e, [(200, 140), (200, 160)], tool: .strokeEraser, width: 10)
        #expect(e.strokes.isEmpty)
        try e.undo()
        try e.undo()
        #expect(e.size == PixelSize(width: 200, height: 100))
        #expect(difference(try e.image.flattened(), before) == nil, "undo gives back the page exactly")
        try e.redo()
        #expect(difference(try e.image.flattened(), after) == nil, "redo gives back the larger page exactly")
    }

    @Test func shrinkingFromTheTopLeftCutsTheRestAndAnImageBackgroundKeepsItsPlace() throws {
        var pixels = [UInt32](repeating: 0xFF00_00FF, count: 40 * 20)
        for y in 0..<20 { for x in 20..<40 { pixels[y * 40 + x] = 0xFFFF_0000 } }
        let image = try #require(RasterImage(width: 40, height: 20, pixels: pixels))
        let e = try Editor(size: PixelSize(width: 40, height: 20), background: .image(image, name: "halves.png"))
        try e.resizePage(to: PixelSize(width: 20, height: 20), anchor: 0)
        #expect(try e.image.flattened().pixel(x: 10, y: 10) == 0xFF00_00FF, "the left half stays, the right is cut")
        try e.resizePage(to: PixelSize(width: 30, height: 20), anchor: 0)
        let grown = try e.image.flattened()
        #expect(grown.pixel(x: 10, y: 10) == 0xFF00_00FF && grown.pixel(x: 25, y: 10) == 0xFFFF_FFFF, "new room is white paper")
    }

    @Test func aStrokePastAnOldEdgeStaysInThePixels() throws {
        let e = try Editor(size: PixelSize(width: 100, height: 100))
        draw(e, [(50, 50), (140, 50)], width: 10)
        try e.resizePage(to: PixelSize(width: 200, height: 100), anchor: 0)
        let img = try e.image.flattened()
        #expect(img.pixel(x: 90, y: 50) == 0xFF00_0000)
        #expect(img.pixel(x: 120, y: 50) == 0xFFFF_FFFF, "what the old page cut off does not come back")
    }

    /// A new size's step knows how far the page's contents move when it is crossed (where a
    /// press that takes in a page made off the loop must land), whatever is on the page:
    /// strokes, or only pixels (an opened image), or nothing.
    @Test func aNewSizesStepKnowsHowFarTheContentsMove() throws {
        for content in ["nothing", "a stroke", "pixels only"] {
            let size = PixelSize(width: 200, height: 100)
            let pixels = RasterImage(width: 200, height: 100, pixels: Array(repeating: 0xFF00_0000, count: 20_000))!
            let e = content == "pixels only" ? try Editor(document: DocumentContents(page: Page(size: size), drawing: pixels)) : try Editor(size: size)
            if content == "a stroke" { draw(e, [(20, 50), (180, 50)]) }
            #expect(content != "pixels only" || (e.page.base != nil && e.strokes.isEmpty && e.elements.isEmpty), "only pixels on it")
            try e.resizePage(to: PixelSize(width: 400, height: 300), anchor: 8)
            let undo = try #require(e.history.next(back: true))
            #expect(undo.shift == (-200, -200), "\(content): undone, the contents move back up and left")
            #expect(try e.undo())
            let redo = try #require(e.history.next(back: false))
            #expect(redo.shift == (200, 200), "\(content): redone, down and right again")
        }
    }

    @Test func aPageOutsideTheLimitsIsRefusedAndChangesNothing() throws {
        let e = try Editor(size: PixelSize(width: 100, height: 100))
        draw(e, [(10, 50), (90, 50)])
        #expect(throws: RenderError.self) { try e.resizePage(to: PixelSize(width: 100_000, height: 10), anchor: 4) }
        #expect(e.size == PixelSize(width: 100, height: 100) && e.strokes.count == 1 && e.canUndo)
    }

    /// Another app's pixels, cleared, then a page size change, then both undone: the pixels come
    /// back and the stroke eraser still leaves them alone.
    @Test func aClearedBaseComesBackThroughAPageStep() throws {
        let foreign = RasterImage(width: 100, height: 60, pixels: [UInt32](repeating: argb("#2040c0"), count: 6000))!
        let e = try Editor(document: DocumentContents(size: PixelSize(width: 100, height: 60), background: .color(.white),
                                                      drawing: foreign, strokes: []))
        draw(e, [(10, 30), (90, 30)])
        try e.clear()
        try e.resizePage(to: PixelSize(width: 120, height: 80), anchor: 0)
        try e.undo()
        try e.undo()
        #expect(e.size == PixelSize(width: 100, height: 60))
        #expect(try e.image.flattened().pixel(x: 5, y: 5) == argb("#2040c0"), "the other app's pixels are back")
        draw(e, [(50, 20), (50, 40)], tool: .strokeEraser, width: 6)
        let img = try e.image.flattened()
        #expect(e.strokes.isEmpty)
        #expect(img.pixel(x: 30, y: 30) == argb("#2040c0") && img.pixel(x: 5, y: 5) == argb("#2040c0"),
                "removing our stroke leaves the other app's pixels")
    }

    @Test func aStrokeIdAtTheTopOfItsRangeIsRenumberedNotACrash() throws {
        let stroke = Stroke(id: .max, tool: .pencil, style: StrokeStyle(color: .black, width: 4), points: [Point(5, 5), Point(30, 5)])
        let e = try Editor(document: DocumentContents(size: PixelSize(width: 40, height: 20), background: .color(.white),
                                                      drawing: RasterImage(width: 40, height: 20, pixels: [UInt32](repeating: 0, count: 800))!,
                                                      strokes: [stroke]))
        #expect(e.strokes[0].id == 1)
        draw(e, [(5, 15), (30, 15)])
        #expect(e.strokes.map(\.id) == [1, 2])
    }
}
