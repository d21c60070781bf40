import DrawingBoardCore

/// The drawing engine the window and the headless renderer share. It owns the page (the model:
/// background and items), its pixel caches (`PageLayers`) and its history, and changes them
/// only through `perform(_:)` (Editor+Commit). Strokes in progress are `LiveInput`'s; what the
/// window shows is the `Compositor`'s; the files written come from Editor+Export.
///
/// A stroke in progress never touches the ink layer: it lives in its own coverage mask, shown
/// over the layer while the pointer moves. When it ends, its whole outline is stroked once
/// into a mask and the mask is composited into the ink layer in one operation, so a
/// semi-transparent stroke has one uniform opacity even where it crosses itself, the result does
/// not depend on how the samples arrived, and the history sees exactly which tiles changed.
public final class Editor {
    /// The document: what every pixel is painted from.
    public internal(set) var page: Page {
        didSet { index.invalidate() }
    }
    public var toolState = ToolState()
    public let history: UndoHistory
    /// Counts every change to the picture.
    public internal(set) var revision = 0
    /// Told of every committed change and every undo and redo (the autosave journal listens).
    public var recorder: ((HistoryEvent) -> Void)?

    let layers: PageLayers
    /// The decoded image files of the page's elements.
    public let assets = AssetStore()
    let input = LiveInput()
    let compositor = Compositor()
    /// The stroke eraser's gesture in progress, if any.
    var erasing: StrokeErasing?
    /// The select tool's gesture on an element, if any.
    var selecting: ElementGesture?
    /// Ids, tools and boxes of the page's items, for the stroke eraser and repainting.
    var index = ItemIndex()
    /// Edits made since `mark()`, waiting to be squashed into one step.
    var group: OpenGroup?
    var nextStrokeID: UInt64 = 1
    private var dirty: PixelRect?

    public init(size: PixelSize, background: Background = .default, history: UndoHistory.Options = .init()) throws(RenderError) {
        try Self.checkLimits(size)
        page = Page(size: size, background: background)
        self.history = UndoHistory(options: history)
        layers = try PageLayers(size: size, background: background)
    }

    /// An editor showing a saved document: its background, its drawing and its strokes. The
    /// history starts empty.
    public convenience init(document: DocumentContents, history: UndoHistory.Options = .init()) throws(RenderError) {
        // The layers are made at the document's size by `load`; these first ones are a stand-in.
        try self.init(size: PixelSize(width: 1, height: 1), history: history)
        try load(document)
    }

    public var size: PixelSize { page.size }
    public var background: Background { page.background }
    /// The committed strokes, oldest first.
    public var strokes: [Stroke] { page.strokes }
    /// Whether the ink layer is exactly what the strokes draw (false when another app's drawing
    /// lies under them): vector export draws strokes only then.
    public var drawingComesFromStrokes: Bool { page.base == nil }

    /// Whether strokes in progress are drawn as they go (false for scripts).
    public var previewsStrokes: Bool {
        get { input.previews }
        set { input.previews = newValue }
    }

    static func checkLimits(_ size: PixelSize) throws(RenderError) {
        do {
            try Check.canvas(size, at: "")
        } catch {
            throw RenderError("a \(size) canvas is outside the limits (1 to \(CanvasLimits.maxSide) pixels a side, at most \(CanvasLimits.maxPixels) pixels)")
        }
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Whether the stroke `source` is drawing reaches the page at all (a stroke wholly on the
    /// desk around the page changes nothing; the window drops it instead of making it a step).
    /// `end`: where the pointer lifts, if it has not moved there yet.
    public func strokeReachesPage(_ source: PointerSource, endingAt end: Point? = nil) -> Bool {
        guard let stroke = input.strokes[source] else { return false }
        let points = stroke.strokePoints + (end.map { [$0] } ?? [])
        return StrokeOutline(tool: stroke.tool, width: stroke.style.width, points: points).bounds?.pixelRect(clippedTo: size) != nil
    }

    /// The strokes in progress, by pointer.
    var live: [PointerSource: LiveStroke] { input.strokes }

    /// Pointers with a stroke in progress.
    public var activePointers: Set<PointerSource> { Set(input.strokes.keys) }
    /// Bytes the masks of the strokes in progress hold (each covers what its stroke reached).
    public var liveMaskBytes: Int { input.strokes.values.reduce(0) { $0 + $1.mask.size.area } }
    public var isDrawing: Bool { !input.isEmpty }

    /// Segments the last sample of `source`'s live stroke redrew (for tests and the benchmark).
    func lastRedrawCount(of source: PointerSource) -> Int? { input.strokes[source]?.lastRedrawCount }

    /// The canvas area whose pixels changed since the last call, if any, to compose again.
    /// Pieces of strokes not taken with `takeIncrements()` first are part of it.
    public func takeDirtyRect() -> PixelRect? {
        dirty = union(dirty, input.takeChanged())
        defer { dirty = nil }
        return dirty
    }

    /// The pieces of opaque strokes in progress that can be stroked straight onto the screen
    /// (`paint(_:into:view:)`) instead of composing their area again: that is one Cairo stroke
    /// per motion event. Whatever is not painted this way must go through `takeDirtyRect()`.
    public func takeIncrements() -> [StrokeIncrement] { input.takeIncrements() }

    /// Whether a stroke in progress has its newest segment not on the screen yet: opaque
    /// strokes run one sample behind the pointer, so when the pointer rests the window calls
    /// `showRestingStrokes()`.
    public var strokesBehindPointer: Bool { input.behindPointer }

    /// Shows the newest segment of every stroke in progress in its present shape.
    public func showRestingStrokes() { input.showResting(canvas: size) }

    /// Whether a smoothed stroke trails a pointer that has stopped: the window calls `glide()`
    /// once a frame while the pointer rests, so the line keeps moving in to it.
    public var strokesTrailPointer: Bool { input.trailsPointer }

    /// Moves every smoothed stroke one step further towards its resting pointer.
    public func glide() { input.glide(canvas: size) }

    func invalidate(_ rect: PixelRect?) {
        dirty = union(dirty, rect)
    }

    func invalidateAll() {
        invalidate(PixelRect(size: size))
    }

    // MARK: - Input

    /// Feeds one pointer event: down starts a stroke for its source with the current tool,
    /// moves extend it, up performs it as one undoable edit, cancel drops it without a mark.
    public func handle(_ event: PointerEvent) {
        // A pointer keeps the tool it went down with: a stroke in progress goes on as it began,
        // whatever the toolbar says meanwhile.
        if event.phase == .down ? toolState.tool == .select && input.strokes[event.source] == nil && erasing?.source != event.source
            : selecting?.pointers[event.source] != nil {
            handleSelect(event)
            return
        }
        if event.phase == .down ? toolState.tool == .strokeEraser : erasing?.source == event.source {
            if event.phase == .down { input.cancel(event.source) }
            handleStrokeEraser(event)
            return
        }
        switch event.phase {
        case .down:
            // One stroke-eraser gesture is one step with the tiles from before it: no stroke
            // may be committed in the middle of it (a lost release ends the gesture here).
            if erasing?.source == event.source { finishStrokeErasing() }
            guard erasing == nil, toolState.tool.makesStrokes else { return }
            input.begin(event, with: toolState, canvas: size)
        case .move:
            input.move(event, canvas: size)
        case .up:
            guard let live = input.finish(event, canvas: size) else { return }
            let stroke = Stroke(id: nextStrokeID, tool: live.tool, style: live.style, points: live.strokePoints, pressures: live.strokePressures)
            _ = try? perform(.stroke(stroke), mask: live)
            input.retire(live)
        case .cancel:
            input.cancel(event.source)
        }
    }

    /// Shift or Alt went down or up while shapes are being dragged: they take the new shape
    /// at once, without waiting for the pointer to move.
    public func modifiersChanged(_ modifiers: ShapeModifiers) {
        input.modifiersChanged(modifiers, canvas: size)
    }

    /// Drops every stroke in progress (the window lost focus or was hidden).
    public func cancelAll() {
        cancelStrokeErasing()
        if selecting != nil { cancelElementDrag() }
        input.cancelAll()
    }
}
