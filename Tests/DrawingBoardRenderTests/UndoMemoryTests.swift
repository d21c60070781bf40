import DrawingBoardCore
import Testing
@testable import DrawingBoardRender

/// Memory an undo step holds: the tiles the step touched, whatever the canvas size.
@Suite struct UndoMemoryTests {
    /// Bytes the step for one stroke holds in both of its states: right after the stroke (the
    /// tiles from before it) and after undo (the tiles from after it).
    static func stepBytes(canvas: PixelSize, stroke: [(Double, Double)], width: Double = 8) throws -> (done: Int, undone: Int, tiles: Int) {
        let editor = try Editor(size: canvas, history: .init(memoryBudget: 1 << 30, spillDirectory: nil))
        // Lines under the stroke, so some of its "before" tiles hold drawing too.
        editor.use(.pencil, "#00ff00", width: 30)
        editor.drag([(200, 100), (200, 500), (300, 500), (300, 100), (400, 100), (400, 500)])
        editor.use(.pencil, "#ff0000", width: width)
        editor.drag(stroke)
        let done = editor.history.steps[1].residentBytes
        let tiles = editor.history.steps[1].tiles.count
        try editor.undo()
        return (done, editor.history.steps[1].residentBytes, tiles)
    }

    static let typicalStroke: [(Double, Double)] = [(150, 300), (250, 260), (350, 330), (450, 280), (550, 310)]

    @Test func bytesPerStepDependOnTheAreaTouchedNotOnTheCanvasSize() throws {
        let hd = try Self.stepBytes(canvas: PixelSize(width: 1920, height: 1080), stroke: Self.typicalStroke)
        let uhd = try Self.stepBytes(canvas: PixelSize(width: 3840, height: 2160), stroke: Self.typicalStroke)
        #expect(hd.done == uhd.done && hd.undone == uhd.undone && hd.tiles == uhd.tiles)
        // One copy of each touched tile at most, far below a full-canvas copy (33 MB at 4K).
        #expect(uhd.undone <= uhd.tiles * 64 * 64 * 4)
        #expect(uhd.undone > 0 && uhd.undone < 3840 * 2160 * 4 / 100)
        print("undo step for a 400 px pencil stroke, width 8: \(hd.tiles) tiles; \(hd.done) bytes while done, \(hd.undone) bytes while undone (1920x1080); \(uhd.done) / \(uhd.undone) bytes (3840x2160)")
    }

    @Test func bytesGrowWithTheAreaTheStrokeTouches() throws {
        let canvas = PixelSize(width: 1920, height: 1080)
        let short = try Self.stepBytes(canvas: canvas, stroke: [(150, 300), (450, 300)])
        let long = try Self.stepBytes(canvas: canvas, stroke: [(150, 300), (1350, 300)])
        let ratio = Double(long.undone) / Double(short.undone)
        #expect(ratio > 3 && ratio < 5, "a stroke four times as long holds about four times the bytes (ratio \(ratio))")
    }

    @Test func aStrokeOnEmptyCanvasCostsNoPixelsWhileDone() throws {
        let editor = try Editor(size: PixelSize(width: 3840, height: 2160), history: .init(memoryBudget: 1 << 30, spillDirectory: nil))
        editor.use(.pencil, "#000000", width: 8)
        editor.drag(Self.typicalStroke)
        #expect(editor.history.steps[0].residentBytes == 0)
        #expect(editor.history.steps[0].tiles.count > 0)
        #expect(editor.history.steps[0].tiles.allSatisfy { $0.payload == .empty })
    }
}
