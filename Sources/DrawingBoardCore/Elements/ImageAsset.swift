import Foundation

/// An image file an element shows: its bytes exactly as read (documents keep them, once per
/// distinct file), what kind of file it is, and its pixel size. Immutable and shared: every
/// copy of the page, every undo step and every duplicate refers to the same bytes.
public final class ImageAsset: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case raster, svg
    }

    /// The file's name as the user knew it (for messages and the document's entry).
    public let name: String
    public let bytes: Data
    public let kind: Kind
    /// Its size in pixels (an SVG's at 96 dpi).
    public let size: PixelSize
    /// A digest of the bytes, to find the same file twice.
    public let digest: UInt64

    public init(name: String, bytes: Data, kind: Kind, size: PixelSize) {
        self.name = name
        self.bytes = bytes
        self.kind = kind
        self.size = size
        digest = Self.fnv1a(bytes)
    }

    /// FNV-1a over the bytes and their count. Equal digests are confirmed by comparing bytes.
    static func fnv1a(_ data: Data) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in data {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h ^ UInt64(data.count)
    }

    public static func == (a: ImageAsset, b: ImageAsset) -> Bool {
        a === b || (a.digest == b.digest && a.kind == b.kind && a.bytes == b.bytes)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// A hexadecimal form of the digest (for file names in documents).
    public var digestText: String { String(digest, radix: 16) }

    public var description: String { "\(name) (\(kind.rawValue), \(size))" }
}

/// How a picture's file is written in an element's fields: `"file"` (the name the archive
/// gave it), `"kind"` (raster or svg) and `"pixels"` (its size), the bytes themselves kept by
/// the `ImageArchive`.
extension ImageAsset {
    static let file = ElementKey("file"), kindKey = ElementKey("kind"), pixels = ElementKey("pixels")

    /// The file the fields name, read from `archive` and checked to be what they say.
    static func decode(from c: KeyedDecodingContainer<ElementKey>, archive: (any ImageArchive)?, name: (String) throws -> String) throws -> ImageAsset {
        guard let archive else {
            throw DecodingError.dataCorruptedError(forKey: file, in: c, debugDescription: "no files to read the element's image from")
        }
        let path = try c.decode(String.self, forKey: file)
        guard let kind = Kind(rawValue: try c.decode(String.self, forKey: kindKey)) else {
            throw DecodingError.dataCorruptedError(forKey: kindKey, in: c, debugDescription: "not raster or svg")
        }
        let pixels = try c.decode([Int].self, forKey: pixels)
        guard pixels.count == 2 else { throw DecodingError.dataCorruptedError(forKey: self.pixels, in: c, debugDescription: "needs a width and a height") }
        return try archive.loadFile(path, name: try name(path), kind: kind, size: PixelSize(width: pixels[0], height: pixels[1]))
    }

    /// Writes the file's fields, the bytes given to `archive`.
    func encode(to c: inout KeyedEncodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        guard let archive else {
            throw EncodingError.invalidValue(name, .init(codingPath: c.codingPath, debugDescription: "no place to keep the element's image"))
        }
        try c.encode(try archive.storeFile(self), forKey: Self.file)
        try c.encode(kind.rawValue, forKey: Self.kindKey)
        try c.encode([size.width, size.height], forKey: Self.pixels)
    }
}
