import DrawingBoardCore
import DrawingBoardPlatform
import Foundation
import Testing
@testable import DrawingBoardRender

/// Element kinds as a protocol: each kind a Core type (`ElementKinds`) and a painter
/// (`ElementPainters`), and a script's `place` step going through both.
@Suite struct ElementKindTests {
    /// One star, 40 x 20 at 96 dpi.
    struct OneSticker: StickerProviding {
        let svg = Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#1060d0"/></svg>"##.utf8)
        var stickerNames: [String] { ["bar"] }
        func sticker(named name: String) throws -> ImageAsset {
            guard name == "bar" else { throw RenderError("no sticker is called \"\(name)\"") }
            return try ElementSources.svg(svg, name: "bar.svg")
        }
    }

    /// An SVG inserted in the window that takes longer than its budget to draw is placed as a
    /// picture (no longer than 2048 px a side), drawn once off the event loop; within its
    /// budget it stays vectors. (The budget is what the test sets, not a timing.)
    @Test func aSlowSVGIsInsertedAsAPicture() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="1000"><rect width="2000" height="1000" fill="#1060d0"/></svg>"##.utf8)
            .write(to: url)
        let kept = try ElementSources.imageForWindow(atPath: url.path, name: "wide.svg", decoder: SDLImageDecoder(), budget: .infinity)
        #expect(kept.asset.kind == .svg && !kept.picture && kept.decoded == nil && kept.asset.size == PixelSize(width: 4000, height: 1000))
        let slow = try ElementSources.imageForWindow(atPath: url.path, name: "wide.svg", decoder: SDLImageDecoder(), budget: 0)
        #expect(slow.picture && slow.asset.kind == .raster && slow.asset.size == PixelSize(width: 2048, height: 512))
        let pixels = try #require(slow.decoded)
        #expect(pixels.size == slow.asset.size)
        #expect(pixels.pixel(x: 500, y: 256) == 0xFF10_60D0 && pixels.pixel(x: 1500, y: 256) >> 24 == 0, "the left half blue, the right clear")
        // The PNG kept for the document is that picture.
        #expect(try SDLImageDecoder().decodeImage(data: slow.asset.bytes, fileExtension: "png", maxPixels: 1 << 24).pixels == pixels.pixels)
    }

    @Test func everyKindHasExactlyOnePainter() {
        #expect(ElementPainters.all.count == ElementKinds.all.count)
        for kind in ElementKinds.all {
            #expect(ElementPainters.all.filter { $0.paints(kind) }.count == 1, "\(kind.kind)")
        }
    }

    /// A kind's word names it in documents beside the placement's fields: never one of them.
    @Test func kindWordsAreTheKnownOnesAndNoPlacementField() {
        let words = ElementKinds.all.map { $0.kind }
        #expect(words == ["image", "sticker", "text"])
        #expect(Set(words).isDisjoint(with: ["id", "name", "center", "width", "rotation", "natural"]))
    }

    @Test func sourcesAreEqualOnlyForTheSameKindAndContent() throws {
        let asset = try OneSticker().sticker(named: "bar")
        #expect(ElementSource.image(asset) == ElementSource.image(try OneSticker().sticker(named: "bar")), "equal contents, separate boxes")
        #expect(ElementSource.image(asset) != ElementSource.sticker("bar", asset))
        #expect(ElementSource.sticker("bar", asset) != ElementSource.sticker("baz", asset))
        #expect(ElementSource.text(TextStyle(text: "a")) == ElementSource.text(TextStyle(text: "a")))
        #expect(ElementSource.text(TextStyle(text: "a")).hashValue == ElementSource.text(TextStyle(text: "a")).hashValue)
        #expect(ElementSource.text(TextStyle(text: "a")).text?.text == "a" && ElementSource.image(asset).text == nil)
        #expect(ElementSource.sticker("bar", asset).asset == asset && ElementSource.text(TextStyle(text: "a")).asset == nil)
    }

    /// Each kind placed by a script: made by its painter at the contract's width, and drawn.
    @Test func aScriptPlacesEachKindThroughItsPainter() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = RasterImage(width: 300, height: 100, pixels: [UInt32](repeating: argb("#e01010"), count: 300 * 100))!
        try PNGFile.encode(red).write(to: folder.appendingPathComponent("red.png"))
        let script = try ScriptParser.parse(Data(#"""
            {"version": 1, "canvas": {"width": 200, "height": 200}, "steps": [
              {"place": {"image": "red.png", "center": [100, 30]}},
              {"place": {"sticker": "bar", "center": [100, 100]}},
              {"color": "#208020"},
              {"place": {"text": "Hi", "center": [100, 170], "size": 40}}
            ]}
            """#.utf8))
        let decoder = SDLImageDecoder(svg: SVGImage.decodeFile)
        let editor = try ScriptRunner(decoder: decoder, stickers: OneSticker()).run(script, baseDirectory: folder)
        let elements = editor.elements
        #expect(elements.map(\.source.kind) == ["image", "sticker", "text"])
        // The image at its own size fitted inside the page; the sticker 128 px; the text as laid out.
        #expect(elements[0].placement.natural == Size(width: 300, height: 100) && abs(elements[0].placement.width - 200) < 1e-9)
        #expect(elements[1].placement.natural == Size(width: 40, height: 20) && elements[1].placement.width == Element.stickerWidth)
        let style = try #require(elements[2].source.text)
        #expect(style.color == RGBColor(hex: "#208020") && style.size == 40)
        #expect(elements[2].placement.natural == TextArt.measure(style) && elements[2].placement.width == TextArt.measure(style).width)
        let image = try editor.image.flattened()
        #expect(image.pixel(x: 100, y: 30) == argb("#e01010"))
        #expect(image.pixel(x: 100, y: 100) == argb("#1060d0"))
        // The text's glyphs are the brush's colour where they are solid.
        let box = elements[2].placement.bounds
        var greenest = 0
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(box.maxX) where image.pixel(x: x, y: y) == argb("#208020") { greenest += 1 }
        }
        #expect(greenest > 20, "\(greenest) pixels of the text's colour")
    }

    @Test func aPlaceStepNamesOneKindWithItsOwnKeys() {
        func problem(_ place: String) -> String? {
            let json = #"{"version": 1, "canvas": {"width": 50, "height": 50}, "steps": [{"place": \#(place)}]}"#
            do {
                _ = try ScriptParser.parse(Data(json.utf8))
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(problem(#"{"center": [1, 1]}"#) == #"steps[0].place: needs one of "image", "sticker", "text""#)
        #expect(problem(#"{"text": "a", "sticker": "b", "center": [1, 1]}"#) == #"steps[0].place: has "sticker" and "text"; give one"#)
        // A text's options belong to the text.
        #expect(problem(#"{"sticker": "b", "size": 3, "center": [1, 1]}"#)?.contains("size") == true)
        #expect(problem(##"{"text": "a", "size": 3, "font": "Serif", "color": "#102030", "center": [1, 1]}"##) == nil)
    }
}
