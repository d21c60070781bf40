import CCairo
import DrawingBoardCore
import Foundation

/// A place where the words looked for are: the page (0-based) and the box on it, in page pixels.
public struct TextMatch: Sendable, Hashable {
    public var page: Int
    public var box: Rect

    public init(page: Int, box: Rect) {
        self.page = page
        self.box = box
    }
}

/// Finds words on pages: in the text of their PDF pages (through poppler) and in their typed
/// texts and the texts of Xournal++ notebooks, ignoring case, across the words of a line. A
/// page's PDF matches come in the order poppler reads the page; its texts' after them, top to
/// bottom and left to right.
public enum TextFinder {
    /// Every match of `words` on `page` (numbered `index` in what is returned).
    public static func matches(of words: String, on page: Page, index: Int, documents: OpenPDFs = .shared) -> [TextMatch] {
        let words = words.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !words.isEmpty else { return [] }
        var found: [Rect] = []
        if case .pdf(let pdf) = page.background, let poppler = PopplerLibrary.shared {
            let points = pdf.pageSize
            let sx = Double(page.size.width) / max(points.width, 1e-9), sy = Double(page.size.height) / max(points.height, 1e-9)
            let boxes: [Rect] = (try? documents.using(pdf.file) { (document: OpaquePointer?) throws(RenderError) -> [Rect] in
                guard let document, let handle = poppler.page(document, pdf.index) else { return [] }
                defer { poppler.release(handle) }
                return poppler.find(words, on: handle)
            }) ?? []
            found += boxes.map { Rect(minX: $0.minX * sx, minY: $0.minY * sy, maxX: $0.maxX * sx, maxY: $0.maxY * sy) }
        }
        var inTexts: [Rect] = []
        for element in page.elements {
            guard let style = element.source.text else { continue }
            inTexts += boxes(of: words, in: style, placed: element.placement)
        }
        found += inTexts.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
        return found.map { TextMatch(page: index, box: $0) }
    }

    /// Every match on every page, in page order.
    public static func matches(of words: String, in pages: [Page], documents: OpenPDFs = .shared) -> [TextMatch] {
        pages.enumerated().flatMap { matches(of: words, on: $0.element, index: $0.offset, documents: documents) }
    }

    /// The boxes of `words` in a text element, on the page: each match within one of its lines
    /// (from the caret before its first character to the caret after its last), through the
    /// element's place (its scale and its turn).
    static func boxes(of words: String, in style: TextStyle, placed p: Element.Placement) -> [Rect] {
        let text = style.text
        var result: [Rect] = []
        var from = text.startIndex
        let natural = TextArt.measure(style)
        let k = p.width / max(natural.width, 1e-9)
        let a = p.rotation * .pi / 180
        func onPage(_ q: Point) -> Point {
            let local = Point((q.x - natural.width / 2) * k, (q.y - natural.height / 2) * k)
            return Point(p.center.x + local.x * cos(a) - local.y * sin(a), p.center.y + local.x * sin(a) + local.y * cos(a))
        }
        while from < text.endIndex, let range = text.range(of: words, options: [.caseInsensitive], range: from..<text.endIndex) {
            from = range.upperBound
            guard !text[range].contains(where: \.isNewline) else { continue }
            let start = text.distance(from: text.startIndex, to: range.lowerBound), end = text.distance(from: text.startIndex, to: range.upperBound)
            let a0 = TextArt.caret(style, at: start), a1 = TextArt.caret(style, at: end)
            let corners = [Point(a0.x, a0.y), Point(a1.x, a0.y), Point(a1.x, a0.y + a0.height), Point(a0.x, a0.y + a0.height)].map(onPage)
            if let box = Rect(around: corners) { result.append(box) }
        }
        return result
    }
}

/// Text of a PDF page selected as a reader selects it: from the character under (or nearest)
/// one point to the one under another, in reading order, by characters, whole words or whole
/// lines; its text and the boxes it covers, in page pixels.
public struct PDFTextSelection: Sendable, Hashable {
    public enum Unit: Sendable { case character, word, line }

    public var text: String
    /// What a reader shows selected: each line's box at the font's full height.
    public var boxes: [Rect]
    /// The boxes of the characters selected, when asked for (`characters`): those of the
    /// page's characters whose middles lie in `boxes`.
    public var characters: [Rect] = []

    /// The selection on `page` from `a` to `b` (page pixels); nil when the page is no PDF
    /// page (or poppler cannot read it). `characters`: the selected characters' boxes too, and
    /// the selection runs from the whole character under or nearest the first point (in
    /// reading order) through the whole one under or nearest the last (a reader's selection
    /// takes a character once the pointer passes its middle).
    /// `known`: the page's characters read already (`PDFCharacters.read`), for a drag that
    /// asks at every motion (their layout is not copied again; poppler still works out the
    /// selection from the page's text each time).
    public static func select(on page: Page, from a: Point, to b: Point, by unit: Unit, characters: Bool = false,
                              known: PDFCharacters? = nil, documents: OpenPDFs = .shared) -> PDFTextSelection? {
        guard case .pdf(let pdf) = page.background, let poppler = PopplerLibrary.shared else { return nil }
        let k = Double(page.size.width) / max(pdf.pageSize.width, 1e-9)
        let style: PopplerLibrary.SelectionStyle = unit == .character ? .glyph : unit == .word ? .word : .line
        typealias Found = (text: String, boxes: [Rect], characters: [Rect])
        let found: Found? = try? documents.using(pdf.file) { (document: OpaquePointer?) throws(RenderError) -> Found? in
            guard let document, let handle = poppler.page(document, pdf.index) else { return nil }
            defer { poppler.release(handle) }
            guard characters else {
                let selected = poppler.selection(on: handle, from: a * (1 / k), to: b * (1 / k), style: style, scale: k)
                return (selected.text, selected.boxes, [])
            }
            let all = known?.boxes ?? PDFCharacters.boxes(on: handle, poppler: poppler)
            var (from, to) = (a * (1 / k), b * (1 / k))
            if let i = nearest(from, in: all), let j = nearest(to, in: all) {
                let (first, last) = i <= j ? (all[i], all[j]) : (all[j], all[i])
                from = Point(first.minX + min(0.1, first.width / 4), first.center.y)
                to = Point(last.maxX - min(0.1, last.width / 4), last.center.y)
            }
            let selected = poppler.selection(on: handle, from: from, to: to, style: style, scale: k)
            let inside = all.map { Rect(minX: $0.minX * k, minY: $0.minY * k, maxX: $0.maxX * k, maxY: $0.maxY * k) }
                .filter { c in selected.boxes.contains { $0.contains(c.center) } }
            return (selected.text, selected.boxes, inside)
        } ?? nil
        guard let found else { return nil }
        return PDFTextSelection(text: found.text, boxes: found.boxes, characters: found.characters)
    }

    /// The index of the box under `p`, or else of the nearest one.
    private static func nearest(_ p: Point, in boxes: [Rect]) -> Int? {
        func distance(_ r: Rect) -> Double {
            let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
            return dx * dx + dy * dy
        }
        return boxes.indices.min { distance(boxes[$0]) < distance(boxes[$1]) }
    }
}

/// The boxes of a PDF page's characters (in PDF points, those with an area), read once.
public struct PDFCharacters: Sendable, Hashable {
    let boxes: [Rect]

    /// Whether the page has no text (a scanned page).
    public var isEmpty: Bool { boxes.isEmpty }

    /// `page`'s characters (nil when the page is no PDF page, or poppler cannot read it).
    public static func read(on page: Page, documents: OpenPDFs = .shared) -> PDFCharacters? {
        guard case .pdf(let pdf) = page.background, let poppler = PopplerLibrary.shared else { return nil }
        let boxes = try? documents.using(pdf.file) { (document: OpaquePointer?) throws(RenderError) -> [Rect]? in
            guard let document, let handle = poppler.page(document, pdf.index) else { return nil }
            defer { poppler.release(handle) }
            return Self.boxes(on: handle, poppler: poppler)
        }
        return (boxes ?? nil).map { PDFCharacters(boxes: $0) }
    }

    static func boxes(on handle: OpaquePointer, poppler: PopplerLibrary) -> [Rect] {
        poppler.characterBoxes(on: handle).filter { $0.width > 0 && $0.height > 0 }
    }
}

/// A link of a PDF page: its box on the page (page pixels) and where it leads.
public struct PDFLink: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// A page of the same PDF file (0-based, in the file's order).
        case pdfPage(Int)
        /// A web address (or any other the desktop opens).
        case web(String)
    }

    public var area: Rect
    public var target: Target

    /// The links of `page`'s PDF page (none when it has no PDF, or poppler cannot read it).
    public static func links(on page: Page, documents: OpenPDFs = .shared) -> [PDFLink] {
        guard case .pdf(let pdf) = page.background, let poppler = PopplerLibrary.shared else { return [] }
        let k = Double(page.size.width) / max(pdf.pageSize.width, 1e-9)
        let found = (try? documents.using(pdf.file) { (document: OpaquePointer?) throws(RenderError) -> [PDFLink] in
            guard let document, let handle = poppler.page(document, pdf.index) else { return [] }
            defer { poppler.release(handle) }
            return poppler.links(on: handle, in: document).map { link in
                let area = Rect(minX: link.area.minX * k, minY: link.area.minY * k, maxX: link.area.maxX * k, maxY: link.area.maxY * k)
                switch link.target {
                case .page(let i): return PDFLink(area: area, target: .pdfPage(i))
                case .uri(let uri): return PDFLink(area: area, target: .web(uri))
                }
            }
        }) ?? []
        return found
    }
}
