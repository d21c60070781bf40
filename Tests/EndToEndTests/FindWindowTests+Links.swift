import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing
import TestPDFs

/// A PDF's link to a page in the real window, on X11 and on Wayland: with the Select tool a
/// click on it shows page 2 (the bottom bar says so, as End shows it), and with the pencil in
/// hand a click with Ctrl held follows it too, where a click without draws.
extension FindWindowTests {
    static func followLinks(_ app: AppUnderTest, _ tag: String) throws {
        let k = 4.0 / 3
        let link = fit.toWindow(Point(150 * k, 220 * k))
        let bar = PixelRect(x: 700, y: 640, width: 300, height: 50)
        // The page number, and the edges of the page in view (the page shown, settled where it
        // goes: a click lands on the link only then).
        let edges = [PixelRect(x: 0, y: 64, width: 1000, height: 12), PixelRect(x: 0, y: 620, width: 1000, height: 12)]
        func part(_ shot: RasterImage) -> [UInt32] {
            ([bar] + edges).flatMap { r in (r.y..<r.maxY).flatMap { y in (r.x..<r.maxX).map { shot.rgb($0, y) } } }
        }
        // (The message that the PDF opened goes first.)
        try app.key("Escape")
        Thread.sleep(forTimeInterval: 0.3)
        let first = part(try app.screenshot())
        try app.key("End")
        #expect(try eventually { try part(app.screenshot()) != first }, "End: page 2 (\(tag))")
        let second = part(try app.screenshot())
        try app.key("Home")
        #expect(try eventually { try part(app.screenshot()) == first })
        // The Select tool: a click on the link goes to page 2.
        try app.key("v")
        try app.click(link)
        #expect(try eventually { try part(app.screenshot()) == second }, "the link showed page 2 (\(tag))")
        _ = try app.screenshot("link-followed-\(tag)")
        try app.key("Home")
        #expect(try eventually { try part(app.screenshot()) == first })
        // The pencil: with Ctrl held the click follows the link, and draws nothing.
        try app.key("1")
        Thread.sleep(forTimeInterval: 0.2)
        // (The pointer away from the link: the pencil's outline under it is no ink.)
        func away() throws { try app.server.xdotool(["mousemove", "--window", app.windowID, "900", "300"]) }
        let spot = PixelRect(x: Int(link.x) - 10, y: Int(link.y) - 10, width: 20, height: 20)
        func around(_ shot: RasterImage) -> [UInt32] { (spot.y..<spot.maxY).flatMap { y in (spot.x..<spot.maxX).map { shot.rgb($0, y) } } }
        try away()
        Thread.sleep(forTimeInterval: 0.3)
        let page = around(try app.screenshot())
        try app.drag(holding: "ctrl", [(Int(link.x), Int(link.y)), (Int(link.x), Int(link.y))])
        #expect(try eventually { try part(app.screenshot()) == second }, "Ctrl+click followed it with the pencil (\(tag))")
        try app.key("Home")
        try away()
        #expect(try eventually {
            let shot = try app.screenshot()
            return part(shot) == first && around(shot) == page
        }, "and drew nothing there (\(tag))")
    }

    @Test func linksOnX11AndWayland() throws {
        // (Its pages are blank: the Wayland window is ready when the first shows white.)
        try Self.inBothWindows(TestPDF.withLinks, named: "links.pdf", ready: { app in
            let inside = Self.fit.toWindow(Point(400, 600))
            return try app.screenshot().rgb(Int(inside.x), Int(inside.y)) == 0xFFFFFF
        }) { app, tag in try Self.followLinks(app, tag) }
    }
}
