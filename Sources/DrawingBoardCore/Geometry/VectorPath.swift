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
