import Foundation
import Testing
@testable import DrawingBoardCore

/// Steps whose tiles hold a recognisable value, so the tests can see which state each step keeps.
private func step(_ value: UInt32, tiles: Int = 1, pixelsPerTile: Int = 16) -> HistoryStep {
    let records = (0..<tiles).map { i in
        TileRecord(tile: TileIndex(column: i, row: 0),
                   payload: .pixels([UInt32](repeating: value, count: pixelsPerTile - 1) + [value &+ 1]))
    }
    return HistoryStep(kind: .stroke, tiles: records)
}

private func firstValue(_ s: HistoryStep) -> UInt32? {
    if case .pixels(let p) = s.tiles.first?.payload { return p[0] }
    return nil
}

private func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-tests-\(UUID().uuidString)")
}

@Suite struct UndoHistoryTests {
    @Test func cursorMovesAndANewStepDropsTheRedoBranch() throws {
        let history = UndoHistory(options: .init(memoryBudget: 1 << 20, spillDirectory: nil))
        #expect(!history.canUndo && !history.canRedo)
        for v in 1...3 { history.push(step(UInt32(v))) }
        #expect(history.cursor == 3 && history.canUndo && !history.canRedo)
        var undone: [UInt32] = []
        try history.undo { undone.append(firstValue($0)!) }
        try history.undo { undone.append(firstValue($0)!) }
        #expect(undone == [3, 2])
        #expect(history.cursor == 1 && history.canRedo)
        history.push(step(9))
        #expect(history.steps.count == 2 && history.cursor == 2 && !history.canRedo)
        #expect(history.steps.map { firstValue($0)! } == [1, 9])
        #expect(history.residentBytes == 2 * 16 * 4)
    }

    @Test func undoAndRedoKeepWhatTheSwapLeaves() throws {
        let history = UndoHistory(options: .init(memoryBudget: 1 << 20, spillDirectory: nil))
        history.push(step(1))
        try history.undo { $0 = step(100, tiles: 3) }
        #expect(history.residentBytes == 3 * 16 * 4)
        var redoneValue: UInt32?
        let redone = try history.redo { redoneValue = firstValue($0); $0 = step(1) }
        #expect(redone && redoneValue == 100)
        let again = try history.redo { _ in }
        #expect(!again)
        #expect(history.residentBytes == 16 * 4)
    }

    @Test func oldStepsMoveToDiskAndComeBackExactly() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each step holds 4 tiles of 16 pixels = 256 bytes; the budget holds 4 steps.
        let history = UndoHistory(options: .init(memoryBudget: 1024, spillDirectory: folder))
        for v in 1...40 { history.push(step(UInt32(v * 10), tiles: 4)) }
        #expect(history.residentBytes <= 1024)
        #expect(history.spillFileBytes == 36 * 256)
        // The spill file is unlinked as soon as it is open: nothing is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // The steps next to the cursor stay in memory.
        #expect(history.steps[39].tiles.allSatisfy { $0.payload.residentBytes > 0 })
        #expect(history.steps[0].tiles.allSatisfy { $0.payload.spilledBytes > 0 })
        var seen: [UInt32] = []
        while history.canUndo {
            try history.undo { s in
                #expect(s.tiles.allSatisfy { $0.payload.residentBytes > 0 })
                seen.append(firstValue(s)!)
                #expect(s.tiles.map(\.payload) == step(firstValue(s)!, tiles: 4).tiles.map(\.payload))
            }
            #expect(history.residentBytes <= 1024)
        }
        #expect(seen == (1...40).reversed().map { UInt32($0 * 10) })
        // The far end of the redo side is on disk now, and comes back too.
        #expect(history.steps[39].tiles.allSatisfy { $0.payload.spilledBytes > 0 })
        var redone: [UInt32] = []
        while history.canRedo { try history.redo { redone.append(firstValue($0)!) } }
        #expect(redone == (1...40).map { UInt32($0 * 10) })
    }

    @Test func anUnwritableSpillFolderKeepsEverythingInMemory() throws {
        let history = UndoHistory(options: .init(memoryBudget: 64, spillDirectory: URL(fileURLWithPath: "/proc/drawingboard-cannot-write-here")))
        for v in 1...5 { history.push(step(UInt32(v))) }
        #expect(history.spillProblem?.contains("cannot move undo history to disk") == true)
        #expect(history.residentBytes == 5 * 64)
        var seen: [UInt32] = []
        while history.canUndo { try history.undo { seen.append(firstValue($0)!) } }
        #expect(seen == [5, 4, 3, 2, 1])
    }

    @Test func stepBytesCountTilesAndImages() {
        let image = RasterImage(width: 4, height: 2, pixels: [UInt32](repeating: 1, count: 8))!
        let s = HistoryStep(kind: .background, edit: .background(.image(image, name: "x.png")),
                            tiles: [TileRecord(tile: TileIndex(column: 0, row: 0), payload: .empty)])
        #expect(s.residentBytes == 32)
        #expect(step(1, tiles: 2).residentBytes == 128)
    }

    /// Tiles read back by undo leave space that the next spill reuses: sweeping the whole
    /// history back and forth does not grow the file (it grew by the history's size per sweep).
    @Test func theSpillFileReusesTheSpaceOfTilesReadBack() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = UndoHistory(options: .init(memoryBudget: 1024, spillDirectory: folder))
        for v in 1...200 { history.push(step(UInt32(v), tiles: 4)) }
        let afterDrawing = history.spillFileBytes
        #expect(afterDrawing == 196 * 256)
        for _ in 0..<3 {
            while history.canUndo { try history.undo { _ in } }
            while history.canRedo { try history.redo { _ in } }
        }
        #expect(history.spillFileBytes <= afterDrawing + 4 * 256,
                "\(history.spillFileBytes) bytes after three sweeps, \(afterDrawing) before")
        // And the states are still exact.
        var seen: [UInt32] = []
        while history.canUndo { try history.undo { seen.append(firstValue($0)!) } }
        #expect(seen == (1...200).reversed().map { UInt32($0) })
        // Dropping the redo branch frees its space too.
        history.push(step(999, tiles: 4))
        #expect(history.spillFreeBytes > 150 * 256)
    }
}
