import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Moving around the page: wheel, Shift+wheel, touchpad fractions, Ctrl+wheel, middle and
/// Space+drag, the keys and the zoom buttons; panning stops at the page's edges.
@Suite struct NavigationTests {
    /// A page larger than the window, so there is room to move.
    func bigPage() throws -> AppController {
        let c = try makeController(800, 600)
        c.document.newPageNow(PageSpec(size: PixelSize(width: 2000, height: 1500)))
        c.key(KeyInput(.character("1"), ctrl: true), time: 0)
        return c
    }

    @Test func theWheelScrollsAndShiftScrollsSideways() throws {
        let c = try bigPage()
        let start = c.view
        #expect(start.scale == 1)
        c.input.scroll(dy: -2, at: Point(400, 300))
        #expect(c.view.offset == Point(start.offset.x, start.offset.y - 96), "two notches down: the page moves up 96 px")
        c.input.scroll(dy: -1, at: Point(400, 300), shift: true)
        #expect(c.view.offset == Point(start.offset.x - 48, start.offset.y - 96), "Shift: sideways")
        c.input.scroll(dx: 0.25, dy: 0, at: Point(400, 300))
        #expect(c.view.offset.x == start.offset.x - 60, "a touchpad's fraction moves a fraction")
    }

    @Test func ctrlWheelZoomsAboutThePointerAndTheKeysAndButtonsZoom() throws {
        let c = try bigPage()
        let under = c.view.toCanvas(Point(200, 150))
        c.input.scroll(dy: 1, at: Point(200, 150), ctrl: true)
        #expect(abs(c.view.scale - 1.25) < 1e-9)
        #expect(abs(c.view.toCanvas(Point(200, 150)).x - under.x) < 1e-6, "the point under the pointer stays put")
        c.key(KeyInput(.character("-"), ctrl: true), time: 0)
        #expect(abs(c.view.scale - 1) < 1e-9)
        c.key(KeyInput(.character("="), ctrl: true), time: 0)
        #expect(abs(c.view.scale - 1.25) < 1e-9, "Ctrl+= is Ctrl++ without Shift")
        // The keys and buttons step through round levels: 125%, 100%, 75%, back to 100%.
        c.click(.zoomOut)
        c.click(.zoomOut)
        #expect(abs(c.view.scale - 0.75) < 1e-9)
        c.click(.zoomIn)
        #expect(abs(c.view.scale - 1) < 1e-9)
        for expected in [1.25, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 32] {
            c.key(KeyInput(.character("+"), ctrl: true), time: 0)
            #expect(c.view.scale == expected, "Ctrl++ up to \(expected * 100)%")
        }
        c.click(.resetView)
        #expect(c.chrome.menu.isOpen && c.layout().frame(of: .menuItem(.zoomTo(400))) != nil, "the zoom level opens its menu")
        c.click(.menuItem(.fitPage))
        #expect(c.view == c.viewport.fittedView(), "its first row fits the page")
        #expect(c.view.scale < 0.5 && !c.chrome.menu.isOpen)
    }

    /// The zoom level's menu takes the view to a level exactly, 10% to 3200% of the page's
    /// size in the screen's points, about the window's middle; on a screen of scale 2 that is
    /// twice the window pixels.
    @Test(arguments: [1.0, 2.0])
    func theZoomMenuGoesToALevelExactly(_ screen: Double) throws {
        let c = try makeController(Int(1000 * screen), Int(700 * screen), scale: screen)
        c.document.newPageNow(PageSpec(size: PixelSize(width: 400, height: 300)))
        let centre = Point(500 * screen, 350 * screen)
        let middle = c.view.toCanvas(centre)
        for (percent, scale) in [(400, 4.0), (3200, 32.0), (10, 0.1), (100, 1.0)] {
            c.click(.resetView)
            c.click(.menuItem(percent == 100 ? .actualSize : .zoomTo(percent)))
            #expect(c.view.scale == scale * screen, "\(percent)% on a screen of scale \(screen)")
            #expect(c.viewport.zoom == scale)
            if percent == 400 {
                let now = c.view.toCanvas(centre)
                #expect(abs(now.x - middle.x) < 1 && abs(now.y - middle.y) < 1, "about the middle: \(now) against \(middle)")
            }
        }
        c.click(.resetView)
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.chrome.menu.isOpen, "Esc closes it")
    }

    @Test func middleDragAndSpaceDragMoveThePageWithoutDrawing() throws {
        let c = try bigPage()
        let start = c.view.offset
        c.input.middleDrag(.down, at: Point(400, 300))
        c.input.middleDrag(.move, at: Point(350, 280))
        c.input.middleDrag(.up, at: Point(350, 280))
        #expect(c.view.offset == Point(start.x - 50, start.y - 20))
        c.key(KeyInput(.character(" ")), time: 0)
        c.drag([(400, 300), (300, 300)])
        c.input.spaceReleased()
        #expect(c.view.offset == Point(start.x - 150, start.y - 20))
        #expect(c.editor.strokes.isEmpty, "nothing was drawn")
        c.drag([(400, 300), (300, 300)])
        #expect(c.editor.strokes.count == 1, "without Space a drag draws again")
    }

    @Test func backAt100PercentThePageMeetsTheScreensPixels() throws {
        let c = try bigPage()
        // Zoomed in about a point off the middle, scrolled, zoomed out about another.
        c.input.scroll(dy: 2, at: Point(333, 217), ctrl: true)
        c.input.scroll(dy: -3, at: Point(400, 300))
        c.input.scroll(dy: -2, at: Point(611, 419), ctrl: true)
        #expect(c.view.scale == 1, "\(c.view.scale)")
        #expect(c.view.offset.x == c.view.offset.x.rounded() && c.view.offset.y == c.view.offset.y.rounded(),
                "whole pixels, so the page is not blurred: \(c.view.offset)")
        c.key(KeyInput(.character("="), ctrl: true), time: 0)
        c.key(KeyInput(.character("-"), ctrl: true), time: 0)
        #expect(c.view.scale == 1 && c.view.offset.x == c.view.offset.x.rounded() && c.view.offset.y == c.view.offset.y.rounded())
    }

    /// A page that fits between the bars, with room for its "+" under it, stays in the middle.
    @Test func aPageThatFitsBetweenTheBarsDoesNotScroll() throws {
        let editor = try Editor(size: PixelSize(width: 500, height: 300))
        let c = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 800, height: 600), scale: 1)
        let start = c.view
        for dy in [-3.0, 5, -1] { c.input.scroll(dy: dy, at: Point(400, 300)) }
        c.input.scroll(dx: 2, dy: 0, at: Point(400, 300))
        #expect(c.view == start, "\(c.view)")
        #expect(c.layout().frame(of: .addPage) != nil, "its + shows")
    }

    /// A notebook whose pages fit between the bars together, with the "+" under them, stays
    /// in the middle whatever the wheel does; zoomed out until two window-sized pages fit the
    /// window, it moves no further than the "+" needs (it used to slide from the first page
    /// in the middle to the last).
    @Test func aNotebookThatFitsStaysInTheMiddle() throws {
        let small = Page(size: PixelSize(width: 300, height: 120))
        let editor = try Editor(notebook: Notebook([small, small]))
        let c = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 800, height: 600), scale: 1)
        let start = c.viewport.desk
        for dy in [-3.0, 5, -1, -9] { c.input.scroll(dy: dy, at: Point(400, 300)) }
        #expect(c.viewport.desk == start, "\(c.viewport.desk)")
        let big = try makeController(800, 600)
        big.pages.add(after: 0)
        for _ in 0..<8 { big.input.scroll(dy: -1, at: Point(400, 300), ctrl: true) }
        for dy in [-30.0, 30] {
            big.input.scroll(dy: dy, at: Point(400, 300))
            let top = big.viewport.desk.toWindow(Point(0, 0)).y, bottom = big.viewport.desk.toWindow(Point(0, big.viewport.strip.height)).y
            #expect(bottom - top < 600 - 144 && abs(top - (600 - bottom)) <= 68 + 1, "near the middle: \(top) above, \(600 - bottom) below")
        }
    }

    /// A page that fits the window but not between the bars (as big as the window, as a new
    /// drawing is; a Xournal++ page a little shorter than the window) is shown at 100% in the
    /// middle, its edges under the bars: it scrolls until its top is under the top bar, and
    /// its bottom with the "+" over the bottom bar. Nothing of it is out of reach.
    @Test(arguments: [PixelSize(width: 800, height: 600), PixelSize(width: 533, height: 580)])
    func aPageUnderTheBarsScrollsOutFromUnderThem(_ size: PixelSize) throws {
        let editor = try Editor(size: size)
        let c = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 800, height: 600), scale: 1)
        #expect(c.view.scale == 1 && c.view.offset.y == Double((600 - size.height) / 2), "fitted at 100%, in the middle: \(c.view)")
        #expect(c.layout().frame(of: .addPage) == nil, "the + is below the window")
        for _ in 0..<20 { c.input.scroll(dy: 3, at: Point(400, 300)) }
        #expect(c.view.offset.y == 72, "the top just under the top bar (8 + 56 + 8): \(c.view)")
        for _ in 0..<40 { c.input.scroll(dy: -3, at: Point(400, 300)) }
        let bottom = c.view.toWindow(Point(0, Double(size.height))).y
        #expect(bottom == 600 - 72 - 68, "the bottom and the + over the bottom bar: \(c.view)")
        let plus = try #require(c.layout().frame(of: .addPage), "the + shows")
        #expect(plus.minY >= bottom && plus.maxY <= 600 - 72)
        c.click(.addPage)
        #expect(c.editor.pages.count == 2)
    }

    /// A page wider than the window is fitted within its sides by a margin (HiDPI too), and
    /// the shown page meets what the window shows on each side: paper, then desk.
    @Test func aWidePageFittedKeepsAMarginFromTheWindowsSides() throws {
        for scale in [1.0, 2.0] {
            let editor = try Editor(size: PixelSize(width: 2000, height: 500))
            let c = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: Int(800 * scale), height: Int(600 * scale)), scale: scale)
            let v = c.viewport.fittedView()
            let left = v.toWindow(Point(0, 0)).x, right = v.toWindow(Point(2000, 0)).x
            #expect(left >= 8 * scale && right <= 800 * scale - 8 * scale, "\(v)")
            #expect(abs(left - (800 * scale - right)) <= 1, "centred: \(left) and \(800 * scale - right)")
            let shown = try c.shown()
            let y = Int(v.toWindow(Point(0, 250)).y)
            #expect(shown.pixel(x: Int(left) + 2, y: y) == 0xFFFF_FFFF, "paper just inside the page's left edge")
            #expect(shown.pixel(x: Int(left) - 3, y: y) != 0xFFFF_FFFF, "desk just outside it")
        }
    }

    @Test func panningStopsAtThePagesEdges() throws {
        let c = try bigPage()
        for _ in 0..<200 { c.input.scroll(dy: -5, at: Point(400, 300)) }
        let pageBottom = c.view.toWindow(Point(0, 1500)).y
        #expect(pageBottom == 600 - 72 - 68, "the page's bottom stops over the bottom bar, with room for its +: \(pageBottom)")
        #expect(c.layout().frame(of: .addPage) != nil, "the + shows")
        for _ in 0..<200 { c.input.scroll(dx: 5, dy: 0, at: Point(400, 300)) }
        #expect(c.view.toWindow(Point(2000, 0)).x == 800, "the page's right side stops at the window's")
        for _ in 0..<400 { c.input.scroll(dx: -5, dy: 5, at: Point(400, 300)) }
        #expect(c.view.toWindow(Point(0, 0)) == Point(0, 72), "its top left stops at the window's left, under the top bar")
        c.viewport.zoom(by: 0.01)
        #expect(c.view.scale == ViewTransform.zoomRange.lowerBound, "10%, the least zoom")
        let small = c.view
        #expect(small.toWindow(Point(0, 0)) == Point(300, 225), "a page smaller than the window stays centred: \(small)")
    }

    @Test func aStrokeWhollyOnTheDeskIsNoChange() throws {
        let c = try makeController(800, 600)
        c.document.newPageNow(PageSpec(size: PixelSize(width: 400, height: 300)))
        c.drag([(20, 20), (150, 40)])
        #expect(!c.isModified && c.editor.strokes.isEmpty && !c.editor.canUndo, "drawn on the desk: nothing changed")
        c.drag([(20, 300), (300, 300)])
        #expect(c.isModified && c.editor.strokes.count == 1, "a stroke that reaches the page is a step")
    }

    @Test func theBrushCursorShowsTheBrushAtItsSizeAndZoom() throws {
        let c = try makeController(400, 300)
        c.brush.setSlider(.width, to: 40)
        c.hover(at: Point(200, 150), time: 0)
        #expect(c.takeEffects().contains(.setPointerShape(.hidden)), "the system pointer steps aside over the page")
        /// The darkest pixel on the row through the pointer, `from`...`to` px to its right.
        func darkest(_ img: RasterImage, _ from: Int, _ to: Int) -> UInt32 {
            (from...to).map { img.pixel(x: 200 + $0, y: 150) & 0xFF }.min()!
        }
        var img = try c.shown()
        #expect(darkest(img, 18, 20) < 0x60, "a dark ring at the brush's radius (20 px)")
        #expect(darkest(img, 2, 16) == 0xFF && darkest(img, 23, 40) == 0xFF, "nothing inside or beyond it")
        #expect(img.pixel(x: 200, y: 150) == 0xFFFF_FFFF, "the centre stays clear")
        c.viewport.zoom(by: 0.5, about: Point(200, 150))
        img = try c.shown()
        #expect(darkest(img, 8, 10) < 0x60 && darkest(img, 13, 22) == 0xFF, "zoomed out: the ring is half as wide")
        // A thin pen is a crosshair with a gap, which leaves the pixel under the pointer alone.
        c.brush.setSlider(.width, to: 2)
        img = try c.shown()
        #expect(darkest(img, 4, 7) < 0x60 && img.pixel(x: 200, y: 150) == 0xFFFF_FFFF && img.pixel(x: 201, y: 150) == 0xFFFF_FFFF)
        // Over the bars, the usual pointer.
        c.hover(at: c.layout().frame(of: .undo)!.center, time: 1)
        #expect(c.takeEffects().contains(.setPointerShape(.arrow)))
        img = try c.shown()
        #expect(darkest(img, 0, 30) == 0xFF, "the cursor is gone from the page")
    }
}

/// The zoom level's menu as it looks: its rows whole, the level the view is at marked, the row
/// under the mouse lit, and the level's own button lit while it is open, not the main menu's.
@Suite struct ZoomMenuLookTests {
    static let accent: UInt32 = 0x3465A4

    /// How many pixels of `rect` (window points at scale 1) are exactly `color`.
    static func count(_ color: UInt32, in rect: Rect, of image: RasterImage) -> Int {
        var n = 0
        for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY) {
            for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX) where image.pixel(x: x, y: y) & 0xFFFFFF == color { n += 1 }
        }
        return n
    }

    @Test func theMenuShowsEveryRowWholeMarksTheLevelAndLightsTheRowUnderTheMouse() throws {
        let c = try makeController()
        c.click(.resetView)
        let layout = c.layout()
        // Every title fits beside its key, as the renderer lays them out (not cut to "Fit the pa…").
        let painter = try Painter(frame: try Frame(size: PixelSize(width: 8, height: 8)), icons: IconSet(directory: nil))
        for command in Command.zoomMenu {
            let row = try #require(layout.frame(of: .menuItem(command)))
            let room = row.width - 28 - (command.shortcut == nil ? 0 : min(110, (row.width - 28) / 2))
            let title = command.title
            #expect(painter.measure(title, size: Theme.textSize).width <= room, "“\(title)” fits its row")
        }
        let image = try c.shown()
        // The level's button is lit while its menu is open; the main menu's button is not.
        #expect(Self.count(Self.accent, in: try #require(layout.frame(of: .resetView)), of: image) > 100)
        #expect(Self.count(Self.accent, in: try #require(layout.frame(of: .menu)), of: image) == 0)
        // The view is at 100%: that row has the mark, 400% has none.
        let actual = try #require(layout.frame(of: .menuItem(.actualSize))), four = try #require(layout.frame(of: .menuItem(.zoomTo(400))))
        func markBox(_ row: Rect) -> Rect { Rect(x: row.minX + 3, y: row.center.y - 5, width: 10, height: 10) }
        #expect(Self.count(Self.accent, in: markBox(actual), of: image) > 10)
        #expect(Self.count(Self.accent, in: markBox(four), of: image) == 0)
        // The mouse over the 400% row lights it.
        let before = image.pixel(x: Int(four.minX) + 20, y: Int(four.minY) + 4)
        c.hover(at: four.center, time: 0.1)
        let lit = try c.shown().pixel(x: Int(four.minX) + 20, y: Int(four.minY) + 4)
        #expect(lit & 0xFFFFFF != before & 0xFFFFFF, "the row under the mouse is lit")
    }
}
