import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// On a heavy page in the window, an edit that changes what lies under the top run everywhere
/// (an element raised or lowered, one deleted from under others, and their undo) has the page
/// painted again whole off the event loop: frames show the page as it was until the new canvas
/// comes, whatever needs the canvas waits for it, and the pixels are exactly those painted in
/// place.
@Suite(.serialized) struct WholeRepaintTests {
    /// Strokes with texts among them: `window` has the window's painters.
    static func page(window: Bool) throws -> Editor {
        let editor = try Editor(notebook: Notebook([Page(size: PixelSize(width: 320, height: 240))]), drawsPDFsLater: window)
        editor.current.laterAbove = 20
        for i in 0..<30 {
            editor.use(i % 7 == 3 ? .highlighter : .pencil, ["#d01010", "#1040c0", "#ffe000"][i % 3], width: 5)
            let y = 10 + Double(i) * 7
            editor.drag([(10, y), (160, y + 20), (310, y)])
            if i % 10 == 5 {
                let style = TextStyle(text: "Text \(i)", size: 30, color: .black)
                try editor.perform(.place(Element(id: 0, source: .text(style),
                                                  placement: .init(center: Point(80 + Double(i) * 6, 60 + Double(i) * 4), width: 110, natural: TextArt.measure(style)))))
            }
        }
        return editor
    }


    static func frame(_ editor: Editor) throws -> [UInt32] {
        let frame = try Frame(size: editor.size)
        editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
        return frame.read(PixelRect(size: editor.size))
    }

    @Test(arguments: ["raise", "lower", "delete"])
    func aHeavyPageIsPaintedAgainOffTheLoopAndComesExact(_ what: String) throws {
        let window = try Self.page(window: true), plain = try Self.page(window: false)
        // Raising one from under others, lowering the topmost, deleting the topmost that was
        // raised there (not the one laid last): each changes what lies under the top run.
        let middle = window.elements[1].id, top = window.elements.last!.id
        if what == "delete" {
            for editor in [window, plain] { try editor.perform(.reorder(middle, top: true)) }
            #expect(waitForPictures(window))
        }
        let before = try Self.frame(window)
        let edit: Edit = switch what {
        case "raise": .reorder(middle, top: true)
        case "lower": .reorder(top, top: false)
        default: .delete(middle)
        }
        // The painting held until the frame is looked at.
        let gate = DispatchSemaphore(value: 0)
        WholeRepaint.gate = gate
        defer { WholeRepaint.gate = nil }
        try window.perform(edit)
        try plain.perform(edit)
        #expect(window.current.repaint != nil, "painted off the event loop")
        #expect(plain.current.repaint == nil, "files and scripts paint in place")
        #expect(try Self.frame(window) == before, "frames show the page as it was meanwhile")
        gate.signal()
        WholeRepaint.gate = nil
        #expect(waitForPictures(window))
        #expect(try Self.frame(window) == (try Self.frame(plain)), "the new canvas: the pixels painted in place")
        // Undo, painted off the loop again, and the picture (which waits) is exact.
        try window.undo()
        try plain.undo()
        #expect(difference(try window.picture(), try plain.picture()) == nil)
        try window.redo()
        try plain.redo()
        #expect(waitForPictures(window))
        #expect(try Self.frame(window) == (try Self.frame(plain)))
    }

    /// A background colour dragged on a heavy page: each change is painted off the event loop,
    /// the newest replacing one not begun; the drag is one step, undone exactly.
    @Test func aBackgroundDraggedOnAHeavyPageIsPaintedOffTheLoop() throws {
        let window = try Self.page(window: true), plain = try Self.page(window: false)
        let start = try plain.picture()
        let colours: [RGBColor] = (0..<6).map { (i: Int) -> RGBColor in
            let green = UInt8(250 - i * 20), blue = UInt8(200 + i * 10)
            return RGBColor(red: 255, green: green, blue: blue)
        }
        let gate = DispatchSemaphore(value: 0)
        WholeRepaint.gate = gate
        for (i, colour) in colours.enumerated() {
            try window.previewBackground(.color(colour))
            try plain.previewBackground(.color(colour))
            // The first is under way (held by the gate) when the others come.
            while i == 0, window.current.repaint?.began.isSet == false { Thread.sleep(forTimeInterval: 0.001) }
        }
        #expect(window.current.repaint != nil, "painting off the event loop")
        WholeRepaint.gate = nil
        // The first, under way when the others came, is shown when it comes; the others wait.
        gate.signal()
        let end = Date().addingTimeInterval(30)
        while window.current.repaint?.shown.background != .color(colours[0]), Date() < end {
            _ = window.pages.catchUpPictures()
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(window.current.repaint?.shown.background == .color(colours[0]), "the page follows the slider as repaints come")
        let frame = try Frame(size: window.size)
        window.screen.compose(into: frame, area: PixelRect(size: window.size))
        #expect(frame.read(PixelRect(x: 2, y: 238, width: 1, height: 1))[0] & 0xFFFFFF == colours[0].argb & 0xFFFFFF)
        for _ in colours { gate.signal() }
        window.endBackgroundPreview()
        plain.endBackgroundPreview()
        #expect(window.background == .color(colours.last!))
        #expect(difference(try window.picture(), try plain.picture()) == nil)
        #expect(window.history.steps.count == plain.history.steps.count)
        try window.undo()
        try plain.undo()
        #expect(difference(try window.picture(), start) == nil, "undone to the page as it was")
        #expect(difference(try plain.picture(), start) == nil)
    }

    /// A stroke drawn at once after the edit waits for the new canvas and goes on it.
    @Test func drawingRightAfterTheEditWaitsForTheNewCanvas() throws {
        let window = try Self.page(window: true), plain = try Self.page(window: false)
        let middle = window.elements[1].id
        for editor in [window, plain] {
            try editor.perform(.reorder(middle, top: true))
            editor.use(.pencil, "#000000", width: 7)
            editor.drag([(20, 230), (300, 200)])
        }
        #expect(window.current.repaint == nil, "the stroke took the new canvas in")
        #expect(difference(try window.picture(), try plain.picture()) == nil)
        #expect(window.strokes.count == plain.strokes.count)
    }

    /// A page with few items whose edit took longer than a frame on the loop (large photos)
    /// is painted again whole off the loop from then on; a quick one stays on it.
    @Test func aPageSlowerThanAFrameIsPaintedOffTheLoopWhateverItsItems() throws {
        let light = Page(size: PixelSize(width: 100, height: 100))
        let current = try CurrentCanvas(PageCanvas(size: light.size, background: .default, assets: AssetStore()))
        current.paintsLater = true
        #expect(try current.timing { () throws(RenderError) -> Bool in false } == false)
        #expect(!current.repaintsLater(light), "a quick page paints in place")
        _ = try current.timing { () throws(RenderError) -> Bool in
            usleep(30_000)
            return false
        }
        #expect(current.repaintsLater(light), "slower than a frame: off the loop from now on")
        current.paintsLater = false
        #expect(!current.repaintsLater(light), "files and render always paint in place")
    }

    /// A heavy page duplicated in the window: the copy shown is painted off the loop, its
    /// background showing meanwhile, and comes exactly as painted in place.
    @Test func aHeavyPageDuplicatedIsPaintedOffTheLoop() throws {
        let window = try Self.page(window: true), plain = try Self.page(window: false)
        let gate = DispatchSemaphore(value: 0)
        WholeRepaint.gate = gate
        defer { WholeRepaint.gate = nil }
        try window.perform(.pages(.duplicate(0)))
        try plain.perform(.pages(.duplicate(0)))
        #expect(window.pages.index == 1 && plain.pages.index == 1)
        #expect(window.current.repaint != nil && plain.current.repaint == nil)
        let meanwhile = try Self.frame(window)
        #expect(meanwhile.allSatisfy { $0 == 0xFFFF_FFFF }, "the copy's background shows until its ink comes")
        gate.signal()
        #expect(waitForPictures(window))
        #expect(try Self.frame(window) == (try Self.frame(plain)), "the copy as painted in place")
        #expect(difference(try window.picture(), try plain.picture()) == nil)
        // Undone, the page before is shown again, with its pixels kept.
        try window.undo()
        try plain.undo()
        #expect(window.current.repaint == nil && window.pages.index == 0)
        #expect(difference(try window.picture(), try plain.picture()) == nil)
    }

    /// Only the tick takes a finished repaint in (and has the whole window drawn again): a
    /// frame drawing part of the window meanwhile shows the canvas from before, so no part of
    /// the page is left showing the old one once the new one came.
    @Test func aFrameNeverTakesTheRepaintInOnlyTheTickDoes() throws {
        let window = try Self.page(window: true)
        try window.perform(.reorder(window.elements[1].id, top: true))
        let job = try #require(window.current.repaint)
        let end = Date().addingTimeInterval(30)
        while !job.isDone, Date() < end { usleep(1_000) }
        _ = try Self.frame(window)
        _ = window.screen.takeDirtyRect()
        #expect(window.current.repaint != nil, "the frame showed the canvas from before")
        #expect(window.pages.catchUpPictures(), "the tick took the new one in")
        #expect(window.current.repaint == nil)
    }
}
