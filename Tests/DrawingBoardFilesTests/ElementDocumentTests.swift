import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

/// Elements in the files: the .ora keeps them as elements (and shows them to other apps as
/// layers), the journal brings every element edit back after a crash.
@Suite struct ElementDocumentTests {
    static let star = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><path d="M32 2 L40 24 L62 24 L44 38 L52 62 L32 48 L12 62 L20 38 L2 24 L24 24 Z" fill="#ffcc00" stroke="#aa6600" stroke-width="3"/></svg>
        """.utf8)

    static func photo() throws -> ImageAsset {
        var pixels: [UInt32] = []
        for y in 0..<30 { for x in 0..<40 { pixels.append(y < 15 ? (x < 20 ? 0xFFFF_0000 : 0xFF00_FF00) : (x < 20 ? 0xFF00_00FF : 0xFFFF_FF00)) } }
        let png = try PNGFile.encode(RasterImage(width: 40, height: 30, pixels: pixels)!)
        return ImageAsset(name: "quadrants.png", bytes: png, kind: .raster, size: PixelSize(width: 40, height: 30))
    }

    static func element(_ source: ElementSource, at x: Double, _ y: Double, width: Double, rotation: Double = 0) -> Element {
        Element(source: source, placement: .init(center: Point(x, y), width: width, rotation: rotation, natural: ElementPainters.natural(of: source)))
    }

    static func pencil(_ hex: String, _ points: [(Double, Double)], tool: Tool = .pencil, width: Double = 8) -> Edit {
        .stroke(Stroke(id: 0, tool: tool, style: StrokeStyle(color: RGBColor(hex: hex)!, width: width), points: points.map { Point($0.0, $0.1) }))
    }

    /// A page with a photo (shown twice: one file), a sticker, a text, and ink around them.
    static func journalPage() throws -> Editor {
        let editor = try Editor(size: PixelSize(width: 320, height: 240))
        let photo = try photo()
        try editor.perform(pencil("#d01010", [(10, 100), (310, 100)]))
        try editor.perform(.place(element(.image(photo), at: 120, 100, width: 120, rotation: 20)))
        try editor.perform(pencil("#101010", [(10, 130), (310, 130)]))
        try editor.perform(.place(element(.sticker("star", try ElementSources.svg(star, name: "star.svg")), at: 250, 60, width: 80)))
        try editor.perform(.place(element(.text(TextStyle(text: "Dear diary\nhello", font: "Serif", size: 24, color: RGBColor(hex: "#2040c0")!)),
                                          at: 200, 190, width: 150)))
        try editor.perform(.place(element(.image(photo), at: 60, 200, width: 60)))
        try editor.perform(pencil("#ffe000", [(0, 60), (320, 60)], tool: .highlighter, width: 30))
        try editor.perform(pencil("#000000", [(120, 0), (120, 240)], tool: .eraser, width: 16))
        return editor
    }

    @Test func aDocumentWithElementsReopensAsElementsWithTheSamePixels() throws {
        let editor = try Self.journalPage()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("elements-\(UUID().uuidString).ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(editor.image).write(to: url)
        let contents = try OpenRaster.read(url)
        #expect(contents.page == editor.page, "the page model: items in their order, each element's source and place")
        let reopened = try Editor(document: contents)
        let a = try reopened.image.flattened(), b = try editor.image.flattened()
        if a != b {
            let diffs = zip(a.pixels, b.pixels).enumerated().filter { $0.element.0 != $0.element.1 }
            Issue.record("\(diffs.count) pixels differ, first at \(diffs.first.map { ($0.offset % 320, $0.offset / 320, String($0.element.0, radix: 16), String($0.element.1, radix: 16)) }.debugDescription)")
        }
        // And it is still an element: it moves.
        var moved = try #require(reopened.elements.first)
        moved.placement.center = Point(200, 150)
        #expect(try reopened.perform(.change(moved)))
        #expect(try reopened.image.flattened() != editor.image.flattened())
        // The photo's file is kept once for its two elements.
        let archive = try Archive(url: url, accessMode: .read)
        let files = archive.map(\.path).filter { $0.hasPrefix("drawingboard/files/") }
        #expect(files.count == 2, "\(files)")
        let stack = String(decoding: try OpenRaster.extract(try #require(archive["stack.xml"]), from: archive, limit: 1 << 20), as: UTF8.self)
        for name in ["Image: quadrants.png", "Sticker: star", "Text: Dear diary hello", "Drawing 1", "Drawing 2", "Highlights"] {
            #expect(stack.contains("name=\"\(name)\""), "stack.xml names the layer \(name): \(stack)")
        }
    }

    @Test func anotherAppComposingTheLayersSeesTheMergedImage() throws {
        let editor = try Self.journalPage()
        let data = try OpenRaster.encode(editor.image)
        // Without DrawingBoard's own entry, the reader composes the layer stack as other apps do.
        let source = try Archive(data: data, accessMode: .read)
        let stripped = try Archive(data: Data(), accessMode: .create)
        for entry in source where entry.path != OpenRaster.documentEntry {
            let bytes = try OpenRaster.extract(entry, from: source, limit: 1 << 30)
            try stripped.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .none) { position, size in
                bytes.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("foreign-\(UUID().uuidString).ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try #require(stripped.data).write(to: url)
        let composed = try #require(try OpenRaster.read(url).drawing)
        let merged = try editor.image.flattened()
        var worst = 0, at = 0
        for (i, (a, b)) in zip(composed.pixels, merged.pixels).enumerated() {
            for shift in stride(from: 0, to: 24, by: 8) {
                let d = abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF))
                if d > worst { worst = d; at = i }
            }
        }
        #expect(worst <= 3, "the composed stack differs from mergedimage.png by \(worst) at most (pixel \(at))")
    }

    @Test func everyElementEditComesBackFromTheJournal() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var journal: Journal? = try Journal(root: root, size: PixelSize(width: 320, height: 240), background: .white, documentPath: nil)
        let editor = try Editor(size: PixelSize(width: 320, height: 240))
        editor.recorder = { journal?.append($0) }
        let built = try Self.journalPage()
        for item in built.page.items {
            switch item {
            case .stroke(let stroke): try editor.perform(.stroke(stroke))
            case .element(let element): try editor.perform(.place(element))
            case .base: break
            }
        }
        let photo = try #require(editor.elements.first)
        var turned = photo
        turned.placement = photo.placement.transformed(about: Point(100, 100), scale: 1.5, turn: 45, move: Point(30, -10))
        try editor.perform(.change(turned))
        try editor.perform(.reorder(photo.id, top: true))
        try editor.perform(.delete(try #require(editor.elements.first { $0.source.text != nil }).id))
        try editor.perform(.reorder(photo.id, top: false))
        try editor.undo()
        journal = nil

        let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(restored.skipped == 0, "\(restored.skipReason ?? "")")
        let back = restored.editor
        #expect(back.page == editor.page)
        #expect(try back.image.flattened() == editor.image.flattened())
        while try editor.undo() {
            #expect(try back.undo())
            #expect(try back.image.flattened() == editor.image.flattened(), "undo goes back the same way")
        }
    }

    @Test(arguments: [
        ("strokes-before", #""strokes-before":1"#, #""strokes-before":99"#, "elements[0].strokes-before: 99 is outside 0...1"),
        ("width", #""width":60"#, #""width":-5"#, "elements[0].width: -5 is outside 1...16384"),
        ("file", #"drawingboard\/files\/"#, #"drawingboard\/gone\/"#, "leaves the document's files"),
        ("format", #""format":8"#, #""format":9"#, "made by a newer DrawingBoard (format 9)"),
        // A size no image has: a negative side, or one whose area is past what Swift counts
        // (added to the pixels read before it, that trapped).
        ("pixels", #""pixels":[40,30]"#, #""pixels":[-1,1]"#, "is named with an impossible size, -1x1"),
        ("pixels", #""pixels":[40,30]"#, #""pixels":[4611686018427387904,4]"#, "is named with an impossible size"),
    ])
    func aDamagedElementEntryIsRefusedWithItsPlace(what: String, find: String, replace: String, message: String) throws {
        let editor = try Editor(size: PixelSize(width: 100, height: 80))
        try editor.perform(Self.pencil("#000000", [(10, 10), (90, 70)]))
        try editor.perform(.place(Self.element(.image(try Self.photo()), at: 50, 40, width: 60)))
        let data = try OpenRaster.encode(editor.image)
        let source = try Archive(data: data, accessMode: .read)
        let damaged = try Archive(data: Data(), accessMode: .create)
        for entry in source {
            var bytes = try OpenRaster.extract(entry, from: source, limit: 1 << 30)
            if entry.path == OpenRaster.documentEntry {
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(text.contains(find), "\(what): the document says \(find)")
                bytes = Data(text.replacingOccurrences(of: find, with: replace).utf8)
            }
            try damaged.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .none) { position, size in
                bytes.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try #require(damaged.data).write(to: url)
        #expect(throws: DocumentError.self) { try OpenRaster.read(url) }
        do {
            _ = try OpenRaster.read(url)
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
