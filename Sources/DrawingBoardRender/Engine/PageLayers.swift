import DrawingBoardCore

/// The page's pixels: caches of the page model, painted from it. The background layer shows the
/// page's background; the ink layer holds what the items paint; the highlights layer what
/// highlighters laid over the background (see Editor+Highlights); `base` the pixels of another
/// app's drawing (the page's base item), ready to paint.
final class PageLayers {
    var ink: InkLayer
    var background: BackgroundLayer
    /// Made when the first highlighter stroke is; nil while no highlighter marks the page.
    var highlights: InkLayer?
    /// The page's base item as a surface, when it has one.
    var base: CairoSurface?
    /// Everything under the top run of ink (background, lower runs, elements), when the page
    /// has elements (see Editor+Runs).
    var under: CairoSurface?
    /// The same without the last element (what lies under the topmost element).
    var belowLast: CairoSurface?
    /// Each element drawn at its size, ready to lay on the page.
    let elementCache = ElementCache()
    /// The page under and over an element being dragged.
    var dragCache: DragCache?
    /// The under layer as erasers being drawn show it.
    var underErasing: CairoSurface?
    /// Coverage masks the size of the ink layer, kept for the next stroke painted.
    private var masks: [CairoSurface] = []

    init(size: PixelSize, background: Background) throws(RenderError) {
        ink = try InkLayer(size: size)
        self.background = try BackgroundLayer(size: size, background: background)
    }

    /// A coverage mask the size of the ink layer, for painting a stroke.
    func borrowMask() -> CairoSurface? {
        if let mask = masks.popLast() { return mask }
        return try? CairoSurface(format: .a8, size: ink.surface.size)
    }

    func giveBack(_ mask: CairoSurface) {
        if mask.size == ink.surface.size { masks.append(mask) }
    }

    /// Forgets surfaces sized for the old ink layer.
    func dropMasks() { masks.removeAll() }

    /// The highlights layer, made (transparent) if it is not there yet.
    func highlightsLayer() throws(RenderError) -> InkLayer {
        if let highlights { return highlights }
        let layer = try InkLayer(size: ink.surface.size)
        highlights = layer
        return layer
    }
}
