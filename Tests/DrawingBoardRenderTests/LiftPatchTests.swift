import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// Lifting a large selection of ink off the page for a drag: the ink where it was is painted
/// off the event loop first (`LiftPatch`), and laid in when it lifts. The page then is pixel for
/// pixel what painting that area again on the loop gives (highlighters and an eraser pass
/// among the strokes), and a patch painted for a page that changed since is not used.
@Suite struct LiftPatchTests {
    /// 90 strokes across a page, every ninth a highlighter, and an eraser pass through the
    /// left half: `window` has the window's painters.
    static func page(window: Bool) throws -> Editor {
        let editor = try Editor(notebook: Notebook([Page(size: PixelSize(width: 400, height: 300))]), drawsPDFsLater: window)
        for i in 0..<90 {
            editor.use(i % 9 == 4 ? .highlighter : .pencil, ["#d01010", "#1040c0", "#ffe000"][i % 3], width: 3 + Double(i % 4))
            let x = Double(i % 10) * 38, y = 10 + Double(i / 10) * 30
            editor.drag([(x + 5, y), (x + 40, y + 25), (x + 70, y + 5)])
            if i == 40 {
                editor.use(.eraser, width: 9)
                editor.drag([(20, 40), (120, 200), (190, 90)])
            }
        }
        return editor
    }

    /// The strokes of every other column (not the eraser's): their box is the page's width,
    /// and the other columns' strokes are painted again within it.
    static func everyOther(_ editor: Editor) -> [UInt64] {
        editor.page.strokes.filter { $0.tool != .eraser && Int(($0.points[0].x - 5) / 38) % 2 == 0 }.map(\.id)
    }

    static func layers(_ editor: Editor) throws -> [UInt32] {
        try editor.picture().pixels + (editor.image.highlightsLayerImage()?.pixels ?? [])
    }

    @Test func aLargeLiftIsPaintedOffTheLoopAndIsExact() throws {
        let window = try Self.page(window: true), plain = try Self.page(window: false)
        #expect(try Self.layers(window) == (try Self.layers(plain)))
        for editor in [window, plain] { editor.selection.select(Self.everyOther(editor)) }
        #expect(plain.selection.liftPatchJob() == nil, "files and scripts lift in place")
        let job = try #require(window.selection.liftPatchJob(), "45 strokes lifted from among 45 others: painted off the loop")
        let patch = try job.paint()
        try window.selection.lift(patch: patch)
        try plain.selection.lift()
        #expect(patch.laid, "the patch was laid in")
        #expect(window.selection.isLifted && plain.selection.isLifted)
        #expect(window.page == plain.page)
        #expect(try Self.layers(window) == (try Self.layers(plain)), "the same pixels as painting the area again")
        // The page without them, painted whole, agrees.
        let fresh = try Editor(notebook: Notebook([window.page]))
        #expect(try Self.layers(window) == (try Self.layers(fresh)))
        // Dropped and undone, both ways alike.
        for editor in [window, plain] {
            try editor.selection.drop(.move(30, 20))
            _ = try editor.undo()
        }
        #expect(try Self.layers(window) == (try Self.layers(plain)))
    }

    @Test func aPatchForAPageThatChangedIsNotUsed() throws {
        let window = try Self.page(window: true), plain = try Self.page(window: false)
        for editor in [window, plain] { editor.selection.select(Self.everyOther(editor)) }
        let patch = try #require(window.selection.liftPatchJob()).paint()
        // A stroke drawn meanwhile, across the selection's area (the selection stays).
        for editor in [window, plain] {
            editor.use(.pencil, "#00a000", width: 8)
            editor.drag([(10, 150), (190, 160)])
            editor.selection.select(Self.everyOther(editor).filter { $0 != editor.page.strokes.last!.id })
        }
        try window.selection.lift(patch: patch)
        try plain.selection.lift()
        #expect(!patch.laid, "painted before the green stroke: not used")
        #expect(try Self.layers(window) == (try Self.layers(plain)))
    }

    @Test func aSmallSelectionOrOneWithElementsLiftsOnTheLoop() throws {
        let window = try Self.page(window: true)
        window.selection.select(Array(Self.everyOther(window).prefix(3)))
        #expect(window.selection.liftPatchJob() == nil, "three strokes are painted again within a frame")
        let style = TextStyle(text: "Note", size: 30, color: .black)
        try window.perform(.place(Element(id: 0, source: .text(style), placement: .init(center: Point(200, 150), width: 80, natural: TextArt.measure(style)))))
        window.selection.select(Self.everyOther(window) + [window.elements[0].id])
        #expect(window.selection.liftPatchJob() == nil, "with an element the page is painted again off the loop whole")
    }
}
