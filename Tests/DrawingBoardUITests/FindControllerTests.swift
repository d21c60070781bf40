import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs
@testable import DrawingBoardUI

/// The find bar in the window: Ctrl+F, words typed, the matches marked and counted, Enter and
/// Shift+Enter (and F3) going to the next and the previous, showing its page; Esc closing it.
@Suite struct FindControllerTests {
    /// A window on a notebook of a 3-page lecture PDF ("Lecture page N" at the top of each).
    func lecture() throws -> AppController {
        let pdf = try PDFReader.read(TestPDF.lecture(pages: 3), name: "lecture.pdf")
        let editor = try Editor(notebook: Notebook(pdf.pages))
        return AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
    }

    /// Waits for the search off the event loop to come in.
    func settle(_ c: AppController) {
        for _ in 0..<400 where !c.find.complete {
            Thread.sleep(forTimeInterval: 0.005)
            c.tick(0)
        }
    }

    @Test func findsCountsAndGoesFromMatchToMatch() throws {
        let c = try lecture()
        c.key(KeyInput(.character("f"), ctrl: true), time: 0)
        #expect(c.find.isOpen && c.takeEffects().contains { if case .textInput(let r) = $0 { return r != nil } else { return false } })
        c.typed("LECTURE")
        #expect(c.find.matches.count == 1 && c.find.matches[0].page == 0, "the page in view at once")
        settle(c)
        #expect(c.find.matches.map(\.page) == [0, 1, 2] && c.find.count == "1 of 3")
        // The mark lies where the words are: at 72 points from the left, about 100 down.
        let box = c.find.matches[0].box
        #expect(abs(box.minX - 96) < 2 && box.minY > 100 && box.maxY < 150, "\(box)")
        c.key(KeyInput(.enter), time: 0)
        #expect(c.find.count == "2 of 3" && c.editor.pages.index == 1, "Enter: the next, on its page")
        c.key(KeyInput(.f3), time: 0)
        #expect(c.find.count == "3 of 3" && c.editor.pages.index == 2)
        c.key(KeyInput(.enter, shift: true), time: 0)
        #expect(c.find.count == "2 of 3" && c.editor.pages.index == 1, "Shift+Enter: the previous")
        // Typing on narrows it; Backspace widens it again; the letters draw nothing.
        c.typed(" page 3")
        settle(c)
        #expect(c.find.matches.map(\.page) == [2] && c.editor.pages.index == 2 && c.editor.page.strokes.isEmpty)
        c.key(KeyInput(.backspace), time: 0)
        settle(c)
        #expect(c.find.query == "LECTURE page " && c.find.matches.count == 3)
        c.typed("9")
        settle(c)
        #expect(c.find.count == "No match")
        c.key(KeyInput(.escape), time: 0)
        #expect(!c.find.isOpen && c.find.matches.isEmpty)
    }

    @Test func marksShowOnThePageAndTextsAreFound() throws {
        let c = try makeController()
        let style = TextStyle(text: "Entropy is disorder", size: 30, color: .black)
        _ = try c.editor.place(Element(source: .text(style), placement: .init(center: Point(500, 300), width: TextArt.measure(style).width,
                                                                            natural: TextArt.measure(style))))
        c.key(KeyInput(.character("f"), ctrl: true), time: 0)
        c.typed("disorder")
        settle(c)
        let match = try #require(c.find.matches.first)
        #expect(c.find.matches.count == 1 && match.box.minX > 500 && match.box.maxX < 500 + TextArt.measure(style).width / 2 + 2)
        // The mark: orange over the word, nothing over the rest of the text.
        let shown = try c.shown()
        let x = Int(match.box.center.x), y = Int(match.box.minY) + 2
        let p = shown.pixel(x: x, y: y)
        #expect(p >> 16 & 0xFF > 0xE0 && p & 0xFF < 0xA0 && p >> 16 & 0xFF > (p & 0xFF) + 60, "tinted orange: \(String(p, radix: 16))")
    }
}
