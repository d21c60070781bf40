import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

/// A page of ruled paper saved and opened again: the same page, the same pixels, written as
/// format 2 (format 1 cannot say paper); a plain page stays format 1.
@Suite struct PaperDocumentTests {
    func documentJSON(_ url: URL) throws -> [String: Any] {
        let archive = try Archive(url: url, accessMode: .read)
        var data = Data()
        _ = try archive.extract(archive[OpenRaster.documentEntry]!) { data.append($0) }
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test func paperSurvivesASave() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-paper-\(UUID().uuidString).ora")
        defer { try? FileManager.default.removeItem(at: url) }
        let paper = Paper(.squared, color: RGBColor(hex: "#fff8e0")!, spacing: 18.5, line: RGBColor(hex: "#806040")!)
        let e = try Editor(size: PixelSize(width: 120, height: 90), background: .paper(paper))
        e.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 5))
        e.handle(PointerEvent(source: .mouse, phase: .down, position: Point(10, 10)))
        e.handle(PointerEvent(source: .mouse, phase: .up, position: Point(110, 80)))
        try OpenRaster.encode(e.image).write(to: url)
        let json = try documentJSON(url)
        #expect(json["format"] as? Int == 8)
        let background = try #require(json["background"] as? [String: Any])
        #expect(background["paper"] as? String == "squared" && background["spacing"] as? Double == 18.5
                && background["color"] as? String == "#fff8e0" && background["line"] as? String == "#806040")
        let back = try Editor(document: try OpenRaster.read(url))
        #expect(back.page == e.page)
        #expect(try back.image.flattened() == e.image.flattened())
    }

    @Test func badPaperInADocumentIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-paper-\(UUID().uuidString).ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try documentWithJSON(Data(##"{"format": 2, "background": {"paper": "lined", "spacing": 2}, "strokes": []}"##.utf8), at: url)
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: drawingboard/document.json: background.spacing: 2 is outside 8...512")) {
            _ = try OpenRaster.read(url)
        }
        try documentWithJSON(Data(##"{"format": 2, "background": {"paper": "graph"}, "strokes": []}"##.utf8), at: url)
        do {
            _ = try OpenRaster.read(url)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(#"background.paper: "graph" is not a paper"#), "\(error.message)")
        }
    }
}

extension PaperDocumentTests {
    /// A session started on a new page of paper comes back on paper after a crash.
    @Test func aSessionStartedOnPaperComesBackOnPaper() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paper = Paper(.lined, color: RGBColor(hex: "#fff8e0")!)
        let e = try Editor(size: PixelSize(width: 120, height: 90), background: .paper(paper))
        var journal: Journal? = try Journal(root: root, size: PixelSize(width: 10, height: 10), background: .white, documentPath: nil)
        try journal!.restart(size: e.size, background: paper.color, paper: paper, documentPath: nil)
        e.recorder = { journal?.append($0) }
        try e.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(), points: [Point(10, 10), Point(100, 80)])))
        journal = nil
        let back = try Journal.restore(try #require(Journal.orphans(root: root).first)).editor
        #expect(back.page == e.page)
        #expect(try back.image.flattened() == e.image.flattened())
    }
}
