import DrawingBoardCore

/// The layer under the topmost element as it was for one earlier state of the page: kept when
/// a change takes it away (an element laid on top, or the topmost element taken off), so that
/// undoing that change, redoing it, or deleting the element laid on top takes the layer back
/// instead of painting everything under the top run again (173 ms on a page of 1,600 strokes
/// and 40 photos).
///
/// It is a cache of the page like every layer. What it shows depends on the page's size, its
/// background and its items up to the topmost element, and nothing else: it is taken back only
/// for a page equal in those, value for value, and dropped whenever the background's pixels
/// change under it (a PDF page arriving).
struct UnderStash {
    /// Pages up to this many pixels keep one (a 4K page's layer is 33 MB).
    static let maxArea = 3840 * 2160

    private var kept: (key: Page, belowLast: CairoSurface)?

    /// What the layer under the topmost element (at `last`) of `page` shows depends on.
    private static func key(_ page: Page, last: Int) -> Page {
        Page(size: page.size, background: page.background, items: Array(page.items[...last]))
    }

    /// Keeps `belowLast`, painted for `page` whose topmost element is at `last` (nothing when
    /// there is none, or the page is too large).
    mutating func keep(_ belowLast: CairoSurface?, for page: Page?, last: Int?) {
        guard let belowLast, let page, let last, last < page.items.count, belowLast.size.area <= Self.maxArea else {
            kept = nil
            return
        }
        kept = (Self.key(page, last: last), belowLast)
    }

    /// The layer kept for `page` (its topmost element at `last`), given up; nil when none was
    /// kept for it.
    mutating func take(for page: Page, last: Int, size: PixelSize) -> CairoSurface? {
        guard let kept, kept.belowLast.size == size, last < page.items.count, kept.key == Self.key(page, last: last) else { return nil }
        self.kept = nil
        return kept.belowLast
    }

    mutating func drop() { kept = nil }
}
