import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// An eraser's pass that meets no ink changes no pixel, so it is no undo step: Ctrl+Z after
/// it takes back what was drawn before, as the user expects.
@Suite struct EraserStepTests {
    func items(_ editor: Editor) -> Int { editor.page.items.count }

    @Test func aPassOverBarePaperIsNoStep() throws {
        let editor = try makeEditor(300, 200)
        editor.use(.pencil, width: 4)
        editor.drag([(20, 20), (80, 20)])
        let before = try editor.picture()
        editor.use(.eraser, width: 20)
        editor.drag([(150, 150), (250, 150)])
        #expect(items(editor) == 1, "the eraser's pass is not kept")
        #expect(difference(try editor.picture(), before) == nil, "and changed nothing")
        _ = try editor.undo()
        #expect(editor.page.items.isEmpty && !editor.history.canUndo, "undo takes back the pencil's line")
    }

    @Test func aPassOverInkIsAStepAndUndoBringsTheInkBack() throws {
        let editor = try makeEditor(300, 200)
        editor.use(.pencil, width: 4)
        editor.drag([(20, 100), (280, 100)])
        let inked = try editor.picture()
        editor.use(.eraser, width: 20)
        editor.drag([(150, 60), (150, 140)])
        #expect(items(editor) == 2)
        #expect(rgb(inked.pixel(x: 150, y: 100)) == (0, 0, 0))
        #expect(rgb(try editor.picture().pixel(x: 150, y: 100)) == (255, 255, 255), "the ink under it went: paper shows")
        _ = try editor.undo()
        #expect(difference(try editor.picture(), inked) == nil)
    }

    /// Only the box of a stroke counts: a pass beside a line but inside its box is kept (it
    /// may meet the ink), one clear of every box is not.
    @Test func aPassClearOfEveryStrokesBoxIsNoStep() throws {
        let editor = try makeEditor(300, 200)
        editor.use(.pencil, width: 4)
        editor.drag([(20, 20), (120, 120)])
        editor.use(.eraser, width: 10)
        editor.drag([(200, 20), (280, 20)])
        #expect(items(editor) == 1)
        editor.drag([(100, 30), (110, 30)])
        #expect(items(editor) == 2, "inside the line's box")
    }

    /// Another app's pixels (the base) are ink too; their clear parts are not.
    @Test func theBasesPixelsCountWhereTheyAreNotClear() throws {
        var pixels = [UInt32](repeating: 0, count: 200 * 120)
        for y in 20..<60 { for x in 20..<90 { pixels[y * 200 + x] = 0xFF20_60C0 } }
        let editor = try Editor(document: DocumentContents(size: PixelSize(width: 200, height: 120), background: .color(.white),
                                                           drawing: RasterImage(width: 200, height: 120, pixels: pixels)!, strokes: []),
                                history: .init(memoryBudget: 1 << 26, spillDirectory: nil))
        let start = items(editor)
        editor.use(.eraser, width: 10)
        editor.drag([(150, 90), (180, 90)])
        #expect(items(editor) == start, "over the base's clear part")
        editor.drag([(50, 40), (60, 40)])
        #expect(items(editor) == start + 1, "over its pixels")
        #expect(rgb(try editor.picture().pixel(x: 55, y: 40)) == (255, 255, 255), "the paper shows where it erased")
    }
}
