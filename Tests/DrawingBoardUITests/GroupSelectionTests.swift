import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// The Select tool's selection of ink (and elements) in the window, driven as a user does:
/// strokes drawn with the mouse, a lasso or a box drawn around them, the box's inside and
/// handles dragged, the keys; checked on the page, the undo history and the window's pixels.
@Suite struct GroupSelectionTests {
    /// A window with two black horizontal strokes: one at y = 200 (x 100 to 300), one at
    /// y = 500 (x 600 to 800); the select tool in hand.
    func twoStrokes() throws -> AppController {
        let c = try makeController()
        c.brush.select(.pencil)
        c.brush.setSlider(.width, to: 6)
        c.drag([(100, 200), (200, 200), (300, 200)])
        c.drag([(600, 500), (700, 500), (800, 500)])
        c.brush.select(.select)
        #expect(c.editor.page.strokes.count == 2)
        return c
    }

    func ink(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool { image.pixel(x: x, y: y) & 0xFFFFFF < 0x404040 }

    /// Ticks the window until the dragged selection's picture came and it lifted off the page.
    func waitForTheLift(_ c: AppController) throws {
        for _ in 0..<400 where !c.lasso.isDragging {
            Thread.sleep(forTimeInterval: 0.005)
            c.tick(0)
        }
        try #require(c.lasso.isDragging, "lifted once its picture came")
    }

    var lassoAroundFirst: [(Double, Double)] { [(60, 150), (340, 150), (340, 250), (60, 250), (62, 152)] }

    @Test func aLassoSelectsAndADragMovesTheInkAsOneStep() throws {
        let c = try twoStrokes()
        let first = c.editor.page.strokes[0], second = c.editor.page.strokes[1]
        c.drag(lassoAroundFirst)
        #expect(c.editor.selection.ids == [first.id], "the lasso took the first stroke only")
        #expect(c.lasso.handles != nil)
        // Dragged from inside its box by (100, 150): while the pointer is down the picture
        // shows it at the new place and the page no longer has it at the old one.
        let (frame, icons) = try c.renderedFrame()
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 200)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(250, 280)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(300, 350)))
        // Its picture is painted off the event loop from the press on; once it comes the
        // selection is lifted off the page.
        try waitForTheLift(c)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        let during = RasterImage(width: 1000, height: 700, pixels: frame.read(PixelRect(size: c.window)))!
        #expect(ink(during, 300, 350) && !ink(during, 200, 200), "the picture moves, the old place is bare")
        #expect(c.editor.history.cursor == 2, "no step while dragging")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(300, 350)))
        #expect(c.editor.history.cursor == 3, "one step for the drag")
        let moved = try #require(c.editor.page.strokes.first { $0.id == first.id })
        #expect(moved.transform == .move(100, 150) && moved.points == first.points, "ink stays ink: its points and a transform")
        #expect(c.editor.page.strokes.first { $0.id == second.id } == second)
        let after = try c.shown()
        #expect(ink(after, 300, 350) && !ink(after, 200, 200) && ink(after, 700, 500))
        c.undo()
        let undone = try c.shown()
        #expect(ink(undone, 200, 200) && !ink(undone, 300, 350))
        #expect(c.editor.page.strokes.first { $0.id == first.id } == first)
        c.redo()
        #expect(try c.shown().pixels == after.pixels, "redo is exact")
    }

    /// What the journal hears of the window's edits of a selection (drags, keys, restyles)
    /// makes the same page when replayed, and the same after undos and redos.
    @Test func theJournalReplaysTheEditsExactly() throws {
        let c = try makeController()
        var records: [HistoryEvent] = []
        c.editor.recorder = { records.append($0) }
        // A text under the strokes: lassoed with them, it keeps its place in the page's order.
        let style = TextStyle(text: "Note", size: 30, color: RGBColor(red: 0, green: 0, blue: 200))
        _ = try c.editor.place(Element(source: .text(style), placement: .init(center: Point(200, 220), width: TextArt.measure(style).width,
                                                                            natural: TextArt.measure(style))))
        c.brush.select(.pencil)
        c.drag([(100, 200), (200, 200), (300, 200)])
        c.drag([(600, 500), (700, 500), (800, 500)])
        c.brush.select(.select)
        c.drag(lassoAroundFirst)
        #expect(c.editor.selection.ids.count == 2, "the text and the stroke")
        // Dragged once its picture is there (lifted off the page, laid down where it went).
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 200)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(260, 260)))
        try waitForTheLift(c)
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(300, 350)))
        #expect(c.editor.page.items.first?.element != nil, "the text stays under the strokes")
        #expect(c.editor.page.items.first?.element?.placement.center == Point(300, 370))
        c.key(KeyInput(.character("a"), ctrl: true), time: 0)
        c.drag([(700, 500), (720, 480), (650, 450)])
        c.key(KeyInput(.character("d"), ctrl: true), time: 0)
        c.brush.setSlider(.brushGreen, to: 200)
        c.lasso.followBrush()
        c.undo()
        c.redo()
        c.key(KeyInput(.pageDown), time: 0)
        let replayed = try Editor(size: c.editor.size)
        for record in records { try replayed.replay(record) }
        #expect(replayed.page.items == c.editor.page.items)
        #expect(try replayed.image.flattened() == (try c.editor.image.flattened()))
    }

    @Test func aBoxTheKeysAndTheClipboard() throws {
        let c = try twoStrokes()
        c.lasso.area = .box
        c.drag([(550, 450), (700, 480), (850, 550)])
        let second = c.editor.page.strokes[1]
        #expect(c.editor.selection.ids == [second.id], "the box took the second stroke")
        c.key(KeyInput(.character("d"), ctrl: true), time: 0)
        #expect(c.editor.page.strokes.count == 3 && c.editor.selection.ids.count == 1 && c.editor.selection.ids != [second.id])
        #expect(c.editor.page.strokes[2].transform == .move(20, 20))
        c.key(KeyInput(.delete), time: 0)
        #expect(c.editor.page.strokes.count == 2 && !c.lasso.hasSelection)
        // Ctrl+A, Ctrl+C, Ctrl+V: both strokes again, beside them.
        c.key(KeyInput(.character("a"), ctrl: true), time: 0)
        #expect(c.editor.selection.ids.count == 2)
        c.key(KeyInput(.character("c"), ctrl: true), time: 0)
        c.key(KeyInput(.character("v"), ctrl: true), time: 0)
        #expect(c.editor.page.strokes.count == 4 && c.editor.selection.ids.count == 2)
        #expect(c.editor.page.strokes[2].transform == .move(20, 20) && c.editor.page.strokes[3].transform == .move(20, 20))
        // Ctrl+X takes the pasted copy off; the arrows move what is selected.
        c.key(KeyInput(.character("x"), ctrl: true), time: 0)
        #expect(c.editor.page.strokes.count == 2)
        c.key(KeyInput(.character("a"), ctrl: true), time: 0)
        c.key(KeyInput(.right, shift: true), time: 0)
        #expect(c.editor.page.strokes.allSatisfy { $0.transform == .move(10, 0) })
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.lasso.hasSelection)
        // A tap on ink selects that stroke alone; a tap on empty page lets it go.
        c.drag([(700, 500)])
        #expect(c.editor.selection.ids == [second.id])
        c.drag([(500, 300)])
        #expect(!c.lasso.hasSelection)
    }

    /// What was copied pastes on another page of the notebook, and in the next drawing opened.
    @Test func pasteAcrossPagesAndDocuments() throws {
        let c = try twoStrokes()
        c.drag(lassoAroundFirst)
        let first = c.editor.page.strokes[0]
        c.key(KeyInput(.character("c"), ctrl: true), time: 0)
        c.pages.add(after: 0)
        #expect(c.pages.count == 2 && c.editor.page.strokes.isEmpty)
        c.key(KeyInput(.character("v"), ctrl: true), time: 0)
        let pasted = try #require(c.editor.page.strokes.first)
        #expect(c.editor.page.strokes.count == 1 && pasted.points == first.points && pasted.style == first.style)
        #expect(c.editor.toolState.tool == .select && c.editor.selection.ids == [pasted.id], "selected, with the select tool")
        // Another drawing in the window's place: the copy pastes there too.
        c.replaceEditor(try Editor(size: PixelSize(width: 800, height: 600)), restartJournal: false)
        #expect(c.editor.page.strokes.isEmpty)
        c.key(KeyInput(.character("v"), ctrl: true), time: 0)
        #expect(c.editor.page.strokes.count == 1 && c.editor.page.strokes[0].points == first.points)
        c.undo()
        #expect(c.editor.page.strokes.isEmpty, "one step")
    }

    @Test func cornersScaleTheTurnHandleTurnsAndTheBrushRestyles() throws {
        let c = try twoStrokes()
        c.drag(lassoAroundFirst)
        let first = c.editor.page.strokes[0]
        let handles = try #require(c.lasso.handles)
        // The bottom right corner dragged away from the top left along the diagonal: twice
        // the size about the opposite corner.
        let corner = handles.corners[2], opposite = handles.corners[0]
        c.drag([(corner.x, corner.y), (corner.x + 10, corner.y + 5), (2 * corner.x - opposite.x, 2 * corner.y - opposite.y)])
        let scaled = try #require(c.editor.page.strokes.first { $0.id == first.id }?.transform)
        #expect(abs(scaled.lengthScale - 2) < 1e-6 && scaled.b == 0)
        c.undo()
        // The turn handle, with Shift: 15° steps.
        let turn = try #require(c.lasso.handles)
        let centre = (turn.corners[0] + turn.corners[2]) * 0.5
        let r = turn.rotate.distance(to: centre)
        let to = centre + Point(r * sin(38 * .pi / 180), -r * cos(38 * .pi / 180))
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: turn.rotate))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: to, modifiers: .constrain))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: to, modifiers: .constrain))
        let turned = try #require(c.editor.page.strokes.first { $0.id == first.id }?.transform)
        #expect(abs(turned.rotationDegrees - 45) < 1e-6, "\(turned.rotationDegrees)")
        // The Brush panel's colour goes to the selection, as one step.
        let steps = c.editor.history.cursor
        c.brush.setSlider(.brushRed, to: 255)
        c.lasso.followBrush()
        let red = try #require(c.editor.page.strokes.first { $0.id == first.id })
        #expect(red.style.color.red == 255 && c.editor.history.cursor == steps + 1)
        #expect(c.editor.page.strokes.first { $0.id != first.id }?.style.color.red == 0, "the other stroke keeps its colour")
    }

    @Test func aFingerDrawsTheLassoAndTwoFingersMoveIt() throws {
        let c = try twoStrokes()
        let first = c.editor.page.strokes[0]
        c.drag(lassoAroundFirst, source: .finger(1))
        #expect(c.editor.selection.ids == [first.id])
        // Two fingers on it, spread from 100 to 200 px apart about (200, 200): twice the size.
        c.pointer(PointerEvent(source: .finger(1), phase: .down, position: Point(150, 200)))
        c.pointer(PointerEvent(source: .finger(2), phase: .down, position: Point(250, 200)))
        c.pointer(PointerEvent(source: .finger(1), phase: .move, position: Point(100, 200)))
        c.pointer(PointerEvent(source: .finger(2), phase: .move, position: Point(300, 200)))
        c.pointer(PointerEvent(source: .finger(1), phase: .up, position: Point(100, 200)))
        c.pointer(PointerEvent(source: .finger(2), phase: .up, position: Point(300, 200)))
        let m = try #require(c.editor.page.strokes.first { $0.id == first.id }?.transform)
        #expect(abs(m.lengthScale - 2) < 1e-6 && m.apply(Point(200, 200)).distance(to: Point(200, 200)) < 1e-6)
        // Two fingers together on empty page move the view, as before.
        c.key(KeyInput(.escape), time: 0)
        let zoom = c.viewport.zoom
        c.pointer(PointerEvent(source: .finger(1), phase: .down, position: Point(450, 600)))
        c.pointer(PointerEvent(source: .finger(2), phase: .down, position: Point(550, 600)))
        c.pointer(PointerEvent(source: .finger(1), phase: .move, position: Point(400, 600)))
        c.pointer(PointerEvent(source: .finger(2), phase: .move, position: Point(600, 600)))
        c.pointer(PointerEvent(source: .finger(1), phase: .up, position: Point(400, 600)))
        c.pointer(PointerEvent(source: .finger(2), phase: .up, position: Point(600, 600)))
        #expect(c.viewport.zoom > zoom * 1.5 && !c.lasso.hasSelection)
    }
}
