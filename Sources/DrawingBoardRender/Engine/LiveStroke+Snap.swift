import DrawingBoardCore

/// A pencil stroke whose pointer rests half a second, the button still held, shows the shape
/// it will snap to in place of what was drawn; moving on brings the drawn stroke back. What is
/// committed is decided when it lifts (`rested`), as the preview said.
extension LiveStroke {
    /// Whether the stroke may show its shape when its pointer has rested (a pencil stroke drawn
    /// freehand, not along an instrument, not tried at this rest already).
    var snapsWhenResting: Bool {
        tool == .pencil && guide == nil && rest.snapped == nil && previews && samples.count >= 3 && rest.due != nil
    }

    /// When the rest is long enough to show the shape.
    var snapDue: Double? { snapsWhenResting ? rest.due : nil }

    /// Shows the shape the stroke was meant as, if it was one; the area to compose again.
    func showSnap(canvas: PixelSize) -> PixelRect? {
        rest.markTried()
        guard let shape = ShapeRecognizer.recognize(strokePoints) else { return nil }
        let shapes = ShapeRecognizer.strokes(for: shape, style: style)
        // What was shown (straight on the screen, or in the mask) is replaced by the shape.
        paintsDirectly = false
        let old = drawn
        if let old { mask.zero(old) }
        maskBehind = nil
        tail = nil
        var new: PixelRect?
        for s in shapes {
            let outline = s.outline
            guard let region = outline.bounds?.pixelRect(clippedTo: canvas) else { continue }
            stroke(outline, clip: region)
            new = union(new, region)
        }
        rest.snapped = shapes
        drawn = union(old, new)
        return drawn
    }

    /// The pointer moved on: the stroke as drawn again, whole; the area to compose again.
    func hideSnap(canvas: PixelSize) -> PixelRect? {
        guard rest.snapped != nil else { return nil }
        rest.snapped = nil
        fileAllSegments()
        let old = drawn
        if let old { mask.zero(old) }
        let whole = outline(crossing: Rect(minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9))
        let new = whole?.bounds?.pixelRect(clippedTo: canvas)
        if let whole, let new { stroke(whole, clip: new) }
        drawn = union(old, new)
        return drawn
    }
}
