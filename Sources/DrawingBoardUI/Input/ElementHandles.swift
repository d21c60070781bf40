import Foundation
import DrawingBoardCore

/// The handles around a selected element, in window pixels: four corners (scale, keeping the
/// aspect ratio), a rotation handle above the top edge, and a delete button beyond the top
/// right corner. Each is drawn small and answers a finger's width around it.
public enum ElementHandle: Sendable, Hashable {
    case corner(Int)
    case rotate
    case delete
}

public struct ElementHandles: Sendable {
    /// The element's corners on screen: top left, top right, bottom right, bottom left.
    public let corners: [Point]
    public let rotate: Point
    public let delete: Point
    /// The line from the top edge's middle to the rotation handle starts here.
    public let topMiddle: Point
    let reach: Double

    public init(_ placement: Element.Placement, view: ViewTransform, scale: Double) {
        corners = placement.corners.map(view.toWindow)
        topMiddle = Point((corners[0].x + corners[1].x) / 2, (corners[0].y + corners[1].y) / 2)
        // Outwards from the element's top edge, and along its diagonal past the top right.
        let a = placement.rotation * .pi / 180
        let up = Point(sin(a), -cos(a))
        rotate = topMiddle + up * (36 * scale)
        let centre = view.toWindow(placement.center)
        let d = corners[1] - centre
        let length = max(d.distance(to: Point(0, 0)), 1)
        delete = corners[1] + d * (30 * scale / length)
        reach = Theme.minimumTarget / 2 * scale
    }

    /// The handle under window point `p`, if any (the delete button first, then rotation, then
    /// the corners).
    public func hit(_ p: Point) -> ElementHandle? {
        if p.distance(to: delete) <= reach { return .delete }
        if p.distance(to: rotate) <= reach { return .rotate }
        let nearest = corners.indices.min { p.distance(to: corners[$0]) < p.distance(to: corners[$1]) }
        if let i = nearest, p.distance(to: corners[i]) <= reach { return .corner(i) }
        return nil
    }

    /// The window area the handles and the box take, for painting them again.
    public func bounds(scale: Double) -> PixelRect {
        let all = corners + [rotate, delete]
        let pad = 24 * scale
        let minX = all.map(\.x).min()! - pad, minY = all.map(\.y).min()! - pad
        let maxX = all.map(\.x).max()! + pad, maxY = all.map(\.y).max()! + pad
        return PixelRect(x: Int(minX.rounded(.down)), y: Int(minY.rounded(.down)), width: Int((maxX - minX).rounded(.up)) + 1,
                         height: Int((maxY - minY).rounded(.up)) + 1)
    }
}

/// A handle being dragged: what the element was when the drag began, and where it began.
struct HandleDrag {
    var handle: ElementHandle
    var element: Element
    /// Where the pointer went down, on the canvas.
    var from: Point

    /// The placement for the pointer at `p` (canvas); `snap`: rotation in 15° steps.
    func placement(at p: Point, snap: Bool) -> Element.Placement {
        var placement = element.placement
        let c = placement.center
        switch handle {
        case .corner:
            let ratio = c.distance(to: p) / max(c.distance(to: from), 0.5)
            placement.width = min(max(placement.width * ratio, 4), Element.widthRange.upperBound)
        case .rotate:
            let turn = (atan2(p.y - c.y, p.x - c.x) - atan2(from.y - c.y, from.x - c.x)) * 180 / .pi
            var rotation = Element.Placement.normalised(placement.rotation + turn)
            if snap { rotation = Element.Placement.normalised((rotation / 15).rounded() * 15) }
            placement.rotation = rotation
        case .delete:
            break
        }
        return placement
    }
}
