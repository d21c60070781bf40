import CPangoCairo
import DrawingBoardCore
import Foundation

/// poppler-glib, opened when the first PDF is read rather than linked: linked, it and the
/// libraries only it needs (NSS, lcms2, OpenJPEG) were loaded and relocated at every start,
/// 2.5 MB resident in sessions that never see a PDF. Each function is looked up by name; a
/// missing library gives a clear message.
final class PopplerLibrary: @unchecked Sendable {
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>

    /// The library, or nil when it is not installed (loaded once, from any thread).
    static let shared: PopplerLibrary? = PopplerLibrary()

    /// Why PDFs cannot be read here, for messages.
    static let missing = "PDF pages need poppler (the libpoppler-glib8 package), which is not installed"

    /// poppler's error code for a document protected by a password (`POPPLER_ERROR_ENCRYPTED`).
    private static let encrypted: Int32 = 1

    private let newFromBytes: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, ErrorOut?) -> OpaquePointer?
    private let pageCount: @convention(c) (OpaquePointer?) -> Int32
    private let getPage: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    private let getSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
    private let renderPage: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    private let renderForPrinting: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    private let errorQuark: @convention(c) () -> UInt32
    /// `poppler_page_find_text_with_options` (nil with a poppler too old for it: no search).
    private let findText: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> UnsafeMutablePointer<GList>?)?
    /// `poppler_page_get_selected_text` and `_region`: text selected as a reader selects it.
    private let selectedText: (@convention(c) (OpaquePointer?, UInt32, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?)?
    private let selectedRegion: (@convention(c) (OpaquePointer?, Double, UInt32, UnsafeMutableRawPointer?) -> OpaquePointer?)?
    /// `poppler_page_get_link_mapping` and its kin: the page's links.
    private let linkMapping: (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<GList>?)?
    private let freeLinkMapping: (@convention(c) (UnsafeMutablePointer<GList>?) -> Void)?
    private let findDest: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?)?
    private let freeDest: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    /// `poppler_page_get_text_layout`: the box of each character of the page's text.
    private let textLayout: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UInt32>?) -> Int32)?
    /// `poppler_index_iter_*` and `poppler_action_free`: the document's outline.
    private let indexNew: (@convention(c) (OpaquePointer?) -> OpaquePointer?)?
    private let indexChild: (@convention(c) (OpaquePointer?) -> OpaquePointer?)?
    private let indexIsOpen: (@convention(c) (OpaquePointer?) -> Int32)?
    private let indexAction: (@convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?)?
    private let indexNext: (@convention(c) (OpaquePointer?) -> Int32)?
    private let indexFree: (@convention(c) (OpaquePointer?) -> Void)?
    private let freeAction: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    /// `poppler_rectangle_free`: poppler makes its rectangles its own way.
    private let freeRectangle: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

    private init?() {
        guard let library = SharedLibrary("libpoppler-glib.so.8") else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { library.function(name, as: type) }
        guard let newFromBytes = symbol("poppler_document_new_from_bytes",
                                        (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, ErrorOut?) -> OpaquePointer?).self),
              let pageCount = symbol("poppler_document_get_n_pages", (@convention(c) (OpaquePointer?) -> Int32).self),
              let getPage = symbol("poppler_document_get_page", (@convention(c) (OpaquePointer?, Int32) -> OpaquePointer?).self),
              let getSize = symbol("poppler_page_get_size",
                                   (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void).self),
              let renderPage = symbol("poppler_page_render", (@convention(c) (OpaquePointer?, OpaquePointer?) -> Void).self),
              let renderForPrinting = symbol("poppler_page_render_for_printing", (@convention(c) (OpaquePointer?, OpaquePointer?) -> Void).self),
              let errorQuark = symbol("poppler_error_quark", (@convention(c) () -> UInt32).self) else {
            library.close()
            return nil
        }
        self.newFromBytes = newFromBytes
        self.pageCount = pageCount
        self.getPage = getPage
        self.getSize = getSize
        self.renderPage = renderPage
        self.renderForPrinting = renderForPrinting
        self.errorQuark = errorQuark
        findText = symbol("poppler_page_find_text_with_options",
                          (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UInt32) -> UnsafeMutablePointer<GList>?).self)
        freeRectangle = symbol("poppler_rectangle_free", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        linkMapping = symbol("poppler_page_get_link_mapping", (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<GList>?).self)
        freeLinkMapping = symbol("poppler_page_free_link_mapping", (@convention(c) (UnsafeMutablePointer<GList>?) -> Void).self)
        findDest = symbol("poppler_document_find_dest", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer?).self)
        freeDest = symbol("poppler_dest_free", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        selectedText = symbol("poppler_page_get_selected_text",
                              (@convention(c) (OpaquePointer?, UInt32, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?).self)
        indexNew = symbol("poppler_index_iter_new", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
        indexChild = symbol("poppler_index_iter_get_child", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
        indexIsOpen = symbol("poppler_index_iter_is_open", (@convention(c) (OpaquePointer?) -> Int32).self)
        indexAction = symbol("poppler_index_iter_get_action", (@convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?).self)
        indexNext = symbol("poppler_index_iter_next", (@convention(c) (OpaquePointer?) -> Int32).self)
        indexFree = symbol("poppler_index_iter_free", (@convention(c) (OpaquePointer?) -> Void).self)
        freeAction = symbol("poppler_action_free", (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        textLayout = symbol("poppler_page_get_text_layout",
                            (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UInt32>?) -> Int32).self)
        selectedRegion = symbol("poppler_page_get_selected_region",
                                (@convention(c) (OpaquePointer?, Double, UInt32, UnsafeMutableRawPointer?) -> OpaquePointer?).self)
    }

    enum OpenFailure: Error {
        case password
        case unreadable(String)
    }

    /// A document of `bytes` (released with `release`), or why poppler cannot read it.
    func document(_ bytes: Data) -> Result<OpaquePointer, OpenFailure> {
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(gbytes) }
        var error: UnsafeMutablePointer<GError>?
        if let document = newFromBytes(gbytes, nil, &error) {
            if let error { g_error_free(error) }
            return .success(document)
        }
        defer { if let error { g_error_free(error) } }
        if let e = error?.pointee, e.domain == errorQuark(), e.code == Self.encrypted { return .failure(.password) }
        return .failure(.unreadable(error.map { String(cString: $0.pointee.message) } ?? "unknown error"))
    }

    func pages(_ document: OpaquePointer) -> Int { Int(pageCount(document)) }

    /// Page `index` (0-based) of `document` (released with `release`), or nil.
    func page(_ document: OpaquePointer, _ index: Int) -> OpaquePointer? {
        guard let index = Int32(exactly: index) else { return nil }
        return getPage(document, index)
    }

    /// The page's size in points.
    func size(_ page: OpaquePointer) -> (width: Double, height: Double) {
        var w = 0.0, h = 0.0
        getSize(page, &w, &h)
        return (w, h)
    }

    func render(_ page: OpaquePointer, on cr: OpaquePointer, printing: Bool) {
        if printing { renderForPrinting(page, cr) } else { renderPage(page, cr) }
    }

    /// Where `text` is on the page, ignoring case, in the order poppler reads the page: boxes
    /// in points from the page's top left (a match across lines is a box per line).
    func find(_ text: String, on page: OpaquePointer) -> [Rect] {
        guard let findText, let freeRectangle else { return [] }
        let height = size(page).height
        guard let list = text.withCString({ findText(page, $0, 0) }) else { return [] }
        defer {
            var node: UnsafeMutablePointer<GList>? = list
            while let n = node {
                freeRectangle(n.pointee.data)
                node = n.pointee.next
            }
            g_list_free(list)
        }
        var boxes: [Rect] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            if let data = n.pointee.data {
                // PopplerRectangle: x1, y1, x2, y2, from the page's bottom left.
                let r = data.assumingMemoryBound(to: Double.self)
                boxes.append(Rect(minX: min(r[0], r[2]), minY: height - max(r[1], r[3]), maxX: max(r[0], r[2]), maxY: height - min(r[1], r[3])))
            }
            node = n.pointee.next
        }
        return boxes
    }

    /// Where a link of a PDF page leads: a page of the same PDF (0-based), or a web address.
    enum LinkTarget: Equatable {
        case page(Int)
        case uri(String)
    }

    /// The page's links: each one's box in points from the page's top left, and where it
    /// leads (links of other kinds are left out). poppler's structs are read by their layout
    /// (the library is opened by name, without its headers): a mapping is a rectangle of four
    /// doubles then the action; an action its type (an int), its title, then a destination or
    /// an address; a destination its type, its page (from 1), then its numbers and its name.
    func links(on page: OpaquePointer, in document: OpaquePointer) -> [(area: Rect, target: LinkTarget)] {
        guard let linkMapping, let freeLinkMapping, let list = linkMapping(page) else { return [] }
        defer { freeLinkMapping(list) }
        let height = size(page).height
        var result: [(Rect, LinkTarget)] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            node = n.pointee.next
            guard let mapping = n.pointee.data else { continue }
            let r = mapping.assumingMemoryBound(to: Double.self)
            let area = Rect(minX: min(r[0], r[2]), minY: height - max(r[1], r[3]), maxX: max(r[0], r[2]), maxY: height - min(r[1], r[3]))
            guard let action = mapping.load(fromByteOffset: 32, as: UnsafeMutableRawPointer?.self) else { continue }
            let type = action.load(as: Int32.self)
            switch type {
            case 5: // POPPLER_ACTION_URI
                if let uri = action.load(fromByteOffset: 16, as: UnsafePointer<CChar>?.self) { result.append((area, .uri(String(cString: uri)))) }
            case 2: // POPPLER_ACTION_GOTO_DEST
                guard let dest = action.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self) else { continue }
                if let number = destinationPage(dest, in: document) { result.append((area, .page(number))) }
            default:
                continue
            }
        }
        return result
    }

    /// An entry of a document's outline: its title, the page it goes to (0-based; nil for an
    /// entry that goes nowhere in the file), whether the PDF shows it unfolded, its entries.
    struct OutlineNode {
        var title: String
        var page: Int?
        var open: Bool
        var children: [OutlineNode]
    }

    /// The document's outline (its bookmarks), at most `limit` entries and `depth` levels
    /// (a file's outline is not trusted: a loop or a flood stops there).
    func outline(of document: OpaquePointer, limit: Int = 10_000, depth: Int = 32) -> [OutlineNode] {
        guard let indexNew, let indexChild, let indexIsOpen, let indexAction, let indexNext, let indexFree, let freeAction,
              let root = indexNew(document) else { return [] }
        var count = 0
        func read(_ iter: OpaquePointer, level: Int) -> [OutlineNode] {
            var nodes: [OutlineNode] = []
            repeat {
                guard count < limit else { break }
                count += 1
                var title = "", page: Int?
                if let action = indexAction(iter) {
                    // An action: its type (an int), its title, then (going to a destination)
                    // the destination.
                    if let text = action.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) { title = String(cString: text) }
                    if action.load(as: Int32.self) == 2, let dest = action.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self) {
                        page = destinationPage(dest, in: document)
                    }
                    freeAction(action)
                }
                var children: [OutlineNode] = []
                if level < depth, let child = indexChild(iter) {
                    children = read(child, level: level + 1)
                    indexFree(child)
                }
                nodes.append(OutlineNode(title: title, page: page, open: indexIsOpen(iter) != 0, children: children))
            } while indexNext(iter) != 0
            return nodes
        }
        defer { indexFree(root) }
        return read(root, level: 1)
    }

    /// A destination's page (0-based); a named one looked up in the document.
    private func destinationPage(_ dest: UnsafeMutableRawPointer, in document: OpaquePointer) -> Int? {
        let type = dest.load(as: Int32.self)
        if type == 9 { // POPPLER_DEST_NAMED
            guard let findDest, let freeDest, let name = dest.load(fromByteOffset: 48, as: UnsafePointer<CChar>?.self),
                  let found = findDest(document, name) else { return nil }
            defer { freeDest(found) }
            let page = Int(found.load(fromByteOffset: 4, as: Int32.self))
            return page >= 1 ? page - 1 : nil
        }
        let page = Int(dest.load(fromByteOffset: 4, as: Int32.self))
        return page >= 1 ? page - 1 : nil
    }

    /// How a selection grows from its two points: by characters, whole words, whole lines.
    enum SelectionStyle: UInt32 {
        case glyph = 0, word = 1, line = 2
    }

    /// The text between two points (in points, from the page's top left) as a reader selects
    /// it, and the boxes it covers at `scale` (page pixels per point).
    func selection(on page: OpaquePointer, from a: Point, to b: Point, style: SelectionStyle, scale: Double) -> (text: String, boxes: [Rect]) {
        guard let selectedText, let selectedRegion else { return ("", []) }
        // PopplerRectangle: x1, y1, x2, y2.
        var rect = [a.x, a.y, b.x, b.y]
        let text = rect.withUnsafeMutableBytes { raw -> String in
            guard let chars = selectedText(page, style.rawValue, raw.baseAddress) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
        var boxes: [Rect] = []
        rect.withUnsafeMutableBytes { raw in
            guard let region = selectedRegion(page, scale, style.rawValue, raw.baseAddress) else { return }
            defer { cairo_region_destroy(region) }
            for i in 0..<cairo_region_num_rectangles(region) {
                var r = cairo_rectangle_int_t()
                cairo_region_get_rectangle(region, i, &r)
                boxes.append(Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)))
            }
        }
        return (text, boxes)
    }

    /// The box of each character of the page's text (in points; spaces and line ends
    /// included), in the text's order.
    func characterBoxes(on page: OpaquePointer) -> [Rect] {
        guard let textLayout else { return [] }
        var rectangles: UnsafeMutableRawPointer?
        var count: UInt32 = 0
        guard textLayout(page, &rectangles, &count) != 0, let rectangles else { return [] }
        // (One array of PopplerRectangle, four doubles each, made with g_malloc.)
        defer { g_free(rectangles) }
        let numbers = rectangles.assumingMemoryBound(to: Double.self)
        return (0..<Int(count)).map { i in
            Rect(minX: numbers[4 * i], minY: numbers[4 * i + 1], maxX: numbers[4 * i + 2], maxY: numbers[4 * i + 3])
        }
    }

    /// Lets a document or page go.
    func release(_ object: OpaquePointer) { g_object_unref(UnsafeMutableRawPointer(object)) }
}
