import DrawingBoardCore

/// The strokes in progress, one per pointer: their samples, their stabilisers and their masks,
/// and what of the screen they changed. Nothing here is part of the page until a stroke ends
/// and the editor performs it as an edit.
final class LiveInput {
    var strokes: [PointerSource: LiveStroke] = [:]
    /// Per pointer, the stabiliser of a freehand stroke being smoothed.
    private var stabilisers: [PointerSource: Stabiliser] = [:]
    /// Where each smoothed stroke's pointer really is (the line trails it).
    private var pointerPositions: [PointerSource: Point] = [:]
    /// Pieces of strokes waiting to be stroked straight onto the screen.
    var increments: [StrokeIncrement] = []
    /// The canvas area the strokes changed since the editor last asked.
    private(set) var changed: PixelRect?
    /// Whether strokes are drawn as they go (false for scripts, which show nothing until the
    /// end: each stroke is then drawn once, whatever its length).
    var previews = true

    var isEmpty: Bool { strokes.isEmpty }

    /// Masks of strokes that ended, cleared, for the next strokes (a few: one per finger that
    /// usually draws at once).
    private var spareMasks: [StrokeMask] = []

    /// Starts a stroke for `event.source` with `state`'s tool. A sane number of pointers at once:
    /// a 21st finger does not draw.
    /// `guide`: the instrument's edge the stroke follows (shown along it as it goes).
    func begin(_ event: PointerEvent, with state: ToolState, canvas: PixelSize, guide: Guide? = nil) {
        if let previous = strokes.removeValue(forKey: event.source) { retire(previous) }
        guard strokes.count < PageLimits.pointers,
              let stroke = try? LiveStroke(tool: state.tool, style: state.style, canvas: canvas, modifiers: state.shapeHelpers,
                                           previews: previews, pressureSensitive: event.source.isPen, mask: spareMasks.popLast(),
                                           guide: guide) else { return }
        strokes[event.source] = stroke
        stroke.rest.note(event.position, time: event.time)
        var position = event.position
        if state.tool.isFreehand, state.smoothing != .off {
            var stabiliser = Stabiliser(state.smoothing)
            position = stabiliser.next(position)
            stabilisers[event.source] = stabiliser
            pointerPositions[event.source] = event.position
        } else {
            stabilisers[event.source] = nil
            pointerPositions[event.source] = nil
        }
        apply(stroke.add(position, pressure: event.pressure, modifiers: event.modifiers, canvas: canvas))
    }

    func move(_ event: PointerEvent, canvas: PixelSize) {
        guard let stroke = strokes[event.source] else { return }
        // Moving on after the shape showed: the stroke as drawn comes back.
        if stroke.rest.note(event.position, time: event.time), stroke.rest.snapped != nil { changed = union(changed, stroke.hideSnap(canvas: canvas)) }
        var position = event.position
        if var stabiliser = stabilisers[event.source] {
            position = stabiliser.next(position)
            stabilisers[event.source] = stabiliser
            pointerPositions[event.source] = event.position
        }
        apply(stroke.add(position, pressure: event.pressure, modifiers: event.modifiers, canvas: canvas))
    }

    /// Ends the stroke of `event.source` at its position and hands it over, to be performed and
    /// then `retire`d. A pen's lift reports the pressure of leaving the surface (about 0): the
    /// stroke ends at the pressure of its last contact instead.
    func finish(_ event: PointerEvent, canvas: PixelSize) -> LiveStroke? {
        guard let stroke = strokes.removeValue(forKey: event.source) else { return nil }
        stroke.rest.lift(event.position, time: event.time)
        pointerPositions[event.source] = nil
        let pressure = event.source.isPen ? stroke.lastPressure : event.pressure
        if var stabiliser = stabilisers.removeValue(forKey: event.source) {
            for p in stabiliser.finish(at: event.position) { _ = stroke.add(p, pressure: pressure, canvas: canvas) }
        } else {
            _ = stroke.add(event.position, pressure: pressure, modifiers: event.modifiers, canvas: canvas)
        }
        return stroke
    }

    /// When a resting pencil stroke is due to show the shape it snaps to (nil: none is).
    var nextSnap: Double? { strokes.values.compactMap(\.snapDue).min() }

    /// Shows, for each pencil stroke whose pointer has rested long enough, its shape.
    func showSnaps(now: Double, canvas: PixelSize) {
        for stroke in strokes.values {
            guard let due = stroke.snapDue, now >= due - 1e-6 else { continue }
            changed = union(changed, stroke.showSnap(canvas: canvas))
        }
    }

    /// Drops the stroke of `source` without a mark.
    func cancel(_ source: PointerSource) {
        stabilisers[source] = nil
        pointerPositions[source] = nil
        if let stroke = strokes.removeValue(forKey: source) { retire(stroke) }
    }

    func cancelAll() {
        let all = strokes.values
        strokes.removeAll()
        stabilisers.removeAll()
        pointerPositions.removeAll()
        for stroke in all { retire(stroke) }
    }

    /// Takes a stroke off the screen, and keeps its mask, cleared, for a stroke to come.
    func retire(_ stroke: LiveStroke) {
        changed = union(changed, stroke.drawn)
        stroke.forgetDrawing()
        // A stroke retired twice must not hand on a mask that is kept already, or that another
        // stroke has taken since.
        let mask = stroke.coverage
        guard spareMasks.count < 2, !spareMasks.contains(where: { $0 === mask }), !strokes.values.contains(where: { $0.coverage === mask }),
              mask.recycle() else { return }
        spareMasks.append(mask)
    }

    func modifiersChanged(_ modifiers: ShapeModifiers, canvas: PixelSize) {
        for stroke in strokes.values where stroke.tool.isShape {
            guard let last = stroke.samples.last else { continue }
            apply(stroke.add(last, modifiers: modifiers, canvas: canvas))
        }
    }

    /// Whether a smoothed stroke trails a pointer that has stopped.
    var trailsPointer: Bool {
        stabilisers.contains { source, stabiliser in
            strokes[source] != nil && pointerPositions[source].map(stabiliser.isBehind) == true
        }
    }

    /// Moves every smoothed stroke one step further towards its resting pointer.
    func glide(canvas: PixelSize) {
        for (source, var stabiliser) in stabilisers {
            guard let stroke = strokes[source], let target = pointerPositions[source], stabiliser.isBehind(target) else { continue }
            let position = stabiliser.next(target)
            stabilisers[source] = stabiliser
            apply(stroke.add(position, pressure: stroke.lastPressure, canvas: canvas))
        }
    }

    /// Whether a stroke has its newest segment not on the screen yet.
    var behindPointer: Bool { strokes.values.contains { $0.tailPending } }

    func showResting(canvas: PixelSize) {
        for stroke in strokes.values where stroke.tailPending {
            stroke.makeTail(canvas: canvas)
            newTails = true
        }
    }

    /// A tail was made since the window last painted them.
    var newTails = false

    /// The provisional tails of the strokes in progress.
    var tails: [StrokeIncrement] { strokes.values.compactMap(\.tail) }

    /// The area changed since the last call, increments included.
    func takeChanged() -> PixelRect? {
        for increment in increments { changed = union(changed, increment.area) }
        increments.removeAll()
        defer { changed = nil }
        return changed
    }

    func takeIncrements() -> [StrokeIncrement] {
        defer { increments.removeAll() }
        return increments
    }

    private func apply(_ change: LiveStroke.Change) {
        switch change {
        case .none: break
        case .recompose(let area): changed = union(changed, area)
        case .paint(let piece): increments.append(piece)
        }
    }
}
