import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import XvfbSupport
@testable import DrawingBoardFiles

private func tempRoot() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-journal-\(UUID().uuidString)")
}

private func draw(_ e: Editor, _ pts: [(Double, Double)], color: String = "#000000") {
    e.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: RGBColor(hex: color)!, width: 6))
    let p = pts.map { Point($0.0, $0.1) }
    e.handle(PointerEvent(source: .mouse, phase: .down, position: p[0]))
    for q in p.dropFirst().dropLast() { e.handle(PointerEvent(source: .mouse, phase: .move, position: q)) }
    e.handle(PointerEvent(source: .mouse, phase: .up, position: p[p.count - 1]))
}

private func editor(_ w: Int = 200, _ h: Int = 150) throws -> Editor {
    try Editor(size: PixelSize(width: w, height: h))
}

/// Adds raw bytes at the end of a session's journal, as a crash or an older version left them.
func appendToJournal(_ text: String, in directory: URL) throws {
    let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("journal.jsonl"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
}

/// A session of `lines` strokes drawn on a fresh editor, whose window then dies: its folder.
private func deadSession(root: URL, strokes lines: [[(Double, Double)]], editor e: Editor) throws -> URL {
    var journal: Journal? = try Journal(root: root, size: e.size, background: .white, documentPath: nil)
    e.recorder = { journal?.append($0) }
    for line in lines { draw(e, line) }
    let directory = journal!.directory
    journal = nil
    return directory
}

/// A journal recording an editor's steps, and what each write did.
private final class Recording {
    var journal: Journal?
    var outcomes: [Journal.Outcome] = []

    init(_ e: Editor, root: URL) throws {
        journal = try Journal(root: root, size: e.size, background: .white, documentPath: nil)
        e.recorder = { [unowned self] in outcomes.append(journal!.append($0)) }
    }
}

/// 200 points across the page.
private let longStroke: [(Double, Double)] = (0..<200).map { (i: Int) -> (Double, Double) in
    (Double(5 + i), 60.0 + Double(i % 7))
}


/// The journal never drops work: not when the disk fills up, not after a crash cut its last
/// line, not when its start is damaged, not for one bad line among good ones.
@Suite struct JournalHardeningTests {
    /// Two strokes; the disk fills and a 200-point stroke cannot be written (half of it
    /// reaches the file); space comes back and two more strokes follow; the window dies.
    @Test func aWriteThatFailsHalfWayLosesNothing() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor()
        let session = try Recording(e, root: root)
        draw(e, [(10, 10), (190, 10)])
        draw(e, [(10, 30), (190, 30)])
        session.journal!.simulatedFailure = ENOSPC
        draw(e, longStroke)
        #expect(session.outcomes.last == .behind("cannot write the journal: No space left on device"))
        #expect(session.journal!.isBehind)
        let onDisk = try Data(contentsOf: session.journal!.directory.appendingPathComponent("journal.jsonl"))
        #expect(onDisk.last == UInt8(ascii: "\n"), "the half-written line was cut off again")
        #expect(onDisk.split(separator: UInt8(ascii: "\n")).count == 2)
        session.journal!.simulatedFailure = nil
        draw(e, [(10, 100), (190, 100)])
        #expect(session.outcomes.last == .caughtUp, "the waiting stroke went down first, then this one")
        draw(e, [(10, 130), (190, 130)])
        #expect(session.outcomes.last == .written)
        let expected = try e.image.flattened()
        session.journal = nil
        let orphan = try #require(Journal.orphans(root: root).first)
        #expect(orphan.steps == 5)
        let restored = try Journal.restore(orphan)
        #expect(restored.skipped == 0 && restored.editor.strokes.count == 5)
        #expect(try restored.editor.image.flattened() == expected)
    }

    /// The same with a real full disk: a 256 KB tmpfs (root only, as in CI).
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aRealFullDiskLosesNothing() throws {
        let disk = try SmallDisk(size: "256k")
        let root = disk.folder
        let e = try editor()
        let session = try Recording(e, root: root)
        draw(e, [(10, 10), (190, 10)])
        draw(e, [(10, 30), (190, 30)])
        try disk.fill()
        // Longer than what is left of the journal's last page (tmpfs gives whole pages).
        let longer: [(Double, Double)] = (0..<2000).map { (i: Int) -> (Double, Double) in (Double(5 + i % 190), 60.0 + Double(i / 190)) }
        draw(e, longer)
        guard case .behind = session.outcomes.last else {
            Issue.record("the stroke was written to a full disk: \(session.outcomes)")
            return
        }
        try disk.free()
        draw(e, [(10, 100), (190, 100)])
        #expect(session.outcomes.last == .caughtUp)
        draw(e, [(10, 130), (190, 130)])
        let expected = try e.image.flattened()
        session.journal = nil
        let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(restored.editor.strokes.count == 5)
        #expect(try restored.editor.image.flattened() == expected)
    }

    /// The flush to the disk runs off the event loop: a step is in the file at once, its
    /// append returns while the flush waits, and a flush that fails is tried again and said.
    @Test func theFlushToTheDiskNeverHoldsTheStepUp() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        let gate = DispatchSemaphore(value: 0)
        journal.flushes.gate = gate
        #expect(journal.append(.clear) == .written, "the step returned with its flush held")
        let lines = try String(contentsOf: journal.directory.appendingPathComponent("journal.jsonl"), encoding: .utf8)
        #expect(lines.split(separator: "\n").count == 1, "the line is in the file already")
        journal.flushes.gate = nil
        journal.flushes.simulatedFailure = EIO
        gate.signal()
        journal.flushes.wait()
        #expect(journal.isBehind, "a failed flush is known before the next step: the window retries and says so")
        #expect(journal.append(.clear) == .behind("cannot flush the journal to the disk: Input/output error"))
        #expect(journal.isBehind)
        journal.flushes.simulatedFailure = nil
        #expect(journal.retry() == .caughtUp)
        #expect(!journal.isBehind)
        journal.flushes.wait()
        #expect(try String(contentsOf: journal.directory.appendingPathComponent("journal.jsonl"), encoding: .utf8)
            .split(separator: "\n").count == 2)
    }

    @Test func retryWritesWhatWaitsWithoutANewStep() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let journal = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        journal.simulatedFailure = EIO
        #expect(journal.append(.clear) == .behind("cannot write the journal: Input/output error"))
        #expect(journal.retry() == .behind("cannot write the journal: Input/output error"))
        journal.simulatedFailure = nil
        #expect(journal.retry() == .caughtUp)
        #expect(!journal.isBehind && journal.retry() == .written)
    }

    /// A crash cut the last line; the session is restored and drawn on, then dies again: the
    /// new lines follow the last complete one, and everything comes back.
    @Test func linesAfterACutLineAreKept() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor()
        let directory = try deadSession(root: root, strokes: [[(10, 10), (190, 10)], [(10, 30), (190, 30)]], editor: e)
        try appendToJournal(#"{"stroke":{"id":9,"tool":"pencil","sty"#, in: directory)

        let first = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(first.editor.strokes.count == 2)
        let again = first.editor
        var adopted: Journal? = try Journal(adopting: directory)
        again.recorder = { adopted?.append($0) }
        draw(again, [(10, 60), (190, 60)])
        draw(again, [(10, 90), (190, 90)])
        let expected = try again.image.flattened()
        adopted = nil
        let second = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(second.editor.strokes.count == 4, "the two strokes after the cut line came back")
        #expect(second.skipped == 0)
        #expect(try second.editor.image.flattened() == expected)
    }

    /// A journal written before the fix: a fragment with the next line glued to it.
    @Test func aLineGluedToAFragmentIsFound() throws {
        let stroke = #"{"stroke":{"id":2,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":4,"opacity":1},"points":[{"x":1,"y":1},{"x":9,"y":9}]}}"#
        let text = #"{"clear":true}"# + "\n" + #"{"stroke":{"id":1,"tool":"pen"# + stroke + "\n" + #"{"undo":true}"# + "\n"
        let (lines, skipped) = JournalFormat.readLines(Data(text.utf8))
        #expect(skipped == 1)
        #expect(lines.count == 3)
        guard case .success(.event(.edit(.stroke(let found)))) = lines[1], case .success(.event(.undo)) = lines[2] else {
            Issue.record("\(lines)")
            return
        }
        #expect(found.id == 2)
    }

    /// A damaged start.json: the session is offered (not deleted), and its steps come back
    /// over a blank page big enough to hold them.
    @Test(arguments: ["{\"width\": 3", "{\"width\": 1e300, \"height\": 5}", "{\"width\": 100, \"height\": 100, \"background\": \"red\"}", ""])
    func aDamagedStartKeepsTheSteps(_ start: String) throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor(1000, 800)
        var journal: Journal? = try Journal(root: root, size: e.size, background: .white, documentPath: nil)
        e.recorder = { journal?.append($0) }
        draw(e, [(10, 10), (900, 700)], color: "#d01010")
        draw(e, [(900, 10), (10, 700)], color: "#1010d0")
        let directory = journal!.directory
        journal = nil
        try Data(start.utf8).write(to: directory.appendingPathComponent("start.json"))
        let orphan = try #require(Journal.orphans(root: root).first, "the session is kept")
        #expect(orphan.steps == 2)
        #expect(orphan.startProblem?.hasPrefix("start.json: ") == true, "\(orphan.startProblem ?? "")")
        let restored = try Journal.restore(orphan)
        #expect(restored.startProblem != nil)
        #expect(restored.editor.strokes.map(\.style.color.hex) == ["#d01010", "#1010d0"])
        #expect(restored.editor.size.width > 900 && restored.editor.size.height > 700)
        let picture = try restored.editor.image.flattened()
        #expect(picture.pixel(x: 455, y: 355) & 0xFFFFFF != 0xFFFFFF, "the strokes are on the page")
    }

    /// A journal line whose values are out of range (a width of 4e300) is skipped with its
    /// reason, every restart; the lines after it still come back.
    @Test func aHostileLineIsSkippedNotACrash() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor()
        let directory = try deadSession(root: root, strokes: [[(10, 10), (190, 10)]], editor: e)
        let bad = #"{"stroke":{"id":7,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":4e300,"opacity":1},"points":[{"x":1,"y":1},{"x":90,"y":90}]}}"#
        let far = #"{"stroke":{"id":8,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":4,"opacity":1},"points":[{"x":1e19,"y":1}]}}"#
        let huge = #"{"grow":[100000000,5]}"#
        let good = #"{"stroke":{"id":9,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":4,"opacity":1},"points":[{"x":10,"y":100},{"x":190,"y":100}]}}"#
        try appendToJournal(bad + "\n" + far + "\n" + huge + "\n" + good + "\n", in: directory)
        for _ in 0..<2 {
            let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
            #expect(restored.skipped == 3)
            #expect(restored.skipReason == "journal.jsonl line 2, edit.stroke.style.width: 4e+300 is outside 1...200")
            #expect(restored.editor.strokes.count == 2)
            #expect(restored.editor.size == e.size)
        }
    }

    /// A skipped step keeps its place: the undo after it acts on it, as it did, and not on the
    /// stroke before it.
    @Test func aSkippedStepKeepsTheUndosAfterItInPlace() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor()
        let directory = try deadSession(root: root, strokes: [[(10, 10), (190, 10)]], editor: e)
        let wide = #"{"stroke":{"id":2,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":500,"opacity":1},"points":[{"x":1,"y":1}]}}"#
        try appendToJournal(wide + "\n" + #"{"undo":true}"# + "\n", in: directory)
        let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(restored.skipped == 1)
        #expect(restored.editor.strokes.count == 1, "the first stroke stays; the undo took the skipped step")
        #expect(restored.editor.canRedo)
    }

    /// Steps whose values cannot even be decoded (a colour that is none, a page of two numbers,
    /// an unknown tool) keep their places too, as steps journals of every version wrote.
    @Test(arguments: [#"{"color":"red"}"#, #"{"page":[300,200]}"#,
                      #"{"stroke":{"id":2,"tool":"airbrush","style":{"color":{"red":0,"green":0,"blue":0},"width":4,"opacity":1},"points":[{"x":1,"y":1}]}}"#])
    func anUndecodableStepKeepsItsPlace(_ line: String) throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor()
        let directory = try deadSession(root: root, strokes: [[(10, 10), (190, 10)]], editor: e)
        try appendToJournal(line + "\n" + #"{"undo":true}"# + "\n", in: directory)
        let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(restored.skipped == 1, "\(restored.skipReason ?? "")")
        #expect(restored.editor.strokes.count == 1, "the undo took the step that could not come back, not the stroke")
        #expect(restored.editor.canRedo)
    }

    /// A damaged start and a line with a point at -1e300: the page size is worked out from
    /// what a canvas can hold, the line is skipped, nothing traps.
    @Test func aDamagedStartWithAHostilePointRestoresWhatItCan() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let e = try editor()
        let directory = try deadSession(root: root, strokes: [[(10, 10), (190, 10)]], editor: e)
        try Data("{".utf8).write(to: directory.appendingPathComponent("start.json"))
        let far = #"{"stroke":{"id":2,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":4,"opacity":1},"points":[{"x":-1e300,"y":-1e300},{"x":1e300,"y":5}]}}"#
        try appendToJournal(far + "\n" + #"{"grow":[9223372036854775807,9223372036854775807]}"# + "\n", in: directory)
        let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(restored.editor.strokes.count == 1 && restored.skipped == 2)
        // The skipped line does not size the page: the blank page holds the stroke that came
        // back (it was 16384 wide, the far point's x cut to the limit, the stroke out of sight).
        #expect(restored.editor.size == PixelSize(width: 640, height: 480), "\(restored.editor.size)")
    }

    /// After a restore, a new background image never takes the name of one a line refers to.
    @Test func imagesAfterAnAdoptionGetNewNumbers() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        var journal: Journal? = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        let image = RasterImage(width: 2, height: 2, pixels: [0xFF11_2233, 0xFF44_5566, 0xFF77_8899, 0xFFAA_BBCC])!
        journal!.append(.background(.image(image, name: "a.png")))
        journal!.append(.background(.image(image, name: "b.png")))
        let directory = journal!.directory
        journal = nil
        try FileManager.default.removeItem(at: directory.appendingPathComponent("images/1.png"))
        var adopted: Journal? = try Journal(adopting: directory)
        adopted!.append(.background(.image(image, name: "c.png")))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("images").path).sorted()
        #expect(names == ["2.png", "3.png"])
        // A file numbered past anything a session reaches is not counted on (one past the
        // largest number trapped).
        adopted = nil
        try Data().write(to: directory.appendingPathComponent("images/9223372036854775807.png"))
        let again = try Journal(adopting: directory)
        again.append(.background(.image(image, name: "d.png")))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("images/4.png").path))
    }

    /// A start that fails half-way (here the document to copy is gone; a full disk does the
    /// same) leaves no start behind: the steps after it are never replayed over the last
    /// document's start, nor saved into that document. Recovery offers them, saying why.
    @Test func aStartThatFailsLeavesNoneOfTheLastDocuments() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let document = root.appendingPathComponent("first.ora")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let e = try editor()
        try Data("the first document".utf8).write(to: document)
        var journal: Journal? = try Journal(root: root.appendingPathComponent("sessions"), size: e.size, background: .white, documentPath: document.path)
        #expect(throws: (any Error).self) {
            try journal!.restart(size: e.size, background: .white, documentPath: root.appendingPathComponent("gone.ora").path)
        }
        e.recorder = { journal?.append($0) }
        draw(e, longStroke)
        let directory = journal!.directory
        journal = nil
        let orphans = Journal.orphans(root: root.appendingPathComponent("sessions"))
        let orphan = try #require(orphans.first { $0.directory.lastPathComponent == directory.lastPathComponent }, "\(orphans) \(directory)")
        #expect(orphan.documentPath == nil && orphan.startProblem != nil, "\(orphan)")
    }
}
