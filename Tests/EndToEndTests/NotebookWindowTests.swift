import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import TestPDFs
import Testing

/// A lecture's PDF in the real window, as a student uses it: opened from the command line,
/// PageDown to page 2, ink on it, the page dragged to the front in the sidebar, saved, opened
/// again, and exported: the PDF's text is still text and the ink is on the page it was drawn on.
@Suite(.serialized) struct NotebookWindowTests {
    static let size = PixelSize(width: 1000, height: 700)
    static let a4 = PixelSize(width: 793, height: 1123)

    /// The window's layout with the sidebar open on three A4 pages, `current` drawn on.
    func layout(sidebar current: Int? = nil) -> Layout {
        Layout(window: Self.size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false,
               pages: Layout.PagesSpec(sidebar: current.map { Layout.SidebarSpec(sizes: Array(repeating: Self.a4, count: 3), scroll: 0, current: $0) }))
    }

    /// Whether a pixel a few rows about (x, y) is ink (dark): a thin line is antialiased.
    func inked(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
        (y - 3...y + 3).contains { row in
            let p = image.pixel(x: x, y: row)
            return (p >> 16 & 0xFF) < 0x60 && (p >> 8 & 0xFF) < 0x60 && (p & 0xFF) < 0x60
        }
    }

    @Test func aPDFIsWrittenOnReorderedSavedReopenedAndExported() throws {
        let x = try XServer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-notebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("lecture.pdf")
        try TestPDF.lecture(pages: 3).write(to: pdf)
        let app = try AppUnderTest(server: x, arguments: ["--size", "\(Self.size.width)x\(Self.size.height)", pdf.path])
        #expect(eventually { app.title == "lecture.pdf (imported) - DrawingBoard" }, "\(app.title)")
        // Page 1 fitted: its green rectangle (72, 200 points: canvas 96..362, 266..400).
        let fit = ViewTransform(scale: 556.0 / 1123, offset: Point(((1000 - 793 * 556.0 / 1123) / 2).rounded(), 72))
        let green = fit.toWindow(Point(200, 330))
        #expect(try eventually { try app.screenshot().rgb(Int(green.x), Int(green.y)) == 0x008000 }, "page 1 of the PDF shows")
        // PageDown: page 2, fitted the same way; a stroke across its lower half.
        try app.key("Next")
        #expect(try eventually { try app.screenshot().rgb(Int(green.x), Int(green.y)) == 0x008000 })
        try app.drag([(420, 450), (500, 452), (580, 450)])
        #expect(try eventually { inked(try app.screenshot("notebook-ink-on-page-2"), 500, 451) }, "the ink shows")
        _ = try app.waitForBars(layout())
        // The sidebar (F9): page 2's thumbnail dragged above page 1's.
        try app.key("F9")
        let sidebar = layout(sidebar: 1)
        let second = try #require(sidebar.frame(of: .pageThumbnail(1))), first = try #require(sidebar.frame(of: .pageThumbnail(0)))
        let thumbnail = sidebar.sidebarThumbnail(in: second)
        #expect(try eventually { try app.screenshot().rgb(Int(thumbnail.minX) + 1, Int(thumbnail.center.y)) == AppUnderTest.accent },
                "page 2's thumbnail is marked as the page drawn on")
        try app.screenshot("notebook-sidebar")
        try app.drag([(Int(second.center.x), Int(second.center.y)), (Int(second.center.x), Int(second.center.y) - 20),
                      (Int(first.center.x), Int(first.minY) + 10)])
        // The moved page is page 1 now, marked, drawn on.
        let top = sidebar.sidebarThumbnail(in: first)
        #expect(try eventually { try app.screenshot("notebook-reordered").rgb(Int(top.minX) + 1, Int(top.center.y)) == AppUnderTest.accent })
        // Ctrl+S: the notebook is saved as a document, the PDF inside it.
        try app.answerChooser(with: folder.appendingPathComponent("notes").path)
        try app.key("ctrl+s")
        let ora = folder.appendingPathComponent("notes.ora")
        #expect(eventually { FileManager.default.fileExists(atPath: ora.path) && app.title == "notes.ora - DrawingBoard" }, "\(app.title)")
        try? app.key("ctrl+q")
        #expect(app.waitForExit() == 0)
        // The PDF goes; the notebook does not need it.
        try FileManager.default.removeItem(at: pdf)
        let again = try AppUnderTest(server: x, arguments: ["--size", "\(Self.size.width)x\(Self.size.height)", ora.path])
        #expect(try eventually { inked(try again.screenshot("notebook-reopened"), 500, 451) }, "page 1 is the page with the ink")
        let exported = folder.appendingPathComponent("notes.pdf")
        try again.answerChooser(with: exported.path)
        try again.key("ctrl+shift+e")
        #expect(eventually { (try? Data(contentsOf: exported))?.starts(with: Data("%PDF-".utf8)) == true })
        #expect(eventually { (try? run("pdfinfo", [exported.path]))?.contains("Pages:           3") == true })
        let text = try run("pdftotext", [exported.path, "-"])
        let order = ["Lecture page 2", "Lecture page 1", "Lecture page 3"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "the pages in their new order, their text still text: \(text)")
        try run("pdftoppm", ["-r", "96", "-png", exported.path, folder.appendingPathComponent("page").path])
        let page1 = try PNGFile.decode(atPath: folder.appendingPathComponent("page-1.png").path)
        let page2 = try PNGFile.decode(atPath: folder.appendingPathComponent("page-2.png").path)
        let ink = fit.toCanvas(Point(500, 451))
        #expect(inked(page1, Int(ink.x), Int(ink.y)), "the ink on page 1 (the PDF's page 2)")
        #expect(!inked(page2, Int(ink.x), Int(ink.y)), "and not on the others")
    }
}
