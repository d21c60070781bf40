import DrawingBoardCore
import Foundation
import Testing

/// Shapes that snap, in the real window with a real mouse: a pencil stroke held still for half
/// a second before the button is let go becomes the shape it meant; one let go at once stays as
/// drawn; undo gives the hand-drawn stroke back.
extension EditingWindowTests {
    /// A rectangle by hand from (150, 220) to (450, 420), its top edge bulging up 15 px in the
    /// middle, back to where it started.
    static let handRectangle = [(150, 220), (230, 214), (300, 205), (370, 214), (450, 220), (452, 320), (450, 420), (300, 422),
                            (150, 420), (149, 320), (150, 224)]

    func drawHandRectangle(_ app: AppUnderTest, resting: Bool) throws {
        var args = ["mousemove", "--window", app.windowID, "\(Self.handRectangle[0].0)", "\(Self.handRectangle[0].1)", "mousedown", "1"]
        for p in Self.handRectangle.dropFirst() { args += ["mousemove", "--window", app.windowID, "\(p.0)", "\(p.1)"] }
        args += resting ? ["sleep", "0.8", "mouseup", "1"] : ["mouseup", "1"]
        try app.server.xdotool(args)
    }

    @Test func aStrokeHeldStillAtItsEndSnapsAndUndoGivesItBack() throws {
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"])
        // Held still, the button down: the rectangle shows before it is let go.
        var args = ["mousemove", "--window", app.windowID, "\(Self.handRectangle[0].0)", "\(Self.handRectangle[0].1)", "mousedown", "1"]
        for p in Self.handRectangle.dropFirst() { args += ["mousemove", "--window", app.windowID, "\(p.0)", "\(p.1)"] }
        try app.server.xdotool(args)
        #expect(try eventually {
            let shot = try app.screenshot()
            return shot.rgb(300, 220) != 0xFFFFFF && shot.rgb(300, 206) == 0xFFFFFF
        }, "straight while the button is held")
        _ = try app.screenshot("snap-held")
        try app.server.xdotool(["mouseup", "1"])
        // The rectangle's top edge is straight at y = 220: ink there in the middle, none where
        // the hand bulged.
        #expect(try eventually { try app.screenshot().rgb(300, 220) != 0xFFFFFF }, "the top edge, straight")
        #expect(try app.screenshot("snap-rectangle").rgb(300, 206) == 0xFFFFFF, "no bulge left")
        #expect(try app.screenshot().rgb(300, 420) != 0xFFFFFF && app.screenshot().rgb(150, 320) != 0xFFFFFF)
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 206) != 0xFFFFFF }, "undo: the stroke as drawn")
        try app.screenshot("snap-undone")
        try app.key("ctrl+z")
        #expect(try eventually { try app.screenshot().rgb(300, 206) == 0xFFFFFF && app.screenshot().rgb(450, 320) == 0xFFFFFF }, "undo again: no stroke")
        // Let go at once: it stays as drawn.
        try drawHandRectangle(app, resting: false)
        #expect(try eventually { try app.screenshot().rgb(300, 206) != 0xFFFFFF }, "the bulge stays")
    }
}
