import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

/// Format 7: a document says its items are the drawing. Its drawing layer is a picture for
/// other apps that DrawingBoard never reads back, so no renderer, better or worse, can turn
/// its strokes into pixels; a document of an older format is still checked as before.
@Suite struct StrokesAreTheDrawingTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-f7-\(UUID().uuidString)-\(name)")
    }

    /// `url`'s entry `path` replaced by `data`.
    static func replace(_ path: String, in url: URL, with data: Data) throws {
        let archive = try Archive(url: url, accessMode: .update)
        if let old = archive[path] { try archive.remove(old) }
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
        }
    }

    static func drawn() throws -> Editor {
        let editor = try Editor(size: PixelSize(width: 160, height: 120))
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: RGBColor(red: 200, green: 30, blue: 30), width: 6))
        for (a, b) in [(Point(10, 10), Point(150, 100)), (Point(10, 100), Point(150, 20))] {
            editor.handle(PointerEvent(source: .mouse, phase: .down, position: a))
            editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point((a.x + b.x) / 2, (a.y + b.y) / 2 + 9)))
            editor.handle(PointerEvent(source: .mouse, phase: .up, position: b))
        }
        return editor
    }

    /// The drawing layer in the file replaced by something else entirely: a format 7
    /// document still opens as its strokes paint it, no pixels under them.
    @Test func aFormatSevenDocumentIsPaintedFromItsStrokesWhateverItsLayerHolds() throws {
        let editor = try Self.drawn()
        let url = Self.temporary("doc.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(editor.image).write(to: url)
        let black = RasterImage(width: 160, height: 120, pixels: [UInt32](repeating: 0xFF00_0000, count: 160 * 120))!
        try Self.replace(OpenRaster.drawingEntry, in: url, with: try PNGFile.encode(black))
        let contents = try OpenRaster.read(url)
        #expect(contents.drawing == nil, "the layer is not read")
        let reopened = try Editor(document: contents)
        #expect(reopened.page.base == nil && reopened.page == editor.page)
        #expect(try reopened.image.flattened() == editor.image.flattened())
    }

    /// The same document said to be format 6: its layer is what its strokes are checked
    /// against, and a layer they do not paint stays the page's pixels, under them (as before).
    @Test func anOlderDocumentIsStillCheckedAgainstItsLayer() throws {
        let editor = try Self.drawn()
        let url = Self.temporary("old.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(editor.image).write(to: url)
        let archive = try Archive(url: url, accessMode: .read)
        let json = String(decoding: try OpenRaster.extract(try #require(archive[OpenRaster.documentEntry]), from: archive, limit: 1 << 20), as: UTF8.self)
        #expect(json.contains(#""format":8"#))
        try Self.replace(OpenRaster.documentEntry, in: url, with: Data(json.replacingOccurrences(of: #""format":8"#, with: #""format":6"#).utf8))
        // Untouched, its strokes paint its layer: they are the drawing.
        #expect(try Editor(document: try OpenRaster.read(url)).page.base == nil)
        var marked = editor.image.drawingLayer().pixels
        for i in 0..<400 { marked[i] = 0xFF00_80FF }
        try Self.replace(OpenRaster.drawingEntry, in: url, with: try PNGFile.encode(RasterImage(width: 160, height: 120, pixels: marked)!))
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(reopened.page.base != nil, "another app drew on it: its pixels are kept")
        #expect(reopened.page.bakedStrokes.count == 2)
    }

    /// A page of strokes and photos saved and opened again: deleting a photo changes the pixels
    /// under it, and no pixel elsewhere.
    @Test func deletingAPhotoChangesNoPixelFarFromIt() throws {
        let editor = try Editor(size: PixelSize(width: 480, height: 320))
        var rng = SystemRandomNumberGenerator()
        let pixels = (0..<(60 * 40)).map { (i: Int) -> UInt32 in
            let red = UInt32(i * 97 % 256), green = UInt32(i % 60 * 4)
            return 0xFF00_0040 | red << 16 | green << 8
        }
        let photo = RasterImage(width: 60, height: 40, pixels: pixels)!
        let asset = ImageAsset(name: "photo.png", bytes: try PNGFile.encode(photo), kind: .raster, size: photo.size)
        editor.keepDecoded(photo, for: asset)
        for k in 0..<12 {
            for _ in 0..<20 {
                editor.toolState = ToolState(tool: k % 3 == 0 ? .highlighter : .pencil,
                                             style: StrokeStyle(color: RGBColor(red: UInt8(k * 20), green: 40, blue: 90), width: 5, opacity: k % 4 == 1 ? 0.5 : 1))
                let x = Double.random(in: 20...460, using: &rng), y = Double.random(in: 20...300, using: &rng)
                editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(x, y)))
                editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(x + 12, y + 7)))
                editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(x + 25, y - 4)))
            }
            _ = try editor.place(Element(source: .image(asset), placement: .init(center: Point(Double(40 + k * 36), Double(60 + k % 4 * 60)),
                                                                                   width: 90, rotation: Double(k * 7), natural: Size(width: 60, height: 40))))
        }
        let url = Self.temporary("photos.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(editor.image).write(to: url)
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(reopened.page.base == nil)
        let before = try reopened.image.flattened()
        #expect(before == (try editor.image.flattened()), "it opens as it was")
        let gone = reopened.elements[5]
        try reopened.perform(.delete(gone.id))
        let after = try reopened.image.flattened()
        let box = gone.placement.bounds.insetBy(-2)
        var far = 0, near = 0
        for y in 0..<320 {
            for x in 0..<480 where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) {
                if box.contains(Point(Double(x) + 0.5, Double(y) + 0.5)) { near += 1 } else { far += 1 }
            }
        }
        #expect(near > 500, "the photo is gone (\(near) pixels changed under it)")
        #expect(far == 0, "\(far) pixels changed far from the photo")
    }
}
