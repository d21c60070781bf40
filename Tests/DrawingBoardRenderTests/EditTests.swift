import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// Every kind of edit goes through `perform`; undo and redo of each are exact, for the pixels
/// and for the page model; a drag is one step; the journal's events replay to the same page.
@Suite struct EditTests {
    /// A page that starts from another app's drawing (a base item) with two strokes on it.
    func startingEditor() throws -> Editor {
        var pixels = [UInt32](repeating: 0, count: 200 * 120)
        for y in 20..<60 { for x in 20..<90 { pixels[y * 200 + x] = 0xFF20_60C0 } }
        let foreign = RasterImage(width: 200, height: 120, pixels: pixels)!
        let editor = try Editor(document: DocumentContents(size: PixelSize(width: 200, height: 120), background: .color(.white),
                                                           drawing: foreign, strokes: []))
        #expect(editor.page.base != nil, "another app's drawing is the base item")
        return editor
    }

    static func stroke(_ tool: Tool, _ hex: String, width: Double, opacity: Double = 1, _ points: [(Double, Double)]) -> Edit {
        .stroke(Stroke(id: 0, tool: tool, style: StrokeStyle(color: RGBColor(hex: hex)!, width: width, opacity: opacity),
                       points: points.map { Point($0.0, $0.1) }))
    }

    /// One of each kind, in an order where each acts on what the ones before made.
    static let edits: [(String, Edit)] = [
        ("pencil", stroke(.pencil, "#d01010", width: 8, [(10, 10), (120, 90), (190, 20)])),
        ("translucent ellipse", stroke(.ellipse, "#10a010", width: 6, opacity: 0.5, [(30, 30), (170, 100)])),
        ("highlighter", stroke(.highlighter, "#ffe03c", width: 24, opacity: 0.6, [(0, 60), (200, 60)])),
        ("eraser", stroke(.eraser, "#000000", width: 20, [(100, 0), (100, 120)])),
        ("stroke eraser", .eraseStrokes(path: [Point(60, 70), Point(60, 75)], width: 10)),
        ("background colour", .background(.color(RGBColor(hex: "#f4efe1")!))),
        ("background image", .background(.image(gradientImage(50, 40), name: "gradient.png"))),
        ("paper", .background(.paper(Paper(.squared, spacing: 12)))),
        ("page size", .page(PixelSize(width: 260, height: 150), anchor: 4)),
        ("pencil after", stroke(.pencil, "#1030c0", width: 5, [(5, 140), (250, 10)])),
        ("clear", .clear),
    ]

    @Test func everyKindOfEditUndoesAndRedoesExactly() throws {
        let editor = try startingEditor()
        var pictures = [try editor.picture()]
        var pages = [editor.page]
        for (name, edit) in Self.edits {
            #expect(try editor.perform(edit), "\(name) changed something")
            pictures.append(try editor.picture())
            pages.append(editor.page)
        }
        #expect(editor.history.steps.count == Self.edits.count, "one step each")
        #expect(Set(pictures.map(\.pixels)).count == pictures.count, "every edit changed the picture")
        for i in stride(from: Self.edits.count - 1, through: 0, by: -1) {
            #expect(try editor.undo())
            #expect(difference(try editor.picture(), pictures[i]) == nil, "undo of \(Self.edits[i].0)")
            #expect(editor.page == pages[i], "the page model after undo of \(Self.edits[i].0)")
        }
        for i in Self.edits.indices {
            #expect(try editor.redo())
            #expect(difference(try editor.picture(), pictures[i + 1]) == nil, "redo of \(Self.edits[i].0)")
            #expect(editor.page == pages[i + 1], "the page model after redo of \(Self.edits[i].0)")
        }
    }

    /// The canvas growing with the window is an edit, not a step: undo does not shrink it.
    @Test func growingIsAnEditButNoStep() throws {
        let editor = try makeEditor(100, 80)
        try editor.perform(Self.stroke(.pencil, "#000000", width: 4, [(10, 10), (90, 70)]))
        var events: [HistoryEvent] = []
        editor.recorder = { events.append($0) }
        #expect(try editor.perform(.grow(PixelSize(width: 150, height: 90))))
        #expect(editor.size == PixelSize(width: 150, height: 90) && editor.history.steps.count == 1)
        #expect(events == [.grow(PixelSize(width: 150, height: 90))])
        #expect(try editor.perform(.grow(PixelSize(width: 120, height: 60))) == false, "never smaller")
    }

    /// What the journal hears, replayed on the same start, gives the same page, pixels and
    /// history (undo and redo included).
    @Test func theEventsReplayToTheSamePageAndHistory() throws {
        let editor = try startingEditor()
        var events: [HistoryEvent] = []
        editor.recorder = { events.append($0) }
        for (_, edit) in Self.edits { try editor.perform(edit) }
        try editor.undo()
        try editor.undo()
        try editor.redo()
        let replayed = try startingEditor()
        for event in events { try replayed.replay(event) }
        #expect(replayed.page == editor.page)
        #expect(difference(try replayed.picture(), try editor.picture()) == nil)
        while try editor.undo() {
            #expect(try replayed.undo())
            #expect(replayed.page == editor.page)
            #expect(difference(try replayed.picture(), try editor.picture()) == nil)
        }
        #expect(try replayed.undo() == false)
    }

    /// A background slider dragged through many colours is one step, told to the journal once
    /// with the colour it ended on; undo brings back the colour from before the drag.
    @Test func aDragIsSquashedIntoOneStep() throws {
        let editor = try makeEditor(60, 40)
        var events: [HistoryEvent] = []
        editor.recorder = { events.append($0) }
        let before = try editor.picture()
        for red in stride(from: 250, through: 100, by: -10) {
            try editor.previewBackground(.color(RGBColor(red: UInt8(red), green: 200, blue: 200)))
        }
        editor.endBackgroundPreview()
        #expect(editor.history.steps.count == 1)
        #expect(events == [.background(.color(RGBColor(red: 100, green: 200, blue: 200)))])
        try editor.undo()
        #expect(difference(try editor.picture(), before) == nil)
        #expect(editor.page.background == .default)
    }

    /// A stroke eraser's gesture cancelled half way puts back every stroke it took, as pixels
    /// and as items, and leaves no step.
    @Test func aCancelledDragPutsEverythingBack() throws {
        let editor = try makeEditor(200, 100)
        editor.use(.pencil, width: 6)
        editor.drag([(20, 20), (180, 20)])
        editor.drag([(20, 80), (180, 80)])
        let before = try editor.picture(), page = editor.page
        editor.use(.strokeEraser, width: 10)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 5)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(100, 95)))
        #expect(editor.strokes.isEmpty, "both strokes go as the eraser touches them")
        editor.handle(PointerEvent(source: .mouse, phase: .cancel, position: Point(100, 95)))
        #expect(editor.page == page)
        #expect(difference(try editor.picture(), before) == nil)
        #expect(editor.history.steps.count == 2)
    }
}

extension EditTests {
    /// Ids are the page's to give: a replayed or hostile id cannot use up the range.
    @Test func theNextStrokeTakesThePagesNextId() throws {
        let editor = try makeEditor(50, 50)
        try editor.perform(.stroke(Stroke(id: PageLimits.strokeID - 1, tool: .pencil, style: StrokeStyle(), points: [Point(5, 5)])))
        try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(), points: [Point(9, 9)])))
        #expect(editor.strokes.map(\.id) == [1, 2])
    }
}

extension EditTests {
    /// The index beside the items follows every change (strokes, undo, redo, clear and its
    /// undo, erasing): the stroke eraser then removes what an editor opened afresh on the same
    /// page removes.
    @Test func theIndexFollowsTheItems() throws {
        let editor = try makeEditor(200, 200)
        for i in 0..<12 {
            let y = Double(10 + i * 15)
            try editor.perform(Self.stroke(i % 3 == 0 ? .highlighter : .pencil, "#205080", width: 6, [(10, y), (190, y)]))
        }
        try editor.undo()
        try editor.undo()
        try editor.redo()
        try editor.perform(.eraseStrokes(path: [Point(50, 0), Point(50, 60)], width: 4))
        try editor.perform(.clear)
        try editor.undo()
        try editor.perform(Self.stroke(.line, "#000000", width: 3, [(0, 0), (200, 200)]))
        let fresh = try Editor(document: editor.image.contents())
        #expect(fresh.page == editor.page)
        let before = editor.strokes.count
        for e in [editor, fresh] { try e.perform(.eraseStrokes(path: [Point(100, 0), Point(100, 100)], width: 2)) }
        #expect(editor.strokes.count > 0 && editor.strokes.count < before, "some strokes go, some stay")
        #expect(fresh.page == editor.page)
        #expect(difference(try fresh.picture(), try editor.picture()) == nil)
    }
}

/// What a second pair of eyes found in the commit path, each now a test.
@Suite struct EditEdgeTests {
    /// A slider dragged while the stroke eraser's pointer is down: the gesture so far is kept as
    /// one step with its whole path, the drag is a step of its own, and the journal's events
    /// replay to the same page.
    @Test func aSliderDuringAStrokeEraserGestureKeepsBoth() throws {
        let editor = try makeEditor(200, 100)
        for y in [20.0, 50, 80] { try editor.perform(EditTests.stroke(.pencil, "#000000", width: 6, [(10, y), (190, y)])) }
        let start = editor.image.contents()
        var events: [HistoryEvent] = []
        editor.recorder = { events.append($0) }
        editor.use(.strokeEraser, width: 8)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 10)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(100, 30)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(100, 55)))
        try editor.previewBackground(.color(RGBColor(hex: "#ddeeff")!))
        try editor.previewBackground(.color(RGBColor(hex: "#ccddee")!))
        editor.endBackgroundPreview()
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(100, 90)))
        #expect(editor.strokes.count == 1)
        #expect(editor.history.steps.map(\.kind) == [.stroke, .stroke, .stroke, .strokeErase, .background])
        let replayed = try Editor(document: start)
        for event in events { try replayed.replay(event) }
        #expect(replayed.page == editor.page)
        #expect(difference(try replayed.picture(), try editor.picture()) == nil)
    }

    /// A slider dragged away and back, then a stroke: no step for the drag.
    @Test func aDragThatEndsWhereItBeganLeavesNoStep() throws {
        let editor = try makeEditor(60, 40)
        try editor.previewBackground(.color(.black))
        try editor.previewBackground(.color(.white))
        try editor.perform(EditTests.stroke(.pencil, "#ff0000", width: 4, [(5, 5), (50, 30)]))
        #expect(editor.history.steps.map(\.kind) == [.stroke])
    }

    /// Undoing a page step brings back an older page; strokes drawn after take new ids, never
    /// ones that strokes brought back by a later undo hold.
    @Test func strokeIdsAreNeverUsedTwice() throws {
        let editor = try makeEditor(100, 100)
        for y in [20.0, 50, 80] { try editor.perform(EditTests.stroke(.pencil, "#000000", width: 4, [(10, y), (90, y)])) }
        try editor.perform(.clear)
        try editor.perform(.page(PixelSize(width: 120, height: 120), anchor: 0))
        try editor.undo()
        try editor.undo()
        try editor.perform(EditTests.stroke(.pencil, "#ff0000", width: 4, [(10, 10), (90, 90)]))
        #expect(editor.strokes.map(\.id) == [1, 2, 3, 4])
        try editor.page.validate()
    }

    /// A page that grew while its base was cleared away gets the base back at the page's size.
    @Test func theBaseComesBackAtThePagesSize() throws {
        let foreign = RasterImage(width: 80, height: 60, pixels: [UInt32](repeating: 0xFF20_60C0, count: 80 * 60))!
        let editor = try Editor(document: DocumentContents(size: PixelSize(width: 80, height: 60), background: .color(.white),
                                                           drawing: foreign, strokes: []))
        try editor.perform(.clear)
        try editor.perform(.grow(PixelSize(width: 120, height: 90)))
        try editor.undo()
        #expect(editor.page.base?.image.size == PixelSize(width: 120, height: 90))
        try editor.page.validate()
        let picture = try editor.picture()
        #expect(picture.pixel(x: 10, y: 10) == 0xFF20_60C0 && picture.pixel(x: 100, y: 80) == 0xFFFF_FFFF)
        try editor.redo()
        try editor.undo()
        try editor.page.validate()
    }
}

extension EditEdgeTests {
    /// Undoing a clear brings a highlighter's marks on the background back to the screen: the
    /// area they cover is composed again, not only the area with ink.
    @Test func undoingAClearShowsTheHighlightsAgain() throws {
        let editor = try makeEditor(200, 100)
        try editor.perform(EditTests.stroke(.highlighter, "#ffe03c", width: 20, [(20, 50), (180, 50)]))
        try editor.perform(.clear)
        _ = editor.screen.takeDirtyRect()
        try editor.undo()
        let dirty = try #require(editor.screen.takeDirtyRect())
        #expect(dirty.intersection(PixelRect(x: 20, y: 45, width: 160, height: 10)) == PixelRect(x: 20, y: 45, width: 160, height: 10),
                "\(dirty)")
    }
}
