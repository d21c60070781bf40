import DrawingBoardCore

/// A stroke in progress, for one pointer. It keeps the samples and its own coverage mask, which
/// it redraws only where a new sample changed it, so the preview costs per sample what the new
/// piece of stroke covers, however long the stroke is.
///
/// An opaque pencil stroke goes faster still (`paintsDirectly`): each freehand segment is
/// stroked straight onto the screen as soon as it is final (its shape depends on the sample
/// after it), and the mask catches up only when the screen must be composed again under the
/// stroke. Until then the newest segment is the provisional `tail`, stroked over the frame by
/// the window and taken off with the pixels kept under it (`TailSaves`), so the ink reaches the
/// pointer with every sample. Opaque ink painted twice looks the same but at its antialiased
/// edges, so nothing has to be erased first; a translucent or erasing stroke must keep the mask
/// exact instead.
final class LiveStroke {
    let tool: Tool
    let style: StrokeStyle
    /// False from the moment a pen's pressure first changes (`LiveStroke+Pressure.swift`).
    var paintsDirectly: Bool
    /// Where the mask lags behind what was painted on the screen (direct strokes only).
    var maskBehind: PixelRect?
    /// The last segment in its provisional shape, shown on the screen over everything else
    /// (`Editor.paintTails`) until the next sample reshapes it. The mask never has it.
    var tail: StrokeIncrement?
    /// Where the provisional tail is.
    var provisionalTail: PixelRect? { tail?.bounds }
    /// Every sample, as the pointer reported them (the stroke data keeps these).
    private(set) var samples: [Point]
    /// Samples without repeats (the freehand curve runs through these).
    var points: [Point] = []
    /// The box of each final freehand segment, and which cross each part of the canvas.
    private var segments = SegmentIndex()
    /// How many segments the last sample redrew (a long stroke must not make this grow).
    var lastRedrawCount: Int { segments.lastFound }
    /// The stroke's coverage, over the part of the canvas it has reached so far.
    let coverage: StrokeMask
    var mask: CairoSurface { coverage.surface }
    /// Where the mask may have coverage.
    var drawn: PixelRect?

    /// The shape helpers in force (the latest sample's).
    private(set) var modifiers: ShapeModifiers
    /// Shift or Alt asked for by the panel's switches. A held key turns its switch's helper
    /// over for the drag (Shift with Snap on draws a free angle), as GIMP's Shift does with
    /// its fixed-aspect option.
    let fixedModifiers: ShapeModifiers

    /// False: samples are only kept (a script's stroke is drawn once, when it ends).
    let previews: Bool
    /// The instrument's edge the stroke started near: it is shown along it as it goes, as it
    /// will be committed (`Instrument.guided`).
    let guide: Guide?

    /// The pointer resting at the stroke's end, and the shape shown meanwhile (`LiveStroke+Snap`).
    var rest = PointerRest()

    /// A pen's stroke: while its pressure stays 1 it is drawn as any stroke; from the first
    /// other pressure on, it is shown as the filled outline the committed stroke will be.
    let pen: Bool
    /// The pen's pressure has changed: the outline follows it (`LiveStroke+Pressure.swift`).
    var followsPressure = false

    /// `mask`: a cleared mask an earlier stroke let go (`LiveInput.retire`), to use instead of a new one.
    init(tool: Tool, style: StrokeStyle, canvas: PixelSize, modifiers: ShapeModifiers = [], previews: Bool = true,
         pressureSensitive: Bool = false, mask: StrokeMask? = nil, guide: Guide? = nil) throws(RenderError) {
        self.previews = previews
        self.guide = guide
        pen = pressureSensitive && tool.isFreehand
        self.tool = tool
        self.style = style
        if let mask {
            mask.canvas = canvas
            coverage = mask
        } else {
            coverage = try StrokeMask(canvas: canvas)
        }
        self.samples = []
        fixedModifiers = modifiers
        self.modifiers = modifiers
        paintsDirectly = tool == .pencil && style.opacity >= 1 && guide == nil
    }

    /// The pressure at each distinct point (`points`), for the live outline of a pen's stroke.
    var pointPressures: [Double] = []

    /// The pen's pressure at each sample (1 where there is none).
    var samplePressures: [Double] = []

    /// The pressures the committed stroke keeps: for freehand tools, one per point (nil when
    /// all are 1: a stroke without pressure); shapes ignore pressure.
    var strokePressures: [Double]? {
        guard tool.isFreehand, samplePressures.contains(where: { $0 != 1 }) else { return nil }
        return samplePressures
    }

    /// The points the committed stroke keeps: every sample for freehand tools; for a shape,
    /// its two corners (or ends), once the helpers apply, so it redraws the same without them.
    /// (The drag positions between are not kept: a shape is drawn from its ends alone, and a
    /// slow drag kept hundreds of points in the journal and the document.)
    var strokePoints: [Point] {
        guard tool.isShape, let first = samples.first, let last = samples.last, samples.count > 1 else { return samples }
        let span = ShapeHelpers.span(tool, from: first, to: last, modifiers)
        return [span.start, span.end]
    }

    /// A shape's outline from its corners; a guided stroke's along its edge.
    private var shapeOutline: StrokeOutline {
        if let guide { return StrokeOutline(tool: tool, width: style.width, points: guide.path(samples)) }
        return StrokeOutline(tool: tool, width: style.width, points: strokePoints)
    }

    /// What a new sample asks of the screen.
    enum Change {
        case none
        /// Compose this area again (the mask is up to date there).
        case recompose(PixelRect)
        /// Stroke this piece straight onto the screen.
        case paint(StrokeIncrement)
    }

    private var pad: Double { style.width / 2 + 1 }

    /// Adds a sample, and says how the screen must change.
    func add(_ p: Point, pressure: Double = 1, modifiers held: ShapeModifiers = [], canvas: PixelSize) -> Change {
        coverage.canvas = canvas
        let modifiers = held.symmetricDifference(fixedModifiers)
        if samples.last == p, !samples.isEmpty {
            // The same place: the pen's last pressure there counts.
            samplePressures[samplePressures.count - 1] = pressure
            // The same place with other keys held reshapes a shape; anything else is a repeat.
            guard tool.isShape, modifiers != self.modifiers else { return .none }
            self.modifiers = modifiers
            return redrawShape(canvas: canvas).map { .recompose($0) } ?? .none
        }
        self.modifiers = modifiers
        samples.append(p)
        samplePressures.append(pressure)
        guard previews, rest.snapped == nil else { return .none }
        if guide != nil { return redrawShape(canvas: canvas).map { .recompose($0) } ?? .none }
        if pen, !followsPressure, pressure != 1 { return followPressure(from: p, canvas: canvas) }
        if paintsDirectly { return extendDirect(p, canvas: canvas) }
        let changed = tool.isShape ? redrawShape(canvas: canvas) : extendFreehand(p, canvas: canvas)
        return changed.map { .recompose($0) } ?? .none
    }

    /// Whether the last segment has no tail yet (a direct stroke's final pieces run a sample
    /// behind).
    var tailPending: Bool { paintsDirectly && points.count >= 2 && provisionalTail == nil }

    /// Makes the last segment as it stands the provisional tail, to show at once. The mask
    /// does not get it: the next sample reshapes it.
    func makeTail(canvas: PixelSize) {
        guard tailPending else { return }
        let i = points.count - 2
        var path = VectorPath()
        appendSegment(i, to: &path)
        guard let region = bounds(ofSegment: i).pixelRect(clippedTo: canvas) else { return }
        drawn = union(drawn, region)
        tail = StrokeIncrement(outline: StrokeOutline(path: path, width: style.width), color: style.color, bounds: region,
                               owner: ObjectIdentifier(self))
    }

    private func extendDirect(_ p: Point, canvas: PixelSize) -> Change {
        guard points.last != p else { return .none }
        points.append(p)
        pointPressures.append(1)
        if let tail = provisionalTail {
            // The provisional tail is on the screen in its old shape: it comes off (its pixels
            // put back, or its area composed again from the mask, which has the final
            // segments), and the segment, final now, is stroked in its place.
            self.tail = nil
            maskBehind = union(maskBehind, tail)
            guard points.count >= 3 else { return .recompose(tail) }
            let i = points.count - 3
            var segment = VectorPath()
            appendSegment(i, to: &segment)
            let area = bounds(ofSegment: i)
            segments.set(i, area)
            guard let region = area.pixelRect(clippedTo: canvas) else { return .recompose(tail) }
            maskBehind = union(maskBehind, region)
            drawn = union(drawn, region.union(tail))
            // The first segment is composed from the mask: stroked over the starting dot, the
            // dot's edge would show twice as dark.
            if i == 0 { return .recompose(region.union(tail)) }
            return .paint(StrokeIncrement(outline: StrokeOutline(path: segment, width: style.width), color: style.color, bounds: region,
                                          owner: ObjectIdentifier(self), replacesTail: tail))
        }
        let n = points.count
        let path: VectorPath
        let area: Rect
        if n == 1 {
            path = Self.dot(p)
            area = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y).insetBy(-pad)
        } else if n >= 3 {
            // Segment n - 3 has its following sample now: its shape is final.
            let i = n - 3
            var segment = VectorPath()
            appendSegment(i, to: &segment)
            path = segment
            area = bounds(ofSegment: i)
            segments.set(i, area)
        } else {
            return .none
        }
        guard let region = area.pixelRect(clippedTo: canvas) else { return .none }
        drawn = union(drawn, region)
        maskBehind = union(maskBehind, region)
        return .paint(StrokeIncrement(outline: StrokeOutline(path: path, width: style.width), color: style.color, bounds: region,
                                      owner: ObjectIdentifier(self)))
    }

    /// Files every segment so far, as a stroke drawn into its mask has them (a direct stroke
    /// files each a sample late): the stroke goes on drawn into the mask.
    func fileAllSegments() {
        guard points.count >= 2 else { return }
        for i in segments.count..<(points.count - 1) { segments.set(i, bounds(ofSegment: i)) }
    }

    /// Brings the mask up to what the screen shows (before the screen is composed from it).
    func catchUpMask() {
        guard let region = maskBehind else { return }
        maskBehind = nil
        mask.zero(region)
        var path = VectorPath()
        if segments.isEmpty, let first = points.first {
            path = Self.dot(first)
        } else {
            appendSegments(crossing: region.rect, to: &path)
        }
        stroke(StrokeOutline(path: path, width: style.width), clip: region)
    }

    private static func dot(_ p: Point) -> VectorPath {
        var path = VectorPath()
        path.move(to: p)
        path.line(to: p)
        return path
    }

    /// A shape, or a stroke along an instrument's edge, drawn again whole.
    private func redrawShape(canvas: PixelSize) -> PixelRect? {
        let outline = shapeOutline
        let old = drawn
        if let old { mask.zero(old) }
        let new = outline.bounds?.pixelRect(clippedTo: canvas)
        if let new { stroke(outline, clip: new) }
        drawn = new
        return union(old, new)
    }

    private func extendFreehand(_ p: Point, canvas: PixelSize) -> PixelRect? {
        guard points.last != p else {
            if followsPressure, !pointPressures.isEmpty { pointPressures[pointPressures.count - 1] = samplePressures.last ?? 1 }
            return nil
        }
        points.append(p)
        pointPressures.append(samplePressures.last ?? 1)
        if followsPressure { return extendWithPressure(canvas: canvas) }
        let n = points.count
        var area: Rect
        if n == 1 {
            area = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y).insetBy(-pad)
            let region = area.pixelRect(clippedTo: canvas)
            if let region { stroke(StrokeOutline(path: Self.dot(p), width: style.width), clip: region) }
            drawn = union(drawn, region)
            return region
        }
        // The previous segment's shape changes now that its next sample is known; the new
        // segment joins. Redraw everything that crosses the area either of them covers.
        area = bounds(ofSegment: n - 2)
        if n >= 3 {
            area = area.union(segments[n - 3]).union(bounds(ofSegment: n - 3))
            segments.set(n - 3, bounds(ofSegment: n - 3))
        }
        segments.set(n - 2, bounds(ofSegment: n - 2))
        guard let region = area.pixelRect(clippedTo: canvas) else { return nil }
        mask.zero(region)
        var path = VectorPath()
        appendSegments(crossing: region.rect, to: &path)
        stroke(StrokeOutline(path: path, width: style.width), clip: region)
        drawn = union(drawn, region)
        return region
    }

    /// Adds to `path` every indexed segment whose box crosses `clip`, in stroke order.
    private func appendSegments(crossing clip: Rect, to path: inout VectorPath) {
        var previous = -2
        for i in segments.crossing(clip) {
            appendSegment(i, to: &path, joined: i == previous + 1)
            previous = i
        }
    }

    /// Adds freehand segment `i` (points[i] to points[i + 1]) to `path`, as a new piece unless
    /// it continues the previous one.
    private func appendSegment(_ i: Int, to path: inout VectorPath, joined: Bool = false) {
        let s = StrokeOutline.smoothSegment(points, i)
        if !joined { path.move(to: points[i]) }
        path.curve(to: s.end, control1: s.control1, control2: s.control2)
    }

    private func bounds(ofSegment i: Int) -> Rect {
        let s = StrokeOutline.smoothSegment(points, i)
        return Rect(around: [points[i], s.control1, s.control2, s.end])!.insetBy(-pad)
    }

    /// What the mask holds within `rect` (canvas pixels), as vectors, for drawing it at
    /// another scale: a shape's outline, a pen's filled outline, or the freehand segments that
    /// cross `rect` (without a direct stroke's provisional tail, which is shown apart).
    func outline(crossing rect: Rect) -> StrokeOutline? {
        if tool.isShape || guide != nil { return shapeOutline }
        if followsPressure {
            return StrokeOutline(pressureStrokeOf: tool, width: style.width, points: points, pressures: pointPressures)
        }
        var path = VectorPath()
        if segments.isEmpty, let first = points.first {
            path = Self.dot(first)
        } else {
            appendSegments(crossing: rect, to: &path)
        }
        return StrokeOutline(path: path, width: style.width)
    }

    /// Grows the mask to cover `region` (`StrokeMask.cover`).
    func cover(_ region: PixelRect) { coverage.cover(region) }

    func stroke(_ outline: StrokeOutline, clip: PixelRect) { coverage.stroke(outline, clip: clip) }

    /// Forgets what the stroke drew, as it leaves the screen (`LiveInput.retire`, which hands
    /// its mask on).
    func forgetDrawing() {
        drawn = nil
        maskBehind = nil
        tail = nil
    }
}

/// A piece of an opaque stroke in progress to stroke straight onto the screen, in canvas
/// coordinates (`EditorScreen.paint(_:into:view:)`).
public struct StrokeIncrement {
    let outline: StrokeOutline
    let color: RGBColor
    /// The canvas pixels it can mark.
    public let bounds: PixelRect
    /// The stroke it belongs to.
    let owner: ObjectIdentifier
    /// The stroke's provisional tail to take off the screen first (its pixels, when saved, are
    /// put back; otherwise `area` is composed again instead of painting this piece).
    var replacesTail: PixelRect?

    /// Every canvas pixel the piece changes, the tail it takes off included.
    public var area: PixelRect { replacesTail.map { bounds.union($0) } ?? bounds }
}

func union(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
    switch (a, b) {
    case (nil, nil): return nil
    case (let a?, nil): return a
    case (nil, let b?): return b
    case (let a?, let b?): return a.union(b)
    }
}
