import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The group selection being moved, scaled or turned by pointers: what was pressed, where
/// each pointer went down and is, and the transform they make.
struct SelectionDrag {
    /// What was pressed: nil inside the box (a move), else a corner or the turn handle.
    var handle: ElementHandle?
    /// The box as shown when the drag began (a corner's opposite stays where it is shown),
    /// and the transform the pointers down now started from.
    var box: Rect
    var base: Affine
    var m: Affine = .identity
    /// Each pointer's page point where it went down (or where the gesture was last rebased)
    /// and now, in the order they went down.
    var pointers: [PointerSource: (first: Point, last: Point)]
    var order: [PointerSource]
    /// The ink's box (moved, its top left corner lands on the paper) and the paper, when
    /// moves snap to it.
    var ink: Rect?
    var snap: PaperSnap?
    /// The selection as drawn while it moves (painted off the event loop from the press on),
    /// and whether it is lifted off the page (once the picture is there and it has moved).
    var picture: SelectionPicture?
    var lifted = false
    /// The ink where the selection was, painted off the loop too when lifting it on the loop
    /// would take longer than a frame (`LiftPatch`), and whether it is still coming.
    var patch: LiftPatch?
    var patchComing = false
    /// Which drag this is, for the picture arriving later.
    var number = 0

    /// The transform the drag's pointers make now.
    func transform(constrain: Bool) -> Affine {
        let fingers = order.compactMap { pointers[$0] }
        if fingers.count >= 2 {
            let a = fingers[0], b = fingers[1]
            let mid0 = (a.first + b.first) * 0.5, mid1 = (a.last + b.last) * 0.5
            let d0 = a.first.distance(to: b.first), d1 = a.last.distance(to: b.last)
            guard d0 > 0.5 else { return base.then(.move(mid1.x - mid0.x, mid1.y - mid0.y)) }
            let turn = (atan2(b.last.y - a.last.y, b.last.x - a.last.x) - atan2(b.first.y - a.first.y, b.first.x - a.first.x)) * 180 / .pi
            let k = Self.clampScale(d1 / d0)
            return base.then(.scale(k, k, about: mid0)).then(.rotate(turn, about: mid0)).then(.move(mid1.x - mid0.x, mid1.y - mid0.y))
        }
        guard let a = fingers.first else { return m }
        switch handle {
        case nil, .delete?:
            var d = a.last - a.first
            if let snap, let ink, base.isIdentity { d = snap.move(d, of: ink) }
            return base.then(.move(d.x, d.y))
        case .corner(let i)?:
            // The opposite corner stays; the size follows the pointer along the diagonal, or
            // (Shift) each side on its own.
            let o = Self.corners(of: box)[(i + 2) % 4]
            let from = a.first - o, to = a.last - o
            if constrain {
                let sx = Self.clampScale(abs(from.x) < 1e-6 ? 1 : to.x / from.x), sy = Self.clampScale(abs(from.y) < 1e-6 ? 1 : to.y / from.y)
                return .scale(sx, sy, about: o)
            }
            let along = (to.x * from.x + to.y * from.y) / max(from.x * from.x + from.y * from.y, 1e-9)
            let k = Self.clampScale(along)
            return .scale(k, k, about: o)
        case .rotate?:
            let c = box.center
            var turn = (atan2(a.last.y - c.y, a.last.x - c.x) - atan2(a.first.y - c.y, a.first.x - c.x)) * 180 / .pi
            if constrain { turn = (turn / 15).rounded() * 15 }
            return .rotate(turn, about: c)
        }
    }

    /// Scales a drag may give in one go (never flipped, never to nothing).
    static func clampScale(_ k: Double) -> Double { min(max(k, 0.02), 50) }

    static func corners(of r: Rect) -> [Point] {
        [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
    }
}
