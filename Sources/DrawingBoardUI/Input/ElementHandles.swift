import Foundation
import DrawingBoardCore

/// The handles around a selected element, in window pixels: four corners (scale, keeping the
/// aspect ratio and the opposite corner where it is), a rotation handle above the top edge, and a delete button beyond the top
/// right corner. Each is drawn small and answers a finger's width around it. Where the bars
/// would cover the rotation handle it goes below the bottom edge instead (inside the top edge
/// when they cover both), and the delete
/// button beyond the first corner they leave clear, a finger's width from the rotation handle
/// (out sideways along the edge from a narrow box's corner).
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

    /// `avoiding`: the bars' frames (as they rest, so handles do not jump as the bars slide).
    public init(_ placement: Element.Placement, view: ViewTransform, scale: Double, avoiding covered: [Rect] = []) {
        self.init(corners: placement.corners, view: view, scale: scale, avoiding: covered)
    }

    /// Handles around the box with these corners on the page (top left, top right, bottom
    /// right, bottom left; a selection's box as a drag has it now).
    public init(corners page: [Point], view: ViewTransform, scale: Double, avoiding covered: [Rect] = []) {
        let corners = page.map(view.toWindow)
        let reach = Theme.minimumTarget / 2 * scale
        self.corners = corners
        self.reach = reach
        func clear(_ p: Point) -> Bool { !covered.contains { $0.insetBy(-reach).contains(p) } }
        // Outwards from the element's top edge (or its bottom edge), and along a diagonal past
        // the top right corner (or the next one clear).
        // Up from the top edge, whichever way the box is turned.
        let edge = corners[1] - corners[0], length = max(edge.distance(to: Point(0, 0)), 1e-9)
        let up = Point(edge.y / length, -edge.x / length)
        let top = Point((corners[0].x + corners[1].x) / 2, (corners[0].y + corners[1].y) / 2)
        let bottom = Point((corners[2].x + corners[3].x) / 2, (corners[2].y + corners[3].y) / 2)
        let above = top + up * (36 * scale), below = bottom - up * (36 * scale), inside = top - up * (36 * scale)
        if clear(above) || (!clear(below) && !clear(inside)) {
            (rotate, topMiddle) = (above, top)
        } else if clear(below) {
            (rotate, topMiddle) = (below, bottom)
        } else {
            // Both bars cover the element's ends (a photo as tall as the room between them):
            // the handle goes inside, under the top edge.
            (rotate, topMiddle) = (inside, top)
        }
        let centre = (corners[0] + corners[2]) * 0.5
        let beyond = [1, 0, 2, 3].map { i -> Point in
            let d = corners[i] - centre
            return corners[i] + d * (30 * scale / max(d.distance(to: Point(0, 0)), 1))
        }
        // Past a narrow box's corner the button would sit on the rotation handle (a tap meant
        // to turn would delete): then it goes out sideways from a corner, along the edge.
        let side = Point(edge.x / length, edge.y / length) * (36 * scale)
        let sideways = [corners[1] + side, corners[0] - side, corners[2] + side, corners[3] - side]
        let turn = rotate
        let apart = (beyond + sideways).filter { $0.distance(to: turn) >= 2 * reach }
        delete = apart.first(where: clear) ?? beyond.first(where: clear) ?? beyond[0]
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
        case .corner(let i):
            // The opposite corner stays where it is (as in Inkscape, GIMP and Xournal++); the
            // size follows the pointer along the diagonal, keeping the aspect ratio.
            let corners = placement.corners, opposite = corners[(i + 2) % 4], diagonal = corners[i] - opposite
            func along(_ q: Point) -> Double { (q.x - opposite.x) * diagonal.x + (q.y - opposite.y) * diagonal.y }
            let ratio = along(p) / max(along(from), 0.5)
            placement.width = min(max(placement.width * ratio, 4), Element.widthRange.upperBound)
            placement.center = opposite + diagonal * (placement.width / element.placement.width / 2)
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
