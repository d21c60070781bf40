import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Save and Export write off the event loop: the user draws on meanwhile, the file is the
/// picture as it was when it was asked for, and quitting waits for it (or asks again when more
/// was drawn meanwhile).
@Suite struct BackgroundSaveTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-save-\(UUID().uuidString)")

    /// A window with one stroke, whose first Save (to `doc.ora` in `dir`) has just started.
    func savingOneStroke() throws -> AppController {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        c.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent("doc").path)
        return c
    }

    func strokes(in path: String) throws -> Int {
        let reopened = try makeController(700, 500)
        reopened.document.open(path)
        reopened.finishOpening()
        return reopened.editor.strokes.count
    }

    @Test func drawingGoesOnWhileTheDocumentIsWritten() throws {
        let c = try savingOneStroke()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(c.document.isWriting)
        c.drag([(100, 200), (600, 200)])
        #expect(c.editor.strokes.count == 2, "the stroke drawn while saving is taken")
        c.finishSaving()
        let path = dir.appendingPathComponent("doc.ora").path
        #expect(try strokes(in: path) == 1, "the document as it was when Save was pressed")
        #expect(c.title == "*doc.ora - DrawingBoard" && c.isModified, "the stroke drawn meanwhile is not saved yet")
        #expect(c.chrome.messageText == "Saved “doc.ora”")
    }

    @Test func saveAgainWhileSavingWritesTheLatestWhenTheFirstEnds() throws {
        let c = try savingOneStroke()
        defer { try? FileManager.default.removeItem(at: dir) }
        c.drag([(100, 200), (600, 200)])
        _ = c.takeEffects()
        c.key(KeyInput(.character("s"), ctrl: true), time: 0)
        #expect(!c.takeEffects().contains { if case .chooseFile = $0 { true } else { false } }, "the name is known: no chooser")
        c.finishSaving()
        #expect(c.document.isWriting, "the second save started when the first ended")
        c.finishSaving()
        #expect(try strokes(in: dir.appendingPathComponent("doc.ora").path) == 2)
        #expect(!c.isModified && c.title == "doc.ora - DrawingBoard")
    }

    @Test func quittingWaitsForTheSave() throws {
        let c = try savingOneStroke()
        defer { try? FileManager.default.removeItem(at: dir) }
        c.document.requestQuit()
        #expect(!c.takeEffects().contains(.quit) && c.document.pendingQuestion == nil)
        #expect(c.chrome.messageText == "Saving “doc.ora”: the window closes once it is saved")
        c.finishSaving()
        #expect(c.takeEffects().contains(.quit), "saved: the window closes")
        #expect(try strokes(in: dir.appendingPathComponent("doc.ora").path) == 1)
    }

    @Test func quittingAsksAgainWhenMoreWasDrawnDuringTheSave() throws {
        let c = try savingOneStroke()
        defer { try? FileManager.default.removeItem(at: dir) }
        c.document.requestQuit()
        c.drag([(100, 200), (600, 200)])
        c.finishSaving()
        #expect(!c.takeEffects().contains(.quit), "the stroke drawn meanwhile is not lost without a question")
        #expect(c.document.pendingQuestion == .quit)
    }

    @Test func aSaveThatFailsSaysWhyAndTheDrawingStays() throws {
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        c.document.fileChosen(.saveDrawing, path: "/proc/nope/doc.ora")
        c.document.requestQuit()
        c.finishSaving()
        #expect(c.chrome.messageText?.hasPrefix("Could not save “doc.ora”: ") == true, "\(c.chrome.messageText ?? "")")
        #expect(!c.takeEffects().contains(.quit), "the window stays")
        #expect(c.isModified && c.editor.strokes.count == 1 && c.document.path == nil)
    }

    @Test func anExportIsThePictureAsItWasAndTheDocumentStaysItself() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        let png = dir.appendingPathComponent("copy.png").path
        c.exportChosen(png)
        #expect(c.document.isWriting)
        c.drag([(100, 200), (600, 200)])
        c.document.requestQuit()
        #expect(c.chrome.messageText == "Exporting “copy.png”: the window closes once it is written")
        c.finishSaving()
        let picture = try PNGFile.decode(atPath: png)
        #expect(picture.pixel(x: 300, y: 100) & 0xFFFFFF == 0 && picture.pixel(x: 300, y: 200) & 0xFFFFFF == 0xFFFFFF,
                "the first stroke, not the one drawn during the export")
        #expect(c.document.path == nil && c.isModified, "a copy takes no document's place")
        #expect(!c.takeEffects().contains(.quit) && c.document.pendingQuestion == .quit, "unsaved strokes: quitting asks")
    }

    /// A save that ends after another drawing took its place (Open, then Discard) says nothing
    /// about the drawing in the window: it keeps its own name, and Ctrl+S never writes it over
    /// the first file.
    @Test func aSaveEndingAfterAnotherDrawingWasOpenedLeavesItAlone() throws {
        let c = try savingOneStroke()
        defer { try? FileManager.default.removeItem(at: dir) }
        let other = try makeController(300, 200)
        other.drag([(60, 100), (240, 120)])
        other.document.fileChosen(.saveDrawing, path: dir.appendingPathComponent("other").path)
        other.finishSaving()
        c.document.open(dir.appendingPathComponent("other.ora").path)
        c.finishOpening()
        #expect(c.document.pendingQuestion == .open(dir.appendingPathComponent("other.ora").path))
        c.click(.dialog(.discard))
        c.finishSaving()
        #expect(c.title == "other.ora - DrawingBoard" && c.document.path == dir.appendingPathComponent("other.ora").path)
        #expect(!c.isModified && c.editor.strokes.count == 1)
        #expect(try strokes(in: dir.appendingPathComponent("doc.ora").path) == 1, "the first file was written all the same")
    }

    /// Save answered to the quit question, then an export started meanwhile: the window waits
    /// for the export too before it closes.
    @Test func aQuitWaitsForAnExportStartedDuringTheSave() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        c.document.nameDocument(dir.appendingPathComponent("doc.ora").path)
        c.document.requestQuit()
        c.click(.dialog(.save))
        let png = dir.appendingPathComponent("copy.png").path
        c.exportChosen(png)
        c.document.session.saving?.wait()
        c.document.followWrites()
        var effects = c.takeEffects()
        #expect(!effects.contains(.quit) || FileManager.default.fileExists(atPath: png), "not closed before the export is written")
        c.finishSaving()
        effects += c.takeEffects()
        #expect(FileManager.default.fileExists(atPath: png))
        #expect(effects.contains(.quit), "then it closes")
    }
}
