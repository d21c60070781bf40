import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// No silent failure: an edit whose pixels cannot be made (out of memory part-way) is refused
/// in words, and the page, its pixels and the history stay as they were.
@Suite struct CommitFailureTests {
    static let outOfMemory = RenderError("cannot create a 400x300 image: out of memory")

    /// A text to place in the middle of a 400x300 page.
    static func note() -> Element {
        let style = TextStyle(text: "Note", size: 40, color: RGBColor(hex: "#2050a0")!)
        let natural = TextArt.measure(style)
        return Element(source: .text(style), placement: .init(center: Point(200, 150), width: natural.width, natural: natural))
    }

    @Test func aStrokeThatCannotBeCommittedSaysSoAndChangesNothing() throws {
        let editor = try makeEditor(400, 300)
        editor.toolState.style.color = RGBColor(hex: "#d01010")!
        editor.drag([(20, 50), (200, 50), (380, 50)])
        let before = try editor.image.flattened()
        #expect(editor.takeFailures().isEmpty)

        editor.canvas.simulatedFailure = Self.outOfMemory
        editor.toolState.style.color = RGBColor(hex: "#1040c0")!
        editor.drag([(20, 150), (200, 150), (380, 150)])
        #expect(editor.takeFailures() == [Self.outOfMemory.message], "the window is told")
        #expect(editor.strokes.count == 1, "the stroke is not on the page")
        #expect(difference(try editor.image.flattened(), before) == nil, "the pixels are as they were")
        #expect(editor.takeFailures().isEmpty, "each failure is told once")

        // The caches are whole: the next stroke commits, and undo takes back exactly that one.
        editor.drag([(20, 250), (200, 250), (380, 250)])
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
        editor.drag([(20, 150), (380, 150)])
        let before = try editor.image.flattened()
        let note = Self.note()

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
        editor.drag([(20, 150), (380, 150)])
        editor.toolState.tool = .highlighter
        editor.drag([(20, 100), (380, 100)])
        let before = try editor.image.flattened()
        let note = Self.note()

        editor.canvas.simulatedMaskFailure = Self.outOfMemory
        #expect(throws: RenderError.self) { try editor.place(note) }
        #expect(editor.elements.isEmpty && editor.strokes.count == 2)
        #expect(difference(try editor.image.flattened(), before) == nil)
        try editor.undo()
        try editor.redo()
        #expect(difference(try editor.image.flattened(), before) == nil)
    }

    /// An undo whose pixels cannot be made leaves the step where it was: the page, its pixels
    /// and the history as they were, and the same undo works once memory comes back.
    @Test func anUndoThatCannotBeMadeLeavesTheStepWhereItWas() throws {
        let editor = try makeEditor(400, 300)
        editor.drag([(20, 50), (380, 50)])
        editor.toolState.tool = .eraser
        editor.drag([(200, 20), (200, 80)])
        let erased = try editor.image.flattened()

        editor.canvas.simulatedFailure = Self.outOfMemory
        #expect(throws: RenderError.self) { try editor.undo() }
        #expect(editor.strokes.count == 2 && editor.canUndo && !editor.canRedo)
        #expect(difference(try editor.image.flattened(), erased) == nil)

        try editor.undo()
        #expect(editor.strokes.count == 1 && editor.canRedo)
        #expect(try editor.image.flattened().pixel(x: 200, y: 50) == argb("#000000"), "the line is whole again")
        try editor.redo()
        #expect(difference(try editor.image.flattened(), erased) == nil)
    }
}
