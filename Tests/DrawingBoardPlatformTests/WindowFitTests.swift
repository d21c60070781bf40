import DrawingBoardCore
import Testing
@testable import DrawingBoardPlatform

/// The first window fits the screen, and the X11 title is readable as Latin-1.
@Suite struct WindowFitTests {
    @Test func theFirstWindowNeverExceedsTheUsableArea() {
        #expect(Window.fitted(PixelSize(width: 1100, height: 760), in: PixelSize(width: 1366, height: 740)) == PixelSize(width: 1100, height: 692))
        #expect(Window.fitted(PixelSize(width: 1100, height: 760), in: PixelSize(width: 780, height: 490)) == PixelSize(width: 764, height: 442),
                "a 780x490 logical output (1560x980 at scale 2)")
        #expect(Window.fitted(PixelSize(width: 800, height: 600), in: nil) == PixelSize(width: 800, height: 600))
    }

    @Test func titlesBecomeLatin1() {
        #expect(Window.latin1("*Zeichnung-ä.ora - DrawingBoard") == Array("*Zeichnung-".utf8) + [0xE4] + Array(".ora - DrawingBoard".utf8))
        #expect(Window.latin1("画.ora") == Array("?.ora".utf8))
    }
}
