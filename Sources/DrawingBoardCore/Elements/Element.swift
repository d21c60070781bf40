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

/// A width and a height in page pixels.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
