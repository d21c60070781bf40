import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// A decoder for tests: a 4x2 image for any path with "ok" in its name, an error otherwise.
struct StubDecoder: ImageDecoding {
    struct Failure: Error, CustomStringConvertible { var description: String }
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage {
        guard path.contains("ok") else { throw Failure(description: "not a readable image") }
        return RasterImage(width: 4, height: 2, pixels: [UInt32](repeating: 0xFF00_80FF, count: 8))!
    }
}

func makeController(_ w: Int = 1000, _ h: Int = 700, scale: Double = 1) throws -> AppController {
    let editor = try Editor(size: PixelSize(width: w, height: h), history: .init(memoryBudget: 64 << 20, spillDirectory: nil))
    return AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: w, height: h), scale: scale)
}

extension AppController {
    func click(_ control: Control, time: Double = 0) {
        let c = layout().frame(of: control)!.center
        pointer(PointerEvent(source: .mouse, phase: .down, position: c, time: time))
        pointer(PointerEvent(source: .mouse, phase: .up, position: c, time: time))
    }

    func drag(_ points: [(Double, Double)], time: Double = 0, source: PointerSource = .mouse) {
        pointer(PointerEvent(source: source, phase: .down, position: Point(points[0].0, points[0].1), time: time))
        for p in points.dropFirst() { pointer(PointerEvent(source: source, phase: .move, position: Point(p.0, p.1), time: time)) }
        pointer(PointerEvent(source: source, phase: .up, position: Point(points.last!.0, points.last!.1), time: time))
    }

    func shown() throws -> RasterImage {
        let frame = try Frame(size: window)
        render(into: frame, icons: IconSet(directory: nil), rects: [PixelRect(size: window)])
        return RasterImage(width: window.width, height: window.height, pixels: frame.read(PixelRect(size: window)))!
    }
}

@Suite struct LayoutTests {
    @Test(arguments: [1.0, 2.0])
    func everyControlIsBigEnoughForAFinger(scale: Double) {
        for panel in [nil, PanelKind.brush, .background] {
            let l = Layout(window: PixelSize(width: Int(640 * scale), height: Int(480 * scale)), scale: scale, barsHidden: 0,
                           panel: panel, recentColors: 8, hasMessage: true, hasDialog: false)
            for item in l.items where item.control != .dismissMessage {
                #expect(item.frame.width >= Theme.minimumTarget * scale && item.frame.height >= Theme.minimumTarget * scale,
                        "\(item.control) is \(item.frame.width)x\(item.frame.height)")
            }
        }
    }

    /// In a 640x480 window the panel's rows shorten, down to a finger's size, so it still fits.
    @Test(arguments: [(1000, 700, 1.0), (2000, 1400, 2.0), (1100, 760, 1.0), (640, 480, 1.0), (1280, 960, 2.0)])
    func everyControlSitsInsideItsCardWithoutOverlapping(w: Int, h: Int, scale: Double) {
        for (panel, eraser) in [(nil, false), (PanelKind.brush, false), (.brush, true), (.background, false)] {
            let l = Layout(window: PixelSize(width: w, height: h), scale: scale, barsHidden: 0,
                           panel: panel, recentColors: 8, hasMessage: false, hasDialog: false, eraser: eraser)
            if let p = l.panel {
                #expect(p.minY >= 0 && p.maxY <= l.bottomBar.minY, "the \(panel!) panel \(p) fits above the bottom bar (\(w)x\(h))")
            }
            for bar in [l.topBar, l.bottomBar] {
                #expect(bar.minX >= 0 && bar.maxX <= Double(w), "\(bar) fits the window's width (\(w)x\(h))")
            }
            let cards = [l.topBar, l.bottomBar] + [l.panel].compactMap { $0 }
            for item in l.items {
                // The brightness strip's target is a little wider than the strip, for fingers.
                var frame = item.frame
                if item.control == .valueStrip { frame = Rect(x: frame.minX + 6 * scale, y: frame.minY, width: frame.width - 12 * scale, height: frame.height) }
                #expect(cards.contains { $0.contains(Point(frame.minX, frame.minY)) && $0.contains(Point(frame.maxX - 0.01, frame.maxY - 0.01)) },
                        "\(item.control) at \(frame) lies outside its bar or panel (\(w)x\(h))")
                for other in l.items where other.control != item.control {
                    let o = other.frame
                    let across = min(frame.maxX, o.maxX) - max(frame.minX, o.minX), down = min(frame.maxY, o.maxY) - max(frame.minY, o.minY)
                    #expect(across < 0.5 || down < 0.5, "\(item.control) overlaps \(other.control)")
                }
            }
        }
    }

    /// The sheets and the menu fit a 640x480 window too, every control inside, none overlapping.
    @Test(arguments: [(640, 480, 1.0), (1000, 700, 1.0), (1280, 960, 2.0)])
    func sheetsAndTheMenuFitAndDoNotOverlap(w: Int, h: Int, scale: Double) {
        let size = PixelSize(width: w, height: h)
        let sheets: [Sheet] = [.shortcuts, .about, .newPage(NewPageDraft(windowSize: size)), .pageSize(PageSizeDraft(text: "1x1"))]
        for sheet in sheets {
            let l = Layout(window: size, scale: scale, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false, sheet: sheet)
            let card = l.sheetCard!
            #expect(card.minX >= 0 && card.minY >= 0 && card.maxX <= Double(w) && card.maxY <= Double(h), "\(sheet) fits \(w)x\(h)")
            let inside = l.items.filter { $0.control.isInSheet }
            for item in inside {
                #expect(card.contains(Point(item.frame.minX, item.frame.minY)) && card.contains(Point(item.frame.maxX - 0.01, item.frame.maxY - 0.01)),
                        "\(item.control) inside the \(sheet) sheet at \(w)x\(h)")
                #expect(item.frame.height >= Theme.minimumTarget * scale)
                for other in inside where other.control != item.control {
                    let o = other.frame, f = item.frame
                    #expect(min(f.maxX, o.maxX) - max(f.minX, o.minX) < 0.5 || min(f.maxY, o.maxY) - max(f.minY, o.minY) < 0.5,
                            "\(item.control) overlaps \(other.control)")
                }
            }
        }
        let menu = Layout(window: size, scale: scale, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false, menuRecent: 6)
        let card = menu.menu!
        #expect(card.minX >= 0 && card.maxX <= Double(w) && card.maxY <= Double(h), "the menu fits \(w)x\(h): \(card)")
        #expect(Set(menu.menuRows).isSuperset(of: Command.menu.map { Control.menuItem($0) }), "every command stays in the menu")
    }

    @Test func hitTestingFindsControlsChromeAndCanvas() throws {
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        let rect = try #require(l.frame(of: .tool(.rectangle)))
        #expect(l.hit(rect.center) == .control(.tool(.rectangle)))
        #expect(l.hit(Point(l.topBar.minX + 2, l.topBar.center.y)) == .chrome)
        #expect(l.hit(Point(500, 350)) == .canvas)
        #expect(l.hit(Point(5, 5)) == .canvas, "beside the floating bars the canvas is drawable")
        // The tools are in toolbar order, left to right.
        let xs = Tool.allCases.map { l.frame(of: .tool($0))!.minX }
        #expect(xs == xs.sorted())
    }

    @Test func hiddenBarsLeaveTheCanvasUnderThemDrawable() throws {
        let shown = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: .brush,
                           recentColors: 0, hasMessage: false, hasDialog: false)
        let hidden = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 1, panel: .brush,
                            recentColors: 0, hasMessage: false, hasDialog: false)
        let undo = try #require(shown.frame(of: .undo))
        #expect(hidden.hit(undo.center) == .canvas)
        #expect(hidden.topBar.maxY <= 0 && hidden.bottomBar.minY >= 700)
    }

    @Test func sliderValuesMapBothWays() throws {
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: .brush,
                       recentColors: 0, hasMessage: false, hasDialog: false)
        for kind in [SliderKind.width, .opacity, .brushRed] {
            let track = try #require(l.tracks[kind])
            #expect(l.sliderValue(kind, atX: track.minX - 50) == kind.range.lowerBound)
            #expect(l.sliderValue(kind, atX: track.maxX + 50) == kind.range.upperBound)
            for v in [kind.range.lowerBound, 100, kind.range.upperBound] {
                #expect(l.sliderValue(kind, atX: l.knobX(kind, value: v)!) == v)
            }
        }
    }

    @Test func theQuitQuestionIsModal() throws {
        let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil,
                       recentColors: 0, hasMessage: false, hasDialog: true)
        #expect(l.hit(Point(20, 20)) == .chrome, "the canvas does not draw behind the question")
        #expect(l.hit(try #require(l.frame(of: .panel(.brush))).center) == .chrome, "the bars do not act behind it")
        let save = try #require(l.frame(of: .dialog(.save)))
        #expect(l.hit(save.center) == .control(.dialog(.save)))
        #expect(l.hit(try #require(l.frame(of: .undo)).center) == .chrome)
    }
}

@Suite struct BarAnimationTests {
    @Test func barsSlideOutWhileDrawingAndBackASecondAfter() {
        var bars = BarAnimation()
        #expect(bars.hidden(at: 0) == 0)
        bars.strokeBegan(at: 10)
        #expect(bars.hidden(at: 10.1) > 0 && bars.hidden(at: 10.1) < 1)
        #expect(bars.hidden(at: 10.3) == 1)
        bars.strokesEnded(at: 12)
        _ = bars.advance(to: 12.5)
        #expect(bars.hidden(at: 12.5) == 1, "still hidden half a second after the stroke")
        #expect(bars.nextChange(after: 12.5) == 13)
        _ = bars.advance(to: 13.0)
        #expect(bars.hidden(at: 13.3) == 0)
        #expect(bars.nextChange(after: 13.3) == nil, "nothing to wait for: no timer while idle")
    }
}

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
        #expect(c.panel == .brush)
        let l = c.layout()
        let track = try #require(l.tracks[.brushRed])
        // Drag the red knob all the way right.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(l.knobX(.brushRed, value: 0)!, track.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(track.center.x, track.center.y)))
        #expect(c.value(of: .brushRed) > 100 && c.value(of: .brushRed) < 160)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(track.maxX + 40, track.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(track.maxX + 40, track.center.y)))
        #expect(c.editor.toolState.style.color == RGBColor(red: 255, green: 0, blue: 0))
        c.wheel(-5, at: Point(track.center.x, track.center.y))
        #expect(c.value(of: .brushRed) == 250)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.panel == nil)
        c.drag([(100, 300), (300, 300)])
        #expect(try c.shown().pixel(x: 200, y: 300) == 0xFFFA_0000)
        #expect(c.recentColors.first == RGBColor(red: 250, green: 0, blue: 0))
    }

    @Test func backgroundSlidersChangeTheBackgroundAsOneUndoableStepPerDrag() throws {
        let c = try makeController()
        c.drag([(100, 300), (300, 300)])
        c.click(.panel(.background))
        let l = c.layout()
        let track = try #require(l.tracks[.backgroundGreen])
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(track.center.x, track.center.y)))
        for x in stride(from: track.center.x, through: track.minX, by: -20) {
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(x, track.center.y)))
        }
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(track.minX, track.center.y)))
        #expect(c.editor.background == .color(RGBColor(red: 255, green: 0, blue: 255)))
        #expect(c.editor.history.steps.map(\.kind) == [.stroke, .background], "one step for the whole drag")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.background == .color(.white))
        #expect(c.backgroundColor == .white && c.value(of: .backgroundGreen) == 255, "the sliders and swatch follow the undo")
        let swatch = try #require(c.layout().frame(of: .panel(.background)))
        #expect(try c.shown().pixel(x: Int(swatch.maxX - 24), y: Int(swatch.center.y)) & 0xFFFFFF == 0xFFFFFF, "the bottom bar's swatch too")
        c.key(KeyInput(.character("z"), ctrl: true, shift: true), time: 0)
        #expect(c.editor.background == .color(RGBColor(red: 255, green: 0, blue: 255)))
        #expect(c.backgroundColor == RGBColor(red: 255, green: 0, blue: 255), "and the redo")
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        c.key(KeyInput(.character("y"), ctrl: true), time: 0)
        #expect(c.editor.background == .color(RGBColor(red: 255, green: 0, blue: 255)))
        #expect(c.editor.strokes.count == 1, "the drawing is untouched")
    }

    @Test func keyboardShortcutsForToolsAndWidth() throws {
        let c = try makeController()
        for (i, tool) in Tool.allCases.enumerated() {
            c.key(KeyInput(.character(Character(String(i + 1)))), time: 0)
            #expect(c.editor.toolState.tool == tool)
        }
        c.key(KeyInput(.character("1")), time: 0)
        c.key(KeyInput(.character("e")), time: 0)
        #expect(c.editor.toolState.tool == .eraser)
        c.setSlider(.width, to: 8)
        c.key(KeyInput(.character("]")), time: 0)
        #expect(c.editor.toolState.style.width == 9)
        c.setSlider(.width, to: 60)
        c.key(KeyInput(.character("[")), time: 0)
        #expect(c.editor.toolState.style.width == 50)
        c.setSlider(.width, to: 200)
        c.key(KeyInput(.character("]")), time: 0)
        #expect(c.editor.toolState.style.width == 200)
        #expect(c.messageText == "Eraser width: 200 px", "with the panel closed the width is said")
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
        #expect(c.editor.toolState.style.width == AppController.eraserWidth)
        c.setSlider(.width, to: 40)
        press(c, "1")
        #expect(c.editor.toolState.style.width == 4, "widening the eraser left the pencil as it was")
        c.setSlider(.width, to: 6)
        press(c, "3")
        #expect(c.editor.toolState.style.width == 6, "shapes share the pencil's width")
        press(c, "x")
        #expect(c.editor.toolState.style.width == 40, "the stroke eraser shares the eraser's")
        press(c, "h")
        #expect(c.editor.toolState.style == AppController.highlighterStyle)
        press(c, "e")
        #expect(c.editor.toolState.style.width == 40 && c.editor.toolState.style.color == .black)
        press(c, "1")
        #expect(c.editor.toolState.style.width == 6)
        // The eraser's strokes really are that wide.
        press(c, "e")
        c.drag([(100, 300), (300, 300)])
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
        let note = try #require(l.panelNote)
        let shot = try c.shown()
        let inked = (Int(note.minX)..<Int(note.maxX)).filter { x in shot.pixel(x: x, y: Int(note.center.y)) & 0xFF < 0x80 }.count
        #expect(inked > 20, "a line of text says what the eraser does")
        #expect(l.panel!.height < 300, "the panel is as small as its settings")
        c.key(KeyInput(.character("1")), time: 0)
        #expect(c.layout().frame(of: .slider(.brushRed)) != nil && c.layout().panelNote == nil, "the pencil's colour is back")
    }

    @Test func barsHideWhileDrawingAndComeBack() throws {
        let c = try makeController()
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(500, 400), time: 1))
        c.tick(1.3)
        #expect(c.barsHidden == 1)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 30), time: 1.4))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(500, 30), time: 1.5))
        #expect(c.editor.strokes.count == 1, "the stroke reached where the top bar was")
        let wait = try #require(c.secondsUntilWakeup())
        #expect(abs(wait - 1.0) < 0.01)
        c.tick(2.5)
        c.tick(2.8)
        #expect(c.barsHidden == 0)
        #expect(c.secondsUntilWakeup() == nil)
    }

    @Test func saveAsksForANameOnceThenWritesTheDocumentAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = try makeController(700, 500)
        c.drag([(20, 250), (680, 250)])
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        let effects = c.takeEffects()
        #expect(effects.contains { if case .chooseFile(let r) = $0 { return r.purpose == .saveDrawing && r.suggestedName == "Untitled.ora" } else { return false } })
        c.fileChosen(.saveDrawing, path: folder.appendingPathComponent("picture").path)
        let saved = folder.appendingPathComponent("picture.ora").path
        #expect(c.title == "picture.ora - DrawingBoard")
        #expect(c.messageText == "Saved “picture.ora”")
        // The second Ctrl+S writes without asking.
        c.drag([(150, 120), (150, 380)])
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        #expect(!c.takeEffects().contains { if case .chooseFile = $0 { return true } else { return false } })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["picture.ora"], "no temporary file is left")
        let other = try makeController(700, 500)
        other.open(saved)
        #expect(other.editor.strokes.count == 2 && other.title == "picture.ora - DrawingBoard")
        #expect(try other.shown().pixel(x: 150, y: 140) == 0xFF00_0000)
        #expect(other.editor.size == PixelSize(width: 700, height: 500))
        other.resize(to: PixelSize(width: 900, height: 800), scale: 1)
        #expect(other.editor.size == PixelSize(width: 700, height: 500), "an opened document keeps its size")
    }

    @Test func openingReplacesTheDrawingOnlyAfterAsking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try makeController(700, 500)
        first.drag([(100, 100), (600, 100)])
        first.fileChosen(.saveDrawing, path: folder.appendingPathComponent("a.ora").path)
        let c = try makeController(700, 500)
        c.drag([(100, 400), (600, 400)])
        c.open(folder.appendingPathComponent("a.ora").path)
        #expect(c.pendingQuestion == .open(folder.appendingPathComponent("a.ora").path))
        c.click(.dialog(.cancel))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points[0] == Point(100, 400), "cancel keeps the drawing")
        c.open(folder.appendingPathComponent("a.ora").path)
        c.click(.dialog(.discard))
        #expect(c.editor.strokes.count == 1 && c.editor.strokes[0].points[0] == Point(100, 100), "discard opens the document")
        #expect(!c.isModified && !c.editor.canUndo)
        c.open(folder.appendingPathComponent("missing.ora").path)
        #expect(c.messageText?.contains("“missing.ora” cannot be opened: no such file") == true, "\(c.messageText ?? "")")
        #expect(c.editor.strokes[0].points[0] == Point(100, 100), "a failed open changes nothing")
    }

    @Test func aFailedSaveShowsAMessageAndKeepsTheDrawing() throws {
        let c = try makeController(700, 500)
        c.drag([(20, 250), (680, 250)])
        c.fileChosen(.saveDrawing, path: "/proc/nope/picture.ora")
        #expect(c.messageText?.hasPrefix("Could not save “picture.ora”: cannot write /proc/nope/picture.ora") == true, "\(c.messageText ?? "")")
        #expect(c.isModified && c.editor.strokes.count == 1)
        let img = try c.shown()
        let banner = try #require(c.layout().message)
        #expect(img.pixel(x: Int(banner.minX) + 6, y: Int(banner.center.y)) == 0xFFC0_1C28, "a red banner")
    }

    @Test func backgroundImagesLoadOrExplainWhyNot() throws {
        let c = try makeController(700, 500)
        c.loadBackground("/somewhere/ok.png")
        #expect(try c.shown().pixel(x: 100, y: 250) == 0xFF00_80FF)
        c.loadBackground("/somewhere/bad.png")
        #expect(c.messageText == "Could not open “bad.png”: not a readable image")
        #expect(try c.shown().pixel(x: 100, y: 250) == 0xFF00_80FF, "the old background stays")
        c.click(.panel(.background))
        c.click(.chooseImage)
        #expect(c.takeEffects().contains { if case .chooseFile(let r) = $0 { return r.purpose == .backgroundImage } else { return false } })
    }

    @Test func quittingWithUnsavedChangesAsksFirst() throws {
        let c = try makeController()
        c.key(KeyInput(.character("q"), ctrl: true), time: 0)
        #expect(c.takeEffects().contains(.quit), "nothing to lose: quits at once")
        let d = try makeController()
        d.drag([(100, 300), (300, 300)])
        _ = d.takeEffects()
        d.requestQuit()
        #expect(d.dialogOpen && !d.takeEffects().contains(.quit))
        d.click(.dialog(.cancel))
        #expect(!d.dialogOpen && !d.takeEffects().contains(.quit))
        d.requestQuit()
        d.click(.dialog(.discard))
        #expect(d.takeEffects().contains(.quit))
    }

    @Test func savingFromTheQuitQuestionQuitsOnlyAfterASuccessfulSave() throws {
        let c = try makeController(700, 500)
        c.drag([(100, 200), (600, 300)])
        c.requestQuit()
        c.click(.dialog(.save))
        var effects = c.takeEffects()
        #expect(effects.contains { if case .chooseFile = $0 { return true } else { return false } } && !effects.contains(.quit))
        c.fileChosen(.saveDrawing, path: nil)
        #expect(!c.takeEffects().contains(.quit), "cancelling the chooser cancels the quit")
        c.requestQuit()
        c.click(.dialog(.save))
        _ = c.takeEffects()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-quit-\(UUID().uuidString).ora").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        c.fileChosen(.saveDrawing, path: path)
        effects = c.takeEffects()
        #expect(effects.contains(.quit))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func tooltipsAppearAfterAPause() throws {
        let c = try makeController()
        let undo = try #require(c.layout().frame(of: .undo))
        c.hover(at: undo.center, time: 5)
        #expect(c.tooltip() == nil)
        #expect(abs((c.secondsUntilWakeup() ?? 0) - AppController.tooltipDelay) < 0.001)
        c.tick(5 + AppController.tooltipDelay)
        #expect(c.tooltip()?.text == "Undo (Ctrl+Z)")
        c.hover(at: Point(500, 400), time: 6)
        #expect(c.tooltip() == nil)
        // The hex field's tooltip goes while it is typed in, off the sliders being matched.
        c.click(.panel(.brush))
        let hex = try #require(c.layout().frame(of: .hexField))
        c.hover(at: hex.center, time: 10)
        c.tick(10 + AppController.tooltipDelay)
        #expect(c.tooltip()?.text == "Type a colour: three or six hex digits, then Enter")
        c.beginHexEntry()
        #expect(c.tooltip() == nil)
        // The Brush button's tooltip would cover the open panel's bottom row.
        c.finishHexEntry(apply: false)
        let brush = try #require(c.layout().frame(of: .panel(.brush)))
        c.hover(at: brush.center, time: 20)
        c.tick(20 + AppController.tooltipDelay)
        #expect(c.tooltip() == nil)
        c.click(.closePanel)
        c.hover(at: brush.center + Point(1, 0), time: 30)
        c.tick(30 + AppController.tooltipDelay)
        #expect(c.tooltip() != nil, "with the panel closed it shows")
    }

    @Test func onlyChangedAreasAreRedrawn() throws {
        let c = try makeController()
        _ = c.takeDamage()
        #expect(c.takeDamage().isEmpty, "nothing changed, nothing to draw")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(500, 400)))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(505, 402)))
        _ = c.takeDamage()
        c.tick(0.02)
        _ = c.takeDamage()
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(510, 403), time: 0.02))
        let damage = c.takeDamage()
        #expect(damage.recompose.isEmpty, "an opaque stroke composes nothing again: \(damage.recompose)")
        #expect(damage.painted.count == 1 && damage.painted[0].area < 30 * 30, "a motion event paints only the new piece: \(damage.painted)")
    }

    @Test func piecesUnderTheBarsAreComposedWithThem() throws {
        let c = try makeController()
        let frame = try Frame(size: c.window)
        let icons = IconSet(directory: nil)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        let bar = try #require(c.layout().chromeRects.first)
        let y = (bar.minY + bar.maxY) / 2
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(bar.minX + 40, y + 60), time: 0))
        var composed = 0, painted = 0
        for i in 1...12 {
            // Up under the bar and along it, while the bar is still on screen.
            let p = Point(bar.minX + 40 + Double(i) * 8, max(y, y + 60 - Double(i) * 15))
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: p, time: 0.001 * Double(i)))
            c.tick(0.001 * Double(i))
            let damage = c.takeDamage()
            composed += damage.recompose.count
            painted += damage.painted.count
            c.render(into: frame, icons: icons, damage: damage)
        }
        #expect(composed > 0 && painted > 0, "pieces clear of the bar are painted (\(painted)); under it, composed (\(composed))")
        let shownNow = frame.read(PixelRect(size: c.window))
        let full = try c.shown()
        let differing = zip(shownNow, full.pixels).filter { $0 != ($1 | 0xFF00_0000) }.count
        #expect(differing < 40, "the bar stays on top of the stroke in progress (\(differing) pixels differ from a full redraw)")
    }

    @Test func aSmoothedLineGlidesInToARestingPointer() throws {
        let c = try makeController()
        c.editor.toolState.smoothing = .strong
        let frame = try Frame(size: c.window)
        let icons = IconSet(directory: nil)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        func shown(_ x: Int, _ y: Int) -> UInt32 { frame.read(PixelRect(x: x, y: y, width: 1, height: 1))[0] }
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 400), time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 400), time: 1.01))
        c.tick(1.01)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        #expect(shown(300, 400) == 0xFFFF_FFFF, "strong smoothing trails the pointer at first")
        #expect(c.editor.strokesTrailPointer)
        // The pointer rests: the loop keeps waking a frame at a time and the line glides in.
        var time = 1.01, wakes = 0
        while let wait = c.secondsUntilWakeup(), wakes < 200 {
            #expect(wait > 0 || time >= 1.01 + AppController.restDelay, "no busy wake while the pointer moves")
            time += max(wait, 0.001)
            wakes += 1
            c.tick(time)
            c.render(into: frame, icons: icons, damage: c.takeDamage())
        }
        #expect(!c.editor.strokesTrailPointer)
        #expect(time - 1.01 < 1, "caught up within a second (\(time - 1.01) s, \(wakes) wakes)")
        #expect(wakes > 5, "in steps a frame apart, not one jump (\(wakes) wakes)")
        #expect(shown(300, 400) != 0xFFFF_FFFF && shown(496, 400) != 0xFFFF_FFFF, "the line reaches the resting pointer before it lifts")
        #expect(c.secondsUntilWakeup() == nil, "and then the loop sleeps")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(500, 400), time: time + 0.01))
        let stroke = try #require(c.editor.strokes.last)
        #expect(stroke.points.last == Point(500, 400))
    }

    @Test func aRestingPointerShowsTheWholeStrokeInProgress() throws {
        let c = try makeController()
        let frame = try Frame(size: c.window)
        let icons = IconSet(directory: nil)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(300, 400), time: 1))
        for (i, x) in [340.0, 380, 420].enumerated() {
            c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(x, 400), time: 1 + 0.01 * Double(i + 1)))
            c.tick(1 + 0.01 * Double(i + 1))
            c.render(into: frame, icons: icons, damage: c.takeDamage())
        }
        #expect(frame.read(PixelRect(x: 400, y: 400, width: 1, height: 1))[0] == 0xFFFF_FFFF, "one sample behind while moving")
        #expect(c.editor.strokesBehindPointer)
        let wait = try #require(c.secondsUntilWakeup())
        #expect(wait <= AppController.restDelay + 0.001, "the loop wakes by the time the pointer has rested: \(wait)")
        c.tick(1.02 + AppController.restDelay)
        #expect(c.editor.strokesBehindPointer, "not yet")
        c.tick(1.03 + AppController.restDelay)
        #expect(!c.editor.strokesBehindPointer)
        c.render(into: frame, icons: icons, damage: c.takeDamage())
        #expect(frame.read(PixelRect(x: 400, y: 400, width: 1, height: 1))[0] != 0xFFFF_FFFF, "the newest segment shows once the pointer rests")
    }

    @Test func thePageKeepsItsSizeWhenTheWindowChangesAndTheDeskShowsAround() throws {
        let c = try makeController(600, 450)
        c.drag([(450, 200), (590, 300)])
        c.resize(to: PixelSize(width: 400, height: 300), scale: 1)
        #expect(c.editor.size == PixelSize(width: 600, height: 450), "a smaller window crops nothing")
        #expect(c.view.scale < 1, "the page is fitted into the smaller window")
        c.resize(to: PixelSize(width: 900, height: 700), scale: 1)
        #expect(c.editor.size == PixelSize(width: 600, height: 450), "a larger window does not grow the page")
        #expect(c.view == ViewTransform(scale: 1, offset: Point(150, 125)), "the page at 100%, centred")
        let img = try c.shown()
        #expect(img.pixel(x: 150 + 520, y: 125 + 250) == 0xFF00_0000, "the stroke, where it was on the page")
        #expect(img.pixel(x: 40, y: 350) == 0xFF8A_8D91, "the desk around the page")
        #expect(img.pixel(x: 150 + 300, y: 125 + 200) == 0xFFFF_FFFF, "the page itself")
        let edge = img.pixel(x: 148, y: 350)
        #expect(edge != 0xFF8A_8D91 && edge & 0xFF < 0x8A, "a soft shadow along the page's edge: \(String(edge, radix: 16))")
    }

    @Test func settingsRoundTripAndSurviveDamage() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-settings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var s = AppSettings(windowWidth: 1234, windowHeight: 777, recentColors: ["#ff0000", "#00ff00"])
        s.smoothing = .strong
        try s.save(to: url)
        #expect(AppSettings.load(from: url) == s)
        // Settings written before smoothing existed still load.
        try Data(#"{"windowWidth": 900, "windowHeight": 600, "recentColors": []}"#.utf8).write(to: url)
        #expect(AppSettings.load(from: url).smoothing == nil && AppSettings.load(from: url).windowWidth == 900)
        try Data("{not json".utf8).write(to: url)
        #expect(AppSettings.load(from: url) == AppSettings())
    }
}

/// The tools and colour controls added with the stroke eraser and the highlighter.
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
        #expect(Control.tool(.strokeEraser).tooltip == "Stroke eraser (7 or X)")
        // The highlighter is a marker beside the pens: it keeps its own style.
        press(c, "1")
        c.editor.toolState.style = StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 3)
        press(c, "h")
        #expect(c.editor.toolState.style.width == 24 && c.editor.toolState.style.opacity == 0.6, "wide and see-through")
        c.setSlider(.width, to: 40)
        press(c, "2")
        #expect(c.editor.toolState.style == StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 3), "the pens' style is back")
        press(c, "h")
        #expect(c.editor.toolState.style.width == 40, "and the marker's own, as it was left")
        press(c, "1")
        #expect(Control.tool(.highlighter).tooltip == "Highlighter (8 or H)")
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
        #expect(c.picking)
        #expect(c.panel == nil, "the panel steps aside so the whole picture can be picked from")
        #expect(c.messageText?.hasPrefix("Click the picture") == true, "and says what to do: \(c.messageText ?? "nothing")")
        #expect(c.takeEffects().contains(.setPointerShape(.crosshair)), "the pointer becomes a crosshair")
        c.tick(60)
        #expect(c.messageText?.hasPrefix("Click the picture") == true, "the message stays while picking")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 300)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(200, 300)))
        #expect(c.editor.toolState.style.color.hex == "#c03060")
        #expect(!c.picking && c.editor.strokes.count == 1, "picking draws nothing")
        #expect(c.panel == .brush, "the panel comes back with the picked colour")
        #expect(c.takeEffects().contains(.setPointerShape(.arrow)), "and the pointer is an arrow again")
        c.click(.eyedropper)
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.picking && c.panel == .brush, "Esc stops picking and brings the panel back")
        c.click(.closePanel)
        #expect(c.recentColors.first?.hex == "#c03060")
        // I, then a press on bare canvas: the background's colour.
        try c.editor.setBackground(.color(RGBColor(hex: "#224466")!))
        press(c, "i")
        #expect(c.picking)
        c.drag([(500, 500), (520, 510)])
        #expect(c.editor.toolState.style.color.hex == "#224466")
        press(c, "i")
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.picking, "Esc leaves the eyedropper")
        // A cancelled press (the window lost the pointer) puts the colour back.
        press(c, "i")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(200, 300)))
        #expect(c.editor.toolState.style.color.hex == "#c03060")
        c.pointer(PointerEvent(source: .mouse, phase: .cancel, position: Point(200, 300)))
        #expect(c.editor.toolState.style.color.hex == "#224466" && !c.picking)
    }

    @Test func theWheelAndStripSetTheColourAndTheSlidersFollow() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        let l = c.layout()
        let wheel = try #require(l.wheel)
        // The rim at the right is pure red; black becomes a visible colour.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(wheel.maxX - 1, wheel.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(wheel.maxX - 1, wheel.center.y)))
        #expect(c.editor.toolState.style.color.hex == "#ff0000")
        #expect(c.value(of: .brushRed) == 255 && c.value(of: .brushGreen) == 0)
        // A third of the way round, clockwise: green.
        let green = try #require(l.wheelPoint(hue: 120, saturation: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: green))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: green))
        #expect(c.editor.toolState.style.color.hex == "#00ff00")
        // Half way down the strip: half brightness.
        let strip = try #require(l.valueStrip)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(strip.center.x, strip.center.y)))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(strip.center.x, strip.center.y)))
        #expect(c.editor.toolState.style.color.hex == "#008000")
        // Down the strip and back up: the colour comes back exactly, with no drift.
        c.setSlider(.brushGreen, to: 0)
        c.finishHexEntry(apply: false)
        c.beginHexEntry()
        for ch in "3080c0" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        for value in [0.01, 0.3, 0.02, 192.0 / 255] {
            let y = strip.minY + (1 - value) * strip.height
            c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(strip.center.x, y)))
            c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(strip.center.x, y)))
        }
        #expect(c.editor.toolState.style.color.hex == "#3080c0", "\(c.editor.toolState.style.color.hex)")
        c.setSlider(.brushRed, to: 0)
        c.setSlider(.brushGreen, to: 128)
        c.setSlider(.brushBlue, to: 0)
        // A slider moves the wheel's marker: the hue stays green through a grey.
        c.setSlider(.brushGreen, to: 0)
        #expect(c.brushHSV == HSV(hue: 120, saturation: 1, value: 0), "black keeps the wheel's hue and saturation")
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

    @Test func theHexFieldTakesTypedColours() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        c.click(.hexField)
        #expect(c.hexEntry == "")
        for ch in "#1A2b3cff" { c.key(KeyInput(.character(ch)), time: 0) }
        #expect(c.hexEntry == "1A2b3c", "six digits at most; # is implied")
        #expect(c.message?.text == "A colour has six hex digits at most" && c.message?.isError == true, "a seventh digit is refused out loud")
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.toolState.style.color.hex == "#1a2b3c")
        #expect(c.hexEntry == nil)
        c.click(.hexField)
        for ch in "f0" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.character("1")), time: 0)
        c.key(KeyInput(.character("x")), time: 0)
        #expect(c.editor.toolState.tool == .pencil, "while typing, letters are not tool shortcuts")
        #expect(c.hexEntry == "f01" && c.message?.text == "“x” is not a hex digit: type 0–9 and a–f, like d01010",
                "a letter that is not hex is said, not dropped silently")
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.toolState.style.color.hex == "#ff0011", "three digits are short for six")
        c.click(.hexField)
        for ch in "12" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.message?.text == "“12” is not a colour: type three or six hex digits, like d01 or d01010")
        #expect(c.editor.toolState.style.color.hex == "#ff0011", "a bad entry changes nothing")
        #expect(c.hexEntry == "12", "and stays in the field to be put right")
        for ch in "3456" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.toolState.style.color.hex == "#123456" && c.hexEntry == nil)
        #expect(c.message == nil, "the complaint goes once the colour is right")
        c.editor.toolState.style.color = RGBColor(hex: "#ff0011")!
        c.click(.hexField)
        c.key(KeyInput(.character("0")), time: 0)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.hexEntry == nil && c.editor.toolState.style.color.hex == "#ff0011", "Esc cancels")
        // Leaving the field by clicking elsewhere drops unfinished text without a complaint.
        c.message = nil
        c.click(.hexField)
        c.key(KeyInput(.character("a")), time: 0)
        c.click(.smoothing(.light))
        #expect(c.hexEntry == nil && c.message == nil && c.editor.toolState.style.color.hex == "#ff0011")
        c.click(.hexField)
        c.focusLost()
        #expect(c.hexEntry == nil, "the field lets go of the keyboard when the window loses focus")
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
        #expect(c.backgroundColor == RGBColor(hex: "#ffee99")! && c.value(of: .backgroundBlue) == 0x99, "the sliders follow")
        #expect(c.editor.toolState.style.color == .black, "the brush is untouched")
        #expect(c.editor.history.steps.map(\.kind) == [.background], "one undoable step")
        let shot = try c.shown()
        #expect(shot.pixel(x: 20, y: 300) & 0xFFFFFF == 0xFFEE99)
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.background == .color(.white) && c.backgroundColor == .white)
    }

    @Test func smoothingAndShapeHelpersFromThePanel() throws {
        let c = try makeController()
        c.click(.panel(.brush))
        c.click(.smoothing(.strong))
        #expect(c.editor.toolState.smoothing == .strong)
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
        c.tick(50 + AppController.tooltipDelay)
        #expect(c.tooltip()?.text.hasSuffix("· Snap 15° on (Brush panel)") == true, "its tooltip says what the mark means: \(c.tooltip()?.text ?? "none")")
    }
}
