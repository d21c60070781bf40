/// How the canvas is shown in the window: scaled by `scale` about the canvas origin, then moved
/// by `offset` (window pixels). Zoom and pan change only this; strokes stay in canvas pixels.
/// The scale is the screen's pixels per page pixel: the zoom the user sees times the screen's
/// own scale (2 on a HiDPI screen, 1.5 on many laptops), so a page at 100% is the same size on
/// every screen.
public struct ViewTransform: Sendable, Hashable {
    /// The zooms the user can choose: 10% to 3200%.
    public static let zoomRange: ClosedRange<Double> = 0.1...32
    /// The scales a view may have on a screen of scale `screen`.
    public static func scaleRange(onScreen screen: Double) -> ClosedRange<Double> {
        (zoomRange.lowerBound * screen)...(zoomRange.upperBound * screen)
    }
    /// Every scale any view may have (the zooms on screens of scale up to 4).
    public static let scaleRange: ClosedRange<Double> = 0.05...128
    public static let identity = ViewTransform()

    public var scale: Double
    public var offset: Point

    public init(scale: Double = 1, offset: Point = Point(0, 0)) {
        self.scale = min(max(scale, Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
        self.offset = offset
    }

    public var isIdentity: Bool { scale == 1 && offset == Point(0, 0) }

    public func toCanvas(_ p: Point) -> Point {
        Point((p.x - offset.x) / scale, (p.y - offset.y) / scale)
    }

    public func toWindow(_ p: Point) -> Point {
        Point(p.x * scale + offset.x, p.y * scale + offset.y)
    }

    /// The window pixels that show canvas rectangle `r` (rounded outwards).
    public func windowRect(_ r: PixelRect) -> PixelRect {
        let a = toWindow(Point(Double(r.x), Double(r.y))), b = toWindow(Point(Double(r.maxX), Double(r.maxY)))
        let x0 = Int(a.x.rounded(.down)) - 1, y0 = Int(a.y.rounded(.down)) - 1
        return PixelRect(x: x0, y: y0, width: Int(b.x.rounded(.up)) + 1 - x0, height: Int(b.y.rounded(.up)) + 1 - y0)
    }

    /// The canvas pixels that window rectangle `r` shows (rounded outwards).
    public func canvasRect(_ r: PixelRect) -> PixelRect {
        let a = toCanvas(Point(Double(r.x), Double(r.y))), b = toCanvas(Point(Double(r.maxX), Double(r.maxY)))
        let x0 = Int(a.x.rounded(.down)) - 1, y0 = Int(a.y.rounded(.down)) - 1
        return PixelRect(x: x0, y: y0, width: Int(b.x.rounded(.up)) + 1 - x0, height: Int(b.y.rounded(.up)) + 1 - y0)
    }

    /// The view after a two-finger gesture that started with fingers at `start` (centre,
    /// distance) under view `from` and now has them at `now`: the canvas point first under the
    /// centre follows the centre, and the scale follows the fingers' spread.
    /// `range`: the scales the view may take (the zooms on the screen it is on).
    public static func pinch(from: ViewTransform, startCentre: Point, startDistance: Double,
                             centre: Point, distance: Double, range: ClosedRange<Double> = scaleRange) -> ViewTransform {
        let anchor = from.toCanvas(startCentre)
        let scale = min(max(from.scale * distance / max(startDistance, 1), range.lowerBound), range.upperBound)
        return ViewTransform(scale: scale, offset: Point(centre.x - anchor.x * scale, centre.y - anchor.y * scale))
    }
}
