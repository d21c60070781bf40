import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

@Suite struct HistoryPixelTests {
    /// Applies each action, keeping the picture after it; then undoes everything and redoes
    /// everything, checking each state is exactly the one recorded. The history keeps edits
    /// only: each undo and redo paints the pixels from the page.
    private func checkExactUndoRedo(_ editor: Editor, _ actions: [(String, (Editor) throws -> Void)]) throws {
        var states = [try editor.picture()]
        var layers = [editor.image.drawingLayer()]
        var backgrounds = [editor.background]
        for (_, act) in actions {
            try act(editor)
            states.append(try editor.picture())
            layers.append(editor.image.drawingLayer())
            backgrounds.append(editor.background)
        }
        for i in stride(from: actions.count - 1, through: 0, by: -1) {
            #expect(try editor.undo())
            #expect(difference(try editor.picture(), states[i]) == nil, "undo of \(actions[i].0)")
            #expect(difference(editor.image.drawingLayer(), layers[i]) == nil, "drawing layer after undo of \(actions[i].0)")
            #expect(editor.background == backgrounds[i])
        }
        #expect(try editor.undo() == false)
        for i in 0..<actions.count {
            #expect(try editor.redo())
            #expect(difference(try editor.picture(), states[i + 1]) == nil, "redo of \(actions[i].0)")
        }
        #expect(try editor.redo() == false)
    }

    /// Undo and redo give back exactly the pixels of each state, painted from the page.
    @Test func undoAndRedoRestoreExactPixelsForEveryKindOfStep() throws {
        let editor = try makeEditor(240, 160)
        try checkExactUndoRedo(editor, [
            ("pencil", { $0.use(.pencil, "#d01010", width: 9); $0.drag([(10, 10), (120, 90), (230, 20)]) }),
            ("translucent line", { $0.use(.line, "#1010d0", width: 14, opacity: 0.4); $0.drag([(0, 150), (240, 0)]) }),
            ("dashed line", { $0.use(.dashedLine, "#000000", width: 3); $0.drag([(10, 140), (230, 140)]) }),
            ("rectangle", { $0.use(.rectangle, "#10a010", width: 5); $0.drag([(200, 150), (40, 40)]) }),
            ("ellipse", { $0.use(.ellipse, "#a010a0", width: 7); $0.drag([(60, 20), (180, 120)]) }),
            ("image background", { try $0.setBackground(.image(gradientImage(97, 61), name: "g")) }),
            ("eraser", { $0.use(.eraser, width: 25); $0.drag([(0, 80), (240, 80)]) }),
            ("colour background", { try $0.setBackground(.color(RGBColor(hex: "#336699")!)) }),
            ("clear", { try $0.clear() }),
            ("pencil after clear", { $0.use(.pencil, "#ffff00", width: 30); $0.drag([(120, 80), (121, 80)]) }),
        ])
    }

    /// The same with elements, highlighters, the stroke eraser and a new page size, whose steps
    /// change the layers under the top run of ink too.
    @Test func undoAndRedoRestoreExactPixelsWithElements() throws {
        let editor = try makeEditor(240, 160)
        let note = Element(source: .text(TextStyle(text: "Note", size: 40, color: RGBColor(hex: "#2050a0")!)),
                           placement: Element.Placement(center: Point(120, 80), width: 90, natural: TextArt.measure(TextStyle(text: "Note", size: 40))))
        try checkExactUndoRedo(editor, [
            ("marker", { $0.use(.highlighter, "#ffe03c", width: 24, opacity: 0.6); $0.drag([(10, 80), (230, 80)]) }),
            ("pencil", { $0.use(.pencil, "#d01010", width: 6); $0.drag([(20, 20), (200, 140)]) }),
            ("text", { try $0.place(note) }),
            ("eraser over it", { $0.use(.eraser, width: 20); $0.drag([(120, 0), (120, 160)]) }),
            ("pencil over it", { $0.use(.pencil, "#10a010", width: 8); $0.drag([(20, 140), (220, 20)]) }),
            ("moved", { e in
                var moved = try #require(e.elements.first)
                moved.placement = moved.placement.moved(by: Point(30, -20))
                try e.perform(.change(moved))
            }),
            ("stroke eraser", { $0.use(.strokeEraser, width: 10); $0.drag([(200, 30), (210, 40)]) }),
            ("lowered", { e in try e.perform(.reorder(try #require(e.elements.first).id, top: false)) }),
            ("page size", { try $0.resizePage(to: PixelSize(width: 200, height: 200), anchor: 4) }),
            ("clear", { try $0.clear() }),
        ])
    }

    @Test func aNewStrokeAfterUndoDropsTheRedoBranch() throws {
        let editor = try makeEditor(120, 80)
        editor.use(.pencil, "#ff0000", width: 8)
        editor.drag([(10, 10), (110, 10)])
        editor.use(.pencil, "#00ff00", width: 8)
        editor.drag([(10, 40), (110, 40)])
        try editor.undo()
        editor.use(.pencil, "#0000ff", width: 8)
        editor.drag([(10, 70), (110, 70)])
        #expect(!editor.canRedo)
        #expect(try editor.redo() == false)
        #expect(editor.history.steps.count == 2)

        let expected = try makeEditor(120, 80)
        expected.use(.pencil, "#ff0000", width: 8)
        expected.drag([(10, 10), (110, 10)])
        expected.use(.pencil, "#0000ff", width: 8)
        expected.drag([(10, 70), (110, 70)])
        #expect(difference(try editor.picture(), try expected.picture()) == nil)
        #expect(editor.strokes.map(\.style.color) == [RGBColor(hex: "#ff0000")!, RGBColor(hex: "#0000ff")!])
    }

    @Test func clearAndBackgroundAreUndoableSteps() throws {
        let editor = try makeEditor(60, 60, background: .color(RGBColor(hex: "#202020")!))
        editor.use(.pencil, "#ffffff", width: 10)
        editor.drag([(30, 5), (30, 55)])
        try editor.clear()
        #expect(try editor.picture().pixel(x: 30, y: 30) == argb("#202020"))
        #expect(editor.strokes.isEmpty)
        try editor.setBackground(.color(RGBColor(hex: "#ff0000")!))
        #expect(try editor.picture().pixel(x: 30, y: 30) == argb("#ff0000"))
        try editor.undo()
        #expect(try editor.picture().pixel(x: 30, y: 30) == argb("#202020"))
        try editor.undo()
        #expect(try editor.picture().pixel(x: 30, y: 30) == argb("#ffffff"))
        #expect(editor.strokes.count == 1)
        #expect(editor.history.steps.map(\.kind) == [.stroke, .clear, .background])
    }

    @Test func strokeDataFollowsTheHistory() throws {
        let editor = try makeEditor(50, 50)
        editor.use(.rectangle, "#123456", width: 3)
        editor.drag([(5, 5), (20, 30), (40, 45)])
        editor.use(.eraser, width: 12)
        editor.drag([(0, 0), (50, 50)])
        #expect(editor.strokes.map(\.tool) == [.rectangle, .eraser])
        #expect(editor.strokes[0].points == [Point(5, 5), Point(40, 45)], "a shape keeps its corners, not the drag between")
        #expect(editor.strokes[0].style == StrokeStyle(color: RGBColor(hex: "#123456")!, width: 3))
        try editor.undo()
        #expect(editor.strokes.map(\.tool) == [.rectangle])
        try editor.clear()
        #expect(editor.strokes.isEmpty)
        try editor.undo()
        #expect(editor.strokes.map(\.tool) == [.rectangle])
        try editor.redo()
        #expect(editor.strokes.isEmpty)
    }

    @Test func severalFingersDrawSeveralStrokesEachItsOwnStep() throws {
        let editor = try makeEditor(100, 100)
        editor.use(.line, "#000000", width: 6)
        let a = PointerSource.finger(1), b = PointerSource.finger(2)
        editor.handle(PointerEvent(source: a, phase: .down, position: Point(20, 10)))
        editor.handle(PointerEvent(source: b, phase: .down, position: Point(80, 10)))
        editor.handle(PointerEvent(source: a, phase: .move, position: Point(20, 50)))
        editor.handle(PointerEvent(source: b, phase: .move, position: Point(80, 50)))
        #expect(Set(editor.input.strokes.keys) == [a, b])
        editor.handle(PointerEvent(source: b, phase: .up, position: Point(80, 90)))
        editor.handle(PointerEvent(source: a, phase: .up, position: Point(20, 90)))
        var img = try editor.picture()
        #expect(img.pixel(x: 20, y: 50) == argb("#000000") && img.pixel(x: 80, y: 50) == argb("#000000"))
        #expect(img.pixel(x: 50, y: 50) == argb("#ffffff"))
        #expect(editor.history.steps.count == 2)
        // Steps are in the order the fingers lifted: finger 1 lifted last, so it goes first.
        try editor.undo()
        img = try editor.picture()
        #expect(img.pixel(x: 20, y: 50) == argb("#ffffff") && img.pixel(x: 80, y: 50) == argb("#000000"))
    }

    @Test func aCancelledStrokeLeavesNoMarkAndNoStep() throws {
        let editor = try makeEditor(80, 80)
        let before = try editor.picture()
        editor.use(.pencil, "#000000", width: 10)
        editor.handle(PointerEvent(source: .finger(3), phase: .down, position: Point(10, 10)))
        editor.handle(PointerEvent(source: .finger(3), phase: .move, position: Point(70, 70)))
        editor.handle(PointerEvent(source: .finger(3), phase: .cancel, position: Point(70, 70)))
        editor.handle(PointerEvent(source: .finger(3), phase: .up, position: Point(70, 70)))
        #expect(difference(try editor.picture(), before) == nil)
        #expect(editor.history.steps.isEmpty && editor.strokes.isEmpty)
    }

    /// Forty steps of every tool, translucent and erasing, far apart and overlapping: undone
    /// one by one and redone, each state exactly as it was (the history holds no pixels).
    @Test func aLongHistoryComesBackExactly() throws {
        let editor = try makeEditor(320, 240)
        var rng = SystemRandomNumberGenerator()
        var states = [try editor.picture()]
        for i in 0..<40 {
            let tool: Tool = i % 7 == 6 ? .eraser : [.pencil, .line, .rectangle, .ellipse][i % 4]
            editor.use(tool, RGBColor(red: .random(in: 0...255, using: &rng), green: UInt8(i * 6), blue: 90).hex,
                       width: .random(in: 2...30, using: &rng), opacity: i % 3 == 0 ? 0.6 : 1)
            editor.drag((0..<5).map { _ in (.random(in: -20...340, using: &rng), .random(in: -20...260, using: &rng)) })
            states.append(try editor.picture())
        }
        #expect(editor.history.residentBytes == 0, "strokes hold no pixels")
        for i in stride(from: 39, through: 0, by: -1) {
            try editor.undo()
            #expect(difference(try editor.picture(), states[i]) == nil, "undo to state \(i)")
        }
        for i in 1...40 {
            try editor.redo()
            #expect(difference(try editor.picture(), states[i]) == nil, "redo to state \(i)")
        }
    }
}
