import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardFiles

/// Strokes moved with a selection, as files keep them: their transform and the eraser passes
/// they carry come back exactly from the binary records and the journal's lines, and a bad
/// value in either is refused with its place.
@Suite struct MovedStrokeFilesTests {
    static var moved: Stroke {
        var pass = Stroke(id: 0, tool: .eraser, style: StrokeStyle(width: 20), points: [Point(100, 20), Point(100, 140)])
        pass = pass.transformed(by: .move(5, 0))
        var stroke = Stroke(id: 7, tool: .pencil, style: StrokeStyle(color: RGBColor(red: 200, green: 10, blue: 10), width: 8),
                            points: [Point(40, 40), Point(80, 60), Point(120, 40)], pressures: [0.5, 1, 0.7])
        stroke.holes = [pass]
        return stroke.transformed(by: .rotate(30, about: Point(80, 50)).then(.move(100, 90)))
    }

    @Test func theBinaryRecordsKeepTheTransformAndTheHoles() throws {
        let plain = Stroke(id: 8, tool: .line, style: StrokeStyle(width: 4), points: [Point(0, 0), Point(10, 10)])
        let data = StrokeRecords.encode([[Self.moved, plain]])
        let back = try StrokeRecords.decode(data, name: "p.strokes", pages: 1)
        #expect(back == [[Self.moved, plain]])
        #expect(back[0][0].outline == Self.moved.outline)
        // A flag this version does not know is refused, not skipped.
        var bad = StrokeRecords.encode([[plain]])
        let flags = 10 + 4 + 4 + 8 + 1 + 4 + 3 + 8 + 8
        bad[flags] |= 64
        #expect(throws: (any Error).self) { try StrokeRecords.decode(bad, name: "p.strokes", pages: 1) }
    }

    @Test func theJournalKeepsEverySelectionEdit() throws {
        let edits: [Edit] = [
            .selection(.transform([1, 7], .rotate(15, about: Point(3, 4)))),
            .selection(.restyle([7], SelectionEdit.Restyle(color: RGBColor(red: 1, green: 2, blue: 3), width: 9, opacity: 0.5))),
            .selection(.remove([7])),
            .selection(.reorder([7], top: false)),
            .selection(.add([.stroke(Self.moved)])),
            .selection(.snap(7, [Stroke(id: 9, tool: .rectangle, style: StrokeStyle(width: 4), points: [Point(1, 1), Point(9, 9)])])),
        ]
        for edit in edits {
            let data = try JSONEncoder().encode(edit)
            #expect(try JSONDecoder().decode(Edit.self, from: data) == edit, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func aTransformOrAHoleThatIsNotOneIsRefusedWithItsPlace() {
        var stretched = Self.moved
        stretched.transform = Affine(a: 1e9, b: 0, c: 0, d: 1e9, tx: 0, ty: 0)
        #expect(throws: ValidationError("s.transform", "[1000000000.0, 0.0, 0.0, 1000000000.0, 0.0, 0.0] is not a transform a stroke can take")) {
            try stretched.validate(at: "s")
        }
        var inked = Self.moved
        inked.holes = [Stroke(id: 0, tool: .pencil, style: StrokeStyle(width: 4), points: [Point(0, 0)])]
        #expect(throws: ValidationError("s.holes[0]", "is not a pass of the eraser")) { try inked.validate(at: "s") }
        let turnedInside = Edit.selection(.transform([1], Affine(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0)))
        #expect(throws: ValidationError.self) { try turnedInside.validate(at: "e") }
    }
}
