import Foundation

/// Points snapped to a page's paper: on lined paper to the nearest line (across, the point
/// stays where it is), on squared and dotted paper to the nearest crossing or dot. The lines
/// and dots lie `spacing` apart, the first one spacing from the top and left edges, as
/// `BackgroundLayer` rules them.
public struct PaperSnap: Sendable, Hashable {
    public let paper: Paper

    /// The snap of a page's background: nil for a plain colour, an image or a PDF page.
    public init?(_ background: Background) {
        guard case .paper(let paper) = background else { return nil }
        self.paper = paper
    }

    /// The point of the paper's lines or dots nearest `p`.
    public func snap(_ p: Point) -> Point {
        let s = paper.spacing
        func near(_ v: Double) -> Double { max((v / s).rounded(), 1) * s }
        switch paper.ruling {
        case .lined: return Point(p.x, near(p.y))
        case .squared, .dotted: return Point(near(p.x), near(p.y))
        }
    }

    /// A move by `d` of something whose box is `box`, changed so that the box's top left corner
    /// lands on the paper (on a line, or on a crossing or dot).
    public func move(_ d: Point, of box: Rect) -> Point {
        let corner = Point(box.minX, box.minY)
        return snap(corner + d) - corner
    }
}
