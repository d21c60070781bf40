import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// A save in the background paints the page afresh from its model on its own thread
/// (`PagePicture(painting:)`): its layers must be exactly those of the window's canvas.
@Suite struct PagePictureTests {
    /// A page with a paper background, pens, a highlighter, an eraser and a text between runs.
    static func editor() throws -> Editor {
        let editor = try Editor(size: PixelSize(width: 320, height: 200), background: .paper(Paper(.lined)))
        func stroke(_ tool: Tool, _ color: RGBColor, _ width: Double, _ points: [(Double, Double)], opacity: Double = 1) throws {
            try editor.perform(.stroke(Stroke(id: 0, tool: tool, style: StrokeStyle(color: color, width: width, opacity: opacity),
                                              points: points.map { Point($0.0, $0.1) })))
        }
        try stroke(.pencil, .black, 6, [(10, 30), (150, 60), (300, 40)])
        try stroke(.highlighter, RGBColor(red: 255, green: 224, blue: 60), 20, [(20, 100), (300, 110)], opacity: 0.6)
        let style = TextStyle(text: "notes", size: 24)
        let natural = TextArt.measure(style)
        try editor.place(Element(source: .text(style), placement: .init(center: Point(160, 90), width: natural.width, natural: natural)))
        try stroke(.pencil, RGBColor(red: 200, green: 20, blue: 20), 3, [(40, 150), (120, 90), (280, 170)], opacity: 0.5)
        try stroke(.eraser, .white, 14, [(150, 20), (150, 190)])
        return editor
    }

    static func layers(_ picture: some PageRendering) throws -> [RasterImage] {
        var images: [RasterImage] = []
        try picture.forEachLowerLayer { layer in
            switch layer {
            case .ink(let ink, _, _, let highlights): images += [ink] + (highlights.map { [$0] } ?? [])
            case .element(_, let image, _, _): images.append(image)
            }
        }
        return images
    }

    @Test func paintedAfreshOnAnotherThreadItIsTheWindowsPage() throws {
        let editor = try Self.editor()
        let shown = try PagePicture(editor.image)
        let page = editor.page
        // On a thread of its own, as a save does.
        final class Box: @unchecked Sendable { var result: Result<PagePicture, any Error>? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.result = Result { try PagePicture(painting: page) }
            done.signal()
        }.start()
        done.wait()
        let painted = try #require(box.result).get()
        #expect(difference(try #require(painted.contents().drawing), try #require(shown.contents().drawing)) == nil)
        #expect(difference(painted.backgroundLayerImage(), shown.backgroundLayerImage()) == nil)
        #expect(painted.highlightsLayerImage() == shown.highlightsLayerImage())
        #expect(difference(try painted.flattened(), try shown.flattened()) == nil)
        let a = try Self.layers(painted), b = try Self.layers(shown)
        #expect(a.count == b.count && a.count >= 2, "\(a.count) layers against \(b.count)")
        for (x, y) in zip(a, b) { #expect(difference(x, y) == nil) }
    }
}
