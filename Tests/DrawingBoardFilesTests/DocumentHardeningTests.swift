import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

private func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-hostile-\(UUID().uuidString)-\(name)")
}

/// A valid DrawingBoard document of 40x30 whose document.json is replaced by `json`.
func documentWithJSON(_ json: Data, at url: URL) throws {
    let e = try Editor(size: PixelSize(width: 40, height: 30))
    try OpenRaster.encode(e.image).write(to: url)
    let archive = try Archive(url: url, accessMode: .update)
    try archive.remove(archive[OpenRaster.documentEntry]!)
    try archive.addEntry(with: OpenRaster.documentEntry, type: .file, uncompressedSize: Int64(json.count),
                         compressionMethod: .deflate) { position, size in
        json.subdata(in: Data.Index(position)..<Data.Index(position) + size)
    }
}

/// Another app's .ora of `stack` whose one layer file, `png`, is a PNG header claiming
/// `width` x `height` and nothing else (its pixels are never there to read).
private func stackOfOneHeader(at url: URL, stack: String, png path: String, _ width: UInt16, _ height: UInt16) throws {
    let archive = try Archive(url: url, accessMode: .create)
    func add(_ path: String, _ data: Data) throws {
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { pos, size in
            data.subdata(in: Data.Index(pos)..<Data.Index(pos) + size)
        }
    }
    try add("mimetype", Data("image/openraster".utf8))
    try add("stack.xml", Data(stack.utf8))
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    png += [0, 0, UInt8(width >> 8), UInt8(width & 0xFF), 0, 0, UInt8(height >> 8), UInt8(height & 0xFF), 8, 6, 0, 0, 0]
    try add(path, Data(png + [UInt8](repeating: 0, count: 64)))
}

/// A stroke as document.json writes it, with fields replaced as given.
func strokeJSON(id: String = "1", tool: String = "\"pencil\"", width: String = "4", opacity: String = "1",
                points: String = #"[{"x": 1, "y": 1}, {"x": 20, "y": 20}]"#) -> String {
    #"{"id": \#(id), "tool": \#(tool), "style": {"color": {"red": 0, "green": 0, "blue": 0}, "width": \#(width), "opacity": \#(opacity)}, "points": \#(points)}"#
}

func documentJSON(strokes: String, format: String = "1") -> Data {
    Data(##"{"format": \##(format), "background": {"color": "#ffffff"}, "strokes": [\##(strokes)]}"##.utf8)
}

/// Hostile values in documents are refused with the file and the field, never a crash.
@Suite struct DocumentHardeningTests {
    static let cases: [(String, String)] = [
        (strokeJSON(points: #"[{"x": 1e19, "y": 5}]"#), "strokes[0].points[0]: [1e+19, 5] is too far outside the canvas (limit 1000000)"),
        (strokeJSON(points: #"[{"x": 3, "y": 4}, {"x": -1e300, "y": 5}]"#), "strokes[0].points[1]: [-1e+300, 5] is too far outside the canvas (limit 1000000)"),
        (strokeJSON(width: "1e300"), "strokes[0].style.width: 1e+300 is outside 1...200"),
        (strokeJSON(width: "-4"), "strokes[0].style.width: -4 is outside 1...200"),
        (strokeJSON(width: "0.5"), "strokes[0].style.width: 0.5 is outside 1...200"),
        (strokeJSON(id: "18446744073709551615"), "strokes[0].id: 18446744073709551615 is too large (ids stay below 9007199254740992)"),
        (strokeJSON(tool: "\"highlighter\"", opacity: "2"), "strokes[0].style.opacity: 2 is outside 0...1"),
        (strokeJSON(points: "[]"), "strokes[0].points: needs at least one point"),
        (strokeJSON(tool: "\"airbrush\""), "strokes[0].tool: \"airbrush\" is not a known tool"),
        (strokeJSON(width: "\"wide\""), "strokes[0].style.width: expected a number"),
        (strokeJSON(id: "-1"), "strokes[0].id: -1 is not a whole number in 0 to its limit"),
        (strokeJSON(id: "2.5"), "strokes[0].id: 2.5 is not a whole number in 0 to its limit"),
        (#"{"id": 1, "tool": "pencil", "style": {"color": {"red": 300, "green": 0, "blue": 0}, "width": 4, "opacity": 1}, "points": [{"x": 1, "y": 1}]}"#,
         "strokes[0].style.color.red: 300 is not a whole number in 0 to 255"),
        (#"{"id": 1, "tool": "pencil", "style": {"color": {"red": 0, "green": 0, "blue": 0}, "width": 4, "opacity": 1}}"#,
         #"strokes[0]: "points" is missing"#),
        (strokeJSON() + ", " + strokeJSON(), "strokes[1].id: 1 is used by an earlier stroke too"),
    ]

    @Test(arguments: cases)
    func hostileValuesAreRefusedWithTheirField(_ stroke: String, _ expected: String) throws {
        let url = temporaryFile("doc.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try documentWithJSON(documentJSON(strokes: stroke), at: url)
        #expect(throws: DocumentError.self) { _ = try OpenRaster.read(url) }
        do { _ = try OpenRaster.read(url) } catch {
            let prefix = "“\(url.lastPathComponent)” cannot be opened: drawingboard/document.json: "
            #expect(error.message.hasPrefix(prefix + expected), "\(error.message)")
        }
    }

    /// Whole document.json files of the wrong shape: each is refused with what is wrong and
    /// where.
    static let shapes: [(String, String)] = [
        (##"{"format": 1, "background": {"color": "#ffffff"}}"##, ##""strokes" is missing"##),
        (##"{"format": 1, "strokes": []}"##, ##""background" is missing"##),
        (##"{"format": "one", "background": {"color": "#ffffff"}, "strokes": []}"##, "format: expected a whole number in range"),
        (##"{"format": 0, "background": {"color": "#ffffff"}, "strokes": []}"##, "format: 0 is not a format number"),
        (##"{"format": 1, "background": 5, "strokes": []}"##, "background: expected an object"),
        (##"{"format": 1, "background": {"color": "red"}, "strokes": []}"##, #"background.color: "red" is not a colour (#rrggbb)"#),
        (##"{"format": 1, "background": {"colour": "#ffffff"}, "strokes": []}"##, ##"background: "image" is missing"##),
        (##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": {}}"##, "strokes: expected an array"),
        (##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": [7]}"##, "strokes[0]: expected an object"),
        (##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": [], "baked": [1e20]}"##, "baked[0]: 1e+20 is not a whole number in 0 to its limit"),
        (##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": [], "base": "drawingboard/none.png"}"##, ##"layer "drawingboard/none.png" is missing"##),
        ("[]", "drawingboard/document.json is not a JSON object"),
        // A fractional stroke width or element width is a number like any other: the whole
        // number that does not fit is the one named.
        (##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": [\##(strokeJSON(width: "4.5")), \##(strokeJSON(id: "2.5"))]}"##,
         "strokes[1].id: 2.5 is not a whole number in 0 to its limit"),
        (##"{"format": 3, "background": {"color": "#ffffff"}, "strokes": [\##(strokeJSON(id: "2.5"))], "elements": [{"strokes-before": 0, "id": 9, "center": {"x": 5, "y": 5}, "width": 20.5, "natural": [10, 10], "text": "a"}]}"##,
         "strokes[0].id: 2.5 is not a whole number in 0 to its limit"),
        // An element is exactly one of the kinds.
        (##"{"format": 3, "background": {"color": "#ffffff"}, "strokes": [], "elements": [{"strokes-before": 0, "id": 9, "center": {"x": 5, "y": 5}, "width": 20, "natural": [10, 10], "shape": "star"}]}"##,
         ##"elements[0]: names no kind (one of "image", "sticker", "text")"##),
        (##"{"format": 3, "background": {"color": "#ffffff"}, "strokes": [], "elements": [{"strokes-before": 0, "id": 9, "center": {"x": 5, "y": 5}, "width": 20, "natural": [10, 10], "text": "a", "sticker": "star"}]}"##,
         ##"elements[0]: names "sticker" and "text"; an element is one kind"##),
    ]

    @Test(arguments: shapes)
    func documentsOfTheWrongShapeAreRefused(_ json: String, _ expected: String) throws {
        let url = temporaryFile("doc.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try documentWithJSON(Data(json.utf8), at: url)
        do {
            _ = try OpenRaster.read(url)
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("“\(url.lastPathComponent)” cannot be opened: "), "\(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    /// Documents of the format this version writes open to the same pixels, always.
    @Test(arguments: ["format-1", "format-1-image", "format-1-base"])
    func documentsOfFormatOneOpenExactly(_ name: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/documents")
        let contents = try OpenRaster.read(folder.appendingPathComponent("\(name).ora"))
        let editor = try Editor(document: contents)
        let expected = try PNGFile.decode(try Data(contentsOf: folder.appendingPathComponent("\(name).png")), name: name)
        #expect(try editor.image.flattened() == expected)
        #expect(!contents.strokes.isEmpty)
        // Another app's pixels come back as the page's base item, the strokes over them as data.
        #expect((editor.page.base != nil) == (name == "format-1-base"))
        #expect(editor.page.bakedStrokes.isEmpty && editor.image.comesFromStrokes == (name != "format-1-base"))
    }

    /// A document from a newer DrawingBoard says so, whatever its layout.
    @Test(arguments: [(strokeJSON(), "99"), ("{\"kind\": \"text\"}", "9")])
    func aNewerFormatIsNamed(_ stroke: String, _ format: String) throws {
        let url = temporaryFile("new.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try documentWithJSON(documentJSON(strokes: stroke, format: format), at: url)
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: it was made by a newer DrawingBoard (format \(format)); this one reads up to 8")) {
            _ = try OpenRaster.read(url)
        }
    }

    @Test(arguments: ["NaN", "Infinity", "[1, 2"])
    func jsonThatIsNotJSONIsRefused(_ width: String) throws {
        let url = temporaryFile("doc.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try documentWithJSON(documentJSON(strokes: strokeJSON(width: width)), at: url)
        do {
            _ = try OpenRaster.read(url)
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("“\(url.lastPathComponent)” cannot be opened: drawingboard/document.json: not valid JSON"), "\(error.message)")
        }
    }

    /// 70 MB and 300 MB of JSON: over the entry's budget, refused before it is decoded (a
    /// 280 MB one took 38 s and 5 GB).
    @Test(arguments: [70, 300])
    func anOversizedDocumentJSONIsRefusedUnread(_ megabytes: Int) throws {
        let url = temporaryFile("doc.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        var json = Data(##"{"format": 1, "background": {"color": "#ffffff"}, "strokes": [], "pad": ""##.utf8)
        json.append(Data(repeating: UInt8(ascii: " "), count: megabytes << 20))
        json.append(Data("\"}".utf8))
        try documentWithJSON(json, at: url)
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: \"drawingboard/document.json\" unpacks to \(json.count) bytes, more than 67108864")) {
            _ = try OpenRaster.read(url)
        }
    }

    /// Another app's stack naming one large PNG 24 times: refused from the headers, before a
    /// layer is decoded (each is made to claim 8192x8192; their pixels are never read).
    @Test func aStackNamingOneHugeLayerManyTimesIsRefused() throws {
        let url = temporaryFile("stack.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        let layers = (0..<24).map { #"<layer name="l\#($0)" src="data/big.png"/>"# }.joined()
        try stackOfOneHeader(at: url, stack: #"<image w="8192" h="8192"><stack>\#(layers)</stack></image>"#, png: "data/big.png", 8192, 8192)
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: its layers hold more than 1073741824 pixels in all (the limit for a document)")) {
            _ = try OpenRaster.read(url)
        }
    }

    /// A layer wider than a page can be is refused from its header, not left out of the count
    /// and decoded (32767x8192: a gigabyte from 32 KB of PNG).
    @Test func aLayerBeyondTheSideLimitIsRefusedFromItsHeader() throws {
        let url = temporaryFile("wide.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try stackOfOneHeader(at: url, stack: #"<image w="100" h="100"><stack><layer name="wide" src="data/wide.png"/></stack></image>"#,
                             png: "data/wide.png", 32767, 8192)
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: the layer \"data/wide.png\" is 32767x8192, larger than the limit of 16384 pixels a side")) {
            _ = try OpenRaster.read(url)
        }
    }

    /// Zeros named .png are refused from their first bytes, not read to the end. The entry's
    /// checksum is spoiled, so reading it to the end would fail on that instead.
    @Test func anEntryOfTheWrongKindStopsAtItsFirstBytes() throws {
        let url = temporaryFile("zeros.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .create)
        func add(_ path: String, _ data: Data, _ method: CompressionMethod = .deflate) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method) { (pos: Int64, size: Int) in
                data.subdata(in: Data.Index(pos)..<Data.Index(pos) + size)
            }
        }
        try add("mimetype", Data("image/openraster".utf8), .none)
        try add("stack.xml", Data(#"<image w="100" h="100"><stack><layer name="z" src="data/z.png"/></stack></image>"#.utf8))
        try add("data/z.png", Data(count: 4 << 20), .none)
        var bytes = [UInt8](try Data(contentsOf: url))
        let name = Array("data/z.png".utf8)
        var spoiled = 0
        for i in 0..<(bytes.count - 50) where bytes[i] == 0x50 && bytes[i + 1] == 0x4B {
            // The local header (PK 3 4: checksum at 14, name at 30) and the central one (PK 1 2:
            // checksum at 16, name at 46).
            let (crc, nameAt): (Int, Int) = bytes[i + 2] == 3 && bytes[i + 3] == 4 ? (14, 30) : bytes[i + 2] == 1 && bytes[i + 3] == 2 ? (16, 46) : (-1, 0)
            guard crc >= 0, Array(bytes[(i + nameAt)..<(i + nameAt + name.count)]) == name else { continue }
            bytes.replaceSubrange((i + crc)..<(i + crc + 4), with: [0xEF, 0xBE, 0xAD, 0xDE])
            spoiled += 1
        }
        #expect(spoiled == 2)
        try Data(bytes).write(to: url)
        let reread = try Archive(url: url, accessMode: .read)
        #expect(throws: (any Error).self, "read to the end, the entry fails its checksum") {
            _ = try OpenRaster.extract(reread["data/z.png"]!, from: reread, limit: 1 << 30)
        }
        #expect(throws: DocumentError("data/z.png is not a PNG image")) {
            _ = try OpenRaster.extract(reread["data/z.png"]!, from: reread, limit: 1 << 30, kind: .png)
        }
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: data/z.png is not a PNG image")) { _ = try OpenRaster.read(url) }
    }

    /// A layer placed at the most negative whole number: refused, no trap.
    @Test func aLayerPlacedAbsurdlyFarIsRefused() throws {
        let url = temporaryFile("far.ora")
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try Archive(url: url, accessMode: .create)
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { (pos: Int64, size: Int) in
                data.subdata(in: Data.Index(pos)..<Data.Index(pos) + size)
            }
        }
        try add("mimetype", Data("image/openraster".utf8))
        try add("stack.xml", Data(#"<image w="10" h="10"><stack><layer src="data/a.png" x="-9223372036854775808"/></stack></image>"#.utf8))
        try add("data/a.png", try PNGFile.encode(RasterImage(width: 2, height: 2, pixels: [UInt32](repeating: 0xFF00_0000, count: 4))!))
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: stack.xml: layer \"data/a.png\" is placed at -9223372036854775808, 0, too far outside the image")) {
            _ = try OpenRaster.read(url)
        }
    }

    @Test func xmlErrorsAreSaidInWords() throws {
        for (xml, words) in [("<image w=\"5\" h=\"5\"><stack>", "the document ends too early (an element is not closed) at line 1"),
                             ("<image w=\"5\" h=\"5\" w=\"6\"/>", "an attribute given twice in one tag at line 1, column 27"),
                             ("<image w=\"5\" h=\"5\">&bogus;</image>", "an entity that is not allowed here")] {
            do {
                _ = try StackXML.parse(Data(xml.utf8))
                Issue.record("accepted \(xml)")
            } catch {
                #expect(error.message.hasPrefix("stack.xml is not valid: \(words)"), "\(error.message)")
                #expect(!error.message.contains("NSXMLParserErrorDomain"))
            }
        }
    }
}
