import DrawingBoardCore

/// The layer under the topmost element as it was for one earlier state of the page: kept when
/// a change takes it away (an element laid on top, or the topmost element taken off), so that
/// undoing that change, or redoing it, takes the layer back instead of painting everything
/// under the top run again (173 ms on a page of 1,600 strokes and 40 photos).
///
/// It is a cache of the page like every layer: it is taken back only for a page equal, value
/// for value, to the one it was painted for, at the same size, and it is dropped whenever the
/// background's pixels change under it (a PDF page arriving).
struct UnderStash {
    /// Pages up to this many pixels keep one (a 4K page's layer is 33 MB).
    static let maxArea = 3840 * 2160

    private var kept: (page: Page, belowLast: CairoSurface)?

    /// Keeps `belowLast`, painted for `page` (nothing when the page is too large for it).
    mutating func keep(_ belowLast: CairoSurface?, for page: Page?) {
        guard let belowLast, let page, belowLast.size.area <= Self.maxArea else {
            kept = nil
            return
        }
        kept = (page, belowLast)
    }

    /// The layer kept for `page`, given up; nil when none was kept for it.
    mutating func take(for page: Page, size: PixelSize) -> CairoSurface? {
        guard let kept, kept.belowLast.size == size, kept.page == page else { return nil }
        self.kept = nil
        return kept.belowLast
    }

    mutating func drop() { kept = nil }
}
