import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs
@testable import DrawingBoardUI

/// The Select tool's Text choice on a lecture PDF: a drag selects characters, a double click a
/// word, a triple click a line, Ctrl+C asks the platform to put the text on the clipboard.
@Suite struct PDFTextControllerTests {
    @Test func dragDoubleAndTripleClickAndCopy() throws {
        let pdf = try PDFReader.read(TestPDF.lecture(pages: 1), name: "lecture.pdf")
        let c = AppController(editor: try Editor(notebook: Notebook(pdf.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        c.brush.select(.select)
        c.click(.panel(.brush))
        c.click(.selectArea(.text))
        c.click(.closePanel)
        #expect(c.lasso.area == .text)
        // "Lecture page 1": where its words are, as the finder has them (page pixels), in the
        // window through the page's view.
        let view = c.view
        let word = try #require(TextFinder.matches(of: "page", on: c.editor.page, index: 0).first).box
        let lecture = try #require(TextFinder.matches(of: "Lecture", on: c.editor.page, index: 0).first).box
        let y = word.center.y
        func at(_ x: Double, _ y: Double) -> Point { view.toWindow(Point(x, y)) }
        var t = 10.0
        func press(_ p: Point, moveTo q: Point? = nil) {
            t += 1
            c.pointer(PointerEvent(source: .mouse, phase: .down, position: p, time: t))
            if let q { c.pointer(PointerEvent(source: .mouse, phase: .move, position: q, time: t)) }
            c.pointer(PointerEvent(source: .mouse, phase: .up, position: q ?? p, time: t))
        }
        // A drag from before "Lecture" to within "page".
        press(at(lecture.minX - 4, y), moveTo: at(word.minX + word.width * 0.3, y))
        let dragged = try #require(c.pdfText.selection)
        #expect(dragged.text.hasPrefix("Lecture p") && !dragged.text.contains("1"), "\(dragged.text)")
        #expect(!dragged.boxes.isEmpty)
        // A double click on "page": the word.
        t += 1
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: at(word.center.x, y), time: t))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: at(word.center.x, y), time: t))
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: at(word.center.x, y), time: t + 0.1))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: at(word.center.x, y), time: t + 0.1))
        #expect(c.pdfText.selection?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "page", "\(c.pdfText.selection?.text ?? "")")
        // And a third: the line.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: at(word.center.x, y), time: t + 0.2))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: at(word.center.x, y), time: t + 0.2))
        #expect(c.pdfText.selection?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "Lecture page 1", "\(c.pdfText.selection?.text ?? "")")
        // The selection shows: blue over the words.
        let shown = try c.shown()
        let mid = at(word.center.x, word.minY + 3)
        let p = shown.pixel(x: Int(mid.x), y: Int(mid.y))
        #expect(p & 0xFF > (p >> 16 & 0xFF) + 30, "tinted blue: \(String(p, radix: 16))")
        _ = c.takeEffects()
        c.key(KeyInput(.character("c"), ctrl: true), time: t + 1)
        let copied = c.takeEffects().compactMap { effect -> String? in
            if case .copyText(let text) = effect { return text }
            return nil
        }
        #expect(copied.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == ["Lecture page 1"])
        c.key(KeyInput(.escape), time: t + 1)
        #expect(c.pdfText.selection == nil)
    }
}
