import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

@Suite struct MoreToolsControllerTests {
    private func press(_ c: AppController, _ key: Character) {
        c.key(KeyInput(.character(key)), time: 0)
    }

    @Test func theNewToolsFromTheToolbarAndTheKeyboard() throws {
        let c = try makeController()
        c.click(.tool(.highlighter))
        #expect(c.editor.toolState.tool == .highlighter)
        c.click(.tool(.strokeEraser))
        #expect(c.editor.toolState.tool == .strokeEraser)
        for (key, tool) in [("1", Tool.pencil), ("7", .strokeEraser), ("8", .highlighter), ("e", .eraser), ("x", .strokeEraser), ("h", .highlighter)] {
            press(c, Character(key))
            #expect(c.editor.toolState.tool == tool, "key \(key)")
        }
        #expect(Control.tool(.strokeEraser).spec.fullTooltip == "Stroke eraser (7 or X)")
        // The highlighter is a marker beside the pens: it keeps its own style.
        press(c, "1")
        c.editor.toolState.style = StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 3)
        press(c, "h")
        #expect(c.editor.toolState.style.width == 24 && c.editor.toolState.style.opacity == 0.6, "wide and see-through")
        c.brush.setSlider(.width, to: 40)
        press(c, "2")
        #expect(c.editor.toolState.style == StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 3), "the pens' style is back")
        press(c, "h")
        #expect(c.editor.toolState.style.width == 40, "and the marker's own, as it was left")
        press(c, "1")
        #expect(Control.tool(.highlighter).spec.fullTooltip == "Highlighter (8 or H)")
        press(c, "s")
        #expect(c.editor.toolState.smoothing == .light)
        press(c, "s")
        press(c, "s")
        #expect(c.editor.toolState.smoothing == .off)
    }

    @Test func theStrokeEraserInTheWindowIsOneUndoStep() throws {
        let c = try makeController()
        c.drag([(100, 300), (300, 300)])
        c.drag([(100, 400), (300, 400)])
        press(c, "x")
        c.drag([(200, 280), (200, 320)])
        #expect(c.editor.strokes.count == 1)
        #expect(try c.shown().pixel(x: 150, y: 300) == 0xFFFF_FFFF)
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.strokes.count == 2)
        #expect(try c.shown().pixel(x: 150, y: 300) == 0xFF00_0000)
    }

    @Test func theEyedropperPicksFromTheCanvasAndBackground() throws {
        let c = try makeController()
        c.editor.toolState.style = StrokeStyle(color: RGBColor(hex: "#c03060")!, width: 20)
        c.drag([(100, 300), (300, 300)])
        c.editor.toolState.style.color = .black
        c.click(.panel(.brush))
        c.click(.eyedropper)
        #expect(c.brush.colour.picking)
        #expect(c.chrome.panel == nil, "the panel steps aside so the whole picture can be picked from")
        #expect(c.chrome.messageText?.hasPrefix("Click the picture") == true, "and says what to do: \(c.chrome.messageText ?? "nothing")")
        #expect(c.takeEffects().contains(.setPointerShape(.crosshair)), "the pointer becomes a crosshair")
        c.tick(60)
        #expect(c.chrome.messageText?.hasPrefix("Click the picture") == true, "the message stays while picking")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 300)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(200, 300)))
        #expect(c.editor.toolState.style.color.hex == "#c03060")
        #expect(!c.brush.colour.picking && c.editor.strokes.count == 1, "picking draws nothing")
        #expect(c.chrome.panel == .brush, "the panel comes back with the picked colour")
        #expect(c.takeEffects().contains(.setPointerShape(.arrow)), "and the pointer is an arrow again")
        c.click(.eyedropper)
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.brush.colour.picking && c.chrome.panel == .brush, "Esc stops picking and brings the panel back")
        c.click(.closePanel)
        #expect(c.brush.recentColors.first?.hex == "#c03060")
        // I, then a press on bare canvas: the background's colour.
        try c.editor.setBackground(.color(RGBColor(hex: "#224466")!))
        press(c, "i")
        #expect(c.brush.colour.picking)
        c.drag([(500, 500), (520, 510)])
        #expect(c.editor.toolState.style.color.hex == "#224466")
        press(c, "i")
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.brush.colour.picking, "Esc leaves the eyedropper")
        // A cancelled press (the window lost the pointer) puts the colour back.
        press(c, "i")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 300)))
        #expect(c.editor.toolState.style.color.hex == "#c03060")
        c.pointer(PointerEvent(source: .mouse, phase: .cancel, position: Point(200, 300)))
        #expect(c.editor.toolState.style.color.hex == "#224466" && !c.brush.colour.picking)
    }

    /// The eyedropper in hand when a new page replaces the drawing still picks there: a press
    /// on the new page takes its colour and draws nothing.
    @Test func theEyedropperStaysInHandOnANewPage() throws {
        let c = try makeController()
        press(c, "i")
        c.key(KeyInput(.character("n"), ctrl: true), time: 0)
        c.click(.sheetColor(1))
        c.click(.sheetConfirm)
        #expect(c.chrome.sheet == nil && c.editor.background == .color(Layout.pageColors[1]), "the new page is there")
        #expect(c.brush.colour.picking)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(500, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(500, 400)))
        #expect(c.editor.strokes.isEmpty, "a press picks, it does not draw")
        #expect(c.editor.toolState.style.color == Layout.pageColors[1] && !c.brush.colour.picking)
    }

    @Test func theWheelAndStripSetTheColourAndTheSlidersFollow() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        let l = c.layout()
        let wheel = try #require(l.inPanel.wheel)
        // The rim at the right is pure red; black becomes a visible colour.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(wheel.maxX - 1, wheel.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(wheel.maxX - 1, wheel.center.y)))
        #expect(c.editor.toolState.style.color.hex == "#ff0000")
        #expect(c.brush.value(of: .brushRed) == 255 && c.brush.value(of: .brushGreen) == 0)
        // A third of the way round, clockwise: green.
        let green = try #require(l.inPanel.wheelPoint(hue: 120, saturation: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: green))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: green))
        #expect(c.editor.toolState.style.color.hex == "#00ff00")
        // Half way down the strip: half brightness.
        let strip = try #require(l.inPanel.valueStrip)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(strip.center.x, strip.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(strip.center.x, strip.center.y)))
        #expect(c.editor.toolState.style.color.hex == "#008000")
        // Down the strip and back up: the colour comes back exactly, with no drift.
        c.brush.setSlider(.brushGreen, to: 0)
        c.brush.colour.finishHexEntry(apply: false)
        c.brush.colour.beginHexEntry()
        for ch in "3080c0" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        for value in [0.01, 0.3, 0.02, 192.0 / 255] {
            let y = strip.minY + (1 - value) * strip.height
            c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(strip.center.x, y)))
            c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(strip.center.x, y)))
        }
        #expect(c.editor.toolState.style.color.hex == "#3080c0", "\(c.editor.toolState.style.color.hex)")
        c.brush.setSlider(.brushRed, to: 0)
        c.brush.setSlider(.brushGreen, to: 128)
        c.brush.setSlider(.brushBlue, to: 0)
        // A slider moves the wheel's marker: the hue stays green through a grey.
        c.brush.setSlider(.brushGreen, to: 0)
        #expect(c.brush.colour.hsv == HSV(hue: 120, saturation: 1, value: 0), "black keeps the wheel's hue and saturation")
        // What the panel shows: every hue at full brightness, whatever the colour, and the
        // strip shading from the colour at full brightness to black.
        let lit = try c.shown()
        let east = lit.pixel(x: Int(wheel.maxX) - 4, y: Int(wheel.center.y))
        #expect(east >> 16 & 0xFF > 230 && east >> 8 & 0xFF < 30 && east & 0xFF < 30, "red at the rim's east: \(String(east, radix: 16))")
        let centre = lit.pixel(x: Int(wheel.center.x), y: Int(wheel.center.y))
        #expect(centre >> 16 & 0xFF > 235 && centre >> 8 & 0xFF > 235 && centre & 0xFF > 235, "white at the centre: \(String(centre, radix: 16))")
        let south = lit.pixel(x: Int(wheel.center.x), y: Int(wheel.maxY) - 4)
        #expect(abs(Int(south >> 16 & 0xFF) - 128) < 20 && south >> 8 & 0xFF > 230 && south & 0xFF < 30, "hue 90°, clockwise below the centre, is #80ff00: \(String(south, radix: 16))")
        let stripTop = lit.pixel(x: Int(strip.center.x), y: Int(strip.minY) + 10), stripBottom = lit.pixel(x: Int(strip.center.x), y: Int(strip.maxY) - 10)
        #expect(stripTop >> 8 & 0xFF > 200 && stripTop >> 16 & 0xFF < 40, "green at full brightness at the top: \(String(stripTop, radix: 16))")
        #expect(stripBottom & 0xFFFFFF < 0x202020, "black at the bottom")
    }

    /// A click on the hex field selects its colour, as a text field does: a digit replaces it,
    /// Backspace clears it, an arrow keeps it to change its end; a second click or Ctrl+A
    /// selects what was typed again. Esc takes back its complaint too; the colour it already is
    /// makes no step on the Background panel.
    @Test func theHexFieldSelectsItsColourWhenClicked() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        c.editor.toolState.style.color = RGBColor(hex: "#ff0011")!
        c.click(.hexField)
        #expect(c.brush.colour.hexEntry == "ff0011" && c.brush.colour.hexSelected)
        let field = try #require(c.layout().frame(of: .hexField))
        let shot = try c.shown()
        let accent = (Int(field.minX)..<Int(field.center.x)).contains { shot.pixel(x: $0, y: Int(field.center.y)) & 0xFFFFFF == 0x3465A4 }
        #expect(accent, "the text shows selected")
        c.key(KeyInput(.right), time: 0)
        c.key(KeyInput(.backspace), time: 0)
        c.key(KeyInput(.character("2")), time: 0)
        #expect(c.brush.colour.hexEntry == "ff0012", "an arrow keeps the text: its end is changed")
        c.key(KeyInput(.character("a"), ctrl: true), time: 0)
        c.key(KeyInput(.backspace), time: 0)
        #expect(c.brush.colour.hexEntry == "", "Ctrl+A, then Backspace: empty")
        for ch in "12" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.chrome.showsError && c.brush.colour.hexEntry == "12", "a wrong colour stays to be put right")
        c.click(.hexField)
        for ch in "abc" { c.key(KeyInput(.character(ch)), time: 0) }
        #expect(c.brush.colour.hexEntry == "abc", "clicked again, what was typed is replaced")
        c.key(KeyInput(.character("x")), time: 0)
        #expect(c.chrome.showsError)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.brush.colour.hexEntry == nil && c.chrome.banner.message == nil, "Esc cancels, and its complaint goes")
        #expect(c.editor.toolState.style.color.hex == "#ff0011")
        // A refused key, then Enter on the colour as it is: nothing changes, the complaint goes.
        c.click(.hexField)
        c.key(KeyInput(.character("z")), time: 0)
        #expect(c.chrome.showsError)
        c.key(KeyInput(.enter), time: 0)
        #expect(c.brush.colour.hexEntry == nil && c.chrome.banner.message == nil && c.editor.toolState.style.color.hex == "#ff0011")
        // The Background panel: its own colour in the field; Enter on it as it is, no step.
        c.click(.closePanel)
        c.click(.panel(.background))
        c.click(.hexField)
        #expect(c.brush.colour.hexEntry == "ffffff")
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.history.steps.isEmpty, "the background it already has is no step")
        c.click(.hexField)
        for ch in "eee" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.background == .color(RGBColor(hex: "#eeeeee")!) && c.editor.history.steps.count == 1)
    }

    @Test func theHexFieldTakesTypedColours() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        c.click(.hexField)
        #expect(c.brush.colour.hexEntry == "000000" && c.brush.colour.hexSelected, "the colour it stands for, selected")
        for ch in "#1A2b3cff" { c.key(KeyInput(.character(ch)), time: 0) }
        #expect(c.brush.colour.hexEntry == "1A2b3c", "six digits at most; # is implied")
        #expect(c.chrome.banner.message?.text == "A colour has six hex digits at most" && c.chrome.banner.message?.isError == true, "a seventh digit is refused out loud")
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.toolState.style.color.hex == "#1a2b3c")
        #expect(c.brush.colour.hexEntry == nil)
        c.click(.hexField)
        for ch in "f0" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.character("1")), time: 0)
        c.key(KeyInput(.character("x")), time: 0)
        #expect(c.editor.toolState.tool == .pencil, "while typing, letters are not tool shortcuts")
        #expect(c.brush.colour.hexEntry == "f01" && c.chrome.banner.message?.text == "“x” is not a hex digit: type 0–9 and a–f, like d01010",
                "a letter that is not hex is said, not dropped silently")
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.toolState.style.color.hex == "#ff0011", "three digits are short for six")
        c.click(.hexField)
        for ch in "12" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.chrome.banner.message?.text == "“12” is not a colour: type three or six hex digits, like d01 or d01010")
        #expect(c.editor.toolState.style.color.hex == "#ff0011", "a bad entry changes nothing")
        #expect(c.brush.colour.hexEntry == "12", "and stays in the field to be put right")
        for ch in "3456" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.toolState.style.color.hex == "#123456" && c.brush.colour.hexEntry == nil)
        #expect(c.chrome.banner.message == nil, "the complaint goes once the colour is right")
        c.editor.toolState.style.color = RGBColor(hex: "#ff0011")!
        c.click(.hexField)
        c.key(KeyInput(.character("0")), time: 0)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.brush.colour.hexEntry == nil && c.editor.toolState.style.color.hex == "#ff0011", "Esc cancels")
        // Leaving the field by clicking elsewhere drops unfinished text without a complaint.
        c.chrome.dismissMessage()
        c.click(.hexField)
        c.key(KeyInput(.character("a")), time: 0)
        c.click(.smoothing(.light))
        #expect(c.brush.colour.hexEntry == nil && c.chrome.banner.message == nil && c.editor.toolState.style.color.hex == "#ff0011")
        c.click(.hexField)
        c.focusLost()
        #expect(c.brush.colour.hexEntry == nil, "the field lets go of the keyboard when the window loses focus")
        c.key(KeyInput(.character("2")), time: 0)
        #expect(c.editor.toolState.tool == .line)
    }

    @Test func theBackgroundPanelTakesATypedColourToo() throws {
        let c = try makeController()
        c.click(.panel(.background))
        let field = try #require(c.layout().frame(of: .hexField))
        #expect(c.layout().frame(of: .chooseImage).map { $0.minX >= field.maxX } == true, "beside Choose image")
        c.click(.hexField)
        for ch in "fe9" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.background == .color(RGBColor(hex: "#ffee99")!))
        #expect(c.brush.backgroundColor == RGBColor(hex: "#ffee99")! && c.brush.value(of: .backgroundBlue) == 0x99, "the sliders follow")
        #expect(c.editor.toolState.style.color == .black, "the brush is untouched")
        #expect(c.editor.history.steps.map(\.kind) == [.background], "one undoable step")
        let shot = try c.shown()
        #expect(shot.pixel(x: 20, y: 300) & 0xFFFFFF == 0xFFEE99)
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.background == .color(.white) && c.brush.backgroundColor == .white)
    }

    @Test func smoothingAndShapeHelpersFromThePanel() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        c.click(.smoothing(.strong))
        #expect(c.editor.toolState.smoothing == .strong)
        // The helpers are for shapes: the pencil's panel has none, the line's has both.
        #expect(c.layout().frame(of: .shapeHelper(.constrain)) == nil && c.layout().frame(of: .shapeHelper(.fromCentre)) == nil)
        press(c, "h")
        #expect(c.layout().frame(of: .shapeHelper(.constrain)) == nil, "nor the highlighter's")
        press(c, "2")
        #expect(c.layout().frame(of: .shapeHelper(.constrain)) != nil && c.layout().frame(of: .shapeHelper(.fromCentre)) != nil)
        c.click(.shapeHelper(.constrain))
        #expect(c.editor.toolState.shapeHelpers == .constrain)
        c.click(.closePanel)
        press(c, "2")
        c.drag([(100, 300), (300, 310)])
        #expect(c.editor.strokes.last?.points.map(\.y) == [300, 300], "the switch levels the line without Shift")
        c.click(.panel(.brush))
        c.click(.shapeHelper(.constrain))
        #expect(c.editor.toolState.shapeHelpers.isEmpty)
        // Shift pressed while a rectangle is dragged squares it at once.
        press(c, "4")
        c.click(.closePanel)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(100, 200)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(200, 250)))
        c.modifiersChanged(.constrain)
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(200, 250), modifiers: .constrain))
        #expect(c.editor.strokes.last?.points == [Point(100, 200), Point(200, 300)])
    }

    /// The switches show their state as check boxes, and while one is on the shape tools in the
    /// top bar carry a mark (the panel may be closed, and a snapped shape should not surprise).
    @Test func shapeHelperSwitchesShowTheirStateAndMarkTheShapeTools() throws {
        let c = try makeController()
        press(c, "3")
        c.click(.panel(.brush))
        let snap = try #require(c.layout().frame(of: .shapeHelper(.constrain)))
        let line = try #require(c.layout().frame(of: .tool(.line)))
        let pencil = try #require(c.layout().frame(of: .tool(.pencil)))
        // The box's middle, left of the label; the mark's place at the tool's corner.
        let box = (Int(snap.minX + 3 + 8 + 11), Int(snap.center.y))
        let mark = (Int(line.maxX - 3 - 6), Int(line.minY + 3 + 6))
        var shot = try c.shown()
        #expect(shot.pixel(x: box.0, y: box.1) & 0xFFFFFF == 0xFFFFFF, "off: an empty box")
        #expect(shot.pixel(x: box.0 - 10, y: box.1) & 0xFFFFFF != 0xFFFFFF, "with its outline")
        #expect(shot.pixel(x: mark.0, y: mark.1) & 0xFFFFFF != 0xE66100, "no mark while the helpers are off")
        c.click(.shapeHelper(.constrain))
        shot = try c.shown()
        #expect(shot.pixel(x: box.0 - 7, y: box.1 - 7) & 0xFFFFFF == 0x3465A4, "on: a filled box")
        #expect(shot.pixel(x: mark.0, y: mark.1) & 0xFFFFFF == 0xE66100, "the line tool is marked")
        #expect(shot.pixel(x: Int(pencil.maxX) - 9, y: Int(pencil.minY) + 9) & 0xFFFFFF != 0xE66100, "freehand tools are not")
        c.click(.closePanel)
        #expect(try c.shown().pixel(x: mark.0, y: mark.1) & 0xFFFFFF == 0xE66100, "the mark stays with the panel closed")
        c.hover(at: line.center, time: 50)
        c.tick(50 + Chrome.tooltipDelay)
        #expect(c.chrome.tooltip()?.text.hasSuffix("· Snap 15° on (Brush panel)") == true, "its tooltip says what the mark means: \(c.chrome.tooltip()?.text ?? "none")")
        // The switch says what it makes of the shape in hand.
        #expect(ShapeModifiers.constrain.title(for: .line) == "Snap 15°" && ShapeModifiers.constrain.title(for: .rectangle) == "Square"
                && ShapeModifiers.constrain.title(for: .ellipse) == "Circle" && ShapeModifiers.fromCentre.title(for: .ellipse) == "From centre")
        press(c, "4")
        let rectangle = try #require(c.layout().frame(of: .tool(.rectangle)))
        c.hover(at: rectangle.center, time: 60)
        c.tick(60 + Chrome.tooltipDelay)
        #expect(c.chrome.tooltip()?.text.hasSuffix("· Square on (Brush panel)") == true, "\(c.chrome.tooltip()?.text ?? "none")")
    }

    /// A shape tool clicked without a drag draws nothing and makes no step (it left a dot);
    /// the pencil's click still makes its dot.
    @Test func aShapeClickedWithoutADragIsNoShape() throws {
        let c = try makeController(800, 600)
        for key: Character in ["2", "3", "4", "5"] {
            press(c, key)
            #expect(c.editor.toolState.tool.isShape)
            c.drag([(300, 300), (300, 300)])
            #expect(c.editor.strokes.isEmpty && !c.editor.canUndo, "\(c.editor.toolState.tool)")
            #expect(try c.shown().pixel(x: 300, y: 300) == 0xFFFF_FFFF)
        }
        c.drag([(300, 300), (400, 350)])
        #expect(c.editor.strokes.count == 1, "a drag draws the shape")
        press(c, "1")
        c.drag([(500, 300), (500, 300)])
        #expect(c.editor.strokes.count == 2, "the pencil's dot")
    }
}
