import CDeflate
import DrawingBoardCore
import DrawingBoardRender
import Foundation
import ZIPFoundation

/// OpenRaster (.ora), the layered format of MyPaint, Krita and GIMP: a zip whose first entry is
/// the uncompressed `mimetype`, then `stack.xml`, one PNG per layer, `mergedimage.png` and a
/// thumbnail. DrawingBoard writes two layers (background and drawing) and keeps its stroke data
/// in `drawingboard/document.json`, which other apps ignore. Reading refuses anything hostile
/// (paths outside the archive, oversized or lying entries, absurd image sizes) with a message,
/// before it allocates much.
public enum OpenRaster {
    public static let mimeType = "image/openraster"
    static let documentEntry = "drawingboard/document.json"
    static let backgroundEntry = "data/background.png"
    static let drawingEntry = "data/drawing.png"
    static let highlightsEntry = "data/highlights.png"

    /// Limits for reading.
    static let maxFileBytes: UInt64 = 2 << 30
    /// Entries: a notebook of the most pages, each with an image background and a base, fits.
    static let maxEntries = 32_768
    static let maxEntryBytes: UInt64 = 1 << 30
    static let maxXMLBytes: UInt64 = 4 << 20
    /// `drawingboard/document.json`: the strokes as data (a 10,000-stroke page is ~30 MB).
    static let maxJSONBytes: UInt64 = 64 << 20
    /// Pixels decoded from all layers together: a stack may not name one huge PNG many times.
    public static let maxDecodedPixels = 4 * CanvasLimits.maxPixels

    // MARK: - Writing

    /// A notebook (a value: its pages' models), its first page painted from its model as the
    /// layers other apps show.
    /// `forSession`: for the autosave journal's start, which only DrawingBoard reads: what it
    /// paints again from the page (the merged picture, the thumbnail, the layers under the
    /// elements, a background that is not an image) is left out.
    public static func encode(notebook: Notebook, forSession: Bool = false) throws -> Data {
        let pages = notebook.pages.map(\.page)
        return try encode(try PageImage.painted(pages[0]), otherPages: Array(pages.dropFirst()), forSession: forSession)
    }

    /// A page and the layers it paints, as .ora bytes; `otherPages`, a notebook's pages after it.
    /// `parallel`: its PNGs are made on every core (false: a save in the background, which
    /// must leave a core to the window).
    public static func encode(_ page: some PageRendering, otherPages: [Page] = [], forSession: Bool = false, parallel: Bool = true) throws -> Data {
        var contents = page.contents()
        contents.otherPages = otherPages
        let merged = forSession ? nil : try page.flattened()
        let archive = try Archive(data: Data(), accessMode: .create)
        func add(_ path: String, _ data: Data, compress: Bool) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: compress ? .deflate : .none) { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        try add("mimetype", Data(mimeType.utf8), compress: false)
        // Under the top run of ink, the elements and the runs between them, each a layer at its
        // place (other apps show the page as it is; DrawingBoard paints them again from the page).
        var lower: [StackXML.Layer] = []
        var runs = 0
        // Painted one at a time; their PNGs made a few at once, on every core.
        var pending = LayerBatch(parallel: parallel)
        func flush() throws {
            for (src, data) in try pending.encoded() { try add(src, data, compress: false) }
        }
        if !forSession { try page.forEachLowerLayer { layer in
            switch layer {
            case .ink(let ink, let x, let y, let highlights):
                runs += 1
                if let highlights {
                    let src = "data/run-\(runs)-highlights.png"
                    pending.images.append((src, highlights))
                    lower.append(.init(name: "Highlights \(runs)", src: src, x: x, y: y, opacity: 1, visible: true, compositeOp: "svg:multiply"))
                }
                let src = "data/run-\(runs).png"
                pending.images.append((src, ink))
                lower.append(.init(name: "Drawing \(runs)", src: src, x: x, y: y, opacity: 1, visible: true))
            case .element(let element, let image, let x, let y):
                let src = "data/element-\(element.id).png"
                pending.images.append((src, image))
                lower.append(.init(name: element.layerName, src: src, x: x, y: y, opacity: 1, visible: true))
            }
            if pending.images.count >= LayerBatch.size { try flush() }
        } }
        try flush()
        // What highlighters laid on the background goes between the two, multiplied, so other
        // apps show the marked background too (DrawingBoard paints it again from the strokes).
        let highlights = page.highlightsLayerImage()
        try add("stack.xml", StackXML.write(width: contents.size.width, height: contents.size.height, layers: [
            .init(name: "Drawing", src: drawingEntry, x: 0, y: 0, opacity: 1, visible: true),
        ] + (highlights == nil ? [] : [
            .init(name: "Highlights", src: highlightsEntry, x: 0, y: 0, opacity: 1, visible: true, compositeOp: "svg:multiply"),
        ]) + lower.reversed() + [
            .init(name: "Background", src: backgroundEntry, x: 0, y: 0, opacity: 1, visible: true),
        ]), compress: true)
        if case .image = contents.background {
            try add(backgroundEntry, try PNGFile.encode(page.backgroundLayerImage()), compress: false)
        } else if !forSession {
            try add(backgroundEntry, try PNGFile.encode(page.backgroundLayerImage()), compress: false)
        }
        if let highlights { try add(highlightsEntry, try PNGFile.encode(highlights), compress: false) }
        guard let drawing = contents.drawing else { throw DocumentError("the drawing layer was not painted") }
        try add(drawingEntry, try PNGFile.encode(drawing), compress: false)
        if let merged {
            try add("mergedimage.png", try PNGFile.encode(merged), compress: false)
            try add("Thumbnails/thumbnail.png", try PNGFile.encode(try ImageOps.thumbnail(merged, maxSide: 256)), compress: false)
        }
        if let base = contents.base {
            // Not in stack.xml: other apps see the two layers only.
            try add(DocumentJSON.baseEntry, try PNGFile.encode(base), compress: false)
        }
        let files = WrittenFiles()
        // The notebook's PDFs, once each, and the other pages' pixels.
        for p in contents.pages { if case .pdf(let pdf) = p.background { _ = try files.storePDF(pdf.file) } }
        for (i, other) in otherPages.enumerated() {
            if case .image(let image, _) = other.background {
                pending.images.append((DocumentJSON.pageEntry(i + 2, "background.png"), image))
            }
            if let base = other.base { pending.images.append((DocumentJSON.pageEntry(i + 2, "base.png"), base.image)) }
            if pending.images.count >= LayerBatch.size { try flush() }
        }
        try flush()
        if !otherPages.isEmpty {
            try add(DocumentJSON.pagesStrokesEntry, StrokeRecords.encode(otherPages.map(\.strokes)), compress: false)
        }
        let json = try DocumentJSON(contents).encoded(files: files)
        for (path, data) in files.entries { try add(path, data, compress: false) }
        try add(documentEntry, json, compress: true)
        guard let data = archive.data else { throw DocumentError("cannot build the archive") }
        return data
    }

    // MARK: - Reading

    /// Reads an .ora file: ours restores background and drawing separately, with the strokes;
    /// another app's is shown as that app shows it (`ForeignStack`).
    public static func read(_ url: URL) throws(DocumentError) -> DocumentContents {
        let name = "“\(url.lastPathComponent)”"
        do {
            return try readChecked(url)
        } catch let error as DocumentError {
            throw DocumentError("\(name) cannot be opened: \(error.message)")
        } catch {
            throw DocumentError("\(name) cannot be opened: \(error)")
        }
    }

    private static func readChecked(_ url: URL) throws -> DocumentContents {
        // A folder or a FIFO would make the zip reader spin or wait forever.
        let bytes: UInt64
        do {
            bytes = try RegularFile.check(url.path, noun: "document")
        } catch {
            throw DocumentError(error.message)
        }
        guard bytes > 0 else { throw DocumentError("the file is empty") }
        guard bytes <= maxFileBytes else { throw DocumentError("it is \(bytes) bytes, larger than a document may be") }
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw DocumentError("it is not an OpenRaster file, or it is damaged or cut short (not a whole zip archive)")
        }
        var entries: [String: Entry] = [:]
        for entry in archive {
            entries[entry.path] = entry
            guard entries.count <= maxEntries else { throw DocumentError("it has more than \(maxEntries) entries") }
        }
        guard let mime = entries["mimetype"], String(decoding: try extract(mime, from: archive, limit: 64), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines) == mimeType else {
            throw DocumentError("it is not an OpenRaster file (no image/openraster mimetype)")
        }
        guard let stackEntry = entries["stack.xml"] else { throw DocumentError("stack.xml is missing") }
        let stack = try StackXML.parse(try extract(stackEntry, from: archive, limit: maxXMLBytes))
        let size = PixelSize(width: stack.width, height: stack.height)
        guard (1...CanvasLimits.maxSide).contains(size.width), (1...CanvasLimits.maxSide).contains(size.height),
              size.area <= CanvasLimits.maxPixels else {
            throw DocumentError("its size \(size) is outside the limits (1 to \(CanvasLimits.maxSide) pixels a side)")
        }
        func layerImage(_ src: String) throws -> RasterImage {
            guard isSafe(src) else { throw DocumentError("layer path \"\(src)\" leaves the archive") }
            guard let entry = entries[src] else { throw DocumentError("layer \"\(src)\" is missing") }
            let data = try extract(entry, from: archive, limit: maxEntryBytes, kind: .png)
            return try PNGFile.decode(data, name: src, maxPixels: CanvasLimits.maxPixels)
        }
        /// The pixels all the layers about to be decoded hold, from their headers, before any
        /// is decoded: a stack may not name one huge PNG many times.
        func checkBudget(_ sources: [String]) throws {
            var total = 0
            for src in sources {
                // A layer whose header cannot be read fails with its own message when decoded.
                guard isSafe(src), let entry = entries[src], entry.type == .file,
                      let head = try? extractHead(entry, from: archive),
                      let size = ImageHeader.dimensions(of: [UInt8](head), format: .png) else { continue }
                guard size.width <= CanvasLimits.maxSide, size.height <= CanvasLimits.maxSide else {
                    throw DocumentError("the layer \"\(src)\" is \(size.width)x\(size.height), larger than the limit of \(CanvasLimits.maxSide) pixels a side")
                }
                total += size.area
                guard total <= maxDecodedPixels else {
                    throw DocumentError("its layers hold more than \(maxDecodedPixels) pixels in all (the limit for a document)")
                }
            }
        }
        if let docEntry = entries[documentEntry] {
            let files = ArchiveFiles(archive: archive, entries: entries)
            let json = try readDocumentJSON(try extract(docEntry, from: archive, limit: maxJSONBytes, kind: .json), files: files) { pages in
                guard let entry = entries[DocumentJSON.pagesStrokesEntry] else {
                    throw DocumentError("the strokes of the pages after the first (\(DocumentJSON.pagesStrokesEntry)) are missing")
                }
                return try StrokeRecords.decode(try extract(entry, from: archive, limit: 4 * maxJSONBytes), name: DocumentJSON.pagesStrokesEntry,
                                                pages: pages)
            }
            // From format 7 the items are the drawing: its layer is a picture for other apps,
            // never read. An older document's is what its strokes are checked against.
            let paintsItself = json.format >= 7
            var sources = paintsItself ? [] : [drawingEntry]
            if case .image = json.background { sources.append(backgroundEntry) }
            if let base = json.base { sources.append(base) }
            for page in json.pages ?? [] { sources += [page.backgroundImage, page.base].compactMap { $0 } }
            try checkBudget(sources)
            var drawing: RasterImage?
            if !paintsItself {
                let layer = try layerImage(drawingEntry)
                guard layer.size == size else { throw DocumentError("the drawing layer is \(layer.size), not \(size)") }
                drawing = layer
            }
            let background: Background
            switch json.background {
            case .color(let c): background = .color(c)
            case .paper(let paper): background = .paper(paper)
            case .xournal(let paper): background = .xournal(paper)
            case .image(let name):
                let image = try layerImage(backgroundEntry)
                guard image.size == size else { throw DocumentError("the background layer is \(image.size), not \(size)") }
                background = .image(image, name: name)
            case .pdf(let file, let page):
                background = try pdfBackground(file, page, files: files)
            }
            var base: RasterImage?
            if let src = json.base {
                let image = try layerImage(src)
                guard image.size == size else { throw DocumentError("the layer under the strokes is \(image.size), not \(size)") }
                base = image
            }
            var contents = DocumentContents(size: size, background: background, drawing: drawing, strokes: json.strokes,
                                            base: base, bakedStrokes: Set(json.baked ?? []))
            if let elements = json.elements {
                contents.page.insert(elements.map { ($0.strokesBefore, $0.element) })
            }
            for (i, other) in (json.pages ?? []).enumerated() {
                contents.otherPages.append(try page(other, number: i + 2, files: files, image: layerImage))
            }
            return contents
        }
        // Another app's document, as that app shows it (`ForeignStack`). Each layer is decoded,
        // painted and let go, so memory holds the page and one layer at a time.
        let foreign = ForeignStack(stack: stack, size: size, image: layerImage,
                                   groupBudget: (atOnce: 2 * CanvasLimits.maxPixels, inAll: 16 * CanvasLimits.maxPixels))
        try checkBudget(foreign.shownSources)
        return try foreign.contents()
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `drawingboard/document.json`, decoded and checked value by value.
    /// `strokes` reads the later pages' strokes (given how many pages), before anything is checked.
    static func readDocumentJSON(_ data: Data, files: ImageArchive? = nil, strokes: (Int) throws -> [[Stroke]] = { Array(repeating: [], count: $0) }) throws -> DocumentJSON {
        if let version = try? JSONDecoder().decode(DocumentJSON.Version.self, from: data),
           let format = version.format, format > DocumentJSON.currentFormat {
            throw DocumentError("it was made by a newer DrawingBoard (format \(format)); this one reads up to \(DocumentJSON.currentFormat)")
        }
        var json: DocumentJSON
        do {
            json = try DocumentJSON.decode(data, files: files)
        } catch let error as DocumentError {
            throw DocumentError("\(documentEntry): \(error.message)")
        } catch {
            throw DocumentError("\(documentEntry): \(DecodingProblem.describe(error, data: data))")
        }
        if let count = json.pages?.count, count > 0 {
            guard count < DocumentJSON.maxPages else {
                throw DocumentError("\(documentEntry): pages: has \(count) pages after the first, more than a notebook may have (\(DocumentJSON.maxPages))")
            }
            let read: [[Stroke]]
            do {
                read = try strokes(count)
            } catch let error as DocumentError {
                throw error
            } catch {
                throw DocumentError("\(error)")
            }
            for i in 0..<count { json.pages![i].strokes = read[i] }
        }
        do {
            try json.validate()
        } catch {
            throw DocumentError("\(documentEntry): \(error)")
        }
        return json
    }

    /// A relative path that stays inside the archive.
    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\\") && !path.contains("\0")
            && !path.split(separator: "/").contains("..")
    }

    /// The first bytes of an entry (at least `count` when it has them), without unpacking the rest.
    static func extractHead(_ entry: Entry, from archive: Archive, count: Int = 64) throws -> Data {
        struct Enough: Error {}
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: true) { chunk in
                data.append(chunk)
                if data.count >= count { throw Enough() }
            }
        } catch is Enough {
        }
        return data
    }

    /// What an entry must hold, judged from its first bytes.
    enum Kind {
        case any, png, json

        /// nil while the bytes so far cannot tell; false when they are not of this kind.
        func matches(_ head: Data, complete: Bool) -> Bool? {
            switch self {
            case .any: return true
            case .png:
                if head.count >= pngSignature.count { return head.starts(with: pngSignature) }
                return complete ? false : nil
            case .json:
                guard let first = head.prefix(4096).first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                    return complete || head.count >= 4096 ? false : nil
                }
                return first == UInt8(ascii: "{")
            }
        }

        var name: String { self == .png ? "a PNG image" : "a JSON object" }
    }

    /// An entry's bytes, refusing more than `limit`, whatever the entry claims (zip bombs), and
    /// stopping as soon as the first bytes show the entry is not of `kind` (a gigabyte of zeros
    /// named .png is not read to the end to find out).
    static func extract(_ entry: Entry, from archive: Archive, limit: UInt64, kind: Kind = .any) throws -> Data {
        guard entry.type == .file else { throw DocumentError("\"\(entry.path)\" is not a file") }
        guard entry.uncompressedSize <= limit else {
            throw DocumentError("\"\(entry.path)\" unpacks to \(entry.uncompressedSize) bytes, more than \(limit)")
        }
        // Room for what the entry says it holds (within the limit): no copies as it grows.
        var data = Data(capacity: Int(entry.uncompressedSize))
        var judged = kind == .any
        do {
            // The checksum by zlib's crc32, several times faster than the archive reader's own.
            var checksum = crc32(0, nil, 0)
            _ = try archive.extract(entry, skipCRC32: true) { chunk in
                data.append(chunk)
                checksum = chunk.withUnsafeBytes { crc32(checksum, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
                if UInt64(data.count) > min(limit, entry.uncompressedSize) {
                    throw DocumentError("\"\(entry.path)\" unpacks to more than it says")
                }
                if !judged, let ok = kind.matches(data, complete: false) {
                    guard ok else { throw DocumentError("\(entry.path) is not \(kind.name)") }
                    judged = true
                }
            }
            guard UInt32(checksum) == entry.checksum else {
                throw DocumentError("\"\(entry.path)\" is damaged (its checksum does not match its bytes)")
            }
        } catch let error as DocumentError {
            throw error
        } catch {
            throw DocumentError("\"\(entry.path)\" is damaged (\(error))")
        }
        if !judged, kind.matches(data, complete: true) != true {
            throw DocumentError("\(entry.path) is not \(kind.name)")
        }
        return data
    }
}
