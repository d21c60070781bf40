import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Save writes the document; Export writes a copy and changes nothing else.
@Suite struct DocumentStateTests {
    @Test func saveNamesAreDocumentsOrAQuestion() {
        #expect(DocumentState.saveName(for: "/d/a.ora") == .document("/d/a.ora"))
        #expect(DocumentState.saveName(for: "/d/a.ORA") == .document("/d/a.ORA"))
        #expect(DocumentState.saveName(for: "/d/sketch") == .document("/d/sketch.ora"))
        #expect(DocumentState.saveName(for: "/d/weird.jpg") == .ask(chosen: "/d/weird.jpg", document: "/d/weird.ora", export: .jpeg),
                "never a silent weird.jpg.ora")
        #expect(DocumentState.saveName(for: "/d/doc.pdf") == .ask(chosen: "/d/doc.pdf", document: "/d/doc.ora", export: .pdf))
        #expect(DocumentState.saveName(for: "/d/notes.v2") == .ask(chosen: "/d/notes.v2", document: "/d/notes.v2.ora", export: nil))
    }

    @Test func exportNamesTakeTheFormatFromTheExtension() throws {
        #expect(try DocumentState.exportName(for: "/d/a.png").get() == ("/d/a.png", .png))
        #expect(try DocumentState.exportName(for: "/d/a.JPEG").get().format == .jpeg)
        #expect(try DocumentState.exportName(for: "/d/a.webp").get().format == .webp)
        #expect(try DocumentState.exportName(for: "/d/a").get() == ("/d/a.png", .png))
        #expect(throws: DocumentState.ExportNameError.self) { try DocumentState.exportName(for: "/d/a.txt").get() }
        let ora = DocumentState.ExportNameError(name: "a.ora").description
        #expect(ora.contains("Save (Ctrl+S) writes documents"), "\(ora)")
    }

    @Test func anExportChangesNeitherTheNameNorTheSavedState() {
        var d = DocumentState(savedState: 0)
        #expect(d.name == "Untitled" && !d.isModified(at: 0) && d.isModified(at: 1))
        d.exported(to: "/d/picture.pdf")
        #expect(d.name == "Untitled" && d.path == nil && d.isModified(at: 1), "still not saved")
        #expect(d.exportPath == "/d/picture.pdf" && d.suggestedExportName() == "picture.pdf")
        #expect(d.suggestedName == "Untitled.ora" && d.folder == "/d")
        d.saved(to: "/e/doc.ora", at: 1)
        #expect(d.name == "doc.ora" && !d.isModified(at: 1) && d.exportPath == "/d/picture.pdf")
        d.replaced(path: nil, importedFrom: "/p/photo.jpg", at: 5)
        #expect(d.name == "photo.jpg (imported)" && d.suggestedName == "photo.ora" && d.exportPath == nil && !d.isModified(at: 5))
        d.restored(path: "/e/doc.ora")
        #expect(d.isModified(at: 0) && d.isModified(at: 5), "a restored session is never taken for saved")
        // A session imported from a PDF comes back named after it; a document's name wins.
        d.restored(path: nil, importedFrom: "/p/lecture.pdf")
        #expect(d.name == "lecture.pdf (imported)" && d.suggestedName == "lecture.ora" && d.path == nil && d.isModified(at: 5))
        d.restored(path: "/e/doc.ora", importedFrom: "/p/lecture.pdf")
        #expect(d.name == "doc.ora")
    }
}

@Suite struct DocumentWorkflowTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func chooser(_ effects: [AppEffect]) -> FileRequest? {
        for case .chooseFile(let r) in effects { return r }
        return nil
    }

    /// The defect this workflow fixes: export a PDF, draw, save, quit.
    @Test func exportingAPDFNeverTakesTheDocumentsPlace() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        let journal = try Journal(root: dir.appendingPathComponent("sessions"), size: c.editor.size, background: .white, documentPath: nil)
        c.document.attach(journal: journal)
        c.drag([(100, 100), (600, 100)])
        c.key(KeyInput(.character("e"), ctrl: true, shift: true), time: 0)
        c.finishSaving()
        let request = try #require(chooser(c.takeEffects()))
        #expect(request.purpose == .export && request.suggestedName == "Untitled.png")
        let pdf = dir.appendingPathComponent("doc.pdf").path
        c.exportChosen(pdf)
        c.finishSaving()
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)).prefix(5), as: UTF8.self) == "%PDF-")
        #expect(c.title == "*Untitled - DrawingBoard", "the title still names the unsaved document")
        #expect(c.isModified && c.document.path == nil)
        #expect(c.chrome.messageText == "Exported a copy to “doc.pdf” (the document itself is not saved: Ctrl+S)")
        // Draw more; Ctrl+E repeats the export to the same file without asking.
        c.drag([(100, 300), (600, 300)])
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        c.key(KeyInput(.character("e"), ctrl: true), time: 0)
        c.finishSaving()
        #expect(chooser(c.takeEffects()) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) != before, "the copy was written again")
        // Quitting asks, whatever was exported; the journal stays while the question is open.
        c.document.requestQuit()
        #expect(c.document.pendingQuestion == .quit && !c.takeEffects().contains(.quit))
        #expect(FileManager.default.fileExists(atPath: journal.directory.path))
        c.click(.dialog(.cancel))
        // Ctrl+S asks for the document's name (an .ora), writes it, and then quitting asks nothing.
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        c.finishSaving()
        #expect(chooser(c.takeEffects())?.suggestedName == "Untitled.ora")
        c.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent("doc").path)
        c.finishSaving()
        let ora = dir.appendingPathComponent("doc.ora")
        #expect(c.title == "doc.ora - DrawingBoard" && !c.isModified)
        let reopened = try makeController(700, 500)
        reopened.document.open(ora.path)
        reopened.finishOpening()
        #expect(reopened.editor.strokes.count == 2, "both strokes are in the document")
        c.document.requestQuit()
        #expect(c.takeEffects().contains(.quit))
        c.document.sessionEnded()
        #expect(!FileManager.default.fileExists(atPath: journal.directory.path), "saved and quit cleanly: the journal goes")
    }

    @Test func quittingAfterOnlyAnExportKeepsTheJournalUnlessTheUserDiscards() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        let journal: URL
        do {
            let session = try Journal(root: dir.appendingPathComponent("sessions"), size: c.editor.size, background: .white, documentPath: nil)
            journal = session.directory
            c.document.attach(journal: session)
        }
        c.drag([(100, 100), (600, 100)])
        c.exportChosen(dir.appendingPathComponent("copy.png").path)
        c.finishSaving()
        #expect(try PNGFile.decode(atPath: dir.appendingPathComponent("copy.png").path).pixel(x: 300, y: 100) == 0xFF00_0000)
        // The system ends the app (no question can be asked): the work stays in the journal.
        c.document.terminated()
        #expect(FileManager.default.fileExists(atPath: journal.path))
        let orphans = Journal.orphans(root: dir.appendingPathComponent("sessions"))
        #expect(orphans.count == 1 && orphans[0].steps == 1, "the export did not count as a save")
        // A user who answers Discard chose to lose it.
        let d = try makeController(700, 500)
        let second = try Journal(root: dir.appendingPathComponent("sessions2"), size: d.editor.size, background: .white, documentPath: nil)
        d.document.attach(journal: second)
        d.drag([(100, 100), (600, 100)])
        d.document.requestQuit()
        d.click(.dialog(.discard))
        #expect(d.takeEffects().contains(.quit))
        d.document.sessionEnded()
        #expect(!FileManager.default.fileExists(atPath: second.directory.path))
    }

    @Test func aSaveNameWithAnotherExtensionGetsAChoice() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        let jpg = dir.appendingPathComponent("weird.jpg").path
        c.document.fileChosen(.saveDrawing, path: jpg)
        c.finishSaving()
        #expect(c.document.pendingQuestion == .saveName(chosen: jpg, document: dir.appendingPathComponent("weird.ora").path, export: .jpeg))
        #expect(c.layout().frame(of: .dialog(.saveDocument)) != nil && c.layout().frame(of: .dialog(.exportCopy)) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing is written before the answer")
        c.click(.dialog(.saveDocument))
        c.finishSaving()
        #expect(c.title == "weird.ora - DrawingBoard" && !c.isModified)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["weird.ora"], "no weird.jpg.ora")
        // The other answer exports a copy and leaves the document as it was.
        c.drag([(100, 300), (600, 300)])
        let png = dir.appendingPathComponent("copy.png").path
        c.document.fileChosen(.saveDrawing, path: png)
        c.finishSaving()
        c.click(.dialog(.exportCopy))
        c.confirmResolution()
        c.finishSaving()
        #expect(FileManager.default.fileExists(atPath: png) && c.isModified && c.title == "*weird.ora - DrawingBoard")
    }

    /// The chooser confirms replacing the name as typed; a name the app completes is asked about.
    @Test func aCompletedNameThatExistsIsNotReplacedWithoutAsking() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let existing = dir.appendingPathComponent("drawing.ora")
        try Data("keep me".utf8).write(to: existing)
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        c.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent("drawing").path)
        c.finishSaving()
        #expect(c.document.pendingQuestion == .replace(path: existing.path, export: false))
        c.click(.dialog(.cancel))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me" && c.isModified)
        c.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent("drawing").path)
        c.finishSaving()
        c.click(.dialog(.replace))
        c.finishSaving()
        #expect(try Data(contentsOf: existing).starts(with: Data("PK".utf8)) && !c.isModified, "replaced when the user says so")
        // The same for an export name completed with .png.
        try Data("old".utf8).write(to: dir.appendingPathComponent("pic.png"))
        c.exportChosen(dir.appendingPathComponent("pic").path)
        c.finishSaving()
        #expect(c.document.pendingQuestion == .replace(path: dir.appendingPathComponent("pic.png").path, export: true))
        c.click(.dialog(.replace))
        c.confirmResolution()
        c.finishSaving()
        #expect(try PNGFile.decode(atPath: dir.appendingPathComponent("pic.png").path).pixel(x: 300, y: 100) == 0xFF00_0000)
    }

    @Test func jpegAndWebPGoThroughTheEncoderAndAnUnknownFormatIsRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let editor = try Editor(size: PixelSize(width: 300, height: 200))
        let c = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 300, height: 200), scale: 1, encoder: RecordingEncoder())
        c.exportChosen(dir.appendingPathComponent("a.jpg").path)
        c.finishSaving()
        c.exportChosen(dir.appendingPathComponent("b.webp").path)
        c.finishSaving()
        #expect(try String(contentsOf: dir.appendingPathComponent("a.jpg"), encoding: .utf8) == "jpeg 300x200")
        #expect(try String(contentsOf: dir.appendingPathComponent("b.webp"), encoding: .utf8) == "webp 300x200")
        c.exportChosen(dir.appendingPathComponent("c.txt").path)
        c.finishSaving()
        #expect(c.chrome.messageText?.hasPrefix("Cannot export to “c.txt”: export writes PNG, JPEG, WebP, SVG or PDF") == true, "\(c.chrome.messageText ?? "")")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.txt").path))
    }

    @Test func anImageOpensAsANewPageOfItsSize() throws {
        let c = try makeController(700, 500)
        c.document.open("/pictures/photo-ok.png")
        c.finishOpening()
        #expect(c.editor.size == PixelSize(width: 4, height: 2), "the page is the image's size")
        #expect(c.title == "photo-ok.png (imported) - DrawingBoard" && !c.isModified)
        #expect(try c.editor.image.flattened().pixel(x: 1, y: 1) == 0xFF00_80FF)
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        c.finishSaving()
        #expect(chooser(c.takeEffects())?.suggestedName == "photo-ok.ora")
        // A bad image changes nothing, and is refused before any question about changes.
        c.drag([(349, 250), (351, 250)])
        #expect(c.isModified)
        c.document.open("/pictures/bad.png")
        c.finishOpening()
        #expect(c.document.pendingQuestion == nil)
        #expect(c.editor.size == PixelSize(width: 4, height: 2))
        #expect(c.chrome.messageText == "Could not open “bad.png”: not a readable image", "\(c.chrome.messageText ?? "")")
        // `--save-to` names the document of an image opened as the page.
        c.document.nameDocument("/pictures/photo.ora")
        #expect(c.document.path == "/pictures/photo.ora" && c.title == "*photo.ora - DrawingBoard")
        c.document.nameDocument("/elsewhere/other.ora")
        #expect(c.document.path == "/pictures/photo.ora", "a named document keeps its name")
        // A PDF that is not there is named, and nothing changes.
        c.document.open("/pictures/doc.pdf")
        c.finishOpening()
        #expect(c.chrome.messageText == "“doc.pdf” cannot be opened: no such file", "\(c.chrome.messageText ?? "")")
        #expect(c.document.pendingQuestion == nil && c.editor.pages.count == 1)
    }
}

@Suite struct RecoveryTests {
    @Test func aRestoredSessionBringsTheStrokesAndTheirColourBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-restore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            let dead = try makeController(700, 500)
            dead.document.attach(journal: try Journal(root: root, size: dead.editor.size, background: .white, documentPath: nil))
            dead.brush.setSlider(.brushRed, to: 200)
            dead.drag([(100, 100), (600, 100)])
            dead.drag([(100, 200), (600, 200)])
            dead.key(KeyInput(.character("z"), ctrl: true), time: 0)
        }
        let orphan = try #require(Journal.orphans(root: root).first)
        let c = try makeController(700, 500)
        #expect(c.editor.toolState.style.color == .black)
        c.document.offerRecovery(orphan)
        // Two strokes drawn and one undone: one change, not three lines.
        #expect(c.document.questionText == "DrawingBoard closed before a drawing was saved (1 change). Restore it?")
        c.click(.dialog(.restore))
        #expect(c.chrome.messageText == "Restored the drawing (1 change)")
        #expect(c.editor.strokes.count == 1 && c.isModified, "restored, and not taken for saved")
        #expect(c.editor.toolState.style.color == RGBColor(red: 200, green: 0, blue: 0), "the brush has the strokes' colour")
        #expect(c.title == "*Untitled - DrawingBoard")
    }
}
