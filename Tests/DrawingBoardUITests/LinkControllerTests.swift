import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs
@testable import DrawingBoardUI

/// A PDF's links in the window: found where the PDF puts them; with the Select tool a hand
/// pointer over one, a click on a link to a page shows that page (wherever it went in the
/// notebook), a click on a web link asks first, naming the address, and only then opens it.
@Suite struct LinkControllerTests {
    @Test func linksToPagesAndToTheWeb() throws {
        let pdf = try PDFReader.read(TestPDF.withLinks, name: "links.pdf")
        let links = PDFLink.links(on: pdf.pages[0])
        let k = 4.0 / 3
        #expect(links.count == 2)
        #expect(links.contains { $0.target == .web("https://example.org/entropy") && abs($0.area.minX - 72 * k) < 1 && abs($0.area.minY - 100 * k) < 1 })
        #expect(links.contains { $0.target == .pdfPage(1) && abs($0.area.minY - 200 * k) < 1 && abs($0.area.maxY - 240 * k) < 1 })
        #expect(PDFLink.links(on: pdf.pages[1]).isEmpty)
        let c = AppController(editor: try Editor(notebook: Notebook(pdf.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        let view = c.view
        let toPage = view.toWindow(Point(150 * k, 220 * k)), toWeb = view.toWindow(Point(150 * k, 120 * k))
        // The pencil draws over links; the Select tool follows them, with a hand over them.
        c.brush.select(.select)
        c.hover(at: toWeb, time: 1)
        #expect(c.input.pointerShape == .hand)
        c.hover(at: view.toWindow(Point(400 * k, 500 * k)), time: 1)
        #expect(c.input.pointerShape != .hand)
        c.click(at: toPage)
        #expect(c.editor.pages.index == 1, "the link took the view to page 2")
        c.pages.go(to: 0)
        _ = c.takeEffects()
        c.click(at: toWeb)
        #expect(c.document.pendingQuestion == .openLink("https://example.org/entropy"))
        #expect(c.document.questionText.contains("https://example.org/entropy"))
        #expect(!c.takeEffects().contains { if case .openURI = $0 { return true } else { return false } }, "nothing opens before the answer")
        c.document.questions.answer(.openLink)
        #expect(c.takeEffects().contains { $0 == .openURI("https://example.org/entropy") })
        // Page 2 moved before page 1: the link still finds it.
        c.attempt { try c.editor.perform(.pages(.move(from: 1, to: 0))) }
        c.pages.go(to: 1)
        c.click(at: view.toWindow(Point(150 * k, 220 * k)))
        #expect(c.editor.pages.index == 0, "the page that shows the PDF's page 2, now first")
    }

    /// With any other tool a press on a link draws; with Ctrl held it follows the link, and
    /// the hand shows over it as soon as Ctrl goes down.
    @Test func ctrlFollowsLinksWithAnyTool() throws {
        let pdf = try PDFReader.read(TestPDF.withLinks, name: "links.pdf")
        let c = AppController(editor: try Editor(notebook: Notebook(pdf.pages)), decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        let k = 4.0 / 3
        let toPage = c.view.toWindow(Point(150 * k, 220 * k))
        c.brush.select(.pencil)
        c.hover(at: toPage, time: 1)
        #expect(c.input.pointerShape != .hand)
        c.modifiersChanged([.control])
        #expect(c.input.pointerShape == .hand, "Ctrl down: the hand, without moving")
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: toPage, time: 2, modifiers: [.control]))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: toPage, time: 2, modifiers: [.control]))
        #expect(c.editor.pages.index == 1 && c.editor.pages.entry(0).page.strokes.isEmpty, "followed, nothing drawn")
        #expect(c.input.pointerShape != .hand, "no link where the mouse rests on page 2")
        c.modifiersChanged([])
        // Back over the link: Ctrl down shows the hand, Ctrl up takes it away.
        c.pages.go(to: 0)
        c.hover(at: toPage, time: 3)
        c.modifiersChanged([.control])
        #expect(c.input.pointerShape == .hand)
        c.modifiersChanged([])
        #expect(c.input.pointerShape != .hand, "Ctrl up over the link: the pencil's pointer again")
        c.click(at: toPage)
        #expect(c.editor.pages.index == 0 && c.editor.page.strokes.count == 1, "without Ctrl the pencil draws a dot there")
    }
}

extension AppController {
    func click(at p: Point) {
        pointer(PointerEvent(source: .mouse, phase: .down, position: p, time: now + 1))
        pointer(PointerEvent(source: .mouse, phase: .up, position: p, time: now))
    }
}
