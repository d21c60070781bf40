import DrawingBoardCore

/// One layer of the page as other apps see it in an OpenRaster stack, below the top run of ink:
/// a run of ink (with what its highlighters multiply, if anything) or an element, each the size
/// of what it covers, placed at its top left on the page.
public enum PageLayer {
    case ink(RasterImage, x: Int, y: Int, highlights: RasterImage?)
    case element(Element, RasterImage, x: Int, y: Int)
}

extension Editor {
    /// The layers under the top run (elements and the runs of ink between them), bottom first,
    /// one at a time (each is painted, handed over and let go). Empty runs give no layer.
    public func forEachLowerLayer(_ body: (PageLayer) throws -> Void) throws {
        guard let last = page.lastElementIndex, let mask = layers.borrowMask() else { return }
        defer { layers.giveBack(mask) }
        let entries = index.entries(for: page.items)
        let erasers = entries.indices.filter { entries[$0].tool == .eraser }
        let all = PixelRect(size: size)
        var start = 0
        for i in 0...last {
            guard entries[i].isElement, case .element(let element) = page.items[i] else { continue }
            let run = Array(start..<i)
            start = i + 1
            // The run's area: its strokes' boxes (the base covers the page).
            var box: PixelRect?
            for j in run { box = union(box, entries[j].box == nil ? all : entries[j].box?.pixelRect(clippedTo: size)) }
            if let box, let ink = try? CairoSurface(format: .argb32, size: PixelSize(width: box.width, height: box.height)) {
                ink.place(atX: box.x, y: box.y)
                let marked = run.contains { entries[$0].tool == .highlighter }
                let marks = marked ? try? CairoSurface(format: .argb32, size: ink.size) : nil
                marks?.place(atX: box.x, y: box.y)
                paintItems(run, region: box, entries: entries, mask: mask, ink: ink, highlights: marks)
                paintItems(erasers.filter { $0 > i }, region: box, entries: entries, mask: mask, ink: ink, highlights: marks)
                if ink.hasContent(in: box) || marks?.hasContent(in: box) == true {
                    try body(.ink(ink.rasterImage(), x: box.x, y: box.y,
                                  highlights: marks.flatMap { $0.hasContent(in: box) ? $0.rasterImage() : nil }))
                }
            }
            guard let area = element.placement.bounds.pixelRect(clippedTo: size),
                  let surface = try? CairoSurface(format: .argb32, size: PixelSize(width: area.width, height: area.height)),
                  let cr = try? CairoContext(surface) else { continue }
            surface.place(atX: area.x, y: area.y)
            layers.elementCache.paint(element, on: cr.handle, assets: assets)
            surface.flush()
            try body(.element(element, surface.rasterImage(), x: area.x, y: area.y))
        }
    }
}
