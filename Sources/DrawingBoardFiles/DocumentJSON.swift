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
    /// backgrounds; a document is written in the oldest format that holds it, so a page without
    /// paper still opens in a DrawingBoard that reads format 1 only.
    static let currentFormat = 2

    var format = 1
    var background: BackgroundSpec
    var strokes: [Stroke]
    /// The archive entry holding the pixels under the strokes, when there are any (the page's
    /// base item); absent in documents whose strokes are the whole drawing.
    var base: String?
    /// Ids of strokes already in those pixels.
    var baked: [UInt64]?

    /// The file's keys, fixed here whatever the properties are called.
    enum CodingKeys: String, CodingKey { case format, background, strokes, base, baked }

    static let baseEntry = "drawingboard/base.png"

    init(_ contents: DocumentContents) {
        switch contents.background {
        case .color(let c): background = .color(c)
        case .image(_, let name): background = .image(name)
        case .paper(let paper):
            background = .paper(paper)
            format = 2
        }
        strokes = contents.strokes
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
        for (i, id) in (baked ?? []).enumerated() where id >= PageLimits.strokeID {
            throw ValidationError("baked[\(i)]", "\(id) is too large (ids stay below \(PageLimits.strokeID))")
        }
    }

    func encoded() throws -> Data {
        try JSONEncoder().encode(self)
    }

    static func decode(_ data: Data) throws -> DocumentJSON {
        try JSONDecoder().decode(DocumentJSON.self, from: data)
    }

    /// The format number alone, read before the rest: a newer format may be laid out
    /// differently, and deserves that message rather than a field's.
    struct Version: Decodable {
        var format: Int?
    }
}
