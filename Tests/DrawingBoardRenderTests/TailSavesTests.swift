import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// A stroke's provisional tail taken off the screen by putting back what was under it.
@Suite struct TailSavesTests {
    private func composed(_ editor: Editor) throws -> [UInt32] {
        let frame = try Frame(size: editor.size)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        editor.screen.paintTails(into: frame)
        return frame.read(PixelRect(size: editor.size))
    }

    /// The largest difference of any channel between two pictures, and how many pixels differ
    /// by more than `by`.
    private func apart(_ a: [UInt32], _ b: [UInt32], by: Int) -> (largest: Int, count: Int) {
        var largest = 0, count = 0
        for (x, y) in zip(a, b) {
            let (p, q) = (rgb(x), rgb(y))
            let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b))
            largest = max(largest, d)
            if d > by { count += 1 }
        }
        return (largest, count)
    }

    /// One motion event as the window handles it: the sample, its pieces, the areas left
    /// composed, then the newest segment shown at once over them. Returns the areas composed.
    @discardableResult
    private func move(_ editor: Editor, to p: Point, on frame: Frame) -> [PixelRect] {
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: p))
        var again = editor.screen.paint(editor.screen.takeIncrements(), into: frame)
        if let dirty = editor.screen.takeDirtyRect() { again.append(dirty) }
        for r in again { editor.screen.compose(into: frame, area: r) }
        editor.screen.showRestingStrokes()
        editor.screen.paintTails(into: frame)
        return again
    }

    /// A 10 px red pencil pressed at (10, 60) on a white 200x120 page.
    private func redStroke() throws -> (Editor, Frame) {
        let editor = try makeEditor(200, 120)
        editor.use(.pencil, "#d01010", width: 10)
        let frame = try editor.composedFrame()
        editor.press(at: Point(10, 60), on: frame)
        return (editor, frame)
    }

    @Test func theTailComesOffWithoutComposingAndTheScreenMatchesTheStroke() throws {
        let editor = try makeInkedEditor()
        let frame = try editor.composedFrame()
        editor.press(at: Point(20, 100), on: frame)
        var composedAreas = 0
        for i in 1..<60 {
            let p = Point(20 + Double(i) * 4.3, 100 + 70 * sin(Double(i) / 6))
            let again = move(editor, to: p, on: frame)
            composedAreas += again.count
            // The ink is at the pointer with each sample.
            #expect(frame.read(PixelRect(x: Int(p.x), y: Int(p.y), width: 1, height: 1))[0] == argb("#1040c0"))
        }
        #expect(composedAreas == 1, "only the first segment, over the starting dot, is composed (\(composedAreas))")
        #expect(frame.tails.count == 1, "the tail shown now has its pixels kept")
        // No provisional shape is left behind: the screen is the stroke as composed from its
        // mask but for the edge pixels where pieces meet (their coverage counted twice).
        let difference = apart(frame.read(PixelRect(size: editor.size)), try composed(editor), by: 2)
        #expect(difference.largest <= 64, "\(difference)")
        #expect(difference.count < 12 * 60, "\(difference)")
    }

    @Test func anAreaComposedOverTheTailKeepsItRight() throws {
        let (editor, frame) = try redStroke()
        for x in stride(from: 30.0, through: 110, by: 20) { move(editor, to: Point(x, 60), on: frame) }
        func shown(_ x: Int, _ y: Int) -> UInt32 { frame.read(PixelRect(x: x, y: y, width: 1, height: 1))[0] }
        #expect(shown(105, 60) == argb("#d01010"), "the tail is at the pointer")
        // Something else paints the window again (a bar sliding, a scroll): the page has no
        // tail, so it goes there until the tails are stroked again over the frame.
        editor.screen.compose(into: frame, area: PixelRect(x: 0, y: 0, width: 200, height: 120))
        #expect(shown(105, 60) == argb("#ffffff"))
        #expect(editor.screen.paintTails(into: frame) == [PixelRect(x: 84, y: 54, width: 32, height: 12)])
        #expect(shown(105, 60) == argb("#d01010"))
        #expect(editor.screen.paintTails(into: frame).isEmpty, "shown: nothing more to do")
        // The next samples take it off with the pixels that were under it: nothing composed,
        // nothing left behind.
        #expect(move(editor, to: Point(130, 90), on: frame).isEmpty)
        #expect(move(editor, to: Point(150, 100), on: frame).isEmpty)
        let difference = apart(frame.read(PixelRect(size: editor.size)), try composed(editor), by: 2)
        #expect(difference.largest <= 64, "\(difference)")
        editor.cancelAll()
        // A stroke that is gone leaves nothing kept for a later one to find.
        editor.screen.paintTails(into: frame)
        #expect(frame.tails.count == 0)
    }

    @Test func aTailMeetingTheInterfaceIsStrokedBesideItNotOverIt() throws {
        let (editor, frame) = try redStroke()
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(90, 60)))
        editor.screen.showRestingStrokes()
        // A bar over x 50..110: the tail shows at once beside it, and the bar keeps its pixels.
        let bar = PixelRect(x: 50, y: 0, width: 60, height: 120)
        #expect(!editor.screen.paintTails(into: frame, avoiding: [bar]).isEmpty)
        func shown(_ x: Int, _ y: Int) -> UInt32 { frame.read(PixelRect(x: x, y: y, width: 1, height: 1))[0] }
        #expect(shown(30, 60) == argb("#d01010"))
        #expect(shown(70, 60) == argb("#ffffff"), "nothing over the interface")
        editor.cancelAll()
    }

    @Test func keptPixelsGoBackUnlessAnotherStrokeDrewOverThem() throws {
        let saves = TailSaves()
        let surface = try CairoSurface(format: .argb32, size: PixelSize(width: 8, height: 8))
        let all = PixelRect(size: PixelSize(width: 8, height: 8))
        let a = ObjectIdentifier(saves), b = ObjectIdentifier(surface)
        let rect = PixelRect(x: 2, y: 2, width: 3, height: 3)
        surface.fill(all, with: 0xFF11_2233)
        saves.save(rect, of: surface, for: a)
        surface.fill(rect, with: 0xFFFF_FFFF)   // the tail
        #expect(saves.drawn(over: PixelRect(x: 6, y: 6, width: 2, height: 2), except: b).isEmpty, "elsewhere: nothing to mend")
        #expect(saves.drawn(over: rect, except: a).isEmpty, "its own stroke's piece")
        #expect(saves.restore(rect, into: surface, for: a))
        #expect(surface.read(rect).allSatisfy { $0 == 0xFF11_2233 }, "the tail is gone")
        saves.save(rect, of: surface, for: a)
        #expect(saves.drawn(over: PixelRect(x: 4, y: 4, width: 1, height: 1), except: b) == [rect], "another stroke's piece: composed again")
        #expect(!saves.restore(rect, into: surface, for: a), "stale pixels never go back")
    }

    @Test func anAreaComposedOverATailBecomesWhatIsUnderIt() throws {
        let saves = TailSaves()
        let surface = try CairoSurface(format: .argb32, size: PixelSize(width: 8, height: 8))
        let owner = ObjectIdentifier(saves)
        let rect = PixelRect(x: 2, y: 2, width: 4, height: 4)
        surface.fill(PixelRect(size: PixelSize(width: 8, height: 8)), with: 0xFF11_2233)
        saves.save(rect, of: surface, for: owner)
        surface.fill(rect, with: 0xFFFF_FFFF)   // the tail
        #expect(saves.shows(rect, for: owner))
        // Part of it composed again (say, a bar's area), without the tail: something new there.
        let part = PixelRect(x: 0, y: 0, width: 4, height: 4)
        surface.fill(part, with: 0xFF44_5566)
        saves.refresh(from: surface, over: part)
        #expect(saves.needsStroke(rect, for: owner), "the tail is to be stroked again")
        saves.stroked(owner)
        surface.fill(rect, with: 0xFFFF_FFFF)
        #expect(saves.restore(rect, into: surface, for: owner))
        let back = surface.read(rect)
        #expect(back[0] == 0xFF44_5566 && back[1 * 4 + 1] == 0xFF44_5566, "the composed part is what it is now")
        #expect(back[3 * 4 + 3] == 0xFF11_2233 && back[2] == 0xFF11_2233, "the rest as it was")
    }
}
