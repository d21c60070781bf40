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
