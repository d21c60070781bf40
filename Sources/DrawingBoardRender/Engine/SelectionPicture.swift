import CCairo
import DrawingBoardCore

/// The selection as a picture while it is dragged: its strokes (with the eraser's passes they
/// carry) and elements painted once, at the scale the window shows them, on transparent pixels.
/// Each frame of the drag lays this picture over the page through the drag's transform, so a
/// motion costs the boxes it touches, not the selection's strokes; when the drag ends the
/// selection is painted again from its vectors where it went.
public final class SelectionPicture: @unchecked Sendable {
    let surface: CairoSurface
    /// The page point of the picture's first pixel, and page pixels to picture pixels.
    let origin: Point
    let scale: Double
    /// The selection's box on the page when it was painted.
    public let bounds: Rect

    /// The most pixels a picture holds; a larger selection is painted at a smaller scale (the
    /// drag shows it a little soft until it lands).
    static let maxPixels = 16_000_000

    /// `items`: the selection as the clipboard keeps it (strokes sealed). `scale`: window
    /// pixels per page pixel.
    init(items: [PageItem], pageSize: PixelSize, bounds: Rect, scale wanted: Double, resources: PaintResources) throws(RenderError) {
        let padded = bounds.insetBy(-2)
        let area = max(padded.width * padded.height, 1)
        let scale = min(wanted, (Double(Self.maxPixels) / area).squareRoot())
        let x0 = Int((padded.minX * scale).rounded(.down)), y0 = Int((padded.minY * scale).rounded(.down))
        let x1 = Int((padded.maxX * scale).rounded(.up)), y1 = Int((padded.maxY * scale).rounded(.up))
        let region = PixelRect(x: x0, y: y0, width: max(x1 - x0, 1), height: max(y1 - y0, 1))
        surface = try CairoSurface(format: .argb32, size: PixelSize(width: region.width, height: region.height))
        surface.place(atX: region.x, y: region.y)
        let page = Page(size: pageSize, background: .color(.white), items: items)
        // Tile by tile, as the view's tiles are: each stroke's coverage is made within a tile it
        // meets, not across the whole selection.
        let painter = ScaledPainter(scene: PageScene(page), scale: scale, resources: resources)
        for tile in ScaledPicture.tiles(covering: region) { try painter.paint(tile, on: surface, background: false) }
        surface.flush()
        self.scale = scale
        self.bounds = bounds
        origin = Point(Double(region.x) / scale, Double(region.y) / scale)
    }

    /// The selection of `snapshot` painted at `scale`, with images and SVG documents of this
    /// thread's own (off the event loop). Never changed after: it may cross threads.
    public static func painted(_ snapshot: SelectionSnapshot, scale: Double) throws(RenderError) -> SelectionPicture {
        try SelectionPicture(items: snapshot.clip.items, pageSize: snapshot.pageSize, bounds: snapshot.clip.bounds, scale: scale,
                             resources: PaintResources())
    }

    /// The window pixels the picture covers when moved by `m` and shown through `view`.
    public func windowBox(_ m: Affine, view: ViewTransform) -> PixelRect {
        let w = Double(surface.size.width) / scale, h = Double(surface.size.height) / scale
        let corners = [origin, Point(origin.x + w, origin.y), Point(origin.x + w, origin.y + h), Point(origin.x, origin.y + h)]
            .map { view.toWindow(m.apply($0)) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = Int(xs.min()!.rounded(.down)) - 2, y0 = Int(ys.min()!.rounded(.down)) - 2
        return PixelRect(x: x0, y: y0, width: Int(xs.max()!.rounded(.up)) + 2 - x0, height: Int(ys.max()!.rounded(.up)) + 2 - y0)
    }

    /// Lays the picture over `frame` within `area`, moved by `m` and shown through `view`.
    public func paint(into frame: Frame, area: PixelRect, transform m: Affine, view: ViewTransform) {
        guard let cr = frame.context else { return }
        cr.isolated {
            cr.clip(to: area)
            var matrix = cairo_matrix_t(xx: m.a * view.scale, yx: m.b * view.scale, xy: m.c * view.scale, yy: m.d * view.scale,
                                        x0: m.tx * view.scale + view.offset.x, y0: m.ty * view.scale + view.offset.y)
            cairo_transform(cr.handle, &matrix)
            cairo_scale(cr.handle, 1 / scale, 1 / scale)
            cairo_set_source_surface(cr.handle, surface.handle, 0, 0)
            let plain = m.b == 0 && m.c == 0 && m.a == 1 && m.d == 1 && abs(view.scale - scale) < 1e-9
            cairo_pattern_set_filter(cairo_get_source(cr.handle), plain ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
            cairo_paint(cr.handle)
        }
    }
}

/// What a drag's picture is painted from: the selection's items as the clipboard keeps them,
/// and the size of the page they are on.
public struct SelectionSnapshot: Sendable {
    public let clip: ItemClipboard
    public let pageSize: PixelSize
}
