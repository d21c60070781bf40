import DrawingBoardCore
import DrawingBoardFiles
import Foundation
import Testing
import XvfbSupport

/// Ctrl+S on a heavy page in the real window: the user draws on while it is written, the ink
/// shows, and the file is the page as it was when Ctrl+S was pressed.
@Suite struct SaveWhileDrawingTests {
    /// A page of 1,000 strokes and 20 photos in its top half, made with `render`.
    static func heavyDocument(in ws: Workspace) throws -> String {
        try FileManager.default.copyItem(at: Bundle.module.url(forResource: "quadrants.png", withExtension: nil, subdirectory: "Fixtures")!,
                                         to: URL(fileURLWithPath: ws.path("photo.png")))
        var steps: [String] = []
        for i in 0..<1000 {
            let x = 20 + (i * 37) % 900, y = 20 + (i * 53) % 260
            steps.append(#"{"tool": "pencil", "width": 3, "color": "\#(["#000000", "#d01010", "#1030c0"][i % 3])"}"#)
            steps.append(#"{"stroke": [[\#(x), \#(y)], [\#(x + 30), \#(y + 12)], [\#(x + 60), \#(y)]]}"#)
            if i % 50 == 25 { steps.append(#"{"place": {"image": "photo.png", "center": [\#(x + 40), \#(y + 30)], "width": 80}}"#) }
        }
        _ = try ws.write("heavy.json", #"{"version": 1, "canvas": {"width": 1000, "height": 700}, "steps": ["# + steps.joined(separator: ",") + "]}")
        let made = try BinaryRunner.run(["render", "heavy.json", "--output", "heavy.ora"], in: ws.folder)
        try #require(made.status == 0, "\(made.stderr)")
        return ws.path("heavy.ora")
    }

    @Test func drawingGoesOnWhileAHeavyPageIsSaved() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        let document = try Self.heavyDocument(in: ws)
        let before = try FileManager.default.attributesOfItem(atPath: document)[.modificationDate] as! Date
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", document])
        #expect(eventually { app.title == "heavy.ora - DrawingBoard" })
        try app.key("ctrl+s")
        try app.drag([(200, 560), (500, 580), (800, 560)])
        #expect(try eventually { try app.screenshot().rgb(500, 580) == 0x000000 }, "the stroke drawn while saving shows")
        #expect(try eventually {
            (try FileManager.default.attributesOfItem(atPath: document)[.modificationDate] as! Date) > before
        }, "the document was written")
        #expect(eventually { app.title == "*heavy.ora - DrawingBoard" }, "saved, then modified by the stroke drawn meanwhile")
        try app.screenshot("save-while-drawing")
        let saved = try OpenRaster.read(URL(fileURLWithPath: document))
        #expect(saved.page.strokes.count == 1000 && saved.page.elements.count == 20, "the page as it was when Ctrl+S was pressed")
    }
}
