import DrawingBoardCore
import Foundation

/// DrawingBoard's own entry in an .ora: what the background is and the strokes as data.
struct DocumentJSON: Codable {
    enum BackgroundSpec: Codable, Equatable {
        case color(RGBColor)
        case image(String)
        /// Format 2: ruled paper, flat as scripts write it.
        case paper(Paper)

        private enum Keys: String, CodingKey { case color, image, paper }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            if c.contains(.paper) {
                self = .paper(try Paper(from: decoder))
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
            }
        }
    }

    /// The newest format this DrawingBoard reads and writes. Format 2 is format 1 with paper
    /// backgrounds; format 3 adds elements; format 4 strokes with pressure (a reader that did
    /// not know it would draw them at one width). A document is written in the oldest format
    /// that holds it, so a page without paper, elements or pressure still opens in a
    /// DrawingBoard that reads format 1 only.
    static let currentFormat = 4

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

    /// The file's keys, fixed here whatever the properties are called.
    enum CodingKeys: String, CodingKey { case format, background, strokes, base, baked, elements }

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
        switch contents.background {
        case .color(let c): background = .color(c)
        case .image(_, let name): background = .image(name)
        case .paper(let paper):
            background = .paper(paper)
            format = 2
        }
        strokes = contents.strokes
        let placed = contents.page.elementsAmongStrokes
        if !placed.isEmpty {
            elements = placed.map { PlacedElement(strokesBefore: $0.strokesBefore, element: $0.element) }
            format = 3
        }
        if strokes.contains(where: { $0.pressures != nil }) { format = 4 }
        if contents.base != nil {
            base = Self.baseEntry
            baked = contents.bakedStrokes.isEmpty ? nil : contents.bakedStrokes.sorted()
        }
    }

    /// Every value checked against the contract; the error names the field.
    func validate() throws(ValidationError) {
        guard format >= 1 else { throw ValidationError("format", "\(format) is not a format number") }
        if case .paper(let paper) = background { try paper.validate(at: "background") }
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
        for (i, id) in (baked ?? []).enumerated() where id >= PageLimits.strokeID {
            throw ValidationError("baked[\(i)]", "\(id) is too large (ids stay below \(PageLimits.strokeID))")
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
