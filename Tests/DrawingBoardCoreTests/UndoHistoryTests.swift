import Foundation
import Testing
@testable import DrawingBoardCore

/// A step whose edit carries a recognisable background colour (its red), so the tests can see
/// which step each crossing gets.
private func step(_ value: UInt8) -> HistoryStep {
    HistoryStep(kind: .background, edit: .background(.color(RGBColor(red: value, green: 0, blue: 0))))
}

private func value(_ s: HistoryStep) -> UInt8? {
    if case .background(.color(let c)) = s.edit { return c.red }
    return nil
}

/// The history: a list of edits and a cursor; no pixels of its own.
@Suite struct UndoHistoryTests {
    @Test func cursorMovesAndANewStepDropsTheRedoBranch() throws {
        let history = UndoHistory()
        #expect(!history.canUndo && !history.canRedo)
        for v in 1...3 { history.push(step(UInt8(v))) }
        #expect(history.cursor == 3 && history.canUndo && !history.canRedo)
        var undone: [UInt8] = []
        try history.undo { undone.append(value($0)!) }
        try history.undo { undone.append(value($0)!) }
        #expect(undone == [3, 2])
        #expect(history.cursor == 1 && history.canRedo)
        history.push(step(9))
        #expect(history.steps.count == 2 && history.cursor == 2 && !history.canRedo)
        #expect(history.steps.map { value($0)! } == [1, 9])
        #expect(history.stateID == history.steps[1].id && history.steps[0].id != history.steps[1].id)
    }

    @Test func crossingKeepsWhatTheStepLeavesAndAFailureLeavesItWhereItWas() throws {
        struct Refused: Error {}
        let history = UndoHistory()
        history.push(step(1))
        try history.undo { $0 = step(100) }
        var redoneValue: UInt8?
        let redone = try history.redo { redoneValue = value($0); $0 = step(1) }
        #expect(redone && redoneValue == 100)
        #expect(try history.redo { _ in } == false)
        #expect(throws: Refused.self) { try history.undo { _ in throw Refused() } }
        #expect(history.cursor == 1 && value(history.steps[0]) == 1, "a step that could not be crossed stays done")
    }

    /// A step holds what its edit carries: an image it brings back, nothing for a stroke.
    @Test func stepBytesAreTheImagesItsEditCarries() {
        let image = RasterImage(width: 4, height: 2, pixels: [UInt32](repeating: 1, count: 8))!
        let history = UndoHistory()
        history.push(HistoryStep(kind: .background, edit: .background(.image(image, name: "x.png"))))
        history.push(HistoryStep(kind: .stroke, edit: .stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(color: .black, width: 2),
                                                                          points: [Point(0, 0), Point(5, 5)]))))
        #expect(history.steps[0].residentBytes == 32 && history.steps[1].residentBytes == 0)
        #expect(history.residentBytes == 32)
        history.push(step(3))
        #expect(history.residentBytes == 32)
    }
}
