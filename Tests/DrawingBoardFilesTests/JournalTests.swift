import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardFiles

private func tempRoot() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-journal-\(UUID().uuidString)")
}

private func stroke(_ e: Editor, _ tool: Tool, _ color: String, _ pts: [(Double, Double)], width: Double = 8) {
    e.toolState = ToolState(tool: tool, style: StrokeStyle(color: RGBColor(hex: color)!, width: width))
    let p = pts.map { Point($0.0, $0.1) }
    e.handle(PointerEvent(source: .mouse, phase: .down, position: p[0]))
    for q in p.dropFirst().dropLast() { e.handle(PointerEvent(source: .mouse, phase: .move, position: q)) }
    e.handle(PointerEvent(source: .mouse, phase: .up, position: p[p.count - 1]))
}

@Suite struct JournalTests {
    @Test func replayingTheJournalRebuildsThePixelsAndTheHistory() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let editor = try Editor(size: PixelSize(width: 160, height: 120))
        var journal: Journal? = try Journal(root: root, size: editor.size, background: .white, documentPath: nil)
        editor.recorder = { journal?.append($0) }
        stroke(editor, .pencil, "#d01010", [(10, 10), (80, 60), (150, 20)])
        stroke(editor, .rectangle, "#1010d0", [(20, 70), (120, 110)])
        try editor.undo()
        stroke(editor, .ellipse, "#10a010", [(30, 30), (130, 100)])
        let image = RasterImage(width: 3, height: 2, pixels: [0xFF11_2233, 0xFF44_5566, 0xFF77_8899, 0xFFAA_BBCC, 0xFFDD_EEFF, 0xFF00_0000])!
        try editor.setBackground(.image(image, name: "tiny.png"))
        stroke(editor, .eraser, "#000000", [(0, 60), (160, 60)], width: 20)
        try editor.grow(toFit: PixelSize(width: 200, height: 130))
        try editor.clear()
        try editor.undo()
        try editor.setBackground(.color(RGBColor(hex: "#fafa00")!))
        try editor.resizePage(to: PixelSize(width: 260, height: 100), anchor: 5)
        stroke(editor, .pencil, "#d01010", [(200, 10), (250, 90)])
        let expected = try editor.image.flattened()
        let steps = editor.history.steps.count
        let cursor = editor.history.cursor
        let directory = journal!.directory
        journal = nil // the window dies: its lock goes with it

        let orphans = Journal.orphans(root: root)
        #expect(orphans.count == 1 && orphans[0].directory.lastPathComponent == directory.lastPathComponent)
        let restored = try Journal.restore(orphans[0]).editor
        #expect(try restored.image.flattened() == expected, "the same pixels")
        #expect(restored.history.steps.count == steps && restored.history.cursor == cursor, "the same history")
        #expect(restored.strokes == editor.strokes)
        #expect(restored.size == PixelSize(width: 260, height: 100), "the page step came back")
        try editor.undo(); try editor.undo(); try editor.undo()
        try restored.undo(); try restored.undo(); try restored.undo()
        #expect(try restored.image.flattened() == (try editor.image.flattened()), "and undo goes back the same way")
        #expect(restored.size == PixelSize(width: 200, height: 130))
    }

    @Test func aLiveWindowsJournalIsNotAnOrphanAndTwoWindowsNeverShare() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        let b = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        #expect(a.directory != b.directory)
        a.append(.clear)
        b.append(.clear)
        #expect(Journal.orphans(root: root).isEmpty, "both windows hold their locks")
        #expect(throws: DocumentError.self) { _ = try Journal(adopting: a.directory) }
    }

    @Test func emptySessionsAreTidiedAwayAndSavedOnesNeedNoRestore() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        var empty: Journal? = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        empty?.append(.grow(PixelSize(width: 20, height: 20)))
        var saved: Journal? = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        saved?.append(.clear)
        saved?.noteSaved("/tmp/x.ora")
        empty = nil
        saved = nil
        #expect(Journal.orphans(root: root).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "nothing left behind")
    }

    @Test func aLineCutShortByACrashIsLeftOut() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let editor = try Editor(size: PixelSize(width: 50, height: 50))
        var journal: Journal? = try Journal(root: root, size: editor.size, background: .white, documentPath: nil)
        editor.recorder = { journal?.append($0) }
        stroke(editor, .pencil, "#000000", [(5, 25), (45, 25)])
        let directory = journal!.directory
        journal = nil
        try appendToJournal(#"{"stroke":{"id":9,"tool":"pencil","sty"#, in: directory)
        let restored = try Journal.restore(Journal.orphans(root: root)[0]).editor
        #expect(restored.strokes.count == 1)
        #expect(try restored.image.flattened() == (try editor.image.flattened()))
    }

    @Test func aSessionFromADocumentKeepsItsOwnCopy() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let doc = root.appendingPathComponent("doc.ora")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let original = try Editor(size: PixelSize(width: 40, height: 30), background: .color(RGBColor(hex: "#00ffff")!))
        stroke(original, .line, "#ff0000", [(0, 15), (40, 15)])
        try OpenRaster.encode(original.image).write(to: doc)
        let sessions = root.appendingPathComponent("sessions")
        let reopened = try Editor(document: try OpenRaster.read(doc))
        var journal: Journal? = try Journal(root: sessions, size: reopened.size, background: .white, documentPath: doc.path)
        reopened.recorder = { journal?.append($0) }
        stroke(reopened, .line, "#0000ff", [(20, 0), (20, 30)])
        try Data("changed later".utf8).write(to: doc)
        journal = nil
        let restored = try Journal.restore(Journal.orphans(root: sessions)[0])
        #expect(restored.savedTo == doc.path)
        #expect(try restored.editor.image.flattened() == (try reopened.image.flattened()))
    }

    /// A session started from an imported file (a PDF, a notebook, an image opened as a page)
    /// comes back named after that file, so the title and Save's proposed name are as before
    /// the crash; a name that is no file's path is left out (the start is still good).
    @Test func aSessionFromAnImportedFileKeepsItsName() throws {
        let root = tempRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let editor = try Editor(size: PixelSize(width: 40, height: 30))
        var journal: Journal? = try Journal(root: root, size: editor.size, background: .white, documentPath: nil)
        try journal!.restart(size: editor.size, background: .white, documentPath: nil, page: try OpenRaster.encode(editor.image),
                             importedFrom: "/home/u/lecture.pdf")
        editor.recorder = { journal?.append($0) }
        stroke(editor, .line, "#0000ff", [(20, 0), (20, 30)])
        let directory = journal!.directory
        journal = nil
        let restored = try Journal.restore(Journal.orphans(root: root)[0])
        #expect(restored.importedFrom == "/home/u/lecture.pdf" && restored.savedTo == nil && restored.startProblem == nil)
        let start = directory.appendingPathComponent("start.json")
        let text = try String(contentsOf: start, encoding: .utf8)
        try text.replacingOccurrences(of: #"\/home\/u\/lecture.pdf"#, with: "lecture.pdf").write(to: start, atomically: true, encoding: .utf8)
        let damaged = try Journal.restore(Journal.orphans(root: root)[0])
        #expect(damaged.importedFrom == nil && damaged.startProblem == nil && damaged.editor.size == editor.size,
                "only the name is lost: \(damaged.startProblem ?? "")")
    }
}
