import DrawingBoardCore

/// What the window shows of the editor, frame by frame (`editor.screen`): the areas whose
/// pixels changed, composed through the view; the pieces of opaque strokes in progress stroked
/// straight onto the frame and their provisional tails; smoothed strokes gliding in to a
/// resting pointer. The editor keeps the page and its changes; this is how they reach the
/// screen.
public struct EditorScreen {
    unowned let editor: Editor

    /// The canvas area whose pixels changed since the last call, if any, to compose again.
    /// Pieces of strokes not taken with `takeIncrements()` first are part of it.
    public func takeDirtyRect() -> PixelRect? {
        union(editor.shownCanvas.canvas.takeDirty(), editor.input.takeChanged())
    }

    /// The pieces of opaque strokes in progress that can be stroked straight onto the screen
    /// (`paint(_:into:view:)`) instead of composing their area again: that is one Cairo stroke
    /// per motion event. Whatever is not painted this way must go through `takeDirtyRect()`.
    public func takeIncrements() -> [StrokeIncrement] { editor.input.takeIncrements() }

    /// Paints the canvas as the user sees it into `area` of `frame` (window pixels), shown
    /// through `view`.
    public func compose(into frame: Frame, area: PixelRect, view: ViewTransform = .identity) {
        let shown = editor.shownCanvas
        let tiles = view.scale == 1 ? nil : editor.tiles.composer(editor.pages.currentID, page: editor.page, canvas: shown.canvas, into: frame, view: view)
        editor.compositor.compose(shown.canvas, page: shown.page, live: Array(editor.input.strokes.values), into: frame, area: area, view: view,
                                  tiles: tiles)
    }

    /// Strokes `pieces` onto `frame`, which must show the canvas as composed through `view`.
    /// Returns the window areas left to compose again (before `paintTails`): tails that could
    /// not be taken off by putting back their pixels, and tails painted over.
    @discardableResult
    public func paint(_ pieces: [StrokeIncrement], into frame: Frame, view: ViewTransform = .identity) -> [PixelRect] {
        editor.compositor.paint(pieces, into: frame, size: editor.size, view: view)
    }

    /// Whether a stroke in progress has its newest segment without a tail yet: opaque strokes'
    /// final pieces run one sample behind the pointer, so the window calls
    /// `showRestingStrokes()` and then `paintTails`.
    public var strokesBehindPointer: Bool { editor.input.behindPointer }

    /// Makes the newest segment of every stroke in progress its provisional tail, in its
    /// present shape, for `paintTails` to show.
    public func showRestingStrokes() { editor.input.showResting(canvas: editor.size) }

    /// Strokes the provisional tails `frame` does not show yet over what it shows, after the
    /// frame's areas were composed (never where `avoiding` says the interface is). Returns the
    /// window areas to present.
    @discardableResult
    public func paintTails(into frame: Frame, view: ViewTransform = .identity, avoiding: [PixelRect] = []) -> [PixelRect] {
        editor.input.newTails = false
        return editor.compositor.paint(tails: editor.input.tails, into: frame, size: editor.size, view: view, avoiding: avoiding)
    }

    /// Whether a provisional tail was made since `paintTails` last ran.
    public var hasNewTails: Bool { editor.input.newTails }

    /// Whether a smoothed stroke trails a pointer that has stopped: the window calls `glide()`
    /// once a frame while the pointer rests, so the line keeps moving in to it.
    public var strokesTrailPointer: Bool { editor.input.trailsPointer }

    /// Moves every smoothed stroke one step further towards its resting pointer.
    public func glide() { editor.input.glide(canvas: editor.size) }

    /// How long a pencil stroke's pointer rests, the button held, before its shape shows.
    public static var snapRestTime: Double { PointerRest.time }

    /// When a pencil stroke whose pointer rests (the button held) is due to show the shape it
    /// will snap to, for the window's wake-up.
    public var nextSnap: Double? { editor.input.nextSnap }

    /// Shows the shape of each pencil stroke that has rested long enough (at `now`, the
    /// pointer events' clock).
    public func showSnaps(now: Double) { editor.input.showSnaps(now: now, canvas: editor.size) }

    /// Whether strokes in progress are drawn as they go (false for scripts).
    public var previewsStrokes: Bool {
        get { editor.input.previews }
        nonmutating set { editor.input.previews = newValue }
    }

    /// Bytes the masks of the strokes in progress hold (each covers what its stroke reached).
    public var liveMaskBytes: Int { editor.input.strokes.values.reduce(0) { $0 + $1.mask.size.area } }

    /// Whether the stroke `source` is drawing reaches the page at all (a stroke wholly on the
    /// desk around the page changes nothing; the window drops it instead of making it a step).
    /// `end`: where the pointer lifts, if it has not moved there yet.
    public func strokeReachesPage(_ source: PointerSource, endingAt end: Point? = nil) -> Bool {
        guard let stroke = editor.input.strokes[source] else { return false }
        let points = stroke.strokePoints + (end.map { [$0] } ?? [])
        return StrokeOutline(tool: stroke.tool, width: stroke.style.width, points: points).bounds?.pixelRect(clippedTo: editor.size) != nil
    }
}
