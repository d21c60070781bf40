import Foundation

/// A map of the page onto itself that keeps straight lines straight: a move, a scale (the same
/// or different across and down), a turn, or any of them after another. A point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty), as Cairo's matrices read.
public struct Affine: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func move(_ dx: Double, _ dy: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy) }

    /// Scaled by `sx` across and `sy` down about `pivot`.
    public static func scale(_ sx: Double, _ sy: Double, about pivot: Point) -> Affine {
        Affine(a: sx, b: 0, c: 0, d: sy, tx: pivot.x - sx * pivot.x, ty: pivot.y - sy * pivot.y)
    }

    /// Turned `degrees` clockwise (on the page, y going down) about `pivot`.
    public static func rotate(_ degrees: Double, about pivot: Point) -> Affine {
        let r = degrees * .pi / 180
        let cs = cos(r), sn = sin(r)
        return Affine(a: cs, b: sn, c: -sn, d: cs, tx: pivot.x - cs * pivot.x + sn * pivot.y, ty: pivot.y - sn * pivot.x - cs * pivot.y)
    }

    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// This map, then `next`.
    public func then(_ next: Affine) -> Affine {
        Affine(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
               c: next.a * c + next.c * d, d: next.b * c + next.d * d,
               tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    public var determinant: Double { a * d - b * c }

    /// How much a length grows on average: the factor a line's width takes (exact for a move,
    /// a turn and a scale the same both ways).
    public var lengthScale: Double { sqrt(abs(determinant)) }

    /// The turn it makes, in degrees clockwise (of the x axis).
    public var rotationDegrees: Double { atan2(b, a) * 180 / .pi }

    public var isIdentity: Bool { self == .identity }

    public var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }

    /// Its six numbers, as documents and journals write them.
    public var numbers: [Double] { [a, b, c, d, tx, ty] }

    public init?(numbers n: [Double]) {
        guard n.count == 6 else { return nil }
        self.init(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }
}

extension Affine: Codable {
    public init(from decoder: Decoder) throws {
        let n = try [Double](from: decoder)
        guard let made = Affine(numbers: n) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a transform has 6 numbers, not \(n.count)"))
        }
        self = made
    }

    public func encode(to encoder: Encoder) throws {
        try numbers.encode(to: encoder)
    }
}

extension VectorPath {
    /// Every point of the path taken through `m` (a Bézier's image is the Bézier of its points' images).
    public func transformed(by m: Affine) -> VectorPath {
        var out = VectorPath()
        for element in elements {
            switch element {
            case .move(let p): out.move(to: m.apply(p))
            case .line(let p): out.line(to: m.apply(p))
            case .curve(let c1, let c2, let p): out.curve(to: m.apply(p), control1: m.apply(c1), control2: m.apply(c2))
            case .close: out.close()
            }
        }
        return out
    }
}
