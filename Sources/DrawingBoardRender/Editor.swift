import DrawingBoardCore

/// The drawing engine the window and the headless renderer share: the tool state, the two
/// layers (background and drawing), the strokes in progress (one per pointer), the committed
/// strokes as data, and the history.
///
/// A stroke in progress never touches the drawing layer. When it ends, its outline is stroked
/// once into a coverage mask and the mask is composited into the drawing layer in one operation,
/// so a semi-transparent stroke has one uniform opacity even where it crosses itself, and the
/// history sees exactly which tiles changed.
public final class Editor {
    public let size: PixelSize
    public var toolState = ToolState()

    /// The committed strokes, oldest first, as the drawing shows them now.
    public private(set) var strokes: [Stroke] = []
    public let history: UndoHistory

    let ink: InkLayer
    let backgroundLayer: BackgroundLayer
    /// Coverage of the stroke being committed; all zero between commits.
    private let mask: CairoSurface
    private var active: [PointerSource: ActiveStroke] = [:]
    private var nextStrokeID: UInt64 = 1

    struct ActiveStroke {
        var tool: Tool
        var style: StrokeStyle
        var points: [Point]
    }

    public init(size: PixelSize, background: Background = .default, history: UndoHistory.Options = .init()) throws(RenderError) {
        guard size.width >= 1, size.height >= 1, size.width <= CanvasLimits.maxSide, size.height <= CanvasLimits.maxSide,
              size.area <= CanvasLimits.maxPixels else {
            throw RenderError("a \(size) canvas is outside the limits (1 to \(CanvasLimits.maxSide) pixels a side, at most \(CanvasLimits.maxPixels) pixels)")
        }
        self.size = size
        self.history = UndoHistory(options: history)
        ink = try InkLayer(size: size)
        backgroundLayer = try BackgroundLayer(size: size, background: background)
        mask = try CairoSurface(format: .a8, size: size)
    }

    public var background: Background { backgroundLayer.background }
    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }
    /// Pointers with a stroke in progress.
    public var activePointers: Set<PointerSource> { Set(active.keys) }

    // MARK: - Input

    /// Feeds one pointer event: down starts a stroke for its source with the current tool,
    /// moves extend it, up commits it as one undoable step, cancel drops it without a mark.
    public func handle(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            active[event.source] = ActiveStroke(tool: toolState.tool, style: toolState.style, points: [event.position])
        case .move:
            guard active[event.source] != nil else { return }
            if active[event.source]!.points.last != event.position {
                active[event.source]!.points.append(event.position)
            }
        case .up:
            guard var stroke = active.removeValue(forKey: event.source) else { return }
            if stroke.points.last != event.position { stroke.points.append(event.position) }
            commit(stroke)
        case .cancel:
            active.removeValue(forKey: event.source)
        }
    }

    /// Drops every stroke in progress (the window lost focus or was hidden).
    public func cancelAll() {
        active.removeAll()
    }

    private func commit(_ active: ActiveStroke) {
        let stroke = Stroke(id: nextStrokeID, tool: active.tool, style: active.style, points: active.points)
        nextStrokeID += 1
        var records: [TileRecord] = []
        let outline = stroke.outline
        if let bounds = outline.bounds?.pixelRect(clippedTo: size) {
            do {
                try draw(outline, into: bounds, tool: stroke.tool, style: stroke.style, saving: &records)
            } catch {
                // A context could not be made (out of memory): the drawing is unchanged and the
                // stroke is not recorded.
                return
            }
        }
        strokes.append(stroke)
        history.push(HistoryStep(kind: .stroke, tiles: records, strokeEdit: .added(stroke)))
    }

    private func draw(_ outline: StrokeOutline, into bounds: PixelRect, tool: Tool, style: StrokeStyle,
                      saving records: inout [TileRecord]) throws(RenderError) {
        let maskContext = try CairoContext(mask)
        let inkContext = try CairoContext(ink.surface)
        defer { mask.zero(bounds) }
        maskContext.clip(to: bounds)
        maskContext.setSource(.black)
        maskContext.stroke(outline)
        for tile in ink.grid.tiles(overlapping: bounds) where mask.hasContent(in: ink.grid.rect(of: tile)) {
            records.append(TileRecord(tile: tile, payload: ink.payload(of: tile)))
        }
        inkContext.clip(to: bounds)
        inkContext.setBlend(tool.blend)
        inkContext.setSource(style.color, alpha: style.opacity)
        inkContext.paint(through: mask)
    }

    // MARK: - Steps

    /// Clears the drawing (not the background) as one undoable step.
    public func clear() {
        cancelAll()
        let records = ink.nonEmptyTiles()
        for record in records { ink.put(.empty, into: record.tile) }
        history.push(HistoryStep(kind: .clear, tiles: records, strokeEdit: .cleared(strokes)))
        strokes.removeAll()
    }

    /// Changes the background as one undoable step; the drawing is untouched.
    public func setBackground(_ background: Background) throws(RenderError) {
        let previous = backgroundLayer.background
        try backgroundLayer.show(background)
        history.push(HistoryStep(kind: .background, background: previous))
    }

    /// Undoes the last step, restoring exactly the pixels from before it. Returns false when
    /// there is nothing to undo.
    @discardableResult
    public func undo() throws(RenderError) -> Bool {
        cancelAll()
        return try readingHistory {
            try history.undo { step in
                try swapState(&step)
                switch step.strokeEdit {
                case .none: break
                case .added: strokes.removeLast()
                case .cleared(let previous): strokes = previous
                }
            }
        }
    }

    /// Redoes the next undone step, restoring exactly the pixels from after it.
    @discardableResult
    public func redo() throws(RenderError) -> Bool {
        cancelAll()
        return try readingHistory {
            try history.redo { step in
                try swapState(&step)
                switch step.strokeEdit {
                case .none: break
                case .added(let stroke): strokes.append(stroke)
                case .cleared: strokes.removeAll()
                }
            }
        }
    }

    /// Exchanges a step's saved tiles and background with the live ones.
    private func swapState(_ step: inout HistoryStep) throws(RenderError) {
        if let other = step.background {
            let current = backgroundLayer.background
            try backgroundLayer.show(other)
            step.background = current
        }
        ink.swap(&step.tiles)
    }

    private func readingHistory(_ body: () throws -> Bool) throws(RenderError) -> Bool {
        do {
            return try body()
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError("cannot read the undo history back from disk: \(error)")
        }
    }

    // MARK: - Output

    /// The picture as the user sees it: the drawing over the background.
    public func flattened() throws(RenderError) -> RasterImage {
        try flattenedSurface().rasterImage()
    }

    func flattenedSurface() throws(RenderError) -> CairoSurface {
        let out = try CairoSurface(format: .argb32, size: size)
        let cr = try CairoContext(out)
        cr.paint(backgroundLayer.surface)
        cr.paint(ink.surface)
        return out
    }

    /// The drawing layer alone (transparent where nothing is drawn or where it was erased).
    public func drawingLayer() -> RasterImage {
        ink.surface.rasterImage()
    }
}
