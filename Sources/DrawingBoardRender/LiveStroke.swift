import DrawingBoardCore

/// A stroke in progress, for one pointer. It keeps the samples and its own coverage mask, which
/// it redraws only where a new sample changed it, so the preview costs per sample what the new
/// piece of stroke covers, however long the stroke is.
final class LiveStroke {
    let tool: Tool
    let style: StrokeStyle
    /// Every sample, as the pointer reported them (the stroke data keeps these).
    private(set) var samples: [Point]
    /// Samples without repeats (the freehand curve runs through these).
    private var points: [Point] = []
    /// Padded box of each freehand segment (from points[i] to points[i + 1]).
    private var segmentBounds: [Rect] = []
    /// Which segments cross each 64 px cell, so a sample looks only at its neighbourhood
    /// instead of every segment of a long stroke.
    private var cells: [TileIndex: [Int]] = [:]
    private static let cell = 64.0
    /// How many segments the last sample redrew (a long stroke must not make this grow).
    private(set) var lastRedrawCount = 0
    let mask: CairoSurface
    /// Made once per stroke: a context per sample would cost more than the sample's drawing.
    private lazy var maskContext: CairoContext? = try? CairoContext(mask)
    /// Where the mask may have coverage.
    private(set) var drawn: PixelRect?

    init(tool: Tool, style: StrokeStyle, mask: CairoSurface) {
        self.tool = tool
        self.style = style
        self.mask = mask
        self.samples = []
    }

    private var pad: Double { style.width / 2 + 1 }

    /// Adds a sample and redraws the mask where it changed. Returns the changed area.
    func add(_ p: Point, canvas: PixelSize) -> PixelRect? {
        if samples.last == p, !samples.isEmpty { return nil }
        samples.append(p)
        return tool.isShape ? redrawShape(canvas: canvas) : extendFreehand(p, canvas: canvas)
    }

    private func redrawShape(canvas: PixelSize) -> PixelRect? {
        let outline = StrokeOutline(tool: tool, width: style.width, points: samples)
        let old = drawn
        if let old { mask.zero(old) }
        let new = outline.bounds?.pixelRect(clippedTo: canvas)
        if let new { stroke(outline, clip: new) }
        drawn = new
        return union(old, new)
    }

    private func extendFreehand(_ p: Point, canvas: PixelSize) -> PixelRect? {
        guard points.last != p else { return nil }
        points.append(p)
        let n = points.count
        var area: Rect
        if n == 1 {
            area = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y).insetBy(-pad)
            let region = area.pixelRect(clippedTo: canvas)
            if let region {
                var path = VectorPath()
                path.move(to: p)
                path.line(to: p)
                stroke(StrokeOutline(path: path, width: style.width), clip: region)
            }
            drawn = union(drawn, region)
            return region
        }
        // The previous segment's shape changes now that its next sample is known; the new
        // segment joins. Redraw everything that crosses the area either of them covers.
        area = bounds(ofSegment: n - 2)
        if n >= 3 {
            area = area.union(segmentBounds[n - 3]).union(bounds(ofSegment: n - 3))
            segmentBounds[n - 3] = bounds(ofSegment: n - 3)
            index(n - 3)
        }
        segmentBounds.append(bounds(ofSegment: n - 2))
        index(n - 2)
        guard let region = area.pixelRect(clippedTo: canvas) else { return nil }
        mask.zero(region)
        let clip = region.rect
        var nearby = Set<Int>()
        for cell in Self.cells(of: clip) { nearby.formUnion(cells[cell] ?? []) }
        var path = VectorPath()
        var previous = -2
        lastRedrawCount = 0
        for i in nearby.sorted() where segmentBounds[i].intersects(clip) {
            lastRedrawCount += 1
            let s = StrokeOutline.smoothSegment(points, i)
            if i != previous + 1 { path.move(to: points[i]) }
            path.curve(to: s.end, control1: s.control1, control2: s.control2)
            previous = i
        }
        stroke(StrokeOutline(path: path, width: style.width), clip: region)
        drawn = union(drawn, region)
        return region
    }

    /// Files segment `i` under every cell its box covers (a grown box keeps its old cells too:
    /// harmless, they are checked against the box again).
    private func index(_ i: Int) {
        for cell in Self.cells(of: segmentBounds[i]) where cells[cell]?.last != i {
            cells[cell, default: []].append(i)
        }
    }

    /// The cells a box covers, clamped to the largest canvas (what lies beyond is clipped away).
    private static func cells(of r: Rect) -> [TileIndex] {
        let limit = Double(CanvasLimits.maxSide) / cell + 1
        func c(_ v: Double) -> Int { Int(min(max((v / cell).rounded(.down), -1), limit)) }
        let x0 = c(r.minX), x1 = c(r.maxX), y0 = c(r.minY), y1 = c(r.maxY)
        var result: [TileIndex] = []
        for row in y0...y1 { for column in x0...x1 { result.append(TileIndex(column: column, row: row)) } }
        return result
    }

    private func bounds(ofSegment i: Int) -> Rect {
        let s = StrokeOutline.smoothSegment(points, i)
        return Rect(around: [points[i], s.control1, s.control2, s.end])!.insetBy(-pad)
    }

    private func stroke(_ outline: StrokeOutline, clip: PixelRect) {
        guard let cr = maskContext else { return }
        cr.isolated {
            cr.clip(to: clip)
            cr.setSource(.black)
            cr.stroke(outline)
        }
    }

    /// Forgets the coverage, so the mask can serve another stroke.
    func clearMask() {
        if let drawn { mask.zero(drawn) }
        drawn = nil
    }
}

func union(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
    switch (a, b) {
    case (nil, nil): return nil
    case (let a?, nil): return a
    case (nil, let b?): return b
    case (let a?, let b?): return a.union(b)
    }
}
