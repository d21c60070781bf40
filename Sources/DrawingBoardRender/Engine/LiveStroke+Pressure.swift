import DrawingBoardCore

/// A pen's stroke in progress. While the pressure stays 1 it is any stroke (an opaque pencil
/// paints straight onto the screen, at the pencil's cost). The first other pressure turns it
/// into the filled outline it will be committed as: the mask is redrawn once from the whole
/// stroke so far, and from then on each sample adds the outline of its newest segments.
extension LiveStroke {
    /// The pressure of the newest sample (1 without a pen).
    var lastPressure: Double { samplePressures.last ?? 1 }

    func followPressure(from p: Point, canvas: PixelSize) -> Change {
        followsPressure = true
        paintsDirectly = false
        let pressure = samplePressures.last ?? 1
        if points.last == p, !pointPressures.isEmpty {
            pointPressures[pointPressures.count - 1] = pressure
        } else {
            points.append(p)
            pointPressures.append(pressure)
        }
        // What was shown (straight on the screen, or in the mask) is replaced by the outline.
        let old = drawn
        if let old { mask.zero(old) }
        maskBehind = nil
        tail = nil
        let whole = StrokeOutline(pressureStrokeOf: tool, width: style.width, points: points, pressures: pointPressures)
        let new = whole.bounds?.pixelRect(clippedTo: canvas)
        if let new { stroke(whole, clip: new) }
        drawn = union(old, new)
        return drawn.map { .recompose($0) } ?? .none
    }

    /// A pen's stroke so far, filled as it will be committed: each sample adds the outline of
    /// the newest segments (the last four points: the one the new sample reshapes and the new
    /// one) to the mask. The previous shape of the reshaped segment stays under it, a hair's
    /// difference while drawing; the committed stroke is painted from its exact outline.
    func extendWithPressure(canvas: PixelSize) -> PixelRect? {
        let recent = StrokeOutline(pressureStrokeOf: tool, width: style.width, points: Array(points.suffix(4)),
                                   pressures: Array(pointPressures.suffix(4)))
        guard let region = recent.bounds?.pixelRect(clippedTo: canvas) else { return nil }
        stroke(recent, clip: region)
        drawn = union(drawn, region)
        return region
    }
}
