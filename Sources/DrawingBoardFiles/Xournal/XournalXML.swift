import CSystem
import DrawingBoardCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A Xournal++ (`.xopp`) or Xournal (`.xoj`) notebook's XML as it is written, read element by
/// element and checked as it is read: only the tags and attributes that draw something are
/// kept, every number is finite, and nothing is made bigger than the limits allow. No DTD is
/// read and no entity is expanded: a document with either is refused before the parser sees it.
struct XournalXML {
    struct Page {
        var width: Double
        var height: Double
        var background: Background?
        /// The elements of every layer, the layers in order (the first is drawn first).
        var items: [Item] = []
    }

    enum Background {
        case solid(color: RGBColor, style: String?, config: String)
        case pixmap(domain: String, filename: String)
        /// `filename` and `domain` are given on the notebook's first PDF page only.
        case pdf(domain: String?, filename: String?, page: Int)
    }

    enum Item {
        case stroke(StrokeSpec)
        case text(TextSpec)
        case image(ImageSpec)
        case tex(ImageSpec)
    }

    struct StrokeSpec {
        enum Tool { case pen, highlighter, eraser }
        var tool: Tool
        var color: RGBColor
        /// The nominal width, then (a pen's pressure) one width per point but the last.
        var widths: [Double]
        var fill: Int?
        var cap: PolylineForm.Cap
        var dashes: [Double]
        /// x0 y0 x1 y1 ...
        var coordinates: [Double]
    }

    struct TextSpec {
        var font: String
        var size: Double
        var x: Double
        var y: Double
        var color: RGBColor
        var text: String
    }

    /// A picture in the box it is stretched to (an `image`, or a `teximage`'s rendering).
    struct ImageSpec {
        var left: Double, top: Double, right: Double, bottom: Double
        var data: Data
    }

    /// What the notebook holds that no picture shows (audio, layer names), in words.
    var leftOut: Set<String> = []
    /// How many pages it has.
    var pageCount = 0

    /// Most bytes of XML read (a notebook's handwriting is a few megabytes a hundred pages).
    static let maxBytes = 512 << 20
    /// Largest number a coordinate or a size may be, in points.
    static let maxCoordinate = PageLimits.coordinate * 3 / 4

    /// Reads the notebook in `data` (gzip or plain XML) as it inflates, handing each page to
    /// `take` as soon as it ends (so one page's elements at most are held as written), with
    /// its number from 1. What `take` throws stops the reading, with its words. The parser is
    /// fed in pieces as they inflate (libxml2's SAX interface: numbers and texts are read
    /// straight from its bytes).
    static func parse(_ data: Data, take: @escaping (Page, Int) throws -> Void) throws(DocumentError) -> XournalXML {
        let stream = NotebookStream(data, limit: maxBytes)
        let reader = Reader(take: take)
        let parser = try SAXParser(events: reader)
        reader.parser = parser
        while reader.problem == nil {
            guard let piece = stream.next() else {
                if stream.problem == nil { parser.feed(UnsafeBufferPointer(start: nil, count: 0), last: true) }
                break
            }
            guard piece.withUnsafeBufferPointer({ parser.feed($0) }) else { break }
        }
        if let problem = stream.problem { throw problem }
        if let problem = reader.problem { throw DocumentError(problem) }
        guard parser.errorCode == 0 else { throw DocumentError("its XML is not valid: \(parser.problem)") }
        guard reader.sawRoot else { throw DocumentError("it is not a Xournal++ or Xournal notebook (no <xournal> element)") }
        guard reader.notebook.pageCount > 0 else { throw DocumentError("it has no pages") }
        return reader.notebook
    }

    private final class Reader: SAXEvents {
        var notebook = XournalXML()
        weak var parser: SAXParser?
        var problem: String?
        /// The page being read.
        private var page: Page?
        private let take: (Page, Int) throws -> Void

        init(take: @escaping (Page, Int) throws -> Void) {
            self.take = take
        }
        var sawRoot = false
        private var depth = 0
        /// The text of the element being read (a stroke's points, a text's words, a picture).
        private var text: [UInt8] = []
        private var collecting = false
        private var pending: Pending?
        private var pdfNamed = false
        private var strokeCount = 0

        private enum Pending {
            case stroke(StrokeSpec)
            case text(TextSpec)
            case image(left: Double, top: Double, right: Double, bottom: Double, tex: Bool)
        }

        /// `at`: the message is about the XML there (the line is named); a page that cannot be
        /// made is about what it names.
        private func fail(_ message: String, at line: Bool = true) {
            guard problem == nil else { return }
            problem = line ? "\(message) (line \(parser?.line ?? 0))" : message
            parser?.stop()
        }

        func start(_ name: String, _ a: SAXAttributes) {
            depth += 1
            guard problem == nil else { return }
            do throws(DocumentError) {
                try begin(name, a)
            } catch {
                fail(error.message)
            }
        }

        private func begin(_ name: String, _ a: SAXAttributes) throws(DocumentError) {
            if depth == 1 {
                guard name == "xournal" || name == "MrWriter" else {
                    throw DocumentError("it is not a Xournal++ or Xournal notebook (its root is <\(name.prefix(40))>)")
                }
                sawRoot = true
                return
            }
            switch (depth, name) {
            case (2, "page"):
                let w = try XournalElements.number(a, "width", "the page's width"), h = try XournalElements.number(a, "height", "the page's height")
                guard w > 0, h > 0 else { throw DocumentError("page \(notebook.pageCount + 1) is \(w) x \(h) points, not a page") }
                guard notebook.pageCount < Notebook.maxPages else { throw DocumentError("it has more than \(Notebook.maxPages) pages") }
                notebook.pageCount += 1
                page = Page(width: w, height: h)
            case (2, "audio"):
                notebook.leftOut.insert("audio recordings")
            case (3, "background"):
                var background = try XournalElements.background(a, page: notebook.pageCount)
                // Xournal++ reads the PDF's name once, on the first PDF page.
                if case .pdf(_, _, let n) = background {
                    if pdfNamed { background = .pdf(domain: nil, filename: nil, page: n) }
                    pdfNamed = true
                }
                page?.background = background
            case (3, "layer"):
                if let layer = a["name"], !layer.isEmpty { notebook.leftOut.insert("layer names") }
            case (4, "stroke"):
                strokeCount += 1
                guard strokeCount <= 10_000_000 else { throw DocumentError("it has more than 10000000 strokes") }
                if a["fn"].map({ !$0.isEmpty }) == true { notebook.leftOut.insert("audio recordings") }
                pending = .stroke(try XournalElements.stroke(a))
                startText()
            case (4, "text"), (4, "link"):
                // A link (newer Xournal++) shows its text; where it leads is not a picture.
                if name == "link", a["url"].map({ !$0.isEmpty }) == true { notebook.leftOut.insert("link addresses") }
                if a["fn"].map({ !$0.isEmpty }) == true { notebook.leftOut.insert("audio recordings") }
                pending = .text(try XournalElements.text(a))
                startText()
            case (4, "image"), (4, "teximage"):
                let box = try XournalElements.box(a)
                pending = .image(left: box.left, top: box.top, right: box.right, bottom: box.bottom, tex: name == "teximage")
                startText()
            case (4, "timestamp"):
                if a["fn"].map({ !$0.isEmpty }) == true { notebook.leftOut.insert("audio recordings") }
            default:
                return
            }
        }

        private func startText() {
            text.removeAll(keepingCapacity: true)
            collecting = true
        }

        func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard collecting, problem == nil else { return }
            text.append(contentsOf: bytes)
            // A stroke's coordinates take at least two bytes each.
            if text.count > 2 * 32 * PageLimits.pointsPerStroke + 1_000 {
                fail("an element holds more than a stroke of \(PageLimits.pointsPerStroke) points may")
            }
        }

        func end(_ name: String) {
            defer { depth -= 1 }
            guard problem == nil else { return }
            if depth == 2, name == "page", let done = page {
                page = nil
                do {
                    try take(done, notebook.pageCount)
                } catch let error as DocumentError {
                    fail(error.message, at: false)
                } catch {
                    fail("page \(notebook.pageCount): \(error)", at: false)
                }
                return
            }
            guard depth == 4, let item = pending else { return }
            pending = nil
            collecting = false
            do throws(DocumentError) {
                guard page != nil else { return }
                switch item {
                case .stroke(var stroke):
                    stroke.coordinates = try text.withUnsafeBufferPointer { bytes throws(DocumentError) in
                        try Numbers.parse(bytes, what: "a stroke's points", limit: 2 * PageLimits.pointsPerStroke)
                    }
                    guard stroke.coordinates.count >= 2, stroke.coordinates.count % 2 == 0 else {
                        throw DocumentError("a stroke on page \(notebook.pageCount) has \(stroke.coordinates.count) coordinates, not pairs of x and y")
                    }
                    try checkCoordinates(stroke.coordinates)
                    append(.stroke(stroke))
                case .text(var spec):
                    let words = String(decoding: text, as: UTF8.self)
                    guard !words.isEmpty else { return }
                    guard words.count <= Element.maxTextLength else { throw DocumentError("a text on page \(notebook.pageCount) is longer than \(Element.maxTextLength) characters") }
                    spec.text = words
                    append(.text(spec))
                case .image(let left, let top, let right, let bottom, let tex):
                    guard let data = Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters), !data.isEmpty else {
                        throw DocumentError("an image on page \(notebook.pageCount) has no picture in it")
                    }
                    try checkCoordinates([left, top, right, bottom])
                    let spec = ImageSpec(left: left, top: top, right: right, bottom: bottom, data: data)
                    append(tex ? .tex(spec) : .image(spec))
                }
            } catch {
                fail(error.message)
            }
            text.removeAll(keepingCapacity: true)
        }

        private func append(_ item: Item) {
            page?.items.append(item)
        }


        private func checkCoordinates(_ values: [Double]) throws(DocumentError) {
            for v in values where !(abs(v) <= XournalXML.maxCoordinate) {
                throw DocumentError("a coordinate \(v) on page \(notebook.pageCount) is too far outside the page (limit \(Int(XournalXML.maxCoordinate)) points)")
            }
        }
    }
}
