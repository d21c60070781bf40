import DrawingBoardCore
import Foundation

/// DrawingBoard's own entry in an .ora: what the background is and the strokes as data.
struct DocumentJSON: Codable {
    enum BackgroundSpec: Codable, Equatable {
        case color(RGBColor)
        case image(String)
        /// Format 2: ruled paper, flat as scripts write it.
        case paper(Paper)
        /// Format 5: a page (0-based) of a PDF kept in the archive at `file`.
        case pdf(file: String, page: Int)
        /// Format 6: a Xournal++ paper.
        case xournal(XournalPaper)

        private enum Keys: String, CodingKey {
            case color, image, paper, pdf, xournal
            case pdfPage = "pdf-page"
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            if let file = try c.decodeIfPresent(String.self, forKey: .pdf) {
                self = .pdf(file: file, page: try c.decode(Int.self, forKey: .pdfPage))
            } else if c.contains(.paper) {
                self = .paper(try Paper(from: decoder))
            } else if c.contains(.xournal) {
                self = .xournal(try XournalPaper(from: decoder))
            } else if let color = try c.decodeColorIfPresent(forKey: .color) {
                self = .color(color)
            } else {
                self = .image(try c.decode(String.self, forKey: .image))
            }
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch self {
            case .color(let color): try c.encode(color.hex, forKey: .color)
            case .image(let name): try c.encode(name, forKey: .image)
            case .paper(let paper): try paper.encode(to: encoder)
            case .xournal(let paper): try paper.encode(to: encoder)
            case .pdf(let file, let page):
                try c.encode(file, forKey: .pdf)
                try c.encode(page, forKey: .pdfPage)
            }
        }
    }

    /// The newest format this DrawingBoard reads and writes; every older one is read. Format 2
    /// is format 1 with paper backgrounds; format 3 adds elements; format 4 strokes with
    /// pressure (a reader that did not know it would draw them at one width). Up to format 6 a
    /// document was written in the oldest format that held it.
    /// Format 5: notebooks (pages after the first in `pages`) and PDF backgrounds.
    /// Format 6: what Xournal++ notebooks bring: its papers, and strokes drawn as it draws
    /// them (`line`: straight segments, caps, dashes, widths per segment, fill).
    /// Format 7: the page's items are the drawing. The drawing layer is a picture of them for
    /// other apps, and a reader paints the page from its items; before, a reader trusted the
    /// strokes only when they painted that layer nearly exactly, and kept the layer as pixels
    /// otherwise (a better renderer would have turned a document's strokes into a picture).
    /// Format 8: a stroke may carry a transform (moved, scaled or turned with a selection since
    /// it was drawn: `transform`, six numbers) and the eraser's passes that took parts of it
    /// (`holes`, eraser strokes), which go where it goes.
    /// Every document is written in format 8, since every one says this.
    static let currentFormat = 8

    var format = 1
    var background: BackgroundSpec
    var strokes: [Stroke]
    /// The archive entry holding the pixels under the strokes, when there are any (the page's
    /// base item); absent in documents whose strokes are the whole drawing.
    var base: String?
    /// Ids of strokes already in those pixels.
    var baked: [UInt64]?
    /// Format 3: the photos, stickers and texts, each with how many strokes lie under it (their
    /// image files are entries of their own, named in each element's `file`).
    var elements: [PlacedElement]?
    /// Format 5: the notebook's pages after the first (the first is the document's layers).
    var pages: [PageJSON]?

    /// The file's keys, fixed here whatever the properties are called.
    enum CodingKeys: String, CodingKey { case format, background, strokes, base, baked, elements, pages }

    /// A page after the first: its size and background, and its elements as the first page's
    /// are written. The strokes of all these pages are one binary entry (`StrokeRecords`,
    /// `pagesStrokesEntry`: a notebook's handwriting reads many times faster so), and a page's
    /// pixels (a background image, a base) entries under `drawingboard/pages/N/`.
    struct PageJSON: Codable {
        var width: Int
        var height: Int
        var background: BackgroundSpec
        /// The entry of an image background's pixels.
        var backgroundImage: String?
        /// The page's strokes, once read from the binary entry (they are not in the JSON).
        var strokes: [Stroke] = []
        var base: String?
        var baked: [UInt64]?
        var elements: [PlacedElement]?

        enum CodingKeys: String, CodingKey {
            case width, height, background, base, baked, elements
            case backgroundImage = "background-image"
        }
    }

    /// The strokes of every page after the first.
    static let pagesStrokesEntry = "drawingboard/pages.strokes"

    /// An element and its place among the strokes: `{"strokes-before": 12, "id": ..., ...}`.
    struct PlacedElement: Codable {
        var strokesBefore: Int
        var element: Element

        enum Keys: String, CodingKey { case strokesBefore = "strokes-before" }

        init(strokesBefore: Int, element: Element) {
            self.strokesBefore = strokesBefore
            self.element = element
        }

        init(from decoder: Decoder) throws {
            strokesBefore = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .strokesBefore)
            element = try Element(from: decoder)
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(strokesBefore, forKey: .strokesBefore)
            try element.encode(to: encoder)
        }
    }

    static let baseEntry = "drawingboard/base.png"
    /// Most elements on one page.
    static let maxElements = 10_000

    init(_ contents: DocumentContents) {
        background = Self.spec(contents.background)
        format = Self.currentFormat
        strokes = contents.strokes
        let placed = contents.page.elementsAmongStrokes
        if !placed.isEmpty {
            elements = placed.map { PlacedElement(strokesBefore: $0.strokesBefore, element: $0.element) }
        }
        if contents.base != nil {
            base = Self.baseEntry
            baked = contents.bakedStrokes.isEmpty ? nil : contents.bakedStrokes.sorted()
        }
        if !contents.otherPages.isEmpty {
            pages = contents.otherPages.enumerated().map { i, page in
                let background = Self.spec(page.background)
                var json = PageJSON(width: page.size.width, height: page.size.height, background: background, strokes: page.strokes)
                if case .image = page.background { json.backgroundImage = Self.pageEntry(i + 2, "background.png") }
                if page.base != nil {
                    json.base = Self.pageEntry(i + 2, "base.png")
                    json.baked = page.bakedStrokes.isEmpty ? nil : page.bakedStrokes.sorted()
                }
                let placed = page.elementsAmongStrokes
                if !placed.isEmpty { json.elements = placed.map { PlacedElement(strokesBefore: $0.strokesBefore, element: $0.element) } }
                return json
            }
        }
    }

    /// A background as written.
    static func spec(_ background: Background) -> BackgroundSpec {
        switch background {
        case .color(let c): return .color(c)
        case .image(_, let name): return .image(name)
        case .paper(let paper): return .paper(paper)
        case .xournal(let paper): return .xournal(paper)
        case .pdf(let pdf): return .pdf(file: pdfEntry(pdf.file), page: pdf.index)
        }
    }

    /// Where a PDF's bytes are kept: once per digest.
    static func pdfEntry(_ file: PDFFile) -> String { "drawingboard/pdf/\(file.digest).pdf" }

    /// Where page `number`'s (from 1) pixels of `name` are kept.
    static func pageEntry(_ number: Int, _ name: String) -> String { "drawingboard/pages/\(number)/\(name)" }

    /// Most pages in a notebook.
    static let maxPages = PDFLimits.pages

    /// Every value checked against the contract; the error names the field.
    func validate() throws(ValidationError) {
        guard format >= 1 else { throw ValidationError("format", "\(format) is not a format number") }
        if case .paper(let paper) = background { try paper.validate(at: "background") }
        if case .xournal(let paper) = background { try paper.validate(at: "background") }
        try Stroke.validate(strokes, at: "strokes")
        var ids = Set(strokes.map(\.id))
        var before = 0
        guard (elements?.count ?? 0) <= Self.maxElements else {
            throw ValidationError("elements", "has \(elements?.count ?? 0) elements, more than the \(Self.maxElements) a page may have")
        }
        for (i, placed) in (elements ?? []).enumerated() {
            guard placed.strokesBefore >= before else {
                throw ValidationError("elements[\(i)].strokes-before", "\(placed.strokesBefore) is less than the element's before it (\(before))")
            }
            before = placed.strokesBefore
            try placed.element.validate(at: "elements[\(i)]")
            guard (0...strokes.count).contains(placed.strokesBefore) else {
                throw ValidationError("elements[\(i)].strokes-before", "\(placed.strokesBefore) is outside 0...\(strokes.count)")
            }
            guard ids.insert(placed.element.id).inserted else {
                throw ValidationError("elements[\(i)].id", "\(placed.element.id) is used by another item too")
            }
        }
        try Self.validate(baked: baked, at: "baked")
        guard (pages?.count ?? 0) < Self.maxPages else {
            throw ValidationError("pages", "has \(pages?.count ?? 0) pages, more than a notebook may have (\(Self.maxPages))")
        }
        for (n, page) in (pages ?? []).enumerated() {
            let at = "pages[\(n)]"
            try Check.canvas(PixelSize(width: page.width, height: page.height), at: at)
            if case .paper(let paper) = page.background { try paper.validate(at: "\(at).background") }
            if case .xournal(let paper) = page.background { try paper.validate(at: "\(at).background") }
            try Stroke.validate(page.strokes, at: "\(at).strokes")
            var ids = Set(page.strokes.map(\.id))
            var before = 0
            guard (page.elements?.count ?? 0) <= Self.maxElements else { throw ValidationError("\(at).elements", "has too many elements") }
            for (i, placed) in (page.elements ?? []).enumerated() {
                guard placed.strokesBefore >= before, placed.strokesBefore <= page.strokes.count else {
                    throw ValidationError("\(at).elements[\(i)].strokes-before", "\(placed.strokesBefore) is out of order or outside 0...\(page.strokes.count)")
                }
                before = placed.strokesBefore
                try placed.element.validate(at: "\(at).elements[\(i)]")
                guard ids.insert(placed.element.id).inserted else {
                    throw ValidationError("\(at).elements[\(i)].id", "\(placed.element.id) is used by another item too")
                }
            }
            try Self.validate(baked: page.baked, at: "\(at).baked")
        }
    }

    private static func validate(baked: [UInt64]?, at path: String) throws(ValidationError) {
        for (i, id) in (baked ?? []).enumerated() where id >= PageLimits.strokeID {
            throw ValidationError("\(path)[\(i)]", "\(id) is too large (ids stay below \(PageLimits.strokeID))")
        }
    }

    /// `files` keeps the elements' image files.
    func encoded(files: ImageArchive? = nil) throws -> Data {
        let encoder = JSONEncoder()
        if let files { encoder.userInfo[.imageArchive] = files }
        return try encoder.encode(self)
    }

    /// `files` gives the elements' image files back.
    static func decode(_ data: Data, files: ImageArchive? = nil) throws -> DocumentJSON {
        let decoder = JSONDecoder()
        if let files { decoder.userInfo[.imageArchive] = files }
        return try decoder.decode(DocumentJSON.self, from: data)
    }

    /// The format number alone, read before the rest: a newer format may be laid out
    /// differently, and deserves that message rather than a field's.
    struct Version: Decodable {
        var format: Int?
    }
}
