import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The files of a journal session: `start.json` (where the session started), `start.ora` (the
/// document it started from, copied), `journal.jsonl` (one JSON line per committed step) and
/// `images/` (background images set during the session).
enum JournalFormat {
    struct StartInfo: Codable {
        var width: Int
        var height: Int
        var background: String?
        var document: String?
        /// The start is `start.ora`, a page that was never a file (an image opened as a page).
        var page: Bool?
        /// A new page of ruled paper (a session started by New page with paper).
        var paper: Paper?
        /// The file the start was imported from (a PDF, a notebook, an image opened), to name
        /// the drawing after when it comes back.
        var imported: String?

        enum CodingKeys: String, CodingKey { case width, height, background, document, page, paper, imported }

        /// `imported` when it is a file's path (only the name is lost when it is not).
        var importedPath: String? {
            guard let imported, imported.hasPrefix("/"), imported.utf8.count <= Int(PATH_MAX) else { return nil }
            return imported
        }

        /// The values checked before anything acts on them.
        func validate() throws(ValidationError) {
            try Check.canvas(PixelSize(width: width, height: height), at: "")
            try paper?.validate(at: "paper")
            if let background, RGBColor(hex: background) == nil {
                throw ValidationError("background", "\"\(background)\" is not a colour")
            }

        }
    }

    /// One line: an edit (in `Edit`'s own coding), an undo, a redo, or a note that the drawing
    /// was saved. `{"undo": true}`, `{"redo": true}`, `{"saved": "/path"}`.
    enum Line: Codable {
        case event(HistoryEvent)
        case saved(String)

        private enum Keys: String, CodingKey { case undo, redo, saved, show }

        /// The first key each kind of line is written with: where a line starts when a
        /// fragment sits in front of it.
        static let starts = (["undo", "redo", "saved", "show"] + Edit.Keys.allCases.map(\.rawValue)).map { Array("{\"\($0)\"".utf8) }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            if try c.decodeIfPresent(Bool.self, forKey: .undo) == true {
                self = .event(.undo)
            } else if try c.decodeIfPresent(Bool.self, forKey: .redo) == true {
                self = .event(.redo)
            } else if let path = try c.decodeIfPresent(String.self, forKey: .saved) {
                self = .saved(path)
            } else if let page = try c.decodeIfPresent(Int.self, forKey: .show) {
                self = .event(.show(page))
            } else {
                self = .event(.edit(try Edit(from: decoder)))
            }
        }

        func encode(to encoder: Encoder) throws {
            switch self {
            case .event(.edit(let edit)): try edit.encode(to: encoder)
            case .event(.undo):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(true, forKey: .undo)
            case .event(.redo):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(true, forKey: .redo)
            case .saved(let path):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(path, forKey: .saved)
            case .event(.show(let page)):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(page, forKey: .show)
            }
        }

        var edit: Edit? {
            if case .event(.edit(let edit)) = self { return edit }
            return nil
        }

        /// Whether the line is a step of the history (the canvas growing with the window and
        /// notes of saves are not).
        var makesStep: Bool { edit?.makesStep == true }

        var isSaved: Bool {
            if case .saved = self { return true }
            return false
        }
    }

    /// A line that could not be read: why, and whether it was a step of the history (its place
    /// must then be kept).
    struct BrokenLine: Error {
        var reason: String
        var makesStep: Bool
    }

    /// The journal's lines, with the images they name read through `images`. A line that
    /// cannot be read (cut short by a crash or a full disk, with the next line written after
    /// it) is skipped, not the end: when a complete line was glued to a fragment, that line is
    /// found and kept. A line whose image cannot be read is kept as broken (it was a step).
    static func readLines(_ data: Data, images: ImageArchive = PlaceholderImages()) -> (lines: [Result<Line, BrokenLine>], skipped: Int) {
        var lines: [Result<Line, BrokenLine>] = []
        var skipped = 0
        let decoder = JSONDecoder()
        decoder.userInfo[.imageArchive] = images
        let shape = JSONDecoder()
        shape.userInfo[.imageArchive] = PlaceholderImages()
        for raw in data.split(separator: UInt8(ascii: "\n")) {
            if let line = decode(Data(raw), decoder, shape) {
                lines.append(line)
                continue
            }
            skipped += 1
            if let line = resync(Array(raw), decoder, shape) { lines.append(line) }
        }
        return (lines, skipped)
    }

    /// The keys of lines that are steps of the history (`grow` is not one).
    private static let stepKeys: Set<String> = ["stroke", "clear", "color", "image", "page", "paper", "place", "change", "delete", "raise", "lower", "pages", "pdf"]

    /// A line, or nil when it is not one; a step whose values cannot be read (an image that
    /// cannot be, a colour that is none) gives a broken step.
    private static func decode(_ raw: Data, _ decoder: JSONDecoder, _ shape: JSONDecoder) -> Result<Line, BrokenLine>? {
        do {
            return .success(try decoder.decode(Line.self, from: raw))
        } catch {
            // A whole line of JSON whose values are wrong (a colour that is none, a page of two
            // numbers) was a step all the same when it names one: its place is kept.
            let object = (try? JSONSerialization.jsonObject(with: raw)) as? [String: Any]
            let isStep = (try? shape.decode(Line.self, from: raw)) != nil || object.map { !stepKeys.isDisjoint(with: $0.keys) } == true
            guard isStep else { return nil }
            return .failure(BrokenLine(reason: "\(DecodingProblem.describe(error, data: raw))", makesStep: true))
        }
    }

    /// The last complete line inside `raw`: a fragment followed by a line.
    private static func resync(_ raw: [UInt8], _ decoder: JSONDecoder, _ shape: JSONDecoder) -> Result<Line, BrokenLine>? {
        guard raw.count > 2 else { return nil }
        // A few tries at most: a hostile line full of starts must not cost its length squared.
        var tries = 0
        for i in 1..<raw.count where tries < 16 && raw[i] == UInt8(ascii: "{") && raw[i + 1 < raw.count ? i + 1 : i] == UInt8(ascii: "\"") {
            guard Line.starts.contains(where: { raw[i...].starts(with: $0) }) else { continue }
            tries += 1
            if let line = decode(Data(raw[i...]), decoder, shape) { return line }
        }
        return nil
    }

    /// Where the last complete line ends (a crash may have cut the one after it short).
    static func completeLength(_ data: Data) -> Int {
        guard let last = data.lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
        return last - data.startIndex + 1
    }

    /// A size that holds every stroke of `lines` (and what grow and page steps named), for a
    /// session whose start is lost: its steps come back over a blank page of that size.
    static func pageSize(for lines: [Result<Line, BrokenLine>], atLeast least: PixelSize = PixelSize(width: 640, height: 480)) -> PixelSize {
        var w = least.width, h = least.height
        for case .success(let line) in lines {
            // Only edits that will be replayed count (a line whose values are out of range is
            // skipped then, so it must not size the page now).
            if let edit = line.edit, (try? edit.validate(at: "edit")) == nil { continue }
            let side = 1...CanvasLimits.maxSide
            var points: [Point] = []
            switch line.edit {
            case .grow(let g)?, .page(let g, _)?:
                if side.contains(g.width), side.contains(g.height) {
                    w = max(w, g.width)
                    h = max(h, g.height)
                }
            case .stroke(let stroke)?: points = stroke.points
            case .eraseStrokes(let path, _)?: points = path
            default: break
            }
            for p in points where p.x.isFinite && p.y.isFinite {
                w = max(w, Int(min(max(p.x, 0), Double(CanvasLimits.maxSide)).rounded(.up)) + 1)
                h = max(h, Int(min(max(p.y, 0), Double(CanvasLimits.maxSide)).rounded(.up)) + 1)
            }
        }
        w = min(w, CanvasLimits.maxSide)
        h = min(h, CanvasLimits.maxSide)
        while w * h > CanvasLimits.maxPixels { w = w * 9 / 10; h = h * 9 / 10 }
        return PixelSize(width: w, height: h)
    }
}

/// Images of lines being counted, not replayed: none is read.
final class PlaceholderImages: ImageArchive, @unchecked Sendable {
    func store(_ image: RasterImage) throws -> String { "" }
    func load(_ name: String) throws -> RasterImage { RasterImage(width: 1, height: 1, pixels: [0])! }
    func storeFile(_ asset: ImageAsset) throws -> String { "" }
    func loadFile(_ file: String, name: String, kind: ImageAsset.Kind, size: PixelSize) throws -> ImageAsset {
        ImageAsset(name: name, bytes: Data(), kind: kind, size: PixelSize(width: 1, height: 1))
    }
    func storePDF(_ file: PDFFile) throws -> String { "" }
    func loadPDF(_ name: String) throws -> PDFFile {
        PDFFile(bytes: Data(), digest: "", name: name, pageSizes: Array(repeating: PDFPageSize(width: 1, height: 1), count: PDFLimits.pages))
    }
}

/// The images of a session: `images/N.png` beside its journal. Storing only encodes (the
/// journal writes the files with the line, so a full disk keeps both waiting); loading checks
/// the name stays inside the session.
final class SessionImages: ImageArchive, @unchecked Sendable {
    let directory: URL
    private(set) var next: Int
    /// Files to write before the line that names them.
    var files: [(path: String, data: Data)] = []

    init(directory: URL, after last: Int) {
        self.directory = directory
        next = last
    }

    func store(_ image: RasterImage) throws -> String {
        next += 1
        let relative = "images/\(next).png"
        // An image that cannot be encoded (no memory) still gets its line, so the steps after it
        // keep their places; restoring puts an empty step there.
        if let png = try? PNGFile.encode(image) {
            files.append((directory.appendingPathComponent(relative).path, png))
        }
        return relative
    }

    func load(_ name: String) throws -> RasterImage {
        guard OpenRaster.isSafe(name) else { throw DocumentError("journal image path \"\(name)\" leaves the session") }
        let data = try RegularFile.read(directory.appendingPathComponent(name).path, limit: Int(OpenRaster.maxEntryBytes), noun: "image")
        return try PNGFile.decode(data, name: name)
    }

    /// Element files already kept in this session, by name.
    private var kept: Set<String> = []

    /// Writes each distinct file once, named by its digest (`images/e-1f3a.svg`).
    func storeFile(_ asset: ImageAsset) throws -> String {
        let relative = "images/e-\(asset.digestText)-\(asset.bytes.count).\(asset.kind == .svg ? "svg" : "img")"
        let path = directory.appendingPathComponent(relative).path
        if kept.insert(relative).inserted, !FileManager.default.fileExists(atPath: path) {
            files.append((path, asset.bytes))
        }
        return relative
    }

    func loadFile(_ file: String, name: String, kind: ImageAsset.Kind, size: PixelSize) throws -> ImageAsset {
        // Every line that names a file (a photo placed, then moved fifty times) shares the bytes
        // read for the first.
        if let known = loaded[file] {
            guard known.kind == kind, known.size == size else { throw DocumentError("\(file) is named as two different images") }
            return known.name == name ? known : ImageAsset(name: name, bytes: known.bytes, kind: kind, size: size)
        }
        guard OpenRaster.isSafe(file) else { throw DocumentError("journal image path \"\(file)\" leaves the session") }
        let data = try RegularFile.read(directory.appendingPathComponent(file).path, limit: Int(OpenRaster.maxEntryBytes), noun: "image")
        kept.insert(file)
        let asset = try ElementFiles.asset(data, name: name, kind: kind, size: size)
        loaded[file] = asset
        return asset
    }

    /// Element files read back, by name.
    private var loaded: [String: ImageAsset] = [:]

    /// Writes each distinct PDF once, named by its digest (`images/p-DIGEST.pdf`).
    func storePDF(_ file: PDFFile) throws -> String {
        let relative = "images/p-\(file.digest).pdf"
        let path = directory.appendingPathComponent(relative).path
        if kept.insert(relative).inserted, !FileManager.default.fileExists(atPath: path) {
            files.append((path, file.bytes))
        }
        return relative
    }

    func loadPDF(_ name: String) throws -> PDFFile {
        guard OpenRaster.isSafe(name) else { throw DocumentError("journal PDF path \"\(name)\" leaves the session") }
        let pdf = try PDFReader.read(path: directory.appendingPathComponent(name).path, name: name)
        guard name == "images/p-\(pdf.digest).pdf" else { throw DocumentError("the journal's PDF \(name) is damaged") }
        kept.insert(name)
        return pdf
    }
}
