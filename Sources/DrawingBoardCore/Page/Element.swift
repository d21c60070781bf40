import Foundation

/// A thing placed on the page that stays movable, scalable and rotatable: a photo, a sticker or
/// a text. It keeps its source (never its pixels: those are painted from the source, sharp at
/// any scale) and where it lies: its centre, its width before rotation (the height follows the
/// source's aspect ratio) and its rotation in degrees, clockwise about the centre.
public struct Element: Sendable, Hashable {
    /// Unique on the page, in the same series as stroke ids (the page gives it).
    public var id: UInt64
    /// The name a script gave it (`"id": "photo"`), if any.
    public var name: String?
    public var source: ElementSource
    public var placement: Placement

    public init(id: UInt64 = 0, name: String? = nil, source: ElementSource, placement: Placement) {
        self.id = id
        self.name = name
        self.source = source
        self.placement = placement
    }

    /// Where an element lies: centre, width, rotation, and the source's own size (for the
    /// aspect ratio: the height is `width × natural.height / natural.width`).
    public struct Placement: Sendable, Hashable {
        public var center: Point
        public var width: Double
        /// Degrees, clockwise.
        public var rotation: Double
        /// The source's size at scale 1 (an image's pixels, a sticker's SVG size, the text as
        /// laid out at its font size).
        public var natural: Size

        public init(center: Point, width: Double, rotation: Double = 0, natural: Size) {
            self.center = center
            self.width = width
            self.rotation = rotation
            self.natural = natural
        }

        public var height: Double { width * natural.height / natural.width }
        /// Page pixels per source pixel.
        public var scale: Double { width / natural.width }
        var radians: Double { rotation * .pi / 180 }

        /// The four corners on the page (top left, top right, bottom right, bottom left of the
        /// unrotated box).
        public var corners: [Point] {
            let hw = width / 2, hh = height / 2
            return [Point(-hw, -hh), Point(hw, -hh), Point(hw, hh), Point(-hw, hh)].map(toPage)
        }

        /// The box around the rotated element.
        public var bounds: Rect {
            let c = corners
            return Rect(minX: c.map(\.x).min()!, minY: c.map(\.y).min()!, maxX: c.map(\.x).max()!, maxY: c.map(\.y).max()!)
        }

        /// A point given relative to the centre in the element's own axes, on the page.
        public func toPage(_ local: Point) -> Point {
            let c = cos(radians), s = sin(radians)
            return Point(center.x + local.x * c - local.y * s, center.y + local.x * s + local.y * c)
        }

        /// A page point in the element's own axes, relative to its centre.
        public func toLocal(_ p: Point) -> Point {
            let c = cos(radians), s = sin(radians)
            let d = p - center
            return Point(d.x * c + d.y * s, -d.x * s + d.y * c)
        }

        /// Whether `p` lies inside the rotated box (`slack` page pixels around it count too).
        public func contains(_ p: Point, slack: Double = 0) -> Bool {
            let l = toLocal(p)
            return abs(l.x) <= width / 2 + slack && abs(l.y) <= height / 2 + slack
        }

        /// Moved by `d`.
        public func moved(by d: Point) -> Placement {
            var p = self
            p.center = center + d
            return p
        }

        /// Turned by `degrees` and scaled by `factor` about `pivot`, then moved by `d`: what two
        /// fingers do. The width stays within `Element.widthRange`.
        public func transformed(about pivot: Point, scale factor: Double, turn degrees: Double, move d: Point = Point(0, 0)) -> Placement {
            var p = self
            let f = min(max(width * factor, Element.widthRange.lowerBound), Element.widthRange.upperBound) / width
            let a = degrees * .pi / 180
            let r = (center - pivot) * f
            p.center = Point(pivot.x + r.x * cos(a) - r.y * sin(a), pivot.y + r.x * sin(a) + r.y * cos(a)) + d
            p.width = width * f
            p.rotation = Self.normalised(rotation + degrees)
            return p
        }

        /// An angle in degrees within -180 (excluded) ... 180.
        public static func normalised(_ degrees: Double) -> Double {
            var a = degrees.truncatingRemainder(dividingBy: 360)
            if a > 180 { a -= 360 }
            if a <= -180 { a += 360 }
            return a
        }
    }

    /// Widths and text sizes an element may have, in page pixels.
    public static let widthRange = 1.0...16_384.0
    /// The width of a sticker placed without one.
    public static let stickerWidth = 128.0
    /// A text's font size when none is given.
    public static let textSize = 32.0
    /// Most characters in one text element.
    public static let maxTextLength = 100_000
}

/// What an element shows.
public enum ElementSource: Sendable, Hashable {
    /// An image file (raster or SVG), kept as its bytes.
    case image(ImageAsset)
    /// One of the stickers, by name, with the file it was drawn from (so the page keeps it
    /// even where that sticker is not installed).
    case sticker(String, ImageAsset)
    case text(TextStyle)

    /// The image it shows, if it is a picture.
    public var asset: ImageAsset? {
        switch self {
        case .image(let asset), .sticker(_, let asset): return asset
        case .text: return nil
        }
    }

    public var text: TextStyle? {
        if case .text(let style) = self { return style }
        return nil
    }

    /// The word for it in messages and the interface.
    public var kind: String {
        switch self {
        case .image: return "image"
        case .sticker: return "sticker"
        case .text: return "text"
        }
    }
}

/// A text element's words and how they look. Pango lays them out; `\n` starts a line.
public struct TextStyle: Sendable, Hashable {
    public var text: String
    /// A font family (`Sans`, `Serif`, `Monospace` or any fontconfig knows).
    public var font: String
    /// The font size in page pixels.
    public var size: Double
    public var color: RGBColor

    public init(text: String, font: String = "Sans", size: Double = Element.textSize, color: RGBColor = .black) {
        self.text = text
        self.font = font
        self.size = size
        self.color = color
    }
}

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

/// A width and a height in page pixels.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
