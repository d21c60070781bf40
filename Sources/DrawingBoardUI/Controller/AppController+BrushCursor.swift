import DrawingBoardCore
import DrawingBoardRender

/// The brush cursor: over the page, the outline of the brush or eraser at its real size and
/// the view's zoom, so the user sees what a press will cover; a small crosshair when the
/// outline would be too small to see.
extension AppController {
    /// Below this diameter (window pixels) the outline becomes a crosshair.
    static let smallestOutline = 8.0

    /// The outline's diameter in window pixels for the tool in hand.
    public var brushCursorDiameter: Double {
        editor.toolState.style.width * view.scale
    }

    /// The window area the cursor at `p` covers.
    func brushCursorRect(at p: Point) -> PixelRect {
        let r = max(brushCursorDiameter, 12 * scale) / 2 + 3 * scale
        let x = Int((p.x - r).rounded(.down)), y = Int((p.y - r).rounded(.down))
        return PixelRect(x: x, y: y, width: Int((2 * r).rounded(.up)) + 2, height: Int((2 * r).rounded(.up)) + 2)
    }

    /// Moves the cursor (nil: hides it), asking for its old and new places to be painted.
    func moveBrushCursor(to p: Point?) {
        guard p != brushCursor else { return }
        if let old = brushCursor { repaint.dirty.append(brushCursorRect(at: old)) }
        brushCursor = p
        if let p { repaint.dirty.append(brushCursorRect(at: p)) }
    }

    /// Whether the outline shows: over the page, with nothing open over it and no button down.
    var showsBrushCursor: Bool {
        brushCursor != nil && captures.isEmpty && sheet == nil && !menuOpen && !dialogOpen && editor.toolState.tool.makesStrokes
    }

    /// Draws the cursor where it intersects `area`.
    func drawBrushCursor(with painter: Painter, in area: PixelRect) {
        guard showsBrushCursor, let at = brushCursor, brushCursorRect(at: at).intersection(area) != nil else { return }
        // On a pixel's centre, so thin lines are crisp.
        let p = Point(at.x.rounded(.down) + 0.5, at.y.rounded(.down) + 0.5)
        let d = brushCursorDiameter
        if d < Self.smallestOutline {
            // Four arms around a gap, so the pixel under the pointer stays in sight.
            let gap = 3 * scale, arm = 8 * scale
            for (color, width) in [(RGBA(1, 1, 1, 0.9), 3 * scale), (RGBA(0, 0, 0, 0.85), 1 * scale)] {
                for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1)] {
                    painter.line(from: Point(p.x + dx * gap, p.y + dy * gap), to: Point(p.x + dx * arm, p.y + dy * arm), width: width, color)
                }
            }
        } else {
            // A dark ring inside a light one: it shows on any colour.
            // Whole-pixel radii about a pixel's centre: crisp where the ring crosses the axes.
            let r = (d / 2).rounded()
            painter.strokeCircle(center: p, radius: r + scale, RGBA(1, 1, 1, 0.9), width: 1 * scale)
            painter.strokeCircle(center: p, radius: r, RGBA(0, 0, 0, 0.85), width: 1 * scale)
        }
    }

    /// Runs `change` (a new width or tool) with the cursor's place painted before and after.
    func resizingBrushCursor(_ change: () -> Void) {
        guard let p = brushCursor else { return change() }
        repaint.dirty.append(brushCursorRect(at: p))
        change()
        repaint.dirty.append(brushCursorRect(at: p))
    }
}
