import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// An eraser being drawn shows, as it goes, the ink it removes under the elements too, and
/// nothing changes if it is cancelled.
@Suite struct ElementEraserPreviewTests {
    func shown(_ editor: Editor) throws -> RasterImage {
        let frame = try Frame(size: editor.size)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        return RasterImage(width: editor.size.width, height: editor.size.height, pixels: frame.read(PixelRect(size: editor.size)))!
    }

    @Test func theInkUnderAnElementGoesWhileTheEraserIsDrawn() throws {
        let editor = try Editor(size: PixelSize(width: 200, height: 100))
        try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: .black, width: 10),
                                          points: [Point(10, 50), Point(190, 50)])))
        let style = TextStyle(text: "hi", size: 20)
        let natural = TextArt.measure(style)
        try editor.place(Element(source: .text(style), placement: .init(center: Point(160, 20), width: natural.width, natural: natural)))
        #expect(try shown(editor).pixel(x: 40, y: 50) & 0xFFFFFF == 0, "the line drawn before the text")
        editor.toolState = ToolState(tool: .eraser, style: StrokeStyle(width: 20))
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 20)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(40, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(40, 80)))
        var frame = try shown(editor)
        #expect(frame.pixel(x: 40, y: 50) & 0xFFFFFF == 0xFFFFFF, "erased while the eraser is still down")
        #expect(frame.pixel(x: 100, y: 50) & 0xFFFFFF == 0, "the rest of the line stays")
        editor.handle(PointerEvent(source: .mouse, phase: .cancel, position: Point(40, 80)))
        #expect(try shown(editor).pixel(x: 40, y: 50) & 0xFFFFFF == 0, "a cancelled eraser changed nothing")
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 20)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(40, 50)))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(40, 80)))
        frame = try shown(editor)
        #expect(frame.pixel(x: 40, y: 50) & 0xFFFFFF == 0xFFFFFF, "and erased once it is drawn")
        #expect(try editor.image.flattened().pixel(x: 40, y: 50) & 0xFFFFFF == 0xFFFFFF)
    }

    /// The window's copy of the ink that an eraser being drawn clears follows the page's size:
    /// after the page grows, the ink beyond its old edge still shows while an eraser is down.
    @Test func anEraserBeingDrawnAfterThePageGrewShowsAllTheInk() throws {
        let editor = try Editor(size: PixelSize(width: 100, height: 100))
        let eraser = ToolState(tool: .eraser, style: StrokeStyle(width: 10))
        func erasing(at y: Double) throws -> RasterImage {
            editor.toolState = eraser
            editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, y)))
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(30, y)))
            let frame = try shown(editor)
            editor.handle(PointerEvent(source: .mouse, phase: .cancel, position: Point(30, y)))
            return frame
        }
        _ = try erasing(at: 80)
        try editor.resizePage(to: PixelSize(width: 200, height: 100), anchor: 0)
        try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: .black, width: 10),
                                          points: [Point(120, 50), Point(190, 50)])))
        let frame = try erasing(at: 80)
        #expect(frame.pixel(x: 150, y: 50) & 0xFFFFFF == 0, "the ink beyond the old edge shows")
    }
}

/// A pen's stroke in progress shows its width following the pressure, before it is released.
@Suite struct PenPreviewTests {
    @Test func thePreviewFollowsThePressure() throws {
        let editor = try Editor(size: PixelSize(width: 400, height: 200))
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 30))
        editor.handle(PointerEvent(source: .pen(.tip), phase: .down, position: Point(20, 100), pressure: 0.1))
        for i in 1...18 {
            editor.handle(PointerEvent(source: .pen(.tip), phase: .move, position: Point(20 + Double(i) * 20, 100), pressure: 0.1 + 0.05 * Double(i)))
        }
        let frame = try Frame(size: editor.size)
        editor.screen.paint(editor.screen.takeIncrements(), into: frame)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        let shown = frame.read(PixelRect(size: editor.size))
        func thickness(_ x: Int) -> Int { (0..<200).filter { shown[$0 * 400 + x] & 0xFFFFFF != 0xFFFFFF }.count }
        #expect(thickness(40) < 8 && thickness(340) > 22, "thin where light, wide where firm, while drawing: \(thickness(40)) / \(thickness(340))")
        #expect(editor.strokes.isEmpty, "not committed yet")
    }

    /// At pressure 1 a pen's pencil paints straight onto the screen as the mouse's does (the
    /// same cost); when the pressure first changes, what was shown becomes the outline.
    @Test func aPenAtFullPressurePaintsDirectlyUntilThePressureChanges() throws {
        let editor = try Editor(size: PixelSize(width: 400, height: 200))
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 30))
        let frame = try Frame(size: editor.size)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        editor.handle(PointerEvent(source: .pen(.tip), phase: .down, position: Point(20, 100), pressure: 1))
        for i in 1...8 { editor.handle(PointerEvent(source: .pen(.tip), phase: .move, position: Point(20 + Double(i) * 20, 100), pressure: 1)) }
        #expect(!editor.screen.takeIncrements().isEmpty, "painted straight onto the screen at pressure 1")
        for i in 9...18 { editor.handle(PointerEvent(source: .pen(.tip), phase: .move, position: Point(20 + Double(i) * 20, 100), pressure: 0.15)) }
        #expect(editor.screen.takeIncrements().isEmpty, "an outline from the first other pressure on")
        if let dirty = editor.screen.takeDirtyRect() { editor.screen.compose(into: frame, area: dirty) }
        let shown = frame.read(PixelRect(size: editor.size))
        func thickness(_ x: Int) -> Int { (0..<200).filter { shown[$0 * 400 + x] & 0xFFFFFF != 0xFFFFFF }.count }
        #expect((28...32).contains(thickness(80)), "full width where the pressure was 1: \(thickness(80))")
        #expect(thickness(300) < 8, "thin where light: \(thickness(300))")
        editor.handle(PointerEvent(source: .pen(.tip), phase: .up, position: Point(380, 100), pressure: 0.15))
        #expect(editor.strokes.first?.pressures?.first == 1 && editor.strokes.first?.pressures?.last == 0.15)
    }

    /// A pen's lift reports the pressure of leaving the surface (about 0): the stroke keeps the
    /// pressure of its last contact, so a tap is a dot of the tap's width, not 1 px, and a
    /// smoothed stroke gliding to a resting pen keeps its width.
    @Test func aPensLiftKeepsTheLastContactsPressure() throws {
        let editor = try Editor(size: PixelSize(width: 200, height: 100))
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 20))
        editor.handle(PointerEvent(source: .pen(.tip), phase: .down, position: Point(50, 50), pressure: 0.6))
        editor.handle(PointerEvent(source: .pen(.tip), phase: .up, position: Point(50, 50), pressure: 0))
        #expect(editor.strokes.last?.pressures == nil || editor.strokes.last?.pressures?.allSatisfy { $0 == 0.6 } == true,
                "the tap at 0.6: \(editor.strokes.last?.pressures ?? [])")
        let dot = try editor.image.flattened()
        #expect(dot.pixel(x: 50 + 4, y: 50) & 0xFFFFFF == 0, "a 12 px dot (20 px at 0.6)")
        editor.toolState.smoothing = .strong
        editor.handle(PointerEvent(source: .pen(.tip), phase: .down, position: Point(100, 50), pressure: 0.5))
        editor.handle(PointerEvent(source: .pen(.tip), phase: .move, position: Point(180, 50), pressure: 0.5))
        for _ in 0..<30 { editor.screen.glide() }
        editor.handle(PointerEvent(source: .pen(.tip), phase: .up, position: Point(180, 50), pressure: 0))
        let pressures = try #require(editor.strokes.last?.pressures)
        #expect(pressures.allSatisfy { $0 == 0.5 }, "gliding and lifting keep 0.5: \(pressures)")
    }
}
