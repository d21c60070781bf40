import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing
import TestPDFs

/// A PDF's text in the real window, on a lecture PDF opened as a notebook: the find bar (Ctrl+F,
/// words typed with xdotool, the match marked where the words are on the page, read in the
/// screenshot; Enter going to the next page's match; Esc closing it) on X11 and on Wayland; and
/// the Select tool's Text choice, a triple click selecting a line and Ctrl+C putting it on the
/// clipboard, read back with xclip.
@Suite(.serialized) struct FindWindowTests {
    /// Page 1 fitted in a 1000x700 window (as `NotebookWindowTests` finds it).
    static let fit = ViewTransform(scale: 556.0 / 1123, offset: Point(((1000 - 793 * 556.0 / 1123) / 2).rounded(), 72))

    /// The mark's orange over white, within a little.
    static func marked(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 0xE0 && p >> 8 & 0xFF > 0x90 && p >> 8 & 0xFF < 0xE0 && p & 0xFF < 0xC0 }

    static func findAndStep(_ app: AppUnderTest, _ tag: String) throws {
        // "Lecture page 1" at 72 points from the left and 100 down: the mark covers the space
        // between its letters' tops and the baseline.
        let words = fit.toWindow(Point(72 * 4 / 3 + 4, 100 * 4 / 3 - 6))
        #expect(try !Self.marked(app.screenshot().rgb(Int(words.x), Int(words.y))))
        try app.key("ctrl+f")
        _ = try app.server.xdotool(["type", "--window", app.windowID, "--delay", "40", "lecture"])
        #expect(try eventually {
            let shot = try app.screenshot()
            return (-3...3).contains { dx in (-4...4).contains { dy in Self.marked(shot.rgb(Int(words.x) + dx, Int(words.y) + dy)) } }
        }, "the match is marked where the words are (\(tag))")
        _ = try app.screenshot("find-marked-\(tag)")
        // Enter: the next match, on page 2, which is shown (scrolled to): the view changes and
        // the match marked is in the window.
        let before = try app.screenshot()
        try app.key("Return")
        #expect(try eventually {
            let shot = try app.screenshot()
            return shot.pixels != before.pixels && (0..<1000).contains { x in (80..<640).contains { y in x % 3 == 0 && y % 2 == 0 && Self.marked(shot.rgb(x, y)) } }
        }, "the next match shown (\(tag))")
        _ = try app.screenshot("find-next-\(tag)")
        try app.key("Escape")
        #expect(try eventually {
            let shot = try app.screenshot()
            return !(-3...3).contains { dx in (-4...4).contains { dy in Self.marked(shot.rgb(Int(words.x) + dx, Int(words.y) + dy)) } }
        }, "Esc: no mark (\(tag))")
    }

    @Test func selectALineAndCopyIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-pdftext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("lecture.pdf")
        try TestPDF.lecture(pages: 3).write(to: pdf)
        let word = try #require(TextFinder.matches(of: "page", on: try PDFReader.read(path: pdf.path).pages[0], index: 0).first).box
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", pdf.path])
        #expect(eventually { app.title == "lecture.pdf (imported) - DrawingBoard" }, "\(app.title)")
        try app.key("v")
        let closed = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false)
        let panel = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: .brush, recentColors: 0, hasMessage: false,
                           hasDialog: false, tool: .select)
        try app.click(closed.frame(of: .panel(.brush))!.center)
        try app.click(try #require(panel.frame(of: .selectArea(.text))).center)
        try app.click(panel.frame(of: .closePanel)!.center)
        // (The message that the PDF opened lies over the first line: Esc takes it away.)
        try app.key("Escape")
        // A triple click on "page": the whole line, shown in blue.
        let p = Self.fit.toWindow(word.center)
        try app.server.xdotool(["mousemove", "--window", app.windowID, "\(Int(p.x))", "\(Int(p.y))", "click", "--repeat", "3", "--delay", "90", "1"])
        let inLecture = Self.fit.toWindow(Point(word.minX - 40, word.center.y))
        #expect(try eventually {
            let c = try app.screenshot().rgb(Int(inLecture.x), Int(inLecture.y) - 3)
            return c & 0xFF > (c >> 16 & 0xFF) + 30
        }, "the line is selected, blue")
        _ = try app.screenshot("pdf-text-selected")
        try app.key("ctrl+c")
        #expect(try eventually {
            ((try? run("xclip", ["-o", "-selection", "clipboard"], environment: ["DISPLAY": x.display])) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines) == "Lecture page 1"
        }, "Ctrl+C put the line on the clipboard")
    }

    @Test func findOnX11AndWayland() throws {
        try Self.inBothWindows(TestPDF.lecture(pages: 3), named: "lecture.pdf") { app, tag in try Self.findAndStep(app, tag) }
    }

    /// Opens `pdf` (written as `name`) in the window on X11, then on Wayland under weston, and
    /// runs `body` on each, with "x11" or "wayland". `ready`: the Wayland window shows the page
    /// (the lecture's green rectangle, by default).
    static func inBothWindows(_ pdf: Data, named name: String, ready: @escaping (AppUnderTest) throws -> Bool = { app in
        let green = fit.toWindow(Point(200, 330))
        return try app.screenshot().rgb(Int(green.x), Int(green.y)) == 0x008000
    }, _ body: (AppUnderTest, String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-pdf-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try pdf.write(to: file)
        do {
            let x = try XServer()
            let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", file.path])
            #expect(eventually { app.title == "\(name) (imported) - DrawingBoard" }, "\(app.title)")
            try body(app, "x11")
        }
        let x = try XServer()
        let weston = try WestonSession(server: x, width: 1000, height: 700)
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", file.path], environment: weston.environment, window: weston.windowID,
                                   ready: ready)
        try body(app, "wayland")
    }
}
