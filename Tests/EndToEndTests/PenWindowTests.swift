import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// A pen read through XInput2 by the real app in a real X11 window. Xvfb has no tablet, so the
/// test names its XTEST pointer as the pen (`DRAWINGBOARD_PEN_DEVICE`): xdotool's presses then
/// reach the app as that device's XI2 events, and the X server also sends SDL its core copies
/// of them, as it does for a tablet's pen.
@Suite(.serialized) struct PenWindowTests {
    static let size = PixelSize(width: 1000, height: 700)

    func banner() -> Rect {
        Layout(window: Self.size, scale: 1, barsHidden: 0, panel: nil, recentColors: 1, hasMessage: true, hasDialog: false).message!
    }

    func launch(_ x: XServer, pen: Bool) throws -> AppUnderTest {
        try AppUnderTest(server: x, arguments: ["--size", "\(Self.size.width)x\(Self.size.height)"],
                         environment: pen ? ["DRAWINGBOARD_PEN_DEVICE": "Virtual core XTEST pointer"] : [:])
    }

    @Test func aPenReadThroughXInput2DrawsOneStrokeAndTurnsOnPenOnly() throws {
        let x = try XServer()
        let info: UInt32 = 0x26A269
        let app = try launch(x, pen: true)
        try app.drag([(150, 350), (300, 352), (450, 350)])
        #expect(try eventually { try app.screenshot().rgb(300, 351) == 0x000000 }, "the pen draws")
        let b = banner()
        #expect(try eventually { try app.screenshot().rgb(Int(b.minX) + 6, Int(b.center.y)) == info },
                "the first pen turns on Pen only, and says so")
        try app.screenshot("pen-xinput2")
        try app.key("ctrl+z")
        #expect(try eventually {
            let shot = try app.screenshot()
            return (340..<362).allSatisfy { shot.rgb(300, $0) == 0xFFFFFF }
        }, "one undo removes it all: the pen's stroke, and no second one from SDL's mouse copies")

        // The same drag without a pen: the mouse draws, and nothing is said.
        let mouse = try launch(x, pen: false)
        try mouse.drag([(150, 350), (300, 352), (450, 350)])
        #expect(try eventually { try mouse.screenshot().rgb(300, 351) == 0x000000 })
        #expect(try mouse.settled().rgb(Int(b.minX) + 6, Int(b.center.y)) != info, "a mouse is no pen")
    }
}
