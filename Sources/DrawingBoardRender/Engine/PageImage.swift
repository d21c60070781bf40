import Foundation
import DrawingBoardCore

/// A page with the layers it paints, as a document file holds them: what a writer of
/// documents needs, and all it sees.
public protocol PageRendering {
    /// The page and its ink layer.
    func contents() -> DocumentContents
    /// The background layer's pixels as shown.
    func backgroundLayerImage() -> RasterImage
    /// What highlighters laid over the background, if anything.
    func highlightsLayerImage() -> RasterImage?
    /// The picture as the user sees it.
    func flattened() throws(RenderError) -> RasterImage
    /// The layers under the top run of ink, bottom first (none on a page without elements).
    func forEachLowerLayer(_ body: (PageLayer) throws -> Void) throws
}

/// One layer of the page as other apps see it in an OpenRaster stack, below the top run of ink:
/// a run of ink (with what its highlighters multiply, if anything) or an element, each the size
/// of what it covers, placed at its top left on the page.
public enum PageLayer: Sendable {
    case ink(RasterImage, x: Int, y: Int, highlights: RasterImage?)
    case element(Element, RasterImage, x: Int, y: Int)
}

/// The page's picture as it stands, read from its canvas: the document's contents, the
/// flattened picture, its PNG, the layers alone, and the colour at a point (the eyedropper's).
public struct PageImage: PageRendering {
    let canvas: PageCanvas
    public let page: Page

    var size: PixelSize { page.size }

    /// Whether the ink layer is exactly what the strokes draw (false when another app's drawing
    /// lies under them): vector export draws strokes only then.
    public var comesFromStrokes: Bool { page.base == nil }

    /// The document as it stands now (strokes in progress are not part of it).
    public func contents() -> DocumentContents {
        DocumentContents(page: page, drawing: drawingLayer())
    }

    /// The drawing layer alone (transparent where nothing is drawn or where it was erased).
    public func drawingLayer() -> RasterImage {
        RasterImage(width: size.width, height: size.height, pixels: canvas.ink.surface.read(PixelRect(size: size)))!
    }

    /// The background layer's pixels as shown (an image scaled to cover the canvas).
    public func backgroundLayerImage() -> RasterImage {
        canvas.background.surface.rasterImage()
    }

    /// The highlights layer's pixels, when any highlighter has marked the background.
    public func highlightsLayerImage() -> RasterImage? {
        guard let highlights = canvas.highlights, highlights.surface.hasContent(in: PixelRect(size: size)) else { return nil }
        return RasterImage(width: size.width, height: size.height, pixels: highlights.surface.read(PixelRect(size: size)))
    }

    /// What the picture starts from: the background, or everything under the top run when the
    /// page has elements (brought up to date from an element drag's layers first).
    private var base: CairoSurface {
        if let drag = canvas.drag, let under = canvas.under { drag.flush(into: under, painter: RunPainter(canvas: canvas, page: page)) }
        return canvas.under ?? canvas.background.surface
    }

    /// The picture as the user sees it: the drawing over the background.
    public func flattened() throws(RenderError) -> RasterImage {
        try flattenedSurface().rasterImage()
    }

    /// The picture encoded as PNG.
    public func pngData() throws(RenderError) -> [UInt8] {
        [UInt8](try PNGFile.encode(try flattenedSurface()))
    }

    /// The picture encoded as PNG, flattened into the page's own background layer: for a
    /// renderer done with the page (`drawingboard render`), so no other full-size copy of the
    /// page is made (a 16384 x 16384 page costs its two layers, not five copies). The page's
    /// background layer holds the picture afterwards.
    public func pngDataFlatteningInPlace() throws(RenderError) -> Data {
        try completeBackground()
        // A page with elements starts from the layer under its top run, which stays as it is.
        guard canvas.under == nil, canvas.drag == nil else { return try PNGFile.encode(try flattenedSurface()) }
        // A colour or paper not drawn yet goes under the ink, in the ink layer: one buffer.
        if canvas.highlights == nil, canvas.background.flattenUnder(canvas.ink.surface) {
            // The ink layer is a whole number of tiles: its page's part, as a view of its pixels.
            let ink = canvas.ink.surface
            ink.flush()
            guard ink.size != size else { return try PNGFile.encode(ink) }
            let page = try CairoSurface(wrapping: ink.pixels, format: .argb32, size: size, stride: ink.stride)
            return try withExtendedLifetime(ink) { () throws(RenderError) in try PNGFile.encode(page) }
        }
        let target = canvas.background.surface
        let cr = try CairoContext(target)
        if let highlights = canvas.highlights {
            cr.setBlend(.multiply)
            cr.paint(highlights.surface)
            cr.setBlend(.over)
        }
        cr.paint(canvas.ink.surface)
        target.flush()
        return try PNGFile.encode(target)
    }

    /// A PDF page still coming from the window's worker is drawn here: a file cannot wait.
    /// (Flattening comes first in every file written, so the layers read after it are whole.)
    private func completeBackground() throws(RenderError) {
        if canvas.background.pending != nil { try canvas.catchUpBackground(page: page, now: true) }
    }

    func flattenedSurface() throws(RenderError) -> CairoSurface {
        try completeBackground()
        let out = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(out)
        cr.paint(base)
        if let highlights = canvas.highlights {
            cr.setBlend(.multiply)
            cr.paint(highlights.surface)
            cr.setBlend(.over)
        }
        cr.paint(canvas.ink.surface)
        return out
    }

    /// The colour the picture shows at canvas point `p` (the drawing over the background), as
    /// the eyedropper picks it; nil outside the canvas.
    public func color(at p: Point) -> RGBColor? {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
        let one = PixelRect(x: x, y: y, width: 1, height: 1)
        var under = base.read(one)[0]
        let over = canvas.ink.surface.read(one)[0]
        if let highlights = canvas.highlights {
            // The background as the highlights multiply it: each channel times (1 − a + colour).
            let h = highlights.surface.read(one)[0], a = h >> 24
            func tinted(_ shift: UInt32) -> UInt32 {
                let factor = 255 - a + ((h >> shift) & 0xFF)
                return ((under >> shift) & 0xFF) * factor / 255
            }
            under = 0xFF00_0000 | tinted(16) << 16 | tinted(8) << 8 | tinted(0)
        }
        // Premultiplied OVER, channel by channel.
        let alpha = Double(over >> 24) / 255
        func channel(_ shift: UInt32) -> UInt8 {
            let top = Double((over >> shift) & 0xFF), bottom = Double((under >> shift) & 0xFF)
            return UInt8(min(max((top + bottom * (1 - alpha)).rounded(), 0), 255))
        }
        return RGBColor(red: channel(16), green: channel(8), blue: channel(0))
    }

    /// The layers under the top run (elements and the runs of ink between them), bottom first,
    /// one at a time (each is painted, handed over and let go). Empty runs give no layer.
    public func forEachLowerLayer(_ body: (PageLayer) throws -> Void) throws {
        try completeBackground()
        guard let last = canvas.lastElement(of: page) else { return }
        let mask = try canvas.borrowMask()
        defer { canvas.giveBack(mask) }
        let painter = RunPainter(canvas: canvas, page: page)
        let entries = canvas.index.entries(for: page.items)
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
            if let box {
                let ink = try CairoSurface(format: .argb32, size: PixelSize(width: box.width, height: box.height))
                ink.place(atX: box.x, y: box.y)
                let marked = run.contains { entries[$0].tool == .highlighter }
                let marks = marked ? try CairoSurface(format: .argb32, size: ink.size) : nil
                marks?.place(atX: box.x, y: box.y)
                try painter.paintItems(run, region: box, entries: entries, mask: mask, ink: ink, highlights: marks)
                try painter.paintItems(erasers.filter { $0 > i }, region: box, entries: entries, mask: mask, ink: ink, highlights: marks)
                if ink.hasContent(in: box) || marks?.hasContent(in: box) == true {
                    try body(.ink(ink.rasterImage(), x: box.x, y: box.y,
                                  highlights: marks.flatMap { $0.hasContent(in: box) ? $0.rasterImage() : nil }))
                }
            }
            guard let area = element.placement.bounds.pixelRect(clippedTo: size) else { continue }
            let surface = try CairoSurface(format: .argb32, size: PixelSize(width: area.width, height: area.height))
            let cr = try CairoContext(surface)
            surface.place(atX: area.x, y: area.y)
            canvas.elements.paint(element, on: cr.handle, assets: canvas.assets)
            surface.flush()
            try body(.element(element, surface.rasterImage(), x: area.x, y: area.y))
        }
    }
}
