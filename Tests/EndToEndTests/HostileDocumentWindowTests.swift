import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// A hostile document opened in the real window: a red banner says why, and the drawing the
/// user had stays as it was, still theirs to save.
@Suite(.serialized) struct HostileDocumentWindowTests {
    @Test func aHostileDocumentLeavesTheWindowsDrawingAsItWas() throws {
        let ws = try Workspace()
        defer { ws.remove() }
        try hostileDocument(in: ws, replacing: #""x":50"#, with: #""x":1e19"#)
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        try app.drag([(150, 300), (450, 300)])
        #expect(try eventually { try app.screenshot().rgb(300, 300) == 0x000000 })
        let before = try app.screenshot()
        try app.answerChooser(with: ws.folder.appendingPathComponent("bad.ora").path)
        try app.key("ctrl+o")
        let size = PixelSize(width: 1000, height: 700)
        let banner = Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: true, hasDialog: false).message!
        #expect(try eventually { try app.screenshot().rgb(Int(banner.minX) + 4, Int(banner.minY) + 12) == 0xC01C28 }, "an error banner")
        let shot = try app.screenshot("hostile-document-banner")
        #expect(shot.rgb(300, 300) == 0x000000, "the stroke is still there")
        // Away from the banner, the window shows what it showed before.
        for (px, py) in [(150, 300), (449, 300), (300, 450), (600, 600), (100, 200)] {
            #expect(shot.rgb(px, py) == before.rgb(px, py), "(\(px), \(py))")
        }
        #expect(app.title == "*Untitled - DrawingBoard", "the drawing is the same unsaved one")
        #expect(app.process.isRunning, "no crash: \(app.errorOutput)")
        // And it is still the user's: the stroke can be undone.
        try app.key("Escape")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 300) == 0xFFFFFF }, "undo still works on the drawing")
    }
}
