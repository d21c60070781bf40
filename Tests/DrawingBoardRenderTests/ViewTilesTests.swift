import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// The view tiles: a page shown at another scale than 1 is its tiles, painted from the page off
/// the loop; once they are in, the window shows exactly what `render --scale` draws. An edit
/// reaches the tiles it touches and no others, a stroke laid on top goes into the tiles in
/// place, and the least recently shown tiles go under the budget.
@Suite struct ViewTilesTests {
    /// A 300x200 page: pencil strokes, a highlighter over them, an eraser through them.
    static func editor() throws -> Editor {
        let editor = try Editor(size: PixelSize(width: 300, height: 200))
        func stroke(_ tool: Tool, _ color: RGBColor, _ width: Double, _ points: [Point]) throws {
            try editor.perform(.stroke(Stroke(id: 0, tool: tool, style: StrokeStyle(color: color, width: width), points: points)))
        }
        try stroke(.pencil, RGBColor(red: 20, green: 40, blue: 160), 6, (0..<30).map { Point(20 + Double($0) * 9, 100 + 50 * sin(Double($0) / 4)) })
        try stroke(.pencil, .black, 2, [Point(30, 30), Point(120, 60), Point(260, 40)])
        try stroke(.highlighter, RGBColor(red: 255, green: 230, blue: 0), 14, [Point(40, 110), Point(250, 120)])
        try stroke(.eraser, .black, 12, [Point(150, 20), Point(160, 180)])
        return editor
    }

    /// Composes the frame through `view` until no more tiles come (the loop taking them in).
    static func settled(_ editor: Editor, _ frame: Frame, _ view: ViewTransform) -> [UInt32] {
        for _ in 0..<50 {
            editor.screen.compose(into: frame, area: PixelRect(size: frame.size), view: view)
            while editor.viewTiles.painting { Thread.sleep(forTimeInterval: 0.002) }
            if editor.tiles.takeArrived().isEmpty { break }
        }
        editor.screen.compose(into: frame, area: PixelRect(size: frame.size), view: view)
        return frame.read(PixelRect(size: frame.size)).map { $0 & 0xFFFFFF }
    }

    /// What `render --scale` draws of the page, in the part of it `view` puts in `size`.
    static func rendered(_ editor: Editor, _ view: ViewTransform, _ size: PixelSize) throws -> [UInt32] {
        let picture = try ScaledPicture.painted(editor.page, scale: view.scale).image()
        let ox = Int(view.offset.x), oy = Int(view.offset.y)
        return (0..<size.height).flatMap { y in (0..<size.width).map { x in picture.pixel(x: x - ox, y: y - oy) & 0xFFFFFF } }
    }

    /// How many pixels differ, and by how much at most (the largest difference of a channel).
    static func difference(_ a: [UInt32], _ b: [UInt32]) -> (pixels: Int, worst: Int) {
        var pixels = 0, worst = 0
        for (p, q) in zip(a, b) where p != q {
            pixels += 1
            worst = max(worst, [16, 8, 0].map { abs(Int((p >> $0) & 0xFF) - Int((q >> $0) & 0xFF)) }.max()!)
        }
        return (pixels + abs(a.count - b.count), worst)
    }

    static let view = ViewTransform(scale: 3, offset: Point(-200, -150))
    static let size = PixelSize(width: 400, height: 300)

    @Test func onceItsTilesAreInTheViewIsWhatRenderDrawsAtItsScale() throws {
        let editor = try Self.editor()
        let frame = try Frame(size: Self.size)
        let shown = Self.settled(editor, frame, Self.view)
        #expect(Self.difference(shown, try Self.rendered(editor, Self.view, Self.size)).pixels == 0)
        // Sharp: the 6 px stroke at 3x is 18 px across, with fully inked pixels inside.
        #expect(shown.contains(0x1428A0))
        #expect(editor.viewTiles.isSharp(page: editor.pages.currentID, scale: 3, region: PixelRect(x: 200, y: 150, width: 400, height: 300)))
    }

    @Test func anEditReachesTheTilesItTouchesAndNoOthers() throws {
        let editor = try Self.editor()
        let frame = try Frame(size: Self.size)
        let before = Self.settled(editor, frame, Self.view)
        let id = editor.pages.currentID
        // An eraser through the wave at page x 137-143 (411-429 at 3x: the tiles from 256 to
        // 511 across); the tiles left of x 256 are not reached. Page (140, 89) is on the wave:
        // window (220, 117).
        let onWave = 117 * 400 + 220
        #expect(before[onWave] != 0xFFFFFF)
        try editor.perform(.stroke(Stroke(id: 0, tool: .eraser, style: StrokeStyle(color: .black, width: 6), points: [Point(140, 70), Point(140, 110)])))
        let left = PixelRect(x: 200, y: 150, width: 56, height: 300), reached = PixelRect(x: 411, y: 210, width: 18, height: 120)
        #expect(editor.viewTiles.isSharp(page: id, scale: 3, region: left))
        #expect(!editor.viewTiles.isSharp(page: id, scale: 3, region: reached))
        // The very next frame already shows it (the part it reached painted from the page
        // here, as a tile would have it within a few levels); the tile painted again is exact.
        editor.screen.compose(into: frame, area: PixelRect(size: frame.size), view: Self.view)
        let now = frame.read(PixelRect(size: frame.size)).map { $0 & 0xFFFFFF }
        let expected = try Self.rendered(editor, Self.view, Self.size)
        #expect(Self.difference(now, expected).worst <= 12)
        #expect(now[onWave] == 0xFFFFFF && expected[onWave] == 0xFFFFFF)
        #expect(Self.difference(Self.settled(editor, frame, Self.view), expected).pixels == 0)
        #expect(editor.viewTiles.isSharp(page: id, scale: 3, region: reached))
    }

    @Test func aStrokeLaidOnTopGoesIntoTheTilesInPlace() throws {
        let editor = try Self.editor()
        let frame = try Frame(size: Self.size)
        _ = Self.settled(editor, frame, Self.view)
        try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: RGBColor(red: 200, green: 0, blue: 0), width: 4),
                                          points: [Point(80, 60), Point(140, 90), Point(190, 70)])))
        // No tile is painted again: the stroke went into the tiles it reaches.
        #expect(editor.viewTiles.isSharp(page: editor.pages.currentID, scale: 3, region: PixelRect(x: 200, y: 150, width: 400, height: 300)))
        editor.screen.compose(into: frame, area: PixelRect(size: frame.size), view: Self.view)
        #expect(!editor.viewTiles.painting)
        let shown = frame.read(PixelRect(size: frame.size)).map { $0 & 0xFFFFFF }
        // As the page painted afresh draws it, but for a level's rounding here and there.
        #expect(Self.difference(shown, try Self.rendered(editor, Self.view, Self.size)).worst <= 2)
        #expect(shown.filter { $0 == 0xC80000 }.count > 500)
    }

    @Test func theLeastRecentlyShownTilesGoUnderTheBudget() throws {
        let editor = try Self.editor()
        let side = ViewTiles.side
        editor.viewTiles.budget = 2 * side * side * 4
        // A window one tile big, moved from tile to tile.
        let frame = try Frame(size: PixelSize(width: side, height: side))
        func show(_ x: Int, _ y: Int) -> [UInt32] {
            Self.settled(editor, frame, ViewTransform(scale: 3, offset: Point(Double(-x * side), Double(-y * side))))
        }
        func held(_ x: Int, _ y: Int) -> Bool {
            editor.viewTiles.isSharp(page: editor.pages.currentID, scale: 3, region: PixelRect(x: x * side, y: y * side, width: side, height: side))
        }
        _ = show(0, 0)
        _ = show(1, 0)
        _ = show(2, 0)
        #expect(editor.viewTiles.count == 2)
        #expect(!held(0, 0) && held(1, 0) && held(2, 0))
        _ = show(1, 0)
        let last = show(1, 1)
        #expect(editor.viewTiles.count == 2)
        #expect(held(1, 0) && held(1, 1) && !held(2, 0))
        #expect(Self.difference(last, try Self.rendered(editor, ViewTransform(scale: 3, offset: Point(Double(-side), Double(-side))), frame.size)).pixels == 0)
    }

    /// Pages scrolled past at a zoom keep no scenes once their tiles have gone: only the pages
    /// that still have tiles do (a notebook scrolled through would otherwise keep every page's
    /// item boxes and decoded pictures).
    @Test func pagesWhoseTilesWentKeepNoScene() throws {
        let editor = try NotebookEditorTests.notebook(8)
        let side = ViewTiles.side
        editor.viewTiles.budget = 2 * side * side * 4
        let frame = try Frame(size: PixelSize(width: side, height: side))
        let view = ViewTransform(scale: 2, offset: Point(0, 0))
        for i in 1..<8 {
            for _ in 0..<50 {
                try editor.pages.compose(i, into: frame, area: PixelRect(size: frame.size), view: view)
                while editor.viewTiles.painting { Thread.sleep(forTimeInterval: 0.002) }
                if editor.tiles.takeArrived().isEmpty { break }
            }
        }
        #expect(editor.viewTiles.count == 2)
        #expect(editor.viewTiles.scenes <= 2, "\(editor.viewTiles.scenes) scenes kept for 2 tiles")
        // The last page shown is still drawn from its tile (sharp, nothing asked to be painted
        // again), as the page is.
        let last = editor.pages.notebook.pages[7].id
        #expect(editor.viewTiles.isSharp(page: last, scale: 2, region: PixelRect(x: 0, y: 0, width: side, height: side)))
        try editor.pages.compose(7, into: frame, area: PixelRect(size: frame.size), view: view)
        #expect(!editor.viewTiles.painting)
        let shown = frame.read(PixelRect(size: frame.size)).map { $0 & 0xFFFFFF }
        let page = editor.pages.notebook.pages[7].page
        let picture = try ScaledPicture.painted(page, scale: 2).image()
        let size = ScaledPainter.size(of: page.size, at: 2)
        var differing = 0
        for y in 0..<min(side, size.height) {
            for x in 0..<min(side, size.width) where shown[y * side + x] != picture.pixel(x: x, y: y) & 0xFFFFFF { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test func aPageDeletedTakesItsTilesWithIt() throws {
        let editor = try NotebookEditorTests.notebook(2, width: 300)
        try editor.pages.show(1)
        // Page 2 is 310x120: at 3x, 930x360; the window shows 400x300 of it.
        let view = ViewTransform(scale: 3, offset: Point(-100, -20))
        let frame = try Frame(size: Self.size)
        _ = Self.settled(editor, frame, view)
        #expect(editor.viewTiles.count > 0)
        try editor.perform(.pages(.delete(1)))
        #expect(editor.viewTiles.count == 0, "the deleted page's tiles went")
        // Undone, the page comes back and is painted at the zoom again, as it is.
        try editor.undo()
        #expect(editor.pages.index == 1)
        let shown = Self.settled(editor, frame, view)
        #expect(Self.difference(shown, try Self.rendered(editor, view, Self.size)).pixels == 0)
    }

    @Test func aStrokeThatCannotBeCommittedNeverReachesTheTiles() throws {
        let editor = try Self.editor()
        let frame = try Frame(size: Self.size)
        _ = Self.settled(editor, frame, Self.view)
        let before = try Self.rendered(editor, Self.view, Self.size)
        editor.canvas.simulatedFailure = CommitFailureTests.outOfMemory
        #expect(throws: RenderError.self) {
            try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: RGBColor(red: 200, green: 0, blue: 0), width: 4),
                                              points: [Point(80, 60), Point(140, 90), Point(190, 70)])))
        }
        // The page is as it was, and so is every tile: the stroke was laid in none of them (the
        // next frame paints what the roll-back reached from the page, within a few levels).
        editor.screen.compose(into: frame, area: PixelRect(size: frame.size), view: Self.view)
        let next = frame.read(PixelRect(size: frame.size)).map { $0 & 0xFFFFFF }
        #expect(Self.difference(next, before).worst <= 12 && !next.contains(0xC80000))
        #expect(Self.difference(Self.settled(editor, frame, Self.view), before).pixels == 0)
    }
}
