/// A resolution-independent path of lines and cubic curves: what a tool draws, before any
/// renderer sees it. The same path feeds the raster layers and, later, vector export.
public struct VectorPath: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, p))
    }
    public mutating func close() { elements.append(.close) }
    /// The point at `t` (0...1) on the cubic Bézier from `p0` through `c1`, `c2` to `p1`.
    public static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * c1.x + c * c2.x + d * p1.x, a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Adds the subpaths of `other` after these.
    public mutating func append(_ other: VectorPath) { elements += other.elements }

    public var isEmpty: Bool { elements.isEmpty }

    /// A box that contains the whole path (curves lie inside their control points' hull).
    public var controlBounds: Rect? {
        var box: Rect?
        func add(_ p: Point) {
            box = box?.union(p) ?? Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .curve(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        return box
    }
}
