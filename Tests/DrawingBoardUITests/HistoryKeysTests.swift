import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// What the history keys and taking up a text leave alone: the step before a stroke under way, the pens' colour.
@Suite struct HistoryKeysTests {
    /// Ctrl+Z in the middle of a stroke takes that stroke back and nothing before it; the
    /// pointer draws nothing more until it is lifted. Ctrl+Y waits for the pointer.
    @Test func undoMidStrokeTakesBackThatStrokeOnly() throws {
        let c = try makeController(800, 600)
        c.drag([(100, 100), (700, 100)])
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(100, 300)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(300, 300)))
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 300)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(600, 300)))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points.first == Point(100, 100), "the first stroke stays")
        let shown = try c.shown()
        #expect(shown.pixel(x: 400, y: 100) != 0xFFFF_FFFF && shown.pixel(x: 200, y: 300) == 0xFFFF_FFFF && shown.pixel(x: 550, y: 300) == 0xFFFF_FFFF,
                "the first stroke shows, the second none of it")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.strokes.isEmpty && c.editor.canRedo)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(100, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(300, 400)))
        c.key(KeyInput(.character("y"), ctrl: true), time: 0)
        #expect(c.editor.strokes.isEmpty, "no redo under a stroke")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(300, 400)))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points.first == Point(100, 400), "the stroke drawn over the redo")
    }

    /// Esc while a shape is dragged lets it go: nothing is drawn, no step is made.
    @Test func escapeLetsAShapeBeingDraggedGo() throws {
        let c = try makeController(800, 600)
        c.key(KeyInput(.character("4")), time: 0)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(100, 100)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(300, 300)))
        c.key(KeyInput(.escape), time: 0)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(400, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(400, 400)))
        #expect(c.editor.strokes.isEmpty && !c.editor.canUndo)
        #expect(try c.shown().pixel(x: 200, y: 100) == 0xFFFF_FFFF, "the rectangle's top edge is gone")
    }

    /// Taking up a text of another colour again shows its colour in the Brush panel while it
    /// is typed in; afterwards the pens have their own colour back (the next stroke came out
    /// in the text's).
    @Test func editingATextLeavesThePensColour() throws {
        let c = try makeController(800, 600)
        let blue = RGBColor(hex: "#7880ff")!, red = RGBColor(hex: "#dd0011")!
        c.key(KeyInput(.character("t")), time: 0)
        c.brush.setPenColor(blue)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 200)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(200, 200)))
        c.typed("Hello")
        c.key(KeyInput(.escape), time: 0)
        let text = try #require(c.editor.elements.first)
        c.brush.setPenColor(red)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: text.placement.center))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: text.placement.center))
        #expect(c.text.typed == "Hello" && c.editor.toolState.style.color == blue, "the text's colour while it is typed in")
        c.key(KeyInput(.escape), time: 0)
        #expect(c.editor.toolState.style.color == red)
        c.key(KeyInput(.character("1")), time: 0)
        c.drag([(100, 400), (500, 400)])
        #expect(c.editor.strokes.last?.style.color == red)
    }
}

/// Ctrl+V in a text box pastes the clipboard's text there (it ended the box and looked for an
/// image).
@Suite struct TextPasteTests {
    @Test func ctrlVInATextBoxPastesText() throws {
        let c = try makeController(800, 600)
        c.key(KeyInput(.character("t")), time: 0)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 200)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(200, 200)))
        c.typed("A ")
        _ = c.takeEffects()
        c.key(KeyInput(.character("v"), ctrl: true), time: 0)
        #expect(c.takeEffects().contains(.pasteText) && c.text.typed == "A ", "the box stays open and asks for the text")
        c.text.pasted("pasted\ttext\r\nline 2\u{7}")
        #expect(c.text.typed == "A pasted text\nline 2", "\(c.text.typed ?? "")")
        c.text.pasted(nil)
        #expect(c.chrome.messageText == "The clipboard holds no text to paste" && c.text.typed == "A pasted text\nline 2")
        c.text.pasted(String(repeating: "x", count: 20_000))
        #expect(c.text.typed?.count == "A pasted text\nline 2".count + TextController.maxPasted)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.editor.elements.count == 1 && c.editor.elements[0].source.text?.text.hasPrefix("A pasted text\nline 2") == true)
    }
}
