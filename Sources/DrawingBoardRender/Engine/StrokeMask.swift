import DrawingBoardCore

/// A stroke in progress's coverage: an alpha surface over the part of the canvas the stroke
/// has reached so far, grown in blocks as it goes (so a growing stroke reallocates seldom, and
/// costs what it covers, not the canvas), with the one context that strokes into it. A stroke
/// that ended hands its mask, cleared, to the next (`recycle`): a new one for every stroke cost
/// a zeroed allocation as large as the stroke's reach, at each stroke's start and again at its
/// end, more than the stroke's own drawing.
final class StrokeMask {
    private(set) var surface: CairoSurface
    private var grown = false
    /// Where coverage may have been written since the mask was last cleared: every region
    /// stroked, and every region `cover`ed for someone to write in.
    private var written: PixelRect?
    /// The largest mask kept for another stroke (2 MB): larger ones are let go.
    static let keptArea = 1 << 21
    /// The canvas the mask stays within (the page can grow while a stroke is drawn).
    var canvas: PixelSize
    /// Made once per surface: a context per sample would cost more than the sample's drawing.
    private var context: CairoContext?

    init(canvas: PixelSize) throws(RenderError) {
        self.canvas = canvas
        surface = try CairoSurface(format: .a8, size: PixelSize(width: 1, height: 1))
    }

    /// Grows the surface to cover `region`, keeping what it holds. A mask that holds nothing (new,
    /// or cleared for another stroke) is made again over `region` alone: one handed on from a
    /// stroke far away would otherwise reach over both.
    func cover(_ region: PixelRect) {
        let holdsSomething = written != nil
        written = union(written, region)
        if grown, region.intersection(surface.covered) == region { return }
        let keep = grown && holdsSomething
        let block = 128
        var want = keep ? surface.covered.union(region) : region
        let x0 = (want.x / block - 1) * block, y0 = (want.y / block - 1) * block
        let x1 = (want.maxX / block + 2) * block, y1 = (want.maxY / block + 2) * block
        want = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard let clipped = want.intersection(PixelRect(size: canvas)),
              let next = try? CairoSurface(format: .a8, size: PixelSize(width: clipped.width, height: clipped.height)) else { return }
        next.place(atX: clipped.x, y: clipped.y)
        if keep, let cr = try? CairoContext(next) {
            cr.paint(surface, at: Point(0, 0), alpha: 1)
            next.flush()
        }
        surface = next
        grown = true
        context = try? CairoContext(next)
    }

    /// Clears every pixel written since the last clear, for another stroke to use. False when
    /// the mask is too large to keep.
    func recycle() -> Bool {
        guard surface.size.area <= Self.keptArea else { return false }
        if let written { surface.zero(written) }
        written = nil
        return true
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
