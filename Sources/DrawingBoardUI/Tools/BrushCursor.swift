import DrawingBoardCore
import DrawingBoardRender

/// The brush cursor: over the page, the outline of the brush or eraser at its real size and
/// the view's zoom, so the user sees what a press will cover; a small crosshair when the
/// outline would be too small to see.
final class BrushCursor {
    unowned let app: AppController
    /// Where the outline shows (the mouse over the page with no button down).
    private(set) var at: Point?

    /// Below this diameter (window pixels) the outline becomes a crosshair.
    static let smallestOutline = 8.0

    init(app: AppController) {
        self.app = app
    }

    /// The outline's diameter in window pixels for the tool in hand.
    var diameter: Double { app.editor.toolState.style.width * app.view.scale }

    /// The window area the cursor at `p` covers.
    func rect(at p: Point) -> PixelRect {
        let scale = app.scale
        let r = max(diameter, 12 * scale) / 2 + 3 * scale
        let x = Int((p.x - r).rounded(.down)), y = Int((p.y - r).rounded(.down))
        return PixelRect(x: x, y: y, width: Int((2 * r).rounded(.up)) + 2, height: Int((2 * r).rounded(.up)) + 2)
    }

    /// Moves the cursor (nil: hides it), asking for its old and new places to be painted.
    func move(to p: Point?) {
        guard p != at else { return }
        if let old = at { app.repaint.dirty.append(rect(at: old)) }
        at = p
        if let p { app.repaint.dirty.append(rect(at: p)) }
    }

    /// Whether the outline shows: over the page, with nothing open over it, no button down,
    /// and a tool that draws.
    var shows: Bool {
        at != nil && !app.input.isPointerDown && app.chrome.sheet == nil && !app.chrome.menu.isOpen && app.document.pendingQuestion == nil
            && app.editor.toolState.tool.makesStrokes
    }

    /// Draws the cursor where it intersects `area`.
    func draw(with painter: Painter, in area: PixelRect) {
        guard shows, let at, rect(at: at).intersection(area) != nil else { return }
        let scale = app.scale
        // On a pixel's centre, so thin lines are crisp.
        let p = Point(at.x.rounded(.down) + 0.5, at.y.rounded(.down) + 0.5)
        let d = diameter
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
    func resizing(_ change: () -> Void) {
        guard let p = at else { return change() }
        app.repaint.dirty.append(rect(at: p))
        change()
        app.repaint.dirty.append(rect(at: p))
    }
}
