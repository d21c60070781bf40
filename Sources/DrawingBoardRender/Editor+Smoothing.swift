import DrawingBoardCore

/// The stroke stabiliser's timing: a smoothed line keeps gliding in to a pointer at rest.
extension Editor {
    /// Whether a smoothed stroke trails a pointer that has stopped: the window calls `glide()`
    /// once a frame while the pointer rests, so the line keeps moving in to it.
    public var strokesTrailPointer: Bool {
        stabilisers.contains { source, stabiliser in
            live[source] != nil && pointerPositions[source].map(stabiliser.isBehind) == true
        }
    }

    /// Moves every smoothed stroke one step further towards its resting pointer.
    public func glide() {
        for (source, var stabiliser) in stabilisers {
            guard let stroke = live[source], let target = pointerPositions[source], stabiliser.isBehind(target) else { continue }
            let position = stabiliser.next(target)
            stabilisers[source] = stabiliser
            apply(stroke.add(position, canvas: size))
        }
    }
}
