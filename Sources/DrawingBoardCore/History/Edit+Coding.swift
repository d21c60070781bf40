import Foundation

/// Where the pixels of an image an edit carries are kept when the edit is written: the journal
/// stores them as files beside its lines. Given to the coder as `userInfo[.imageArchive]`
/// (whose values are `Sendable`); an archive serves the one coder it is given to, on one thread.
public protocol ImageArchive: AnyObject, Sendable {
    /// Keeps `image` and returns the name to write for it.
    func store(_ image: RasterImage) throws -> String
    /// The image written under `name`.
    func load(_ name: String) throws -> RasterImage
    /// Keeps an element's image file (once per distinct file) and returns the name to write.
    func storeFile(_ asset: ImageAsset) throws -> String
    /// The element's image file written under `file`, checked to be what the line says.
    func loadFile(_ file: String, name: String, kind: ImageAsset.Kind, size: PixelSize) throws -> ImageAsset
    /// Keeps a PDF's bytes (once per digest) and returns the name to write.
    func storePDF(_ file: PDFFile) throws -> String
    /// The PDF written under `name`, read and checked again.
    func loadPDF(_ name: String) throws -> PDFFile
}

extension CodingUserInfoKey {
    public static let imageArchive = CodingUserInfoKey(rawValue: "drawingboard.imageArchive")!
}

/// The coding is a file format (journal lines): the keys are fixed here, one edit per object,
/// `{"stroke": {...}}`, `{"clear": true}`, `{"color": "#rrggbb"}`, `{"image": "images/1.png",
/// "name": "photo.jpg"}`, `{"grow": [w, h]}`, `{"page": [w, h, anchor]}`, and paper flat as
/// scripts write it, `{"paper": "lined", "color": ..., "spacing": ..., "line": ...}`. The stroke
/// eraser's gesture is written as a stroke of the stroke eraser (id 0), as journals always had it.
/// The exact changes of the undo history (`items`, `replace`, `batch`) are never written: the
/// journal records what was done, and undo and redo as such.
extension Edit: Codable {
    public enum Keys: String, CodingKey, CaseIterable {
        case stroke, clear, paper, color, image, name, grow, page
        case place, change, delete, raise, lower
        case pages, pdf, xournal, selection
        case pdfPage = "pdf-page"
    }

    /// A pages edit's keys, inside `"pages"`.
    enum PagesKeys: String, CodingKey {
        case add, new, duplicate, move, delete
    }

    /// A new page as the journal writes it: `{"size": [w, h], "background": {...}}`.
    struct NewPage: Codable {
        var size: [Int]
        var background: Edit
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let stroke = try c.decodeIfPresent(Stroke.self, forKey: .stroke) {
            self = stroke.tool == .strokeEraser ? .eraseStrokes(path: stroke.points, width: stroke.style.width) : .stroke(stroke)
        } else if try c.decodeIfPresent(Bool.self, forKey: .clear) == true {
            self = .clear
        } else if let element = try c.decodeIfPresent(Element.self, forKey: .place) {
            self = .place(element)
        } else if let element = try c.decodeIfPresent(Element.self, forKey: .change) {
            self = .change(element)
        } else if let id = try c.decodeIfPresent(UInt64.self, forKey: .delete) {
            self = .delete(id)
        } else if let id = try c.decodeIfPresent(UInt64.self, forKey: .raise) {
            self = .reorder(id, top: true)
        } else if let id = try c.decodeIfPresent(UInt64.self, forKey: .lower) {
            self = .reorder(id, top: false)
        } else if c.contains(.paper) {
            self = .background(.paper(try Paper(from: decoder)))
        } else if c.contains(.xournal) {
            self = .background(.xournal(try XournalPaper(from: decoder)))
        } else if let color = try c.decodeColorIfPresent(forKey: .color) {
            self = .background(.color(color))
        } else if let file = try c.decodeIfPresent(String.self, forKey: .image) {
            guard let archive = decoder.userInfo[.imageArchive] as? ImageArchive else {
                throw DecodingError.dataCorruptedError(forKey: .image, in: c, debugDescription: "no images to read it from")
            }
            self = .background(.image(try archive.load(file), name: try c.decodeIfPresent(String.self, forKey: .name) ?? file))
        } else if let g = try c.decodeIfPresent([Int].self, forKey: .grow) {
            guard g.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .grow, in: c, debugDescription: "needs a width and a height") }
            self = .grow(PixelSize(width: g[0], height: g[1]))
        } else if c.contains(.selection) {
            self = .selection(try c.decode(SelectionEdit.self, forKey: .selection))
        } else if c.contains(.pages) {
            self = .pages(try Self.decodePages(c.nestedContainer(keyedBy: PagesKeys.self, forKey: .pages)))
        } else if let file = try c.decodeIfPresent(String.self, forKey: .pdf) {
            guard let archive = decoder.userInfo[.imageArchive] as? ImageArchive else {
                throw DecodingError.dataCorruptedError(forKey: .pdf, in: c, debugDescription: "no files to read it from")
            }
            let pdf = try archive.loadPDF(file)
            let index = try c.decode(Int.self, forKey: .pdfPage)
            guard pdf.pageSizes.indices.contains(index) else {
                throw DecodingError.dataCorruptedError(forKey: .pdfPage, in: c, debugDescription: "\(file) has no page \(index + 1)")
            }
            self = .background(.pdf(PDFBackground(file: pdf, index: index)))
        } else if let p = try c.decodeIfPresent([Int].self, forKey: .page) {
            guard p.count == 3 else {
                throw DecodingError.dataCorruptedError(forKey: .page, in: c, debugDescription: "needs a width, a height and an anchor")
            }
            self = .page(PixelSize(width: p[0], height: p[1]), anchor: p[2])
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "not an edit (one of \(Keys.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
    }

    private static func decodePages(_ p: KeyedDecodingContainer<PagesKeys>) throws -> PagesEdit {
        if let at = try p.decodeIfPresent(Int.self, forKey: .add) {
            let pages = try p.decode([NewPage].self, forKey: .new).map { new throws -> Page in
                guard new.size.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .new, in: p, debugDescription: "a page needs a width and a height") }
                guard case .background(let background) = new.background else {
                    throw DecodingError.dataCorruptedError(forKey: .new, in: p, debugDescription: "a page's background is not a background")
                }
                return Page(size: PixelSize(width: new.size[0], height: new.size[1]), background: background)
            }
            return .add(at: at, pages: pages)
        }
        if let i = try p.decodeIfPresent(Int.self, forKey: .duplicate) { return .duplicate(i) }
        if let i = try p.decodeIfPresent(Int.self, forKey: .delete) { return .delete(i) }
        let move = try p.decode([Int].self, forKey: .move)
        guard move.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .move, in: p, debugDescription: "needs a page and where it goes") }
        return .move(from: move[0], to: move[1])
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .stroke(let stroke):
            try c.encode(stroke, forKey: .stroke)
        case .eraseStrokes(let path, let width):
            try c.encode(Stroke(id: 0, tool: .strokeEraser, style: StrokeStyle(width: width), points: path), forKey: .stroke)
        case .clear:
            try c.encode(true, forKey: .clear)
        case .background(.color(let color)):
            try c.encode(color.hex, forKey: .color)
        case .background(.paper(let paper)):
            try paper.encode(to: encoder)
        case .background(.xournal(let paper)):
            try paper.encode(to: encoder)
        case .background(.image(let image, let name)):
            guard let archive = encoder.userInfo[.imageArchive] as? ImageArchive else {
                throw EncodingError.invalidValue(image.size, .init(codingPath: encoder.codingPath, debugDescription: "no place to keep the image"))
            }
            try c.encode(try archive.store(image), forKey: .image)
            try c.encode(name, forKey: .name)
        case .grow(let size):
            try c.encode([size.width, size.height], forKey: .grow)
        case .page(let size, let anchor):
            try c.encode([size.width, size.height, anchor], forKey: .page)
        case .place(let element):
            try c.encode(element, forKey: .place)
        case .change(let element):
            try c.encode(element, forKey: .change)
        case .delete(let id):
            try c.encode(id, forKey: .delete)
        case .reorder(let id, let top):
            try c.encode(id, forKey: top ? .raise : .lower)
        case .background(.pdf(let pdf)):
            guard let archive = encoder.userInfo[.imageArchive] as? ImageArchive else {
                throw EncodingError.invalidValue(pdf.file.name, .init(codingPath: encoder.codingPath, debugDescription: "no place to keep the PDF"))
            }
            try c.encode(try archive.storePDF(pdf.file), forKey: .pdf)
            try c.encode(pdf.index, forKey: .pdfPage)
        case .pages(let edit):
            var p = c.nestedContainer(keyedBy: PagesKeys.self, forKey: .pages)
            switch edit {
            case .add(let at, let pages):
                try p.encode(at, forKey: .add)
                try p.encode(pages.map { NewPage(size: [$0.size.width, $0.size.height], background: .background($0.background)) }, forKey: .new)
            case .duplicate(let i):
                try p.encode(i, forKey: .duplicate)
            case .move(let from, let to):
                try p.encode([from, to], forKey: .move)
            case .delete(let i):
                try p.encode(i, forKey: .delete)
            case .insert, .takeBack:
                throw EncodingError.invalidValue(kind.rawValue, .init(codingPath: encoder.codingPath,
                                                                      debugDescription: "an undo history's change is not written; undo and redo are"))
            }
        case .selection(let edit):
            try c.encode(edit, forKey: .selection)
        case .items, .replace, .batch:
            throw EncodingError.invalidValue(kind.rawValue, .init(codingPath: encoder.codingPath,
                                                                  debugDescription: "an undo history's change is not written; undo and redo are"))
        }
    }
}

/// A selection edit as the journal writes it, inside `"selection"`: one of
/// `{"transform": [a, b, c, d, tx, ty], "ids": [...]}`, `{"restyle": {"color": "#rrggbb",
/// "width": 4, "opacity": 1}, "ids": [...]}`, `{"remove": [...]}`, `{"raise": [...]}`,
/// `{"lower": [...]}`, `{"add": [{"stroke": {...}} or {"element": {...}}]}` and
/// `{"snap": id, "shapes": [strokes]}`.
extension SelectionEdit: Codable {
    enum Keys: String, CodingKey {
        case transform, ids, restyle, remove, raise, lower, add, snap, shapes
    }

    struct RestyleCoding: Codable {
        var color: String?
        var width: Double?
        var opacity: Double?
    }

    struct ItemCoding: Codable {
        var stroke: Stroke?
        var element: Element?
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let numbers = try c.decodeIfPresent([Double].self, forKey: .transform) {
            guard let m = Affine(numbers: numbers) else {
                throw DecodingError.dataCorruptedError(forKey: .transform, in: c, debugDescription: "a transform has 6 numbers")
            }
            self = .transform(try c.decode([UInt64].self, forKey: .ids), m)
        } else if let r = try c.decodeIfPresent(RestyleCoding.self, forKey: .restyle) {
            var restyle = Restyle(width: r.width, opacity: r.opacity)
            if let hex = r.color {
                guard let color = RGBColor(hex: hex) else {
                    throw DecodingError.dataCorruptedError(forKey: .restyle, in: c, debugDescription: "\(hex) is not a colour")
                }
                restyle.color = color
            }
            self = .restyle(try c.decode([UInt64].self, forKey: .ids), restyle)
        } else if let ids = try c.decodeIfPresent([UInt64].self, forKey: .remove) {
            self = .remove(ids)
        } else if let ids = try c.decodeIfPresent([UInt64].self, forKey: .raise) {
            self = .reorder(ids, top: true)
        } else if let ids = try c.decodeIfPresent([UInt64].self, forKey: .lower) {
            self = .reorder(ids, top: false)
        } else if let added = try c.decodeIfPresent([ItemCoding].self, forKey: .add) {
            self = .add(try added.map { item throws -> PageItem in
                if let stroke = item.stroke, item.element == nil { return .stroke(stroke) }
                if let element = item.element, item.stroke == nil { return .element(element) }
                throw DecodingError.dataCorruptedError(forKey: .add, in: c, debugDescription: "an item is a stroke or an element")
            })
        } else if let id = try c.decodeIfPresent(UInt64.self, forKey: .snap) {
            self = .snap(id, try c.decode([Stroke].self, forKey: .shapes))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a selection's edit"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .transform(let ids, let m):
            try c.encode(m.numbers, forKey: .transform)
            try c.encode(ids, forKey: .ids)
        case .restyle(let ids, let r):
            try c.encode(RestyleCoding(color: r.color?.hex, width: r.width, opacity: r.opacity), forKey: .restyle)
            try c.encode(ids, forKey: .ids)
        case .remove(let ids):
            try c.encode(ids, forKey: .remove)
        case .reorder(let ids, let top):
            try c.encode(ids, forKey: top ? .raise : .lower)
        case .add(let items):
            try c.encode(items.map { item -> ItemCoding in
                switch item {
                case .stroke(let stroke): return ItemCoding(stroke: stroke)
                case .element(let element): return ItemCoding(element: element)
                case .base: return ItemCoding()
                }
            }, forKey: .add)
        case .snap(let id, let shapes):
            try c.encode(id, forKey: .snap)
            try c.encode(shapes, forKey: .shapes)
        }
    }
}
