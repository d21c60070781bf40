import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// No silent failure: an edit whose pixels cannot be made (out of memory part-way) is refused
/// in words, and the page, its pixels and the history stay as they were.
@Suite struct CommitFailureTests {
    static let outOfMemory = RenderError("cannot create a 400x300 image: out of memory")

    func drag(_ editor: Editor, _ points: [(Double, Double)]) {
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(points[0].0, points[0].1)))
        for p in points.dropFirst() { editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(p.0, p.1))) }
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(points.last!.0, points.last!.1)))
    }

    @Test func aStrokeThatCannotBeCommittedSaysSoAndChangesNothing() throws {
        let editor = try makeEditor(400, 300)
        editor.toolState.style.color = RGBColor(hex: "#d01010")!
        drag(editor, [(20, 50), (200, 50), (380, 50)])
        let before = try editor.image.flattened()
        #expect(editor.takeFailures().isEmpty)

        editor.canvas.simulatedFailure = Self.outOfMemory
        editor.toolState.style.color = RGBColor(hex: "#1040c0")!
        drag(editor, [(20, 150), (200, 150), (380, 150)])
        #expect(editor.takeFailures() == [Self.outOfMemory.message], "the window is told")
        #expect(editor.strokes.count == 1, "the stroke is not on the page")
        #expect(difference(try editor.image.flattened(), before) == nil, "the pixels are as they were")
        #expect(editor.takeFailures().isEmpty, "each failure is told once")

        // The caches are whole: the next stroke commits, and undo takes back exactly that one.
        drag(editor, [(20, 250), (200, 250), (380, 250)])
        #expect(editor.strokes.count == 2)
        #expect(try editor.image.flattened().pixel(x: 200, y: 250) == argb("#1040c0"))
        try editor.undo()
        #expect(difference(try editor.image.flattened(), before) == nil)
        try editor.undo()
        #expect(try editor.image.flattened().pixel(x: 200, y: 50) == argb("#ffffff"))
        #expect(!editor.canUndo, "one step per stroke that was committed, none for the refused one")
    }

    @Test func anElementThatCannotBePaintedIsNotPlaced() throws {
        let editor = try makeEditor(400, 300)
        drag(editor, [(20, 150), (380, 150)])
        let before = try editor.image.flattened()
        let style = TextStyle(text: "Note", size: 40, color: RGBColor(hex: "#2050a0")!)
        let natural = TextArt.measure(style)
        let note = Element(source: .text(style), placement: .init(center: Point(200, 150), width: natural.width, natural: natural))

        editor.canvas.simulatedFailure = Self.outOfMemory
        #expect(throws: RenderError.self) { try editor.place(note) }
        #expect(editor.elements.isEmpty && editor.strokes.count == 1)
        #expect(difference(try editor.image.flattened(), before) == nil)

        try editor.place(note)
        #expect(editor.elements.count == 1)
        try editor.undo()
        #expect(difference(try editor.image.flattened(), before) == nil)
    }

    /// Painting from the page fails part-way (a mask cannot be had after the layers under the
    /// new element were already made): the page and its pixels still come back as they were.
    @Test func aFailureWhilePaintingFromThePageLeavesThePixelsAsTheyWere() throws {
        let editor = try makeEditor(400, 300)
        drag(editor, [(20, 150), (380, 150)])
        editor.toolState.tool = .highlighter
        drag(editor, [(20, 100), (380, 100)])
        let before = try editor.image.flattened()
        let style = TextStyle(text: "Note", size: 40, color: RGBColor(hex: "#2050a0")!)
        let natural = TextArt.measure(style)
        let note = Element(source: .text(style), placement: .init(center: Point(200, 150), width: natural.width, natural: natural))

        editor.canvas.simulatedMaskFailure = Self.outOfMemory
        #expect(throws: RenderError.self) { try editor.place(note) }
        #expect(editor.elements.isEmpty && editor.strokes.count == 2)
        #expect(difference(try editor.image.flattened(), before) == nil)
        try editor.undo()
        try editor.redo()
        #expect(difference(try editor.image.flattened(), before) == nil)
    }
}
