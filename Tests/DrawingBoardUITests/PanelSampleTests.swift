import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// The Brush panel's sample shows what the tool will draw.
@Suite struct PanelSampleTests {
    /// The text tool's "Aa" is in the font chosen (it stayed in Sans whatever was chosen).
    @Test func theTextSampleIsInTheFontChosen() throws {
        let c = try makeController(1000, 700)
        c.key(KeyInput(.character("t")), time: 0)
        c.click(.panel(.brush))
        let preview = try #require(c.layout().inPanel.widthPreview)
        func sample() throws -> [UInt32] {
            let shot = try c.shown()
            return (Int(preview.minY)..<Int(preview.maxY)).flatMap { y in (Int(preview.minX)..<Int(preview.maxX)).map { shot.pixel(x: $0, y: y) } }
        }
        c.text.chooseFont("Sans")
        let sans = try sample()
        #expect(sans.contains { $0 & 0xFF < 0x60 }, "the sample shows")
        c.text.chooseFont("Serif")
        let serif = try sample()
        #expect(serif != sans, "another font, another sample")
        c.text.chooseFont("Sans")
        #expect(try sample() == sans)
    }

    /// In an 800 px window the text tool's font row leaves room to name the other font in
    /// use (it showed "Dej…" for every DejaVu family), and that name is drawn.
    @Test func theOtherFontsNameHasRoomInASmallWindow() throws {
        let c = try makeController(800, 600)
        c.key(KeyInput(.character("t")), time: 0)
        c.click(.panel(.brush))
        let l = c.layout()
        let back = try #require(l.frame(of: .fontStep(-1))), next = try #require(l.frame(of: .fontStep(1)))
        #expect(next.minX - back.maxX >= 140, "room for a family's name: \(next.minX - back.maxX)")
        for i in 0..<3 { #expect(try #require(l.frame(of: .font(i))).width >= Theme.minimumTarget, "a finger's width") }
        c.text.chooseFont("DejaVu Sans Mono")
        let shot = try c.shown()
        let inked = (Int(back.maxX)..<Int(next.minX)).filter { x in
            (Int(back.minY)..<Int(back.maxY)).contains { shot.pixel(x: x, y: $0) & 0xFF < 0x80 }
        }
        #expect(inked.count > 60, "the name is drawn: \(inked.count) columns of ink")
    }

    /// The text being typed stays in sight while its colour, size and font are chosen: a
    /// Brush panel that would cover it opens under the top bar instead (it covered text typed
    /// low on the page, which then changed unseen).
    @Test func theBrushPanelKeepsOffTheTextBeingTyped() throws {
        let c = try makeController(1000, 700)
        c.key(KeyInput(.character("t")), time: 0)
        c.click(.panel(.brush))
        let low = try #require(c.layout().inPanel.card)
        c.click(.closePanel)
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: Point(420, 520), time: 1))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(420, 520), time: 1))
        c.typed("Meeting notes")
        let box = try #require(c.text.typingBox)
        try #require(low.intersects(box), "the panel's usual place covers the text")
        c.click(.panel(.brush))
        let card = try #require(c.layout().inPanel.card)
        #expect(!card.intersects(box), "the panel keeps off the text: \(card) \(box)")
        #expect(card.minY < low.minY && card.minY >= c.layout().topBar.maxY, "under the top bar")
        // The text shows, in the colour chosen on the panel.
        c.brush.setSlider(.brushRed, to: 255)
        _ = c.takeEffects() // the loop's turn: the text follows the brush
        let shot = try c.shown()
        let red = (Int(box.minX)..<Int(box.maxX)).contains { x in
            (Int(box.minY)..<Int(box.maxY)).contains { y in
                let p = shot.pixel(x: x, y: y)
                return p >> 16 & 0xFF > 0xC0 && p >> 8 & 0xFF < 0x40 && p & 0xFF < 0x40
            }
        }
        #expect(red, "the text in red, in sight")
        // Typing done, the panel is back in its place.
        c.key(KeyInput(.escape), time: 2)
        #expect(c.layout().inPanel.card == low)
    }

    /// Text is drawn opaque: with the pencil at half opacity, the text tool's swatch and the
    /// bar's dot show its colour solid, as the text will be; the pencil's show it at half.
    @Test func theTextToolsSwatchIgnoresThePencilsOpacity() throws {
        let c = try makeController(1000, 700)
        c.brush.setSlider(.opacity, to: 50)
        c.click(.panel(.brush))
        func swatchAndDot() throws -> (UInt32, UInt32) {
            let l = c.layout()
            let swatch = try #require(l.inPanel.swatch), bar = try #require(l.frame(of: .panel(.brush)))
            let shot = try c.shown()
            // The dot's middle, 24 px from the Brush button's right end.
            let dot = shot.pixel(x: Int(bar.maxX) - 24, y: Int(bar.center.y)) & 0xFFFFFF
            return (shot.pixel(x: Int(swatch.center.x), y: Int(swatch.minY) + 8) & 0xFFFFFF, dot)
        }
        let (pencilSwatch, pencilDot) = try swatchAndDot()
        #expect(pencilSwatch & 0xFF > 0x60 && pencilSwatch & 0xFF < 0xA0, "the pencil's black at 50% on white: \(String(pencilSwatch, radix: 16))")
        #expect(pencilDot == pencilSwatch, "the bar's dot too: \(String(pencilDot, radix: 16))")
        c.click(.tool(.text))
        let (textSwatch, textDot) = try swatchAndDot()
        #expect(textSwatch == 0x000000, "the text's black, solid: \(String(textSwatch, radix: 16))")
        #expect(textDot == 0x000000, "the bar's dot too: \(String(textDot, radix: 16))")
    }

    /// With an image as the background, the Background panel's swatch shows the image, not
    /// the colour last chosen.
    @Test func theBackgroundPanelShowsTheImage() throws {
        let c = try makeController(1000, 700)
        c.document.loadBackground("/x/ok.png")
        c.finishOpening()
        c.click(.panel(.background))
        let swatch = try #require(c.layout().inPanel.swatch)
        #expect(try c.shown().pixel(x: Int(swatch.center.x), y: Int(swatch.center.y)) == 0xFF00_80FF)
    }
}
