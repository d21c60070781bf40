import DrawingBoardCore

/// A stroke in progress's coverage: an alpha surface over the part of the canvas the stroke
/// has reached so far, grown in blocks as it goes (so a growing stroke reallocates seldom, and
/// costs what it covers, not the canvas), with the one context that strokes into it.
final class StrokeMask {
    private(set) var surface: CairoSurface
    private var grown = false
    /// The canvas the mask stays within (the page can grow while a stroke is drawn).
    var canvas: PixelSize
    /// Made once per surface: a context per sample would cost more than the sample's drawing.
    private var context: CairoContext?

    init(canvas: PixelSize) throws(RenderError) {
        self.canvas = canvas
        surface = try CairoSurface(format: .a8, size: PixelSize(width: 1, height: 1))
    }

    /// Grows the surface to cover `region`, keeping what it holds.
    func cover(_ region: PixelRect) {
        if grown, region.intersection(surface.covered) == region { return }
        let block = 128
        var want = grown ? surface.covered.union(region) : region
        let x0 = (want.x / block - 1) * block, y0 = (want.y / block - 1) * block
        let x1 = (want.maxX / block + 2) * block, y1 = (want.maxY / block + 2) * block
        want = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard let clipped = want.intersection(PixelRect(size: canvas)),
              let next = try? CairoSurface(format: .a8, size: PixelSize(width: clipped.width, height: clipped.height)) else { return }
        next.place(atX: clipped.x, y: clipped.y)
        if grown, let cr = try? CairoContext(next) {
            cr.paint(surface, at: Point(0, 0), alpha: 1)
            next.flush()
        }
        surface = next
        grown = true
        context = try? CairoContext(next)
    }

    /// Adds `outline`'s coverage within `clip`.
    func stroke(_ outline: StrokeOutline, clip: PixelRect) {
        cover(clip)
        guard let cr = context else { return }
        cr.isolated {
            cr.clip(to: clip)
            cr.setSource(.black)
            cr.stroke(outline)
        }
    }
}
