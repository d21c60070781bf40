import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles
@testable import DrawingBoardUI

/// The window's side of the hardening: a folder, a pipe or a hostile document opened from the
/// window says why and leaves the drawing as it was; autosave says when it falls behind and
/// when it has caught up.
@Suite struct HardeningControllerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-ui-hard-\(UUID().uuidString)")

    @Test func aFolderOrAPipeNamedLikeADocumentIsRefusedAtOnce() throws {
        let dir = folder.appendingPathComponent("drawings.ora")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.ora").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        c.document.open(dir.path)
        c.finishOpening()
        #expect(c.chrome.messageText == "“drawings.ora” cannot be opened: it is a folder, not a document")
        c.document.open(fifo)
        c.finishOpening()
        #expect(c.chrome.messageText == "“pipe.ora” cannot be opened: it is a pipe (FIFO), not a document")
        #expect(c.editor.strokes.count == 1 && c.document.pendingQuestion == nil, "the drawing stays, nothing is asked")
    }

    static let hostileDocuments: [(String, String)] = [
        (##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": [{"id": 1, "tool": "pencil", "style": {"color": {"red": 0, "green": 0, "blue": 0}, "width": 4e300, "opacity": 1}, "points": [{"x": 1, "y": 1}]}]}"##,
         "drawingboard/document.json: strokes[0].style.width: 4e+300 is outside 1...200"),
        (##"{"format": 99, "pages": []}"##, "it was made by a newer DrawingBoard (format 99); this one reads up to 8"),
    ]

    @Test(arguments: hostileDocuments)
    func aHostileDocumentLeavesTheDrawingUntouched(_ text: String, _ expected: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("hostile.ora")
        let e = try Editor(size: PixelSize(width: 40, height: 30))
        try OpenRaster.encode(e.image).write(to: url)
        let archive = try Archive(url: url, accessMode: .update)
        try archive.remove(archive[OpenRaster.documentEntry]!)
        let json = Data(text.utf8)
        try archive.addEntry(with: OpenRaster.documentEntry, type: .file, uncompressedSize: Int64(json.count)) { (pos: Int64, size: Int) in
            json.subdata(in: Data.Index(pos)..<Data.Index(pos) + size)
        }
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        let before = try c.editor.image.flattened()
        c.document.open(url.path)
        c.finishOpening()
        #expect(c.chrome.messageText == "“hostile.ora” cannot be opened: \(expected)")
        #expect(try c.editor.image.flattened() == before && c.editor.strokes.count == 1)
    }

    @Test func autosaveSaysWhenItFallsBehindAndWhenItCatchesUp() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let c = try makeController(700, 500)
        let journal = try Journal(root: folder, size: c.editor.size, background: .white, documentPath: nil)
        c.document.attach(journal: journal)
        c.drag([(100, 100), (600, 100)])
        journal.simulatedFailure = ENOSPC
        c.drag([(100, 200), (600, 200)])
        #expect(c.chrome.messageText == "Autosave failed (your drawing is still here; it will try again): cannot write the journal: No space left on device")
        #expect(c.document.autosaveRetryTime == 2, "a retry is scheduled")
        #expect((c.secondsUntilWakeup() ?? 99) <= 2)
        journal.simulatedFailure = nil
        c.tick(0.5)
        #expect(journal.isBehind, "not yet: the retry waits two seconds")
        c.tick(2.1)
        #expect(!journal.isBehind)
        #expect(c.chrome.messageText == "Autosave works again: every step is saved")
        c.drag([(100, 300), (600, 300)])
        let lines = try String(contentsOf: journal.directory.appendingPathComponent("journal.jsonl"), encoding: .utf8)
        #expect(lines.split(separator: "\n").count == 3)
    }

    /// A journal with a line out of range: the restore says which step could not come back.
    @Test func aRestoreSaysWhatCouldNotComeBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try makeController(700, 500)
        var journal: Journal? = try Journal(root: folder, size: first.editor.size, background: .white, documentPath: nil)
        first.document.attach(journal: journal!)
        first.drag([(100, 100), (600, 100)])
        let directory = journal!.directory
        first.document.terminated()
        journal = nil
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("journal.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"stroke":{"id":2,"tool":"pencil","style":{"color":{"red":0,"green":0,"blue":0},"width":900,"opacity":1},"points":[{"x":1,"y":1}]}}"#.utf8 + [0x0A]))
        try handle.close()
        let c = try makeController(700, 500)
        c.document.offerRecovery(try #require(Journal.orphans(root: folder).first))
        c.click(.dialog(.restore))
        #expect(c.editor.strokes.count == 1)
        #expect(c.chrome.messageText == "Restored the drawing, but 1 line of its journal could not come back (journal.jsonl line 2, edit.stroke.style.width: 900 is outside 1...200)")
    }
}
