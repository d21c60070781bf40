import DrawingBoardCore
import Foundation

/// How the page is shown: fitted and centred until the user zooms or pans; zoom about a point
/// (Ctrl+wheel, pinch, Ctrl+plus and minus, the bottom bar's buttons); panning by wheel,
/// touchpad, middle or Space+drag, and two fingers. The page never leaves the window: a margin
/// of it always stays in view.
extension AppController {
    /// The view that shows the whole page centred: at 100% when it fits the window, else
    /// smaller, to fit between the bars.
    public func fittedView() -> ViewTransform {
        let page = editor.size
        let w = Double(window.width), h = Double(window.height)
        let fits = page.width <= window.width && page.height <= window.height
        let bars = (Theme.barHeight + 2 * Theme.margin) * scale
        let fit = fits ? 1 : min(w / Double(page.width), max(h - 2 * bars, h / 2) / Double(page.height))
        let scale = max(fit, ViewTransform.scaleRange.lowerBound)
        return ViewTransform(scale: scale, offset: Point(((w - Double(page.width) * scale) / 2).rounded(),
                                                         ((h - Double(page.height) * scale) / 2).rounded()))
    }

    /// Ctrl+0 and the zoom label: the whole page, centred, following the window from now on.
    public func fitPage() {
        viewFitted = true
        setView(fittedView())
    }

    /// Ctrl+1: the page at 100%, keeping the point at the window's centre where it is.
    func showActualSize() {
        let centre = Point(Double(window.width) / 2, Double(window.height) / 2)
        let under = view.toCanvas(centre)
        viewFitted = false
        // Whole-pixel offsets at 100%, so the page's pixels meet the screen's exactly.
        setView(ViewTransform(scale: 1, offset: Point((centre.x - under.x).rounded(), (centre.y - under.y).rounded())))
    }

    /// Zooms by `factor` about `p` (the window's centre when nil).
    public func zoom(by factor: Double, about p: Point? = nil) {
        let centre = p ?? Point(Double(window.width) / 2, Double(window.height) / 2)
        viewFitted = false
        setView(ViewTransform.pinch(from: view, startCentre: centre, startDistance: 1, centre: centre, distance: factor))
    }

    /// Moves the page by `dx`, `dy` window pixels.
    public func pan(dx: Double, dy: Double) {
        viewFitted = false
        setView(ViewTransform(scale: view.scale, offset: Point(view.offset.x + dx, view.offset.y + dy)))
    }

    /// How much of the page always stays in view, in window pixels.
    var panMargin: Double { 64 * scale }

    /// `next` moved as little as needed to keep a margin of the page in the window; above and
    /// below, the margin is counted from the bars, so the page never hides under them.
    func clamped(_ next: ViewTransform) -> ViewTransform {
        let w = Double(editor.size.width) * next.scale, h = Double(editor.size.height) * next.scale
        let bars = (Theme.barHeight + 2 * Theme.margin) * scale
        func keep(_ offset: Double, _ extent: Double, _ room: Double, _ inset: Double) -> Double {
            // A page narrower (or shorter) than the window stays centred that way.
            if extent <= room { return ((room - extent) / 2).rounded() }
            let inset = room - 2 * inset >= 2 * panMargin ? inset : 0
            let m = min(panMargin, extent, room - 2 * inset)
            return min(max(offset, inset + m - extent), room - inset - m)
        }
        return ViewTransform(scale: next.scale, offset: Point(keep(next.offset.x, w, Double(window.width), 0),
                                                              keep(next.offset.y, h, Double(window.height), bars)))
    }

    /// Shows the canvas through `next` (kept so the page stays in view); everything on screen
    /// is redrawn.
    public func setView(_ next: ViewTransform) {
        let next = clamped(next)
        guard next != view else { return }
        view = next
        repaint.dirty = [PixelRect(size: window)]
        invalidateChrome()
    }

    /// A wheel or touchpad scroll of `dx`, `dy` notches (fractions from a touchpad): over a
    /// slider it nudges the slider; over the page, Ctrl zooms about the pointer, Shift scrolls
    /// sideways, and otherwise it scrolls.
    public func scroll(dx: Double = 0, dy: Double, at p: Point, ctrl: Bool = false, shift: Bool = false) {
        switch layout().hit(p) {
        case .control(.slider(let kind)):
            let steps = dy.magnitude >= 1 ? Int(dy.rounded()) : (dy > 0 ? 1 : dy < 0 ? -1 : 0)
            setSlider(kind, to: value(of: kind) + steps)
            editor.endBackgroundPreview()
        case .canvas:
            if ctrl {
                zoom(by: pow(1.25, dy), about: p)
            } else {
                let step = 48 * scale
                if shift { pan(dx: dy * step, dy: -dx * step) } else { pan(dx: -dx * step, dy: dy * step) }
            }
        default:
            break
        }
    }

    /// A mouse wheel's whole notches (Ctrl: zoom).
    public func wheel(_ steps: Int, at p: Point, zoom: Bool = false) {
        scroll(dy: Double(steps), at: p, ctrl: zoom)
    }

    /// The middle button drags the page.
    public func middleDrag(_ phase: PointerEvent.Phase, at p: Point) {
        switch phase {
        case .down:
            middleFrom = p
        case .move:
            guard let last = middleFrom else { return }
            pan(dx: p.x - last.x, dy: p.y - last.y)
            middleFrom = p
        case .up, .cancel:
            middleFrom = nil
        }
    }

    /// Space went up: drags draw again.
    public func spaceReleased() {
        spaceHeld = false
    }
}
