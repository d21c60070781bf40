import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

@Suite struct ControllerTests {
    @Test func drawingWithTheMouseMakesAStrokeAndMarksTheDocumentModified() throws {
        let c = try makeController()
        #expect(c.title == "Untitled - DrawingBoard")
        c.drag([(100, 300), (300, 300)])
        #expect(c.editor.strokes.count == 1)
        #expect(c.title == "*Untitled - DrawingBoard")
        #expect(c.takeEffects().contains(.setTitle("*Untitled - DrawingBoard")))
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.title == "Untitled - DrawingBoard", "undoing back to the saved state clears the mark")
        c.key(KeyInput(.character("y"), ctrl: true), time: 0)
        let img = try c.shown()
        #expect(img.pixel(x: 200, y: 300) == 0xFF00_0000)
    }

    @Test func toolbarButtonsSelectToolsUndoAndRedo() throws {
        let c = try makeController()
        c.click(.tool(.rectangle))
        #expect(c.editor.toolState.tool == .rectangle)
        c.drag([(200, 200), (400, 400)])
        c.click(.undo)
        #expect(c.editor.strokes.isEmpty && c.editor.canRedo)
        c.click(.redo)
        #expect(c.editor.strokes.count == 1)
        c.click(.clear)
        #expect(c.editor.strokes.isEmpty)
        #expect(try c.shown().pixel(x: 200, y: 300) == 0xFFFF_FFFF)
    }

    @Test func aPressThatLeavesTheButtonDoesNothing() throws {
        let c = try makeController()
        let f = try #require(c.layout().frame(of: .tool(.ellipse)))
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: f.center))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(500, 400)))
        #expect(c.editor.toolState.tool == .pencil)
        #expect(c.editor.strokes.isEmpty, "a press that began on a button never draws")
    }

    @Test func rgbSlidersSetTheStrokeColour() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        #expect(c.chrome.panel == .brush)
        let l = c.layout()
        let track = try #require(l.inPanel.tracks[.brushRed])
        // Drag the red knob all the way right.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(l.inPanel.knobX(.brushRed, value: 0)!, track.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(track.center.x, track.center.y)))
        #expect(c.brush.value(of: .brushRed) > 100 && c.brush.value(of: .brushRed) < 160)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(track.maxX + 40, track.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(track.maxX + 40, track.center.y)))
        #expect(c.editor.toolState.style.color == RGBColor(red: 255, green: 0, blue: 0))
        c.input.wheel(-5, at: Point(track.center.x, track.center.y))
        #expect(c.brush.value(of: .brushRed) == 250)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.chrome.panel == nil)
        c.drag([(100, 300), (300, 300)])
        #expect(try c.shown().pixel(x: 200, y: 300) == 0xFFFA_0000)
        #expect(c.brush.recentColors.first == RGBColor(red: 250, green: 0, blue: 0))
    }

    @Test func backgroundSlidersChangeTheBackgroundAsOneUndoableStepPerDrag() throws {
        let c = try makeController()
        c.drag([(100, 300), (300, 300)])
        c.click(.panel(.background))
        let l = c.layout()
        let track = try #require(l.inPanel.tracks[.backgroundGreen])
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(track.center.x, track.center.y)))
        for x in stride(from: track.center.x, through: track.minX, by: -20) {
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(x, track.center.y)))
        }
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(track.minX, track.center.y)))
        #expect(c.editor.background == .color(RGBColor(red: 255, green: 0, blue: 255)))
        #expect(c.editor.history.steps.map(\.kind) == [.stroke, .background], "one step for the whole drag")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.background == .color(.white))
        #expect(c.brush.backgroundColor == .white && c.brush.value(of: .backgroundGreen) == 255, "the sliders and swatch follow the undo")
        let swatch = try #require(c.layout().frame(of: .panel(.background)))
        #expect(try c.shown().pixel(x: Int(swatch.maxX - 24), y: Int(swatch.center.y)) & 0xFFFFFF == 0xFFFFFF, "the bottom bar's swatch too")
        c.key(KeyInput(.character("z"), ctrl: true, shift: true), time: 0)
        #expect(c.editor.background == .color(RGBColor(red: 255, green: 0, blue: 255)))
        #expect(c.brush.backgroundColor == RGBColor(red: 255, green: 0, blue: 255), "and the redo")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        c.key(KeyInput(.character("y"), ctrl: true), time: 0)
        #expect(c.editor.background == .color(RGBColor(red: 255, green: 0, blue: 255)))
        #expect(c.editor.strokes.count == 1, "the drawing is untouched")
    }

    @Test func keyboardShortcutsForToolsAndWidth() throws {
        let c = try makeController()
        for (i, tool) in Tool.barTools.prefix(9).enumerated() {
            c.key(KeyInput(.character(Character(String(i + 1)))), time: 0)
            #expect(c.editor.toolState.tool == tool)
        }
        c.key(KeyInput(.character("1")), time: 0)
        c.key(KeyInput(.character("e")), time: 0)
        #expect(c.editor.toolState.tool == .eraser)
        c.brush.setSlider(.width, to: 8)
        c.key(KeyInput(.character("]")), time: 0)
        #expect(c.editor.toolState.style.width == 9)
        c.brush.setSlider(.width, to: 60)
        c.key(KeyInput(.character("[")), time: 0)
        #expect(c.editor.toolState.style.width == 50)
        c.brush.setSlider(.width, to: 200)
        c.key(KeyInput(.character("]")), time: 0)
        #expect(c.editor.toolState.style.width == 200)
        #expect(c.chrome.messageText == "Eraser width: 200 px", "with the panel closed the width is said")
        c.key(KeyInput(.character("t")), time: 0)
        c.key(KeyInput(.character("]")), time: 0)
        #expect(c.chrome.messageText?.hasPrefix("Text size: ") == true, "the text tool's is its size: \(c.chrome.messageText ?? "")")
        c.key(KeyInput(.f11), time: 0)
        #expect(c.takeEffects().contains(.setFullscreen(true)))
    }

    /// Pens and shapes share a width, the two erasers have their own and the highlighter its
    /// whole style; the colour is the pens' whichever eraser is in hand.
    @Test func erasersKeepTheirOwnWidth() throws {
        let c = try makeController()
        func press(_ c: AppController, _ key: Character) { c.key(KeyInput(.character(key)), time: 0) }
        #expect(c.editor.toolState.style.width == 4)
        press(c, "e")
        #expect(c.editor.toolState.style.width == ToolRules.eraserWidth)
        c.brush.setSlider(.width, to: 40)
        press(c, "1")
        #expect(c.editor.toolState.style.width == 4, "widening the eraser left the pencil as it was")
        c.brush.setSlider(.width, to: 6)
        press(c, "3")
        #expect(c.editor.toolState.style.width == 6, "shapes share the pencil's width")
        press(c, "x")
        #expect(c.editor.toolState.style.width == 40, "the stroke eraser shares the eraser's")
        press(c, "h")
        #expect(c.editor.toolState.style == ToolRules.highlighterStyle)
        press(c, "e")
        #expect(c.editor.toolState.style.width == 40 && c.editor.toolState.style.color == .black)
        press(c, "1")
        #expect(c.editor.toolState.style.width == 6)
        // The eraser's strokes really are that wide (over ink: a pass over bare paper is none).
        c.drag([(100, 300), (300, 300)])
        press(c, "e")
        c.drag([(100, 300), (300, 300)])
        #expect(c.editor.strokes.last?.tool == .eraser)
        #expect(c.editor.strokes.last?.style.width == 40)
    }

    /// An eraser has no colour or opacity: with one in hand the brush panel offers its width and
    /// smoothing, and says what it does; the pencil's colour and opacity are out of its reach.
    @Test func theBrushPanelShowsAnErasersOwnSettings() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        #expect(c.layout().frame(of: .slider(.opacity)) != nil && c.layout().frame(of: .hexField) != nil)
        c.key(KeyInput(.character("e")), time: 0)
        let l = c.layout()
        let controls = Set(l.items.map(\.control))
        #expect(controls.contains(.slider(.width)) && controls.contains(.smoothing(.strong)))
        for gone: Control in [.slider(.opacity), .slider(.brushRed), .colorWheel, .valueStrip, .hexField, .eyedropper, .shapeHelper(.constrain)] {
            #expect(!controls.contains(gone), "no \(gone) for the eraser")
        }
        let note = try #require(l.inPanel.note)
        let shot = try c.shown()
        let inked = (Int(note.minX)..<Int(note.maxX)).filter { x in shot.pixel(x: x, y: Int(note.center.y)) & 0xFF < 0x80 }.count
        #expect(inked > 20, "a line of text says what the eraser does")
        c.key(KeyInput(.character("1")), time: 0)
        #expect(c.layout().frame(of: .slider(.brushRed)) != nil && c.layout().inPanel.note == nil, "the pencil's colour is back")
        #expect(c.layout().panel == l.panel, "in the same card: the panel keeps its place when the tool changes")
    }

    @Test func barsHideWhileDrawingAndComeBack() throws {
        let c = try makeController()
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(500, 400), time: 1))
        c.tick(1.3)
        #expect(c.chrome.barsHidden == 1)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 30), time: 1.4))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(500, 30), time: 1.5))
        #expect(c.editor.strokes.count == 1, "the stroke reached where the top bar was")
        let wait = try #require(c.secondsUntilWakeup())
        #expect(abs(wait - 1.0) < 0.01)
        c.tick(2.5)
        c.tick(2.8)
        #expect(c.chrome.barsHidden == 0)
        #expect(c.secondsUntilWakeup() == nil)
    }

    @Test func barsComeBackAtOnceWhenThePointerGoesToThem() throws {
        let c = try makeController()
        c.drag([(500, 400), (600, 420)], time: 1)
        c.tick(1.3)
        #expect(c.chrome.barsHidden == 1)
        // Over the middle of the page they wait for their second; at the bottom edge they come.
        c.hover(at: Point(500, 350), time: 1.35)
        c.tick(1.4)
        #expect(c.chrome.barsHidden == 1)
        c.hover(at: Point(500, 690), time: 1.45)
        c.tick(1.7)
        #expect(c.chrome.barsHidden == 0, "back 0.25 s after the pointer went there, not a second after the stroke")
        let bottom = try #require(c.layout().frame(of: .zoomIn))
        c.click(.zoomIn, time: 1.8)
        #expect(c.view.scale > 1, "a click there reaches the bar: \(bottom)")
    }

    /// A press where a bar rests, soon after a stroke (the bars still away), is for the bar:
    /// it drew a dot on the page. A stroke begun elsewhere still draws.
    @Test func aPressWhereABarRestsReachesItWhileTheBarsAreAway() throws {
        let c = try makeController()
        let stickers = try #require(c.layout(barsHidden: 0).frame(of: .panel(.stickers)))
        c.drag([(500, 400), (600, 420)], time: 1)
        c.tick(1.3)
        #expect(c.chrome.barsHidden == 1)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: stickers.center, time: 1.3))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: stickers.center, time: 1.31))
        #expect(c.chrome.panel == .stickers && c.editor.strokes.count == 1, "the panel opened; no dot")
        c.click(.panel(.stickers))
        c.drag([(500, 300), (600, 320)], time: 2)
        #expect(c.editor.strokes.count == 2)
    }
}
