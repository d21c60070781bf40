import DrawingBoardCore

/// The ink layer where a selection of ink is about to be lifted off the page for a drag,
/// painted off the event loop while the drag's picture is painted: the page's top run of ink
/// within the selection's box, without the selection. Lifting then copies these pixels into the
/// canvas instead of painting that area again on the loop (a large selection's area is most of
/// a page of ink: 28 ms for 460 strokes of a page of handwriting, where a frame is 16 ms).
///
/// It is painted by the same code, from the same boxes and in the same order as the canvas
/// paints the area after the removal (`RunPainter.paintStrokes`), so the pixels are the same;
/// it is used only for the page and selection it was made from, unchanged since.
public struct LiftPatchJob: Sendable {
    let page: Page
    let entries: [ItemIndex.Entry]
    /// The items painted: the top run's, the selection's left out.
    let painted: [Int]
    /// The canvas pixels to paint again: the selected strokes' boxes, as the canvas works
    /// them out when they go.
    let region: PixelRect
    let size: PixelSize
    /// Whether the page without the selection still has highlighter strokes (its highlights
    /// layer stays).
    let highlights: Bool
    let stamp: LiftPatch.Stamp

    /// Paints the patch (off the event loop).
    public func paint() throws(RenderError) -> LiftPatch {
        let ink = try CairoSurface(format: .argb32, size: PixelSize(width: region.width, height: region.height))
        ink.place(atX: region.x, y: region.y)
        var marks: CairoSurface?
        if highlights {
            let made = try CairoSurface(format: .argb32, size: ink.size)
            made.place(atX: region.x, y: region.y)
            marks = made
        }
        let mask = try CairoSurface(format: .a8, size: size)
        try RunPainter.paintStrokes(painted, of: page, size: size, region: region, entries: entries, mask: mask, ink: ink, highlights: marks) {
            () throws(RenderError) -> CairoSurface? in nil
        }
        ink.flush()
        marks?.flush()
        return LiftPatch(ink: ink, highlights: marks, region: region, stamp: stamp)
    }
}

/// A `LiftPatchJob`'s pixels. Never changed after it is painted (but for `laid`, on the loop):
/// it may cross threads.
public final class LiftPatch: @unchecked Sendable {
    /// What it was painted from: the editor's revision, the page, the selection.
    struct Stamp: Equatable, Sendable {
        var revision: Int
        var page: UInt64
        var ids: [UInt64]
    }

    let ink: CairoSurface
    let highlights: CairoSurface?
    let region: PixelRect
    let stamp: Stamp
    /// Whether it was laid into a canvas (for tests).
    private(set) var laid = false

    init(ink: CairoSurface, highlights: CairoSurface?, region: PixelRect, stamp: Stamp) {
        self.ink = ink
        self.highlights = highlights
        self.region = region
        self.stamp = stamp
    }

    /// Lays the patch into `canvas` where the selection's strokes were (`area`, as the canvas
    /// worked it out): false when it was painted for another area, and nothing is done.
    func lay(on canvas: PageCanvas, area: PixelRect) throws(RenderError) -> Bool {
        guard area == region else { return false }
        if let highlights {
            let cr = try CairoContext(try canvas.highlightsLayer().surface)
            cr.clip(to: region)
            cr.copy(highlights)
        } else {
            canvas.highlights = nil
        }
        let cr = try CairoContext(canvas.ink.surface)
        cr.clip(to: region)
        cr.copy(ink)
        canvas.invalidate(region)
        laid = true
        return true
    }
}

extension PageCanvas {
    /// Whether lifting the selection `ids` of `page` off it costs more than a frame here,
    /// and if so what to paint off the loop for it: nil when the lift is cheap, or when the
    /// selection is not all strokes of the top run of ink (elements, or strokes under one,
    /// have the page painted again whole off the loop instead).
    func liftPatchJob(for ids: [UInt64], of page: Page, stamp: LiftPatch.Stamp) -> LiftPatchJob? {
        let found = page.indices(of: ids)
        let start = (lastElement(of: page) ?? -1) + 1
        guard !found.isEmpty, found.allSatisfy({ $0 >= start && page.items[$0].stroke.map { $0.tool != .eraser } == true }) else { return nil }
        let entries = index.entries(for: page.items)
        var region: PixelRect?
        for i in found { region = union(region, entries[i].box?.pixelRect(clippedTo: size)) }
        guard let region else { return nil }
        let selected = Set(found)
        var painted: [Int] = [], cost = 0
        for i in start..<entries.count where !selected.contains(i) {
            // (The base in the top run is painted on the loop.)
            guard let box = entries[i].box else { return nil }
            painted.append(i)
            if box.pixelRect(clippedTo: size)?.intersection(region) != nil { cost += 1 }
        }
        guard cost >= Self.liftStrokesOnLoop else { return nil }
        let highlighters = found.reduce(index.highlighters) { $0 - (entries[$1].tool == .highlighter ? 1 : 0) }
        return LiftPatchJob(page: page, entries: entries, painted: painted, region: region, size: size, highlights: highlighters > 0, stamp: stamp)
    }

    /// Strokes painted again in the selection's area that a lift paints on the loop; more
    /// are painted off it first (about 15 ms here, a frame, for 40 strokes).
    static let liftStrokesOnLoop = 40
}
