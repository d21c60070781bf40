import Foundation

/// An element as JSON, the same in journal lines and documents: its place flat, its source by
/// kind. An image's bytes are not in the JSON: they go to the `ImageArchive` given as
/// `userInfo[.imageArchive]`, which returns the name written as `file`.
///
/// `{"id": 4, "name": "photo", "center": {"x": 320, "y": 240}, "width": 200, "rotation": 0,
///   "natural": [640, 480], "image": "photo.jpg", "file": "elements/1f3a.jpg", "kind": "raster",
///   "pixels": [640, 480]}`; a sticker has `"sticker": "star"` and its file the same way; a text
/// `"text": "Hello", "font": "Sans", "size": 32, "color": "#d01010"`.
extension Element: Codable {
    public enum Keys: String, CodingKey {
        case id, name, center, width, rotation, natural
        case image, sticker, file, kind, pixels
        case text, font, size, color
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let id = try c.decode(UInt64.self, forKey: .id)
        let name = try c.decodeIfPresent(String.self, forKey: .name)
        let natural = try c.decode([Double].self, forKey: .natural)
        guard natural.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .natural, in: c, debugDescription: "needs a width and a height") }
        let placement = Placement(center: try c.decode(Point.self, forKey: .center), width: try c.decode(Double.self, forKey: .width),
                                  rotation: try c.decodeIfPresent(Double.self, forKey: .rotation) ?? 0,
                                  natural: Size(width: natural[0], height: natural[1]))
        let source: ElementSource
        if let text = try c.decodeIfPresent(String.self, forKey: .text) {
            source = .text(TextStyle(text: text, font: try c.decodeIfPresent(String.self, forKey: .font) ?? "Sans",
                                     size: try c.decodeIfPresent(Double.self, forKey: .size) ?? Element.textSize,
                                     color: try c.decodeColorIfPresent(forKey: .color) ?? .black))
        } else {
            guard let archive = decoder.userInfo[.imageArchive] as? ImageArchive else {
                throw DecodingError.dataCorruptedError(forKey: .file, in: c, debugDescription: "no files to read the element's image from")
            }
            let file = try c.decode(String.self, forKey: .file)
            guard let kind = ImageAsset.Kind(rawValue: try c.decode(String.self, forKey: .kind)) else {
                throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "not raster or svg")
            }
            let pixels = try c.decode([Int].self, forKey: .pixels)
            guard pixels.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .pixels, in: c, debugDescription: "needs a width and a height") }
            let size = PixelSize(width: pixels[0], height: pixels[1])
            if let sticker = try c.decodeIfPresent(String.self, forKey: .sticker) {
                source = .sticker(sticker, try archive.loadFile(file, name: sticker, kind: kind, size: size))
            } else {
                let shown = try c.decodeIfPresent(String.self, forKey: .image) ?? file
                source = .image(try archive.loadFile(file, name: shown, kind: kind, size: size))
            }
        }
        self.init(id: id, name: name, source: source, placement: placement)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encode(placement.center, forKey: .center)
        try c.encode(placement.width, forKey: .width)
        try c.encode(placement.rotation, forKey: .rotation)
        try c.encode([placement.natural.width, placement.natural.height], forKey: .natural)
        switch source {
        case .text(let style):
            try c.encode(style.text, forKey: .text)
            try c.encode(style.font, forKey: .font)
            try c.encode(style.size, forKey: .size)
            try c.encode(style.color.hex, forKey: .color)
        case .image(let asset), .sticker(_, let asset):
            guard let archive = encoder.userInfo[.imageArchive] as? ImageArchive else {
                throw EncodingError.invalidValue(asset.name, .init(codingPath: encoder.codingPath, debugDescription: "no place to keep the element's image"))
            }
            if case .sticker(let name, _) = source {
                try c.encode(name, forKey: .sticker)
            } else {
                try c.encode(asset.name, forKey: .image)
            }
            try c.encode(try archive.storeFile(asset), forKey: .file)
            try c.encode(asset.kind.rawValue, forKey: .kind)
            try c.encode([asset.size.width, asset.size.height], forKey: .pixels)
        }
    }
}

