import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

private let brokenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/broken")

private func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-ora-\(UUID().uuidString)-\(name)")
}

private func gradient(_ w: Int, _ h: Int) -> RasterImage {
    RasterImage(width: w, height: h, pixels: (0..<(w * h)).map { i in 0xFF00_0000 | UInt32(i % w * 255 / w) << 16 | UInt32(i / w * 255 / h) << 8 | 0x40 })!
}

private func sample(background: Background) throws -> Editor {
    let e = try Editor(size: PixelSize(width: 120, height: 90), background: background)
    e.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 12, opacity: 0.6))
    for (a, b) in [((10.0, 20.0), (110.0, 70.0)), ((10, 70), (110, 20))] {
        e.handle(PointerEvent(source: .mouse, phase: .down, position: Point(a.0, a.1)))
        e.handle(PointerEvent(source: .mouse, phase: .up, position: Point(b.0, b.1)))
    }
    e.toolState = ToolState(tool: .eraser, style: StrokeStyle(width: 10))
    e.handle(PointerEvent(source: .mouse, phase: .down, position: Point(60, 0)))
    e.handle(PointerEvent(source: .mouse, phase: .up, position: Point(60, 90)))
    return e
}

@Suite struct OpenRasterTests {
    @Test(arguments: [false, true])
    func roundTripKeepsEveryPixelTheStrokesAndTheLayersApart(imageBackground: Bool) throws {
        let background: Background = imageBackground ? .image(gradient(60, 30), name: "g.png") : .color(RGBColor(hex: "#334455")!)
        let original = try sample(background: background)
        let url = temporaryFile("round.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(original.image).write(to: url)
        let contents = try OpenRaster.read(url)
        let reopened = try Editor(document: contents)
        #expect(reopened.size == original.size)
        #expect(try reopened.image.flattened() == (try original.image.flattened()), "identical pixels")
        #expect(reopened.image.drawingLayer() == original.image.drawingLayer(), "the drawing layer on its own")
        #expect(reopened.strokes == original.strokes)
        if case .color = background { #expect(reopened.background == background) }
        // The eraser still reveals the background after reopening.
        reopened.toolState = ToolState(tool: .eraser, style: StrokeStyle(width: 30))
        reopened.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 25)))
        reopened.handle(PointerEvent(source: .mouse, phase: .up, position: Point(25, 25)))
        let bgOnly = try Editor(size: original.size, background: reopened.background).image.flattened()
        #expect(try reopened.image.flattened().pixel(x: 22, y: 25) == bgOnly.pixel(x: 22, y: 25))
    }

    @Test func highlighterStrokesSurviveASaveAndTheStrokeEraserRemovesThemAfterwards() throws {
        let original = try sample(background: .color(.white))
        original.toolState = ToolState(tool: .highlighter, style: StrokeStyle(color: RGBColor(hex: "#ffee00")!, width: 20, opacity: 0.6))
        original.handle(PointerEvent(source: .mouse, phase: .down, position: Point(10, 45)))
        original.handle(PointerEvent(source: .mouse, phase: .up, position: Point(110, 45)))
        let url = temporaryFile("marker.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(original.image).write(to: url)
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(reopened.strokes.map(\.tool) == [.pencil, .pencil, .eraser, .highlighter])
        #expect(try reopened.image.flattened() == (try original.image.flattened()))
        // The strokes explain the drawing, so each can be taken out, the eraser's cut staying.
        reopened.toolState = ToolState(tool: .strokeEraser, style: StrokeStyle(width: 4))
        reopened.handle(PointerEvent(source: .mouse, phase: .down, position: Point(100, 85)))
        reopened.handle(PointerEvent(source: .mouse, phase: .up, position: Point(100, 85)))
        #expect(reopened.strokes.map(\.tool) == [.pencil, .pencil, .eraser, .highlighter], "(100, 85) is on no stroke")
        reopened.handle(PointerEvent(source: .mouse, phase: .down, position: Point(20, 45)))
        reopened.handle(PointerEvent(source: .mouse, phase: .up, position: Point(20, 45)))
        #expect(reopened.strokes.map(\.tool) == [.pencil, .pencil, .eraser], "the marker went")
        let fresh = try sample(background: .color(.white))
        #expect(try reopened.image.flattened() == (try fresh.image.flattened()), "exactly the picture before the marker")
    }

    /// A marker over a background image: DrawingBoard paints the marked background again from
    /// the strokes; other apps get it as a multiply layer between background and drawing.
    @Test func highlightsOverTheBackgroundTravelAsAMultiplyLayer() throws {
        let original = try sample(background: .image(gradient(120, 90), name: "g.png"))
        original.toolState = ToolState(tool: .highlighter, style: StrokeStyle(color: RGBColor(hex: "#ffee00")!, width: 20, opacity: 0.6))
        original.handle(PointerEvent(source: .mouse, phase: .down, position: Point(5, 80)))
        original.handle(PointerEvent(source: .mouse, phase: .up, position: Point(115, 80)))
        let url = temporaryFile("marked.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(original.image).write(to: url)
        let archive = try Archive(url: url, accessMode: .update)
        let stack = String(decoding: try OpenRaster.extract(archive["stack.xml"]!, from: archive, limit: 1 << 20), as: UTF8.self)
        #expect(stack.contains(#"src="data/highlights.png" x="0" y="0" opacity="1.0" visibility="visible" composite-op="svg:multiply""#), "\(stack)")
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(try reopened.image.flattened() == (try original.image.flattened()), "DrawingBoard shows the marked background again")
        // Without DrawingBoard's own entry, as another app reads it: the layers, multiply honoured.
        try archive.remove(archive[OpenRaster.documentEntry]!)
        let foreign = try OpenRaster.read(url)
        #expect(foreign.strokes.isEmpty)
        let flat = try Editor(document: foreign).image.flattened(), expected = try original.image.flattened()
        var worst = 0
        for (x, y) in zip(flat.pixels, expected.pixels) {
            for shift: UInt32 in [0, 8, 16] {
                let a = Int((x >> shift) & 0xFF), b = Int((y >> shift) & 0xFF)
                worst = max(worst, abs(a - b))
            }
        }
        #expect(worst <= 2, "the layers composite to the same picture (worst channel difference \(worst))")
        #expect(flat.pixel(x: 30, y: 80) != (try sample(background: .image(gradient(120, 90), name: "g.png")).image.flattened()).pixel(x: 30, y: 80),
                "the marker shows")
    }

    @Test func strokesOnAnotherAppsPictureStayErasableAfterASave() throws {
        let picture = RasterImage(width: 80, height: 60, pixels: [UInt32](repeating: 0xFF20_40C0, count: 4800))!
        let editor = try Editor(document: DocumentContents(size: PixelSize(width: 80, height: 60), background: .color(.white), drawing: picture, strokes: []))
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 8, opacity: 0.5))
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(10, 30)))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(70, 30)))
        let url = temporaryFile("over-picture.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(editor.image).write(to: url)
        let archive = try Archive(url: url, accessMode: .read)
        #expect(archive["drawingboard/base.png"] != nil, "the pixels under the strokes are kept")
        let stack = String(decoding: try OpenRaster.extract(archive["stack.xml"]!, from: archive, limit: 1 << 20), as: UTF8.self)
        #expect(!stack.contains("base.png"), "other apps see only the two layers")
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(try reopened.image.flattened() == (try editor.image.flattened()))
        reopened.toolState = ToolState(tool: .strokeEraser, style: StrokeStyle(width: 4))
        reopened.handle(PointerEvent(source: .mouse, phase: .down, position: Point(40, 30)))
        reopened.handle(PointerEvent(source: .mouse, phase: .up, position: Point(40, 30)))
        #expect(reopened.strokes.isEmpty)
        #expect(try reopened.image.flattened().pixel(x: 40, y: 30) == 0xFF20_40C0, "the other app's blue is back under it")
    }

    @Test(arguments: [
        (#""base": "../../etc/passwd""#, #"layer path "../../etc/passwd" leaves the archive"#),
        (#""base": "data/nothing.png""#, #"layer "data/nothing.png" is missing"#),
        (#""base": "drawingboard/small.png""#, "the layer under the strokes is 4x4, not 120x90"),
    ])
    func aDamagedBaseEntryIsRefused(_ entry: String, _ expected: String) throws {
        let url = temporaryFile("base.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(try sample(background: .color(.white)).image).write(to: url)
        let archive = try Archive(url: url, accessMode: .update)
        let json = String(decoding: try OpenRaster.extract(archive[OpenRaster.documentEntry]!, from: archive, limit: 1 << 20), as: UTF8.self)
        try archive.remove(archive[OpenRaster.documentEntry]!)
        let damaged = Data(json.replacingOccurrences(of: #""strokes":"#, with: entry + #", "strokes":"#).utf8)
        let small = try PNGFile.encode(RasterImage(width: 4, height: 4, pixels: [UInt32](repeating: 0xFF00_0000, count: 16))!)
        for (path, data) in [(OpenRaster.documentEntry, damaged), ("drawingboard/small.png", small)] {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        var message: String?
        do {
            _ = try OpenRaster.read(url)
        } catch {
            message = error.message
        }
        #expect(message == "“\(url.lastPathComponent)” cannot be opened: \(expected)")
    }

    @Test func theArchiveFollowsTheOpenRasterSpecEntryByEntry() throws {
        let editor = try sample(background: .color(.white))
        let url = temporaryFile("spec.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = try OpenRaster.encode(editor.image)
        try data.write(to: url)
        // The first local file header is "mimetype", stored, with the exact type: bytes 30...
        #expect(Array(data.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        #expect(data[8] == 0 && data[9] == 0, "stored, not compressed")
        let nameLength = Int(data[26]) | Int(data[27]) << 8
        #expect(String(decoding: data[30..<(30 + nameLength)], as: UTF8.self) == "mimetype")
        let extraLength = Int(data[28]) | Int(data[29]) << 8
        let start = 30 + nameLength + extraLength
        #expect(String(decoding: data[start..<(start + 16)], as: UTF8.self) == "image/openraster")

        let archive = try Archive(url: url, accessMode: .read)
        let names = archive.map(\.path)
        #expect(names == ["mimetype", "stack.xml", "data/background.png", "data/drawing.png", "mergedimage.png",
                          "Thumbnails/thumbnail.png", "drawingboard/document.json"])
        func bytes(_ path: String) throws -> Data { try OpenRaster.extract(archive[path]!, from: archive, limit: 1 << 30) }
        let stack = try StackXML.parse(try bytes("stack.xml"))
        #expect(stack.width == 120 && stack.height == 90)
        #expect(stack.layers.map(\.src) == ["data/drawing.png", "data/background.png"], "top-most first")
        #expect(stack.layers.allSatisfy { $0.visible && $0.opacity == 1 && $0.x == 0 && $0.y == 0 })
        for path in ["data/background.png", "data/drawing.png", "mergedimage.png"] {
            #expect(try PNGFile.decode(try bytes(path), name: path).size == PixelSize(width: 120, height: 90))
        }
        #expect(try PNGFile.decode(try bytes("mergedimage.png"), name: "merged") == (try editor.image.flattened()))
        let thumb = try PNGFile.decode(try bytes("Thumbnails/thumbnail.png"), name: "thumb")
        #expect(max(thumb.width, thumb.height) <= 256)
        let json = try JSONSerialization.jsonObject(with: try bytes("drawingboard/document.json")) as? [String: Any]
        #expect((json?["strokes"] as? [Any])?.count == 3)
    }

    @Test func thumbnailsOfLargePicturesFitIn256Pixels() throws {
        let thumb = try ImageOps.thumbnail(gradient(1000, 400), maxSide: 256)
        #expect(thumb.size == PixelSize(width: 256, height: 102))
    }

    @Test func anotherAppsDocumentHasItsLayersCompositedIntoTheDrawing() throws {
        let url = temporaryFile("foreign.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .create)
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { pos, size in
                data.subdata(in: Data.Index(pos)..<Data.Index(pos) + size)
            }
        }
        let red = RasterImage(width: 10, height: 10, pixels: [UInt32](repeating: 0xFFFF_0000, count: 100))!
        let blue = RasterImage(width: 4, height: 4, pixels: [UInt32](repeating: 0xFF00_00FF, count: 16))!
        try add("mimetype", Data("image/openraster".utf8))
        try add("stack.xml", Data("""
            <image w="10" h="10"><stack>
              <layer name="hidden" src="data/hidden.png" visibility="hidden"/>
              <layer name="top" src="data/blue.png" x="3" y="3" opacity="0.5"/>
              <layer name="bottom" src="data/red.png"/>
            </stack></image>
            """.utf8))
        try add("data/red.png", try PNGFile.encode(red))
        try add("data/blue.png", try PNGFile.encode(blue))
        try add("data/hidden.png", try PNGFile.encode(RasterImage(width: 10, height: 10, pixels: [UInt32](repeating: 0xFF00_FF00, count: 100))!))
        let contents = try OpenRaster.read(url)
        #expect(contents.size == PixelSize(width: 10, height: 10))
        #expect(contents.background == .color(.white) && contents.strokes.isEmpty)
        let drawing = try #require(contents.drawing, "another app's layers are its drawing")
        #expect(drawing.pixel(x: 0, y: 0) == 0xFFFF_0000)
        let mixed = drawing.pixel(x: 4, y: 4)
        #expect(abs(Int(mixed >> 16 & 0xFF) - 128) <= 1 && abs(Int(mixed & 0xFF) - 127) <= 1, "half blue over red: \(String(mixed, radix: 16))")
        #expect(drawing.pixel(x: 8, y: 8) == 0xFFFF_0000, "the hidden green layer is left out")
    }

    static let broken: [(String, String)] = [
        ("not-a-zip.ora", "not an OpenRaster file, or it is damaged or cut short (not a whole zip archive)"),
        ("empty.ora", "cannot be opened: the file is empty"),
        ("truncated.ora", "not an OpenRaster file"),
        ("no-mimetype.ora", "no image/openraster mimetype"),
        ("wrong-mimetype.ora", "no image/openraster mimetype"),
        ("no-stack.ora", "stack.xml is missing"),
        ("bad-xml.ora", "stack.xml is not valid"),
        ("no-size.ora", "stack.xml has no image size"),
        ("path-traversal.ora", "layer path \"../../etc/passwd\" leaves the archive"),
        ("absolute-path.ora", "layer path \"/etc/passwd\" leaves the archive"),
        ("missing-layer.ora", "layer \"data/nowhere.png\" is missing"),
        ("huge-canvas.ora", "its size 100000x100000 is outside the limits"),
        ("png-bomb.ora", "the layer \"data/layer.png\" is 100000x100000, larger than the limit of 16384 pixels a side"),
        ("corrupt-layer.ora", "cannot read data/layer.png"),
        ("layer-not-png.ora", "data/layer.png is not a PNG image"),
        ("zip-bomb.ora", "\"data/layer.png\" unpacks to more than it says"),
        ("large-entry.ora", "\"data/layer.png\" unpacks to 3221225472 bytes, more than 1073741824"),
    ]

    @Test(arguments: broken)
    func brokenDocumentsAreRefusedWithAClearMessage(_ file: String, _ expected: String) {
        let url = brokenFolder.appendingPathComponent(file)
        do {
            _ = try OpenRaster.read(url)
            Issue.record("\(file) was accepted")
        } catch {
            #expect(error.message.hasPrefix("“\(file)” cannot be opened: "), "\(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test func theOneValidFixtureOpens() throws {
        let contents = try OpenRaster.read(brokenFolder.appendingPathComponent("valid-foreign.ora"))
        #expect(contents.size == PixelSize(width: 8, height: 8) && contents.drawing?.pixel(x: 4, y: 4) == 0xFFFF_0000)
    }

    @Test func everyBrokenFileInTheCorpusIsCovered() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: brokenFolder.path).filter { $0.hasSuffix(".ora") }
        let covered = Set(Self.broken.map(\.0) + ["valid-foreign.ora"])
        #expect(Set(files) == covered)
    }
}
