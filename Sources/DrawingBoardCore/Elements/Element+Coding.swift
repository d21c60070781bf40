import Foundation

/// An element as JSON, the same in journal lines and documents: its place flat, then its
/// kind's own fields, the kind's key among them (`ElementContent`). A picture's bytes are not
/// in the JSON: they go to the `ImageArchive` given as `userInfo[.imageArchive]`, which returns
/// the name written as `file`.
///
/// `{"id": 4, "name": "photo", "center": {"x": 320, "y": 240}, "width": 200, "rotation": 0,
///   "natural": [640, 480], "image": "photo.jpg", "file": "elements/1f3a.jpg", "kind": "raster",
///   "pixels": [640, 480]}`; a sticker has `"sticker": "star"` and its file the same way; a text
/// `"text": "Hello", "font": "Sans", "size": 32, "color": "#d01010"`.
extension Element: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: ElementKey.self)
        let id = try c.decode(UInt64.self, forKey: .id)
        let name = try c.decodeIfPresent(String.self, forKey: .name)
        let natural = try c.decode([Double].self, forKey: .natural)
        guard natural.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .natural, in: c, debugDescription: "needs a width and a height") }
        let placement = Placement(center: try c.decode(Point.self, forKey: .center), width: try c.decode(Double.self, forKey: .width),
                                  rotation: try c.decodeIfPresent(Double.self, forKey: .rotation) ?? 0,
                                  natural: Size(width: natural[0], height: natural[1]))
        let kinds = ElementKinds.named(in: c)
        guard kinds.count == 1, let kind = kinds.first else {
            let problem = kinds.isEmpty ? "names no kind (one of \(ElementKinds.quotedList))"
                : "names \(kinds.map { "\"\($0.kind)\"" }.joined(separator: " and ")); an element is one kind"
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
        }
        let archive = decoder.userInfo[.imageArchive] as? any ImageArchive
        self.init(id: id, name: name, source: ElementSource(try kind.init(from: c, archive: archive)), placement: placement)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: ElementKey.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encode(placement.center, forKey: .center)
        try c.encode(placement.width, forKey: .width)
        try c.encode(placement.rotation, forKey: .rotation)
        try c.encode([placement.natural.width, placement.natural.height], forKey: .natural)
        try source.content.encode(to: &c, archive: encoder.userInfo[.imageArchive] as? any ImageArchive)
    }
}
