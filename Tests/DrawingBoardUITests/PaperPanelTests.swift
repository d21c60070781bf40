import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// The Background panel's paper: a ruling chosen, its colour and spacing dragged, each one
/// undoable step, and the page shown ruled.
@Suite struct PaperPanelTests {
    @Test func paperFromTheBackgroundPanel() throws {
        let c = try makeController()
        c.click(.panel(.background))
        #expect(c.layout().frame(of: .slider(.paperSpacing)) == nil, "no spacing for a plain page")
        c.click(.paper(.lined))
        #expect(c.editor.background == .paper(Paper(.lined)))
        let spacing = try #require(c.layout().frame(of: .slider(.paperSpacing)), "the spacing shows for paper")
        // The page is shown ruled: a line every 32 px from the top, white between.
        let shot = try c.shown()
        #expect(shot.pixel(x: 20, y: 320) & 0xFFFFFF == Paper.defaultLine.argb & 0xFFFFFF)
        #expect(shot.pixel(x: 20, y: 330) & 0xFFFFFF == 0xFFFFFF)
        // The colour sliders colour the paper; the spacing slider spaces it; each drag one step.
        let red = try #require(c.layout().frame(of: .slider(.backgroundRed)))
        c.drag([(red.maxX - 80, red.center.y), (red.minX + 100, red.center.y)])
        let tinted = try #require(c.editor.background.paperValue)
        #expect(tinted.ruling == .lined && tinted.color == c.brush.backgroundColor && tinted.color.red < 200)
        c.drag([(spacing.minX + 90, spacing.center.y), (spacing.minX + 200, spacing.center.y)])
        let spaced = try #require(c.editor.background.paperValue)
        #expect(spaced.spacing == Double(c.brush.value(of: .paperSpacing)) && spaced.spacing > 32, "\(spaced.spacing)")
        c.click(.paperLine(2))
        #expect(c.editor.background.paperValue?.line == Paper.lineColors[2])
        c.click(.paper(.dotted))
        #expect(c.editor.background.paperValue == Paper(.dotted, color: spaced.color, spacing: spaced.spacing, line: Paper.lineColors[2]),
                "the spacing and colours stay")
        c.click(.paper(nil))
        #expect(c.editor.background == .color(spaced.color))
        #expect(c.editor.history.steps.map(\.kind) == [.background, .background, .background, .background, .background, .background])
        for _ in 0..<5 { c.key(KeyInput(.character("z"), ctrl: true), time: 0) }
        #expect(c.editor.background == .paper(Paper(.lined)))
        #expect(c.brush.backgroundColor == .white && c.brush.value(of: .paperSpacing) == 32, "the panel follows the undo")
    }

    /// Choosing a paper moves nothing in the panel: the spacing row is there, dimmed, on a
    /// plain page, so a click where the close button was still closes the panel (it used to
    /// grow a row upwards, and the click fell on the red slider, tinting the page).
    @Test(arguments: [(1000, 700), (800, 600), (1280, 800)])
    func choosingAPaperMovesNothingInTheBackgroundPanel(_ size: (Int, Int)) throws {
        let c = try makeController(size.0, size.1)
        c.click(.panel(.background))
        let plain = c.layout()
        let card = try #require(plain.inPanel.card)
        let idle = try #require(plain.inPanel.idleSpacing, "a plain page's spacing row is shown dimmed")
        #expect(plain.frame(of: .slider(.paperSpacing)) == nil && plain.frame(of: .paperLine(0)) == nil, "and does not answer")
        #expect(card.contains(Point(idle.minX, idle.minY)) && idle.maxY <= card.maxY && idle.maxX <= card.maxX, "the row is on the card")
        let before = Dictionary(plain.items.map { ($0.control, $0.frame) }, uniquingKeysWith: { a, _ in a })
        let close = try #require(plain.frame(of: .closePanel))
        // The panel as it is drawn on a plain page: the dimmed row's name is there, in grey.
        let shot = try c.shown()
        let label = (Int(idle.minX) + 4..<Int(idle.minX) + 60).flatMap { x in (Int(idle.minY)..<Int(idle.maxY)).map { shot.pixel(x: x, y: $0) & 0xFFFFFF } }
        let darkest = label.map { min($0 >> 16 & 0xFF, $0 >> 8 & 0xFF, $0 & 0xFF) }.min() ?? 255
        #expect(darkest < 235 && darkest > 90, "the dimmed label shows, lighter than the panel's text: \(darkest)")

        c.click(.paper(.squared))
        #expect(c.editor.background == .paper(Paper(.squared)))
        let ruled = c.layout()
        #expect(ruled.inPanel.card == card, "the card stays where it was")
        #expect(ruled.inPanel.idleSpacing == nil)
        for (control, frame) in before {
            #expect(ruled.frame(of: control) == frame, "\(control) stays where it was")
        }
        let spacing = try #require(ruled.frame(of: .slider(.paperSpacing)))
        #expect(spacing.minY >= idle.minY && spacing.maxY <= idle.maxY, "the spacing takes the dimmed row's place")
        let lastLine = try #require(ruled.frame(of: .paperLine(Paper.lineColors.count - 1)))
        #expect(lastLine.maxX <= card.maxX && lastLine.maxY <= card.maxY, "the line colours are on the card")
        #expect(ruled.frame(of: .paper(.squared))!.maxY <= spacing.minY, "the paper row stays above the spacing")

        // The pointer goes back where the close button was: the panel closes, the paper stays.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: close.center, time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: close.center, time: 1))
        #expect(c.layout().inPanel.card == nil, "the panel closed")
        #expect(c.editor.background == .paper(Paper(.squared)), "the page's colour is as it was")
    }

    /// The brush panel keeps its card when the tool in hand changes under it (an eraser's
    /// settings are one slider, the pencil's five): a click where its close button was closes it.
    @Test(arguments: [(1000, 700), (800, 600)])
    func theBrushPanelStaysPutWhenTheToolChanges(_ size: (Int, Int)) throws {
        let c = try makeController(size.0, size.1)
        c.click(.panel(.brush))
        let card = try #require(c.layout().inPanel.card)
        let close = try #require(c.layout().frame(of: .closePanel))
        let smoothing = try #require(c.layout().frame(of: .smoothing(.off)))
        for tool in [Tool.eraser, .highlighter, .text, .strokeEraser, .rectangle, .pencil] {
            c.click(.tool(tool))
            let l = c.layout()
            #expect(l.inPanel.card == card && l.frame(of: .closePanel) == close, "\(tool): the card and its close button stay")
            if tool != .text { #expect(l.frame(of: .smoothing(.off)) == smoothing, "\(tool): the smoothing row stays") }
            for item in l.items where item.frame.intersects(card) && item.control != .panel(.brush) {
                #expect(item.frame.minY >= card.minY && item.frame.maxY <= card.maxY, "\(tool): \(item.control) is on the card")
            }
        }
        c.click(.tool(.eraser))
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: close.center, time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: close.center, time: 1))
        #expect(c.layout().inPanel.card == nil, "the panel closed")
    }

    /// A page from a Xournal++ notebook: the panel shows its paper's colour, and the colour
    /// sliders colour that paper, keeping its ruling.
    @Test func aXournalPagesColourIsThePanelsAndKeepsItsRuling() throws {
        let c = try makeController()
        let paper = XournalPaper(.graph, color: RGBColor(red: 0xFF, green: 0xFF, blue: 0x80), points: Size(width: 600, height: 450))
        c.replaceEditor(try Editor(notebook: Notebook([Page(size: PixelSize(width: 800, height: 600), background: .xournal(paper))])))
        c.click(.panel(.background))
        #expect(c.brush.backgroundColor == paper.color, "the panel shows the page's colour")
        let red = try #require(c.layout().frame(of: .slider(.backgroundRed)))
        c.drag([(red.maxX - 20, red.center.y), (red.minX + 100, red.center.y)])
        guard case .xournal(let tinted) = c.editor.background else { Issue.record("the paper is kept: \(c.editor.background)"); return }
        #expect(tinted.style == .graph && tinted.points == paper.points && tinted.color.red < 0xFF && tinted.color == c.brush.backgroundColor)
    }
}

private extension Background {
    var paperValue: Paper? {
        if case .paper(let paper) = self { return paper }
        return nil
    }
}

extension PaperPanelTests {
    /// New page… offers paper too: the page starts ruled, in the chosen colour.
    @Test func aNewPageOfPaper() throws {
        let c = try makeController()
        c.key(KeyInput(.character("n"), ctrl: true), time: 0)
        c.click(.sheetPaper(.squared))
        c.click(.sheetColor(1))
        c.click(.sheetConfirm)
        let paper = try #require(c.editor.background.paperValue)
        #expect(paper == Paper(.squared, color: Layout.pageColors[1]))
        #expect(c.brush.backgroundColor == Layout.pageColors[1] && c.editor.history.steps.isEmpty, "the page starts so; no step to undo")
        let shot = try c.shown()
        #expect(shot.pixel(x: 32, y: 300) & 0xFFFFFF == Paper.defaultLine.argb & 0xFFFFFF, "a column of the grid")
    }
}

extension PaperPanelTests {
    /// "#fff8e0" typed as a keyboard sends it (Shift+3 first) colours the paper cream, not
    /// "#3fff8e".
    @Test func aHashTypedWithShiftIsNoDigit() throws {
        let c = try makeController()
        c.click(.panel(.background))
        c.click(.paper(.lined))
        c.click(.hexField)
        c.key(KeyInput(.character("3"), shift: true), time: 0)
        for ch in "fff8e0" { c.key(KeyInput(.character(ch)), time: 0) }
        c.key(KeyInput(.enter), time: 0)
        #expect(c.editor.background == .paper(Paper(.lined, color: RGBColor(hex: "#fff8e0")!)))
    }
}
