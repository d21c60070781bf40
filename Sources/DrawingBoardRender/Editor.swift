import DrawingBoardCore

/// The drawing engine the window and the headless renderer share: the tool state, the two
/// layers (background and drawing), the strokes in progress (one per pointer), the committed
/// strokes as data, and the history.
///
/// A stroke in progress never touches the drawing layer: it lives in its own coverage mask,
/// shown over the layer while the pointer moves. When it ends, its whole outline is stroked once
/// into the mask and the mask is composited into the drawing layer in one operation, so a
/// semi-transparent stroke has one uniform opacity even where it crosses itself, the result does
/// not depend on how the samples arrived, and the history sees exactly which tiles changed.
public final class Editor {
    /// The canvas size. It only grows (`grow(toFit:)`), so nothing drawn is ever cropped.
    public internal(set) var size: PixelSize
    public var toolState = ToolState()

    /// The committed strokes, oldest first, as the drawing shows them now.
    public internal(set) var strokes: [Stroke] = []
    public let history: UndoHistory
    /// Counts every change to the picture; the window compares it with the saved one.
    public internal(set) var revision = 0
    /// Whether the drawing layer is exactly what the strokes draw (false for another app's
    /// document, whose drawing is pixels only): vector export draws strokes only then.
    public internal(set) var drawingComesFromStrokes = true
    /// Told of every committed change (the autosave journal listens here).
    public var recorder: ((EditRecord) -> Void)?

    var ink: InkLayer
    var backgroundLayer: BackgroundLayer
    /// What highlighters laid over the background (see Editor+Highlights); nil until the first.
    var highlights: InkLayer?
    /// Compositing scratch for the highlights while an eraser in progress clears them.
    var highlightsScratch: CairoSurface?
    /// Compositing scratch: the drawing layer with the live strokes applied, for display.
    var scratch: CairoSurface?
    var scratchContext: CairoContext?
    var live: [PointerSource: LiveStroke] = [:]
    /// Per pointer, the stabiliser of a freehand stroke being smoothed.
    var stabilisers: [PointerSource: Stabiliser] = [:]
    /// Where each smoothed stroke's pointer really is (the line trails it).
    var pointerPositions: [PointerSource: Point] = [:]
    /// The stroke eraser's gesture in progress, if any.
    var erasing: StrokeErasing?
    /// Pixels under the strokes that no stroke explains (an image or another app's drawing
    /// opened as the document), and whether they show (a clear hides them). The stroke eraser
    /// repaints from these and the strokes.
    var base: CairoSurface?
    var baseShown = true
    /// Strokes of an opened document that are already part of `base` (another app drew
    /// there too, so they cannot be taken out of its pixels).
    var bakedStrokes: Set<UInt64> = []
    /// Stroke boxes by id, for the stroke eraser (ids are unique within a document).
    var strokeBounds: [UInt64: Rect] = [:]
    /// The background shown while a slider is dragged replaced this one (recorded at the end).
    var backgroundBeforePreview: Background?
    var masks: [CairoSurface] = []
    /// Whether strokes in progress are drawn as they go (false for scripts, which show
    /// nothing until the end: each stroke is then drawn once, whatever its length).
    public var previewsStrokes = true
    var nextStrokeID: UInt64 = 1
    private var dirty: PixelRect?
    /// Pieces of strokes in progress waiting to be stroked straight onto the screen.
    private var increments: [StrokeIncrement] = []

    public init(size: PixelSize, background: Background = .default, history: UndoHistory.Options = .init()) throws(RenderError) {
        try Self.checkLimits(size)
        self.size = size
        self.history = UndoHistory(options: history)
        ink = try InkLayer(size: size)
        backgroundLayer = try BackgroundLayer(size: size, background: background)
    }

    /// An editor showing a saved document: its background, its drawing and its strokes. The
    /// history starts empty.
    public convenience init(document: DocumentContents, history: UndoHistory.Options = .init()) throws(RenderError) {
        // The layers are made at the document's size by `load`; these first ones are a stand-in.
        try self.init(size: PixelSize(width: 1, height: 1), history: history)
        try load(document)
    }

    /// The document as it stands now (strokes in progress are not part of it).
    public func contents() -> DocumentContents {
        let under = baseShown ? base.map { surface in RasterImage(width: size.width, height: size.height, pixels: surface.read(PixelRect(size: size)))! } : nil
        return DocumentContents(size: size, background: background, drawing: drawingLayer(), strokes: strokes,
                                base: under, bakedStrokes: under == nil ? [] : bakedStrokes.intersection(strokes.map(\.id)))
    }

    /// The background layer's pixels as shown (an image scaled to cover the canvas).
    public func backgroundLayerImage() -> RasterImage {
        backgroundLayer.surface.rasterImage()
    }

    static func checkLimits(_ size: PixelSize) throws(RenderError) {
        guard size.width >= 1, size.height >= 1, size.width <= CanvasLimits.maxSide, size.height <= CanvasLimits.maxSide,
              size.area <= CanvasLimits.maxPixels else {
            throw RenderError("a \(size) canvas is outside the limits (1 to \(CanvasLimits.maxSide) pixels a side, at most \(CanvasLimits.maxPixels) pixels)")
        }
    }

    public var background: Background { backgroundLayer.background }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }
    /// Whether the stroke `source` is drawing reaches the page at all (a stroke wholly on the
    /// desk around the page changes nothing; the window drops it instead of making it a step).
    /// `end`: where the pointer lifts, if it has not moved there yet.
    public func strokeReachesPage(_ source: PointerSource, endingAt end: Point? = nil) -> Bool {
        guard let stroke = live[source] else { return false }
        let points = stroke.strokePoints + (end.map { [$0] } ?? [])
        return StrokeOutline(tool: stroke.tool, width: stroke.style.width, points: points).bounds?.pixelRect(clippedTo: size) != nil
    }

    /// Pointers with a stroke in progress.
    public var activePointers: Set<PointerSource> { Set(live.keys) }
    /// Bytes the masks of the strokes in progress hold (each covers what its stroke reached).
    public var liveMaskBytes: Int { live.values.reduce(0) { $0 + $1.mask.size.area } }
    public var isDrawing: Bool { !live.isEmpty }

    /// Segments the last sample of `source`'s live stroke redrew (for tests and the benchmark).
    func lastRedrawCount(of source: PointerSource) -> Int? { live[source]?.lastRedrawCount }

    /// The canvas area whose pixels changed since the last call, if any, to compose again.
    /// Pieces of strokes not taken with `takeIncrements()` first are part of it.
    public func takeDirtyRect() -> PixelRect? {
        for increment in increments { dirty = union(dirty, increment.bounds) }
        increments.removeAll()
        defer { dirty = nil }
        return dirty
    }

    /// The pieces of opaque strokes in progress that can be stroked straight onto the screen
    /// (`paint(_:into:view:)`) instead of composing their area again: that is one Cairo stroke
    /// per motion event. Whatever is not painted this way must go through `takeDirtyRect()`.
    public func takeIncrements() -> [StrokeIncrement] {
        defer { increments.removeAll() }
        return increments
    }

    /// Strokes `pieces` onto `frame`, which must show the canvas as composed through `view`.
    public func paint(_ pieces: [StrokeIncrement], into frame: Frame, view: ViewTransform = .identity) {
        guard !pieces.isEmpty, let cr = frame.context else { return }
        cr.isolated {
            if !view.isIdentity {
                cr.transform(scale: view.scale, offset: view.offset)
            }
            if !view.isIdentity || frame.size.width > size.width || frame.size.height > size.height {
                cr.clip(to: PixelRect(size: size))
            }
            for piece in pieces {
                cr.setSource(piece.color)
                cr.stroke(piece.outline)
            }
        }
    }

    /// Whether a stroke in progress has its newest segment not on the screen yet: opaque
    /// strokes run one sample behind the pointer, so when the pointer rests the window calls
    /// `showRestingStrokes()`.
    public var strokesBehindPointer: Bool { live.values.contains { $0.tailPending } }

    /// Shows the newest segment of every stroke in progress in its present shape (the pointer
    /// rests, so no sample is coming to make it final).
    public func showRestingStrokes() {
        for stroke in live.values {
            if let piece = stroke.provisionalTailPiece(canvas: size) { increments.append(piece) }
        }
    }

    func apply(_ change: LiveStroke.Change) {
        switch change {
        case .none: break
        case .recompose(let area): invalidate(area)
        case .paint(let piece): increments.append(piece)
        }
    }

    func invalidate(_ rect: PixelRect?) {
        dirty = union(dirty, rect)
    }

    func invalidateAll() {
        invalidate(PixelRect(size: size))
    }

    /// Makes the canvas at least `newSize`, keeping the drawing and the history as they are.
    /// A background image is scaled anew to cover the larger canvas.
    public func grow(toFit newSize: PixelSize) throws(RenderError) {
        let target = PixelSize(width: max(size.width, newSize.width), height: max(size.height, newSize.height))
        guard target != size else { return }
        try Self.checkLimits(target)
        cancelAll()
        // A background image under a drawing stays where it is, so the drawing keeps lying on
        // the same spot of it (the new room is white paper); with nothing drawn yet it is
        // scaled again to cover the larger canvas.
        var anchored: Background?
        if case .image(_, let name) = backgroundLayer.background,
           !strokes.isEmpty || ink.surface.hasContent(in: PixelRect(size: size)) {
            let shown = backgroundLayer.surface.rasterImage()
            var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: target.area)
            for y in 0..<shown.height {
                pixels.replaceSubrange(y * target.width..<(y * target.width + shown.width), with: shown.pixels[(y * shown.width)..<((y + 1) * shown.width)])
            }
            anchored = RasterImage(width: target.width, height: target.height, pixels: pixels).map { .image($0, name: name) }
        }
        try ink.grow(toFit: target)
        try highlights?.grow(toFit: target)
        try backgroundLayer.resize(to: target)
        if let anchored { try backgroundLayer.show(anchored) }
        masks.removeAll()
        scratch = nil
        scratchContext = nil
        highlightsScratch = nil
        size = target
        invalidateAll()
        recorder?(.grow(target))
    }

    // MARK: - Input

    /// Feeds one pointer event: down starts a stroke for its source with the current tool,
    /// moves extend it, up commits it as one undoable step, cancel drops it without a mark.
    public func handle(_ event: PointerEvent) {
        // A pointer keeps the tool it went down with: a stroke in progress goes on as it began,
        // whatever the toolbar says meanwhile.
        if event.phase == .down ? toolState.tool == .strokeEraser : erasing?.source == event.source {
            if event.phase == .down, let previous = live.removeValue(forKey: event.source) { retire(previous) }
            handleStrokeEraser(event)
            return
        }
        switch event.phase {
        case .down:
            // One stroke-eraser gesture is one step with the tiles from before it: no stroke
            // may be committed in the middle of it (a lost release ends the gesture here).
            if erasing?.source == event.source { finishStrokeErasing() }
            guard erasing == nil else { return }
            if let previous = live.removeValue(forKey: event.source) { retire(previous) }
            // A sane number of pointers at once: a 21st finger does not draw.
            guard live.count < PageLimits.pointers else { return }
            let tool = toolState.tool
            guard let stroke = try? LiveStroke(tool: tool, style: toolState.style, canvas: size, modifiers: toolState.shapeHelpers,
                                               previews: previewsStrokes) else { return }
            live[event.source] = stroke
            var position = event.position
            if tool.isFreehand, toolState.smoothing != .off {
                var stabiliser = Stabiliser(toolState.smoothing)
                position = stabiliser.next(position)
                stabilisers[event.source] = stabiliser
                pointerPositions[event.source] = event.position
            } else {
                stabilisers[event.source] = nil
                pointerPositions[event.source] = nil
            }
            apply(stroke.add(position, modifiers: event.modifiers, canvas: size))
        case .move:
            guard let stroke = live[event.source] else { return }
            var position = event.position
            if var stabiliser = stabilisers[event.source] {
                position = stabiliser.next(position)
                stabilisers[event.source] = stabiliser
                pointerPositions[event.source] = event.position
            }
            apply(stroke.add(position, modifiers: event.modifiers, canvas: size))
        case .up:
            guard let stroke = live.removeValue(forKey: event.source) else { return }
            pointerPositions[event.source] = nil
            if var stabiliser = stabilisers.removeValue(forKey: event.source) {
                for p in stabiliser.finish(at: event.position) { _ = stroke.add(p, canvas: size) }
            } else {
                _ = stroke.add(event.position, modifiers: event.modifiers, canvas: size)
            }
            commit(stroke)
            retire(stroke)
        case .cancel:
            stabilisers[event.source] = nil
            pointerPositions[event.source] = nil
            guard let stroke = live.removeValue(forKey: event.source) else { return }
            retire(stroke)
        }
    }

    /// Shift or Alt went down or up while shapes are being dragged: they take the new shape
    /// at once, without waiting for the pointer to move.
    public func modifiersChanged(_ modifiers: ShapeModifiers) {
        for stroke in live.values where stroke.tool.isShape {
            guard let last = stroke.samples.last else { continue }
            apply(stroke.add(last, modifiers: modifiers, canvas: size))
        }
    }

    /// Drops every stroke in progress (the window lost focus or was hidden).
    public func cancelAll() {
        cancelStrokeErasing()
        let strokes = live.values
        live.removeAll()
        stabilisers.removeAll()
        pointerPositions.removeAll()
        for stroke in strokes { retire(stroke) }
    }

    private func takeMask() -> CairoSurface? {
        if let mask = masks.popLast() { return mask }
        return try? CairoSurface(format: .a8, size: ink.surface.size)
    }

    private func retire(_ stroke: LiveStroke) {
        invalidate(stroke.drawn)
        stroke.clearMask()
    }

    private func commit(_ live: LiveStroke) {
        var stroke = Stroke(id: nextStrokeID, tool: live.tool, style: live.style, points: live.strokePoints)
        nextStrokeID += 1
        var records: [TileRecord] = []
        let outline = stroke.outline
        if let box = outline.bounds, box.minX < 0 || box.minY < 0 || box.maxX > Double(size.width) || box.maxY > Double(size.height) {
            stroke.clip = size
        }
        if let bounds = outline.bounds?.pixelRect(clippedTo: size) {
            live.cover(bounds)
            do {
                // A mask that could not grow to the stroke (out of memory) would clip it.
                guard live.mask.covered.intersection(bounds) == bounds else { throw RenderError("no memory for the stroke's mask") }
                try draw(outline, with: live.mask, into: bounds, tool: stroke.tool, style: stroke.style, saving: &records)
            } catch {
                // A context or the mask could not be made (out of memory): the drawing is
                // unchanged and the stroke is not recorded.
                return
            }
            invalidate(bounds)
        }
        strokes.append(stroke)
        history.push(HistoryStep(kind: .stroke, tiles: records, strokeEdit: .added(stroke)))
        revision += 1
        recorder?(.stroke(stroke))
    }

    /// Strokes the whole outline once into the mask and composites it into the drawing layer,
    /// saving first the tiles the mask covers.
    private func draw(_ outline: StrokeOutline, with mask: CairoSurface, into bounds: PixelRect, tool: Tool, style: StrokeStyle,
                      saving records: inout [TileRecord]) throws(RenderError) {
        try composite(outline, tool: tool, style: style, within: bounds, mask: mask) {
            for tile in ink.grid.tiles(overlapping: bounds) where mask.hasContent(in: ink.grid.rect(of: tile)) {
                records.append(TileRecord(tile: tile, payload: ink.payload(of: tile)))
            }
        }
    }

    /// Paints one stroke into the drawing layer inside `area`, with one uniform opacity: the
    /// outline goes into `mask`, then the colour through the mask with the tool's operator.
    /// `beforePainting` runs once the mask is ready (to save the tiles about to change).
    func composite(_ outline: StrokeOutline, tool: Tool, style: StrokeStyle, within area: PixelRect, mask: CairoSurface,
                   onto target: CairoSurface? = nil, beforePainting: () -> Void = {}) throws(RenderError) {
        let maskContext = try CairoContext(mask)
        let inkContext = try CairoContext(target ?? ink.surface)
        // A highlighter's layer is made before anything is painted, so a failure leaves the
        // drawing as it was.
        if target == nil, tool.blend == .multiply { _ = try highlightsLayer() }
        mask.zero(area)
        defer { mask.zero(area) }
        maskContext.clip(to: area)
        maskContext.setSource(.black)
        maskContext.strokeInPieces(outline)
        beforePainting()
        if tool.blend == .multiply {
            // Into the drawing's colours only where there is drawing (the highlights layer
            // takes the marker over the background).
            Self.multiplyKeepingAlpha(target ?? ink.surface, mask: mask, area: area, color: style.color, opacity: style.opacity)
        } else {
            inkContext.clip(to: area)
            inkContext.setBlend(tool.blend)
            inkContext.setSource(style.color, alpha: style.opacity)
            inkContext.paint(through: mask)
        }
        if target == nil { try applyToHighlights(tool: tool, style: style, mask: mask, area: area) }
    }

    /// A coverage mask the size of the drawing layer, for painting a stroke.
    func borrowMask() -> CairoSurface? { takeMask() }

    func giveBack(_ mask: CairoSurface) {
        if mask.size == ink.surface.size { masks.append(mask) }
    }
}
