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

    /// The highlighter's Text switch: a drag over the PDF's text highlights the characters it
    /// selected when it lifts, in the highlighter's colour, one step; off, or on a page without
    /// text, the highlighter draws a stroke.
    @Test func theHighlightersTextSwitch() throws {
        let pdf = try PDFReader.read(TestPDF.lecture(pages: 1), name: "lecture.pdf")
        let c = AppController(editor: try Editor(notebook: Notebook(pdf.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        c.brush.select(.highlighter)
        c.click(.panel(.brush))
        #expect(c.layout().frame(of: .textSwitch) != nil, "the switch is in the highlighter's Brush panel")
        c.click(.textSwitch)
        c.click(.closePanel)
        #expect(c.editor.tools.highlightsText)
        let view = c.view
        let page = try #require(TextFinder.matches(of: "page", on: c.editor.page, index: 0).first).box
        let one = try #require(TextFinder.matches(of: "1", on: c.editor.page, index: 0).first).box
        func at(_ x: Double, _ y: Double) -> Point { view.toWindow(Point(x, y)) }
        let y = page.center.y
        let steps = c.editor.history.cursor
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: at(page.minX + 2, y), time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: at(one.center.x, y), time: 1.1))
        // While dragged: the selection in the highlighter's colour, nothing on the page yet.
        #expect(c.pdfText.selection != nil && c.editor.page.strokes.isEmpty)
        // (The page's characters are read once, at the press: the same selection as read afresh.)
        let fresh = PDFTextSelection.select(on: c.editor.page, from: view.toCanvas(at(page.minX + 2, y)), to: view.toCanvas(at(one.center.x, y)),
                                            by: .character, characters: true)
        #expect(c.pdfText.selection == fresh && fresh?.characters.isEmpty == false)
        let during = try c.shown()
        let gap = at((page.maxX + one.minX) / 2, y)
        let tinted = during.pixel(x: Int(gap.x), y: Int(gap.y))
        #expect(tinted & 0xFF < 0xC0 && tinted >> 16 & 0xFF > 0xF0, "yellow while dragged: \(String(tinted, radix: 16))")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: at(one.center.x, y), time: 1.2))
        let strokes = c.editor.page.strokes
        #expect(strokes.count == 1 && strokes[0].tool == .highlighter && strokes[0].form?.cap == .butt, "one line highlighted")
        #expect(c.editor.history.cursor == steps + 1, "one step")
        #expect(c.pdfText.selection == nil)
        // From the first character's left to the last's right, as tall as the line.
        let ends = try #require(strokes.first?.points)
        try #require(ends.count == 2, "a straight line: \(ends)")
        #expect(abs(ends[0].x - page.minX) <= 2 && abs(ends[1].x - one.maxX) <= 2, "from \(ends[0].x) to \(ends[1].x); the words \(page.minX) to \(one.maxX)")
        #expect(abs(strokes[0].style.width - page.height) <= 2 && abs(ends[0].y - page.center.y) <= 2, "\(strokes[0].style.width) tall at \(ends[0].y): \(page)")
        let after = try c.shown()
        let lit = after.pixel(x: Int(gap.x), y: Int(gap.y))
        #expect(lit & 0xFF < 0xC0 && lit >> 16 & 0xFF > 0xF0, "highlighted: \(String(lit, radix: 16))")
        c.undo()
        #expect(c.editor.page.strokes.isEmpty)
        // Off: a drag over the text draws a highlighter stroke.
        c.editor.tools.highlightsText = false
        c.drag([(Double(at(page.minX, y).x), Double(at(page.minX, y).y)), (Double(at(one.maxX, y).x), Double(at(one.maxX, y).y))])
        #expect(c.editor.page.strokes.count == 1 && c.editor.page.strokes[0].form == nil)
        // On, on a PDF page without text (a scan): it draws too.
        let scan = try PDFReader.read(TestPDF.withLinks, name: "links.pdf")
        let plain = AppController(editor: try Editor(notebook: Notebook(scan.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700),
                                  scale: 1)
        plain.brush.select(.highlighter)
        plain.editor.tools.highlightsText = true
        plain.drag([(300, 300), (500, 320)])
        #expect(plain.editor.page.strokes.count == 1 && plain.editor.page.strokes[0].form == nil, "the highlighter draws where there is no text")
    }

    /// A tool chosen during a highlighting drag ends it: the Select tool's Text drag after it
    /// selects in blue and lays nothing when it lifts.
    @Test func aToolChosenDuringAHighlightEndsIt() throws {
        let pdf = try PDFReader.read(TestPDF.lecture(pages: 1), name: "lecture.pdf")
        let c = AppController(editor: try Editor(notebook: Notebook(pdf.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        c.brush.select(.highlighter)
        c.editor.tools.highlightsText = true
        let view = c.view
        let page = try #require(TextFinder.matches(of: "page", on: c.editor.page, index: 0).first).box
        let one = try #require(TextFinder.matches(of: "1", on: c.editor.page, index: 0).first).box
        func at(_ x: Double) -> Point { view.toWindow(Point(x, page.center.y)) }
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: at(page.minX + 2), time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: at(one.center.x), time: 1.1))
        #expect(c.pdfText.selection != nil)
        c.brush.select(.select)
        c.click(.panel(.brush))
        c.click(.selectArea(.text))
        c.click(.closePanel)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: at(page.minX + 2), time: 3))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: at(one.center.x), time: 3.1))
        let gap = at((page.maxX + one.minX) / 2)
        let p = try c.shown().pixel(x: Int(gap.x), y: Int(gap.y))
        #expect(p & 0xFF > (p >> 16 & 0xFF) + 30, "tinted blue: \(String(p, radix: 16))")
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: at(one.center.x), time: 3.2))
        #expect(c.editor.page.strokes.isEmpty, "nothing highlighted")
        #expect(c.pdfText.selection?.text.contains("page") == true)
    }
}
