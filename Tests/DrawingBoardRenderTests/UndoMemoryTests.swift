import DrawingBoardCore
import Testing
@testable import DrawingBoardRender

/// What the history holds: edits, never pixels. A stroke's step holds no pixel bytes, whatever
/// the canvas or the stroke, and undo and redo still give back exactly the pixels before and
/// after it, painted from the page; a step that changes an image holds that image, shared with
/// the page that shows it.
@Suite struct UndoMemoryTests {
    static let typicalStroke: [(Double, Double)] = [(150, 300), (250, 260), (350, 330), (450, 280), (550, 310)]

    @Test(arguments: [PixelSize(width: 1920, height: 1080), PixelSize(width: 3840, height: 2160)])
    func aStrokesStepHoldsNoPixelsAndStillUndoesExactly(_ canvas: PixelSize) throws {
        let editor = try Editor(size: canvas)
        // Lines under the stroke, so what it covered had drawing too.
        editor.use(.pencil, "#00ff00", width: 30)
        editor.drag([(200, 100), (200, 500), (300, 500), (300, 100), (400, 100), (400, 500)])
        let before = editor.image.drawingLayer()
        editor.use(.pencil, "#ff0000", width: 8)
        editor.drag(Self.typicalStroke)
        let after = editor.image.drawingLayer()
        #expect(editor.history.steps[1].residentBytes == 0)
        try editor.undo()
        #expect(editor.history.steps[1].residentBytes == 0, "undone, it holds the edit that redoes it")
        #expect(editor.image.drawingLayer().pixels == before.pixels, "undo: exactly the drawing before the stroke")
        try editor.redo()
        #expect(editor.image.drawingLayer().pixels == after.pixels, "redo: exactly the drawing with it")
        #expect(editor.history.residentBytes == 0)
    }

    @Test func aBackgroundImageStepHoldsTheImageItTakesBack() throws {
        let editor = try Editor(size: PixelSize(width: 640, height: 480))
        let first = gradientImage(200, 100)
        try editor.setBackground(.image(first, name: "first"))
        try editor.setBackground(.color(.white))
        #expect(editor.history.steps[1].residentBytes == first.byteCount, "the image the step brings back")
        #expect(editor.history.residentBytes == first.byteCount)
    }
}
