import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// Export as PNG, JPEG or WebP asks the picture's resolution (1x, 2x, 4x, or dots per inch),
/// and draws the page again from its model at that scale; Export again keeps it.
@Suite struct ExportResolutionTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-res-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aPictureAtTwiceTheResolutionIsThePageDrawnAtScaleTwo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        let png = dir.appendingPathComponent("big.png").path
        c.document.fileChosen(.export, path: png)
        guard case .exportResolution(let draft)? = c.chrome.sheets.sheet else {
            Issue.record("no resolution sheet for a PNG")
            return
        }
        #expect(draft.choice == 0 && draft.scale == 1, "1x the first time")
        #expect(!c.document.isWriting, "nothing is written before the answer")
        c.click(.sheetResolution(1))
        c.click(.sheetConfirm)
        #expect(c.chrome.sheets.sheet == nil)
        c.finishSaving()
        let picture = try PNGFile.decode(atPath: png)
        #expect(picture.size == PixelSize(width: 1400, height: 1000))
        // The stroke, 4 px wide at 1x, is 8 px wide, drawn again (not its pixels doubled): its
        // edge rows are partly covered, as the same stroke at scale 2 is.
        let expected = try c.editor.picture(atScale: 2).image()
        #expect(picture.pixels == expected.pixels, "the page at scale 2, as render --scale 2 draws it")
        // Export again (Ctrl+E) keeps the resolution, without asking.
        c.drag([(100, 300), (600, 300)])
        c.document.export(choosingName: false)
        #expect(c.chrome.sheets.sheet == nil)
        c.finishSaving()
        let again = try PNGFile.decode(atPath: png)
        #expect(again.size == PixelSize(width: 1400, height: 1000) && again.pixel(x: 700, y: 600) == 0xFF00_0000)
        // Export As asks again, starting from 2x.
        c.document.fileChosen(.export, path: dir.appendingPathComponent("other.png").path)
        if case .exportResolution(let next)? = c.chrome.sheets.sheet { #expect(next.choice == 1) } else { Issue.record("no sheet") }
    }

    @Test func dotsPerInchAreTypedAndCheckedAndJPEGAndWebPTakeTheScale() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let editor = try Editor(size: PixelSize(width: 300, height: 200))
        let c = AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 800, height: 600), scale: 1, encoder: RecordingEncoder())
        let jpg = dir.appendingPathComponent("a.jpg").path
        c.document.fileChosen(.export, path: jpg)
        // A digit types dots per inch, replacing what the field held.
        for key in ["3", "0", "0"] { c.key(KeyInput(.character(Character(key))), time: 0) }
        guard case .exportResolution(let draft)? = c.chrome.sheets.sheet else {
            Issue.record("no sheet")
            return
        }
        #expect(draft.choice == nil && draft.dpi == "300" && draft.scale == 300.0 / 96)
        c.key(KeyInput(.enter), time: 0)
        c.finishSaving()
        #expect(try String(contentsOf: URL(fileURLWithPath: jpg), encoding: .utf8) == "jpeg 938x625", "300 dpi: 3.125 times 300x200")
        // Too few dots per inch is refused with what can be typed, and the sheet stays.
        let webp = dir.appendingPathComponent("b.webp").path
        c.document.fileChosen(.export, path: webp)
        c.click(.sheetField)
        c.key(KeyInput(.character("5")), time: 0)
        c.key(KeyInput(.enter), time: 0)
        #expect(c.chrome.messageText?.hasPrefix("Type the resolution as 10 to") == true, "\(c.chrome.messageText ?? "")")
        if case .exportResolution? = c.chrome.sheets.sheet {} else { Issue.record("the sheet closed on a resolution that cannot be") }
        #expect(!FileManager.default.fileExists(atPath: webp))
        // Up goes back to the scales; 4x.
        c.key(KeyInput(.up), time: 0)
        c.key(KeyInput(.enter), time: 0)
        c.finishSaving()
        #expect(try String(contentsOf: URL(fileURLWithPath: webp), encoding: .utf8) == "webp 1200x800")
        // Esc closes the sheet and writes nothing.
        c.document.fileChosen(.export, path: dir.appendingPathComponent("c.png").path)
        c.key(KeyInput(.escape), time: 0)
        c.finishSaving()
        #expect(c.chrome.sheets.sheet == nil && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.png").path))
    }

    @Test func vectorsAndTheDocumentAreNotAskedAResolution() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let c = try makeController(700, 500)
        c.drag([(100, 100), (600, 100)])
        c.document.fileChosen(.export, path: dir.appendingPathComponent("v.svg").path)
        #expect(c.chrome.sheets.sheet == nil)
        c.finishSaving()
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("v.svg").path))
    }
}
