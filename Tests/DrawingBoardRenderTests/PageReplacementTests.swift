import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// On a heavy page in the window, a new page size and its undo and redo are made off the event
/// loop: the page stays as it was (and frames show it) until the new one comes, anything that
/// edits or saves takes it in first, and the pixels are exactly those made in place.
@Suite(.serialized) struct PageReplacementTests {
    static let larger = PixelSize(width: 400, height: 300)

    @Test func aHeavyPageResizedInTheWindowComesExactAndUndoesExactly() throws {
        let window = try WholeRepaintTests.page(window: true), plain = try WholeRepaintTests.page(window: false)
        let before = try window.picture(), shownBefore = try WholeRepaintTests.frame(window)
        let gate = DispatchSemaphore(value: 0)
        PageReplacement.gate = gate
        defer { PageReplacement.gate = nil }
        try window.resizePage(to: Self.larger, anchor: 4)
        try plain.resizePage(to: Self.larger, anchor: 4)
        #expect(plain.size == Self.larger && plain.replacements.change == nil, "files and scripts resize in place")
        #expect(window.replacements.change == .resize(Self.larger, anchor: 4))
        #expect(window.size == PixelSize(width: 320, height: 240), "the page is as it was meanwhile")
        #expect(try WholeRepaintTests.frame(window) == shownBefore, "frames show the page as it was")
        #expect(!window.replacements.finish(wait: false), "not taken in before it is made")
        gate.signal()
        #expect(window.replacements.finish(wait: true))
        #expect(window.replacements.change == nil && window.size == Self.larger)
        #expect(difference(try window.picture(), try plain.picture()) == nil, "the same pixels as made in place")
        #expect(window.strokes.map(\.points) == plain.strokes.map(\.points))

        // Undo is made off the loop too, and gives back the page exactly.
        try window.undo()
        #expect(window.replacements.change == .undo && window.size == Self.larger)
        gate.signal()
        #expect(window.replacements.finish(wait: true))
        #expect(window.size == PixelSize(width: 320, height: 240))
        #expect(difference(try window.picture(), before) == nil, "undo gives back the page exactly")
        try window.redo()
        #expect(window.replacements.change == .redo)
        gate.signal()
        window.replacements.finish()
        #expect(difference(try window.picture(), try plain.picture()) == nil, "redo gives back the larger page exactly")
    }

    @Test func aStrokeDrawnMeanwhileGoesOnTheResizedPage() throws {
        let window = try WholeRepaintTests.page(window: true)
        let items = window.page.items.count
        try window.resizePage(to: Self.larger, anchor: 8)
        #expect(window.replacements.change != nil)
        // Pressing takes the new page in first: the stroke is drawn on the larger page.
        window.use(.pencil, "#00a000", width: 8)
        window.drag([(350, 280), (390, 280)])
        #expect(window.replacements.change == nil && window.size == Self.larger)
        #expect(window.page.items.count == items + 1)
        #expect(try window.picture().pixel(x: 370, y: 280) == 0xFF00_A000, "the stroke lies in the new room")
        try window.undo()
        #expect(try window.picture().pixel(x: 370, y: 280) != 0xFF00_A000)
        try window.undo()
        window.replacements.finish()
        #expect(window.size == PixelSize(width: 320, height: 240) && window.page.items.count == items)
    }

    @Test func savingWhileItIsMadeSavesTheNewSize() throws {
        let window = try WholeRepaintTests.page(window: true)
        try window.resizePage(to: Self.larger, anchor: 0)
        let (first, contents) = try window.pages.documentContents()
        #expect(contents.size == Self.larger && first.drawingLayer().size == Self.larger)
        #expect(window.replacements.change == nil && window.canUndo)
    }

    /// Recovery replays a journal's records one after the other: a page size undone or redone
    /// is made at once, so the next record acts on what it gives.
    @Test func aJournalReplaysAPageSizeAndItsUndoAtOnce() throws {
        let window = try WholeRepaintTests.page(window: true)
        let small = window.size
        try window.replay(.edit(.page(Self.larger, anchor: 4)))
        #expect(window.replacements.change == nil && window.size == Self.larger)
        try window.replay(.undo)
        #expect(window.replacements.change == nil && window.size == small)
        try window.replay(.redo)
        #expect(window.replacements.change == nil && window.size == Self.larger)
        #expect(window.replacements.takeMadeChange() == nil, "nothing for the window to follow: nothing was made off the loop")
    }

    @Test func aSizeOutsideTheLimitsIsRefusedAtOnce() throws {
        let window = try WholeRepaintTests.page(window: true)
        let before = try window.picture(), state = window.history.stateID
        #expect(throws: RenderError.self) {
            try window.resizePage(to: PixelSize(width: CanvasLimits.maxSide + 1, height: 100), anchor: 0)
        }
        #expect(window.replacements.change == nil && window.size == PixelSize(width: 320, height: 240) && window.history.stateID == state)
        #expect(difference(try window.picture(), before) == nil)
    }
}
