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

    /// Where the window system gives no scale (X11), the environment's or the desktop's: our
    /// own variable, GTK's, then the X resources' Xft.dpi, never rounded.
    @Test func theScreensScaleComesFromTheEnvironmentOrTheXResources() {
        #expect(ScreenScale.scale(fromResources: "Xcursor.size:\t24\nXft.dpi:\t144\nXft.antialias:\t1\n") == 1.5)
        #expect(ScreenScale.scale(fromResources: "Xft.dpi: 192") == 2)
        #expect(ScreenScale.scale(fromResources: "Xft.antialias: 1\nXft.dpi: nan") == nil)
        #expect(ScreenScale.scale(fromResources: "") == nil)
        #expect(ScreenScale.asked(environment: [:], resources: nil) == 1)
        #expect(ScreenScale.asked(environment: [:], resources: 1.5) == 1.5)
        #expect(ScreenScale.asked(environment: ["GDK_SCALE": "2"], resources: 1.5) == 2)
        #expect(ScreenScale.asked(environment: ["DRAWINGBOARD_SCALE": "1.25", "GDK_SCALE": "2"], resources: 1.5) == 1.25)
        #expect(ScreenScale.asked(environment: ["DRAWINGBOARD_SCALE": "9", "GDK_SCALE": "x"], resources: nil) == 1, "out of range or not a number")
    }
}
