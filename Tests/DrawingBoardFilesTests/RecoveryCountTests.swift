import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardFiles

/// The restore question counts the changes a session holds since its last save, not its
/// journal's lines: after some undoing and redoing, a page of 5 strokes was offered as "23 steps".
@Suite struct RecoveryCountTests {
    static func stroke(_ y: Double) -> HistoryEvent {
        .edit(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(), points: [Point(10, y), Point(90, y)])))
    }

    /// The orphan a journal of `events` leaves (`nil` in `events`: a save noted there).
    static func orphan(_ events: [HistoryEvent?]) throws -> Journal.Orphan? {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-count-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var journal: Journal? = try Journal(root: root, size: PixelSize(width: 100, height: 100), background: .white, documentPath: nil)
        for event in events {
            if let event { journal!.append(event) } else { journal!.noteSaved("/tmp/saved.ora") }
        }
        journal = nil
        return Journal.orphans(root: root).first
    }

    @Test func theChangesSinceTheSaveAreCountedNotTheLines() throws {
        let seven = (0..<7).map { Self.stroke(Double($0 * 10)) }
        #expect(try Self.orphan(seven)?.changes == 7)
        // Seven strokes, four undone, two redone: five on the page, 13 lines.
        let undone = seven + [.undo, .undo, .undo, .undo, .redo, .redo]
        let orphan = try #require(try Self.orphan(undone))
        #expect(orphan.steps == 13 && orphan.changes == 5)
        // Since a save: two strokes after it.
        #expect(try Self.orphan(seven + [nil, Self.stroke(80), Self.stroke(90)])?.changes == 2)
        // Undoing past the save, then drawing: two undone and one new, three from the saved page.
        #expect(try Self.orphan(seven + [nil, .undo, .undo, Self.stroke(5)])?.changes == 3)
        // Drawn and undone since the save: the page is the saved one, though there is a redo to keep.
        let back = try #require(try Self.orphan(seven + [nil, Self.stroke(80), .undo]))
        #expect(back.steps == 2 && back.changes == 0)
        // Showing another page, or the canvas growing with the window, changes nothing.
        #expect(try Self.orphan([Self.stroke(1), .show(0), .edit(.grow(PixelSize(width: 300, height: 300)))])?.changes == 1)
    }

    /// A damaged line was a step (it replays as a placeholder): an undo after it takes it back.
    @Test func aDamagedLineCountsAsTheStepItWas() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-count-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var journal: Journal? = try Journal(root: root, size: PixelSize(width: 100, height: 100), background: .white, documentPath: nil)
        journal!.append(Self.stroke(10))
        journal!.append(Self.stroke(20))
        journal!.append(.undo)
        let file = journal!.directory.appendingPathComponent("journal.jsonl")
        journal = nil
        // The second stroke's width made impossible: the line is a step that cannot come back.
        var text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        text[1] = text[1].replacingOccurrences(of: #""width":4.0"#, with: #""width":900.0"#)
        try Data((text.joined(separator: "\n") + "\n").utf8).write(to: file)
        let orphan = try #require(Journal.orphans(root: root).first)
        #expect(orphan.steps == 3 && orphan.changes == 1)
    }
}
