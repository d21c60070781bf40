import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

@Suite struct LayoutTests {
    @Test(arguments: [1.0, 2.0])
    func everyControlIsBigEnoughForAFinger(scale: Double) {
        for (panel, paper) in [(nil, false), (PanelKind.brush, false), (.background, false), (.background, true)] {
            let l = Layout(window: PixelSize(width: Int(640 * scale), height: Int(480 * scale)), scale: scale, barsHidden: 0,
                           panel: panel, recentColors: 8, hasMessage: true, hasDialog: false, paper: paper)
            for item in l.items where item.control != .dismissMessage {
                #expect(item.frame.width >= Theme.minimumTarget * scale && item.frame.height >= Theme.minimumTarget * scale,
                        "\(item.control) is \(item.frame.width)x\(item.frame.height)")
            }
        }
    }

    /// In a 640x480 window the panel's rows shorten, down to a finger's size, so it still fits.
    @Test(arguments: [(1000, 700, 1.0), (2000, 1400, 2.0), (1100, 760, 1.0), (640, 480, 1.0), (1280, 960, 2.0)])
    func everyControlSitsInsideItsCardWithoutOverlapping(w: Int, h: Int, scale: Double) {
        for (panel, eraser, paper) in [(nil, false, false), (PanelKind.brush, false, false), (.brush, true, false), (.background, false, false),
                                       (.background, false, true)] {
            let l = Layout(window: PixelSize(width: w, height: h), scale: scale, barsHidden: 0,
                           panel: panel, recentColors: 8, hasMessage: false, hasDialog: false, eraser: eraser, paper: paper)
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
        let xs = Tool.barTools.map { l.frame(of: .tool($0))!.minX }
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
            let track = try #require(l.inPanel.tracks[kind])
            #expect(l.inPanel.sliderValue(kind, atX: track.minX - 50) == kind.range.lowerBound)
            #expect(l.inPanel.sliderValue(kind, atX: track.maxX + 50) == kind.range.upperBound)
            for v in [kind.range.lowerBound, 100, kind.range.upperBound] {
                #expect(l.inPanel.sliderValue(kind, atX: l.inPanel.knobX(kind, value: v)!) == v)
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

    /// A panel open when the question comes stays whole under it (its sliders and buttons
    /// drawn, not only its card), and none of it acts.
    @Test func aPanelOpenUnderTheQuestionStaysWholeAndDoesNotAct() throws {
        for kind in [PanelKind.brush, .background] {
            let l = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: kind,
                           recentColors: 2, hasMessage: false, hasDialog: true)
            let slider = try #require(l.frame(of: .slider(kind == .brush ? .brushBlue : .backgroundBlue)), "\(kind): its sliders are laid out")
            #expect(l.frame(of: .hexField) != nil)
            let close = try #require(l.frame(of: .closePanel))
            // (The last row's track, below the question's card.)
            let left = Point(slider.minX + 4, slider.center.y)
            #expect(l.dialog?.contains(left) == false)
            #expect(l.hit(left) == .chrome && l.hit(close.center) == .chrome, "\(kind): nothing under the question acts")
            #expect(l.items.first.map { if case .dialog = $0.control { true } else { false } } == true, "the question's buttons are on top")
        }
    }
}

/// What lies under a panel.
@Suite struct UnderCardsTests {
    /// A control held when the quit question comes does nothing when let go: nothing under
    /// the question acts.
    @Test func aControlHeldWhenTheQuestionComesDoesNotActOnRelease() throws {
        let c = try makeController(1000, 700)
        c.drag([(100, 600), (300, 600)])
        for t in stride(from: 0.0, through: 10, by: 0.05) { c.tick(t) }
        #expect(c.chrome.barsHidden == 0, "the bars are back after the stroke")
        c.click(.panel(.background), time: 10)
        let background = c.editor.background
        let lined = try #require(c.layout().frame(of: .paper(.lined))).center
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: lined, time: 10.1))
        #expect(c.chrome.pressed == .paper(.lined), "the paper choice is held")
        c.document.requestQuit()
        #expect(c.document.pendingQuestion != nil, "the question is asked")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: lined, time: 10.2))
        #expect(c.editor.background == background, "the paper choice did not act under the question")
    }

    /// A slider's name and its number do not answer a press: only its track does.
    @Test func aSlidersNameAndNumberDoNotSetIt() throws {
        let c = try makeController(1000, 700)
        c.click(.panel(.brush))
        let track = try #require(c.layout().inPanel.tracks[.opacity])
        let opacity = c.brush.value(of: .opacity)
        for x in [track.minX - 40, track.maxX + 30] {
            let p = Point(x, track.center.y)
            #expect(c.layout().hit(p) == .chrome)
            c.pointer(PointerEvent(source: .mouse, phase: .down, position: p, time: 1))
            c.pointer(PointerEvent(source: .mouse, phase: .up, position: p, time: 1.1))
            #expect(c.brush.value(of: .opacity) == opacity, "the pencil's opacity is as it was after a press at \(x)")
        }
    }

    /// A slider is still drawn whole: its name left of the track, its number right of it.
    @Test func aSliderIsDrawnWithItsNameAndNumber() throws {
        let c = try makeController(1000, 700)
        c.click(.panel(.brush))
        let l = c.layout()
        let row = try #require(l.inPanel.rows[.opacity]), track = try #require(l.inPanel.tracks[.opacity])
        let shown = try c.shown()
        func inked(_ r: Rect) -> Int {
            var n = 0
            for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) where shown.pixel(x: x, y: y) & 0xFF < 0x60 { n += 1 } }
            return n
        }
        #expect(inked(Rect(x: row.minX, y: row.minY, width: track.minX - row.minX, height: row.height)) > 20, "\"Opacity\" is written")
        #expect(inked(Rect(x: track.maxX, y: row.minY, width: row.maxX - track.maxX, height: row.height)) > 20, "\"100%\" is written")
    }

    /// The question ends what a pointer was doing: a slider held stops following it, a stroke
    /// in progress goes, a page card held does not switch the page when let go.
    @Test func theQuestionEndsWhatThePointerWasDoing() throws {
        let c = try makeController(1000, 700)
        c.drag([(100, 600), (300, 600)])
        for t in stride(from: 0.0, through: 10, by: 0.05) { c.tick(t) }
        c.click(.panel(.brush), time: 10)
        let track = try #require(c.layout().inPanel.tracks[.width])
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(track.minX + 30, track.center.y), time: 10.1))
        let width = c.brush.value(of: .width)
        c.document.requestQuit()
        #expect(c.document.pendingQuestion != nil)
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(track.maxX - 30, track.center.y), time: 10.2))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(track.maxX - 30, track.center.y), time: 10.3))
        #expect(c.brush.value(of: .width) == width, "the slider stopped under the question")
        c.click(.dialog(.cancel), time: 10.4)
        // A stroke held when the question comes.
        c.click(.closePanel, time: 10.5)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(400, 300), time: 11))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(500, 320), time: 11.05))
        c.document.requestQuit()
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(600, 300), time: 11.1))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(600, 300), time: 11.15))
        #expect(c.editor.strokes.count == 1, "no stroke drawn under the question")
    }

    /// With the pages sidebar shown, a panel over its cards takes the presses on it: a press
    /// on the panel where it has no control does not switch the page.
    @Test func theSidebarsCardsUnderAPanelDoNotAnswer() throws {
        let c = try makeController(1000, 700)
        for _ in 0..<3 { c.pages.insert(Page(size: PixelSize(width: 1000, height: 700)), after: c.editor.pages.count - 1) }
        c.pages.first()
        c.click(.sidebar)
        c.click(.panel(.brush))
        let l = c.layout()
        let panel = try #require(l.panel), sidebar = try #require(l.sidebar)
        func common(_ a: Rect, _ b: Rect) -> Rect? {
            let r = Rect(minX: max(a.minX, b.minX), minY: max(a.minY, b.minY), maxX: min(a.maxX, b.maxX), maxY: min(a.maxY, b.maxY))
            return r.width > 4 && r.height > 4 ? r : nil
        }
        let thumbnails = l.items.filter { if case .pageThumbnail = $0.control { true } else { false } }
        let covered = try #require(thumbnails.first { card in
            guard let both = common(card.frame, panel) else { return false }
            return !l.items.prefix(l.frontCount).contains { $0.frame.contains(both.center) } && sidebar.contains(both.center)
        }, "a card under the panel")
        let p = try #require(common(covered.frame, panel)).center
        #expect(l.hit(p) == .chrome, "the panel takes it")
        let page = c.pages.current
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: p, time: 2))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: p, time: 2.1))
        #expect(c.pages.current == page, "no page switch")
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

    @Test func theSlideMovesInSixtyHertzStepsAndIsReportedOncePerStep() {
        var bars = BarAnimation()
        bars.strokeBegan(at: 10)
        // Motion events at 250 Hz during the slide: the bars are drawn again only when they moved.
        var reported: [Double] = []
        for i in 0...75 {
            let t = 10 + Double(i) * 0.004
            if bars.advance(to: t) { reported.append(bars.hidden(at: t)) }
        }
        #expect(reported.count == 12, "a 0.2 s slide is 12 steps of a 60 Hz frame, got \(reported.count)")
        #expect(reported.last == 1)
        #expect(zip(reported, reported.dropFirst()).allSatisfy { $0 < $1 })
        // Within a step, every layout puts the bars in the same place.
        #expect(bars.hidden(at: 10.051) == bars.hidden(at: 10.0666))
        // The wake-up falls on the next step, and none once the slide is over.
        let next = bars.nextChange(after: 10.051)!
        #expect(abs(next - (10 + 4.0 / 60)) < 1e-9)
        #expect(bars.nextChange(after: 10.25) == nil)
    }
}
