import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// Undoing or redoing an element laid on top of another takes back the layer under it instead
/// of painting the whole page again, with exactly the pixels painting would give.
@Suite struct UnderStashTests {
    func note(_ text: String, at center: Point) -> Element {
        let style = TextStyle(text: text, size: 30, color: RGBColor(hex: "#2050a0")!)
        return Element(source: .text(style), placement: .init(center: center, width: 70, natural: TextArt.measure(style)))
    }

    /// The page drawn from its model alone, in a fresh editor.
    func painted(_ editor: Editor) throws -> RasterImage {
        try Editor(document: DocumentContents(page: editor.page, drawing: RasterImage(width: editor.size.width, height: editor.size.height,
                                                                                         pixels: [UInt32](repeating: 0, count: editor.size.area))!))
            .picture()
    }

    @Test func undoAndRedoOfAnElementOnTopTakeTheLayerBack() throws {
        let editor = try makeEditor(240, 160)
        editor.use(.highlighter, "#ffe03c", width: 24, opacity: 0.6)
        editor.drag([(10, 80), (230, 80)])
        editor.use(.pencil, "#d01010", width: 6)
        editor.drag([(20, 20), (200, 140)])
        try editor.place(note("One", at: Point(80, 60)))
        editor.use(.pencil, "#10a010", width: 8)
        editor.drag([(20, 140), (220, 20)])
        let beforeSecond = try editor.picture()
        try editor.place(note("Two", at: Point(150, 100)))
        let withSecond = try editor.picture()
        #expect(difference(withSecond, try painted(editor)) == nil)

        let paints = editor.canvas.wholeUnderPaints
        #expect(try editor.undo())
        #expect(difference(try editor.picture(), beforeSecond) == nil, "undo shows the page before the second note")
        #expect(difference(try editor.picture(), try painted(editor)) == nil, "as painting it from the page would")
        #expect(try editor.redo())
        #expect(difference(try editor.picture(), withSecond) == nil, "redo shows it again")
        #expect(try editor.undo())
        #expect(difference(try editor.picture(), beforeSecond) == nil)
        #expect(editor.canvas.wholeUnderPaints == paints, "nothing under the top run was painted again")

        // Laid on top again, drawn over, then deleted: the page under it is what it was before
        // it was laid, so that layer comes back too (the strokes over it go to the ink).
        #expect(try editor.redo())
        editor.use(.pencil, "#8020c0", width: 5)
        editor.drag([(100, 20), (140, 150)])
        let top = try #require(editor.elements.last)
        try editor.perform(.delete(top.id))
        #expect(difference(try editor.picture(), try painted(editor)) == nil, "deleted: as painting it from the page would")
        #expect(editor.canvas.wholeUnderPaints == paints, "deleting the element laid last painted nothing under the top run")
        #expect(try editor.undo())
        #expect(difference(try editor.picture(), try painted(editor)) == nil)
        #expect(try editor.undo())
        #expect(try editor.undo())

        // Another change in between: the kept layer is for another page, and the page is painted.
        editor.use(.pencil, "#000000", width: 4)
        editor.drag([(30, 30), (60, 30)])
        #expect(try editor.undo())
        #expect(try editor.undo())
        #expect(difference(try editor.picture(), try painted(editor)) == nil)
        #expect(try editor.redo())
        #expect(difference(try editor.picture(), try painted(editor)) == nil)
    }
}
