import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// An eraser's pass that meets no ink changes no pixel, so it is no undo step: Ctrl+Z after
/// it takes back what was drawn before, as the user expects.
@Suite struct EraserStepTests {
    func items(_ editor: Editor) -> Int { editor.page.items.count }

    /// A 300x200 page with one pencil line drawn through `points`.
    func editorWithLine(_ points: [(Double, Double)]) throws -> Editor {
        let editor = try makeEditor(300, 200)
        editor.use(.pencil, width: 4)
        editor.drag(points)
        return editor
    }

    @Test func aPassOverBarePaperIsNoStep() throws {
        let editor = try editorWithLine([(20, 20), (80, 20)])
        let before = try editor.picture()
        editor.use(.eraser, width: 20)
        editor.drag([(150, 150), (250, 150)])
        #expect(items(editor) == 1, "the eraser's pass is not kept")
        #expect(difference(try editor.picture(), before) == nil, "and changed nothing")
        _ = try editor.undo()
        #expect(editor.page.items.isEmpty && !editor.history.canUndo, "undo takes back the pencil's line")
    }

    @Test func aPassOverInkIsAStepAndUndoBringsTheInkBack() throws {
        let editor = try editorWithLine([(20, 100), (280, 100)])
        let inked = try editor.picture()
        editor.use(.eraser, width: 20)
        editor.drag([(150, 60), (150, 140)])
        #expect(items(editor) == 2)
        #expect(rgb(inked.pixel(x: 150, y: 100)) == (0, 0, 0))
        #expect(rgb(try editor.picture().pixel(x: 150, y: 100)) == (255, 255, 255), "the ink under it went: paper shows")
        _ = try editor.undo()
        #expect(difference(try editor.picture(), inked) == nil)
    }

    /// The ink is what counts, not a stroke's box: the empty middle of a rectangle, or paper
    /// beside a diagonal line, is bare paper; a filled shape's inside is ink.
    @Test func aPassWithinAStrokesBoxButClearOfItsInkIsNoStep() throws {
        let editor = try editorWithLine([(20, 20), (120, 120)])
        editor.use(.rectangle, width: 4)
        editor.drag([(150, 20), (280, 180)])
        editor.use(.eraser, width: 10)
        editor.drag([(100, 30), (110, 30)])
        #expect(items(editor) == 2, "beside the diagonal line, inside its box")
        editor.drag([(190, 80), (240, 120)])
        #expect(items(editor) == 2, "inside the rectangle's empty middle")
        editor.drag([(60, 50), (60, 70)])
        #expect(items(editor) == 3, "across the line")
        editor.drag([(150, 100), (160, 100)])
        #expect(items(editor) == 4, "across the rectangle's side")
        // Another app's filled shape (a Xournal++ fill): its inside is ink.
        let filled = Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: .black, width: 2),
                            points: [Point(20, 150), Point(120, 150), Point(120, 195), Point(20, 195), Point(20, 150)],
                            form: PolylineForm(fill: 1))
        try editor.perform(.stroke(filled))
        editor.drag([(60, 170), (80, 170)])
        #expect(items(editor) == 6, "inside a filled shape")
        #expect(rgb(try editor.picture().pixel(x: 70, y: 170)) == (255, 255, 255), "the fill under it went")
    }

    /// Scripts keep every pass a step: what their undo takes back never changes.
    @Test func aScriptsPassOverBarePaperIsStillAStep() throws {
        let script = try ScriptParser.parse(Data(#"""
            {"version": 1, "canvas": {"width": 300, "height": 200}, "steps": [
              {"tool": "pencil", "color": "#000000", "width": 4},
              {"stroke": [[20, 100], [280, 100]]},
              {"tool": "eraser", "width": 20},
              {"stroke": [[20, 170], [280, 170]]},
              {"undo": 1}
            ]}
            """#.utf8))
        let editor = try ScriptRunner(decoder: NoDecoder()).run(script, baseDirectory: temporaryFolder())
        #expect(rgb(try editor.picture().pixel(x: 150, y: 100)) == (0, 0, 0), "the undo took back the eraser's pass, not the line")
        #expect(items(editor) == 1)
    }

    /// Another app's pixels (the base) are ink too; their clear parts are not.
    @Test func theBasesPixelsCountWhereTheyAreNotClear() throws {
        var pixels = [UInt32](repeating: 0, count: 200 * 120)
        for y in 20..<60 { for x in 20..<90 { pixels[y * 200 + x] = 0xFF20_60C0 } }
        let editor = try Editor(document: DocumentContents(size: PixelSize(width: 200, height: 120), background: .color(.white),
                                                           drawing: RasterImage(width: 200, height: 120, pixels: pixels)!, strokes: []))
        let start = items(editor)
        editor.use(.eraser, width: 10)
        editor.drag([(150, 90), (180, 90)])
        #expect(items(editor) == start, "over the base's clear part")
        editor.drag([(50, 40), (60, 40)])
        #expect(items(editor) == start + 1, "over its pixels")
        #expect(rgb(try editor.picture().pixel(x: 55, y: 40)) == (255, 255, 255), "the paper shows where it erased")
    }
}

/// Scripts here decode no images.
private struct NoDecoder: ImageDecoding {
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage { throw ValidationError("", "no images here") }
}
