import DrawingBoardCore
import Foundation

/// How the notebook is shown in the window: its pages in one column on the desk
/// (`PageStrip`), the page being drawn on fitted and centred until the user zooms or pans; zoom
/// about a point (Ctrl+wheel, pinch, Ctrl+plus and minus, the bottom bar's buttons); panning
/// by wheel, touchpad, middle or Space+drag, and two fingers, from one page into the next.
/// Panning stops at the notebook's ends: the first page comes down no further than under the
/// top bar, or to the window's middle if it is shorter than that; the last page, with its "+",
/// comes up no further than over the bottom bar, or to the middle; a page wider than the window
/// keeps its sides at the window's.
public final class Viewport {
    unowned let app: AppController
    /// The window's size in pixels, and the display's scale.
    public private(set) var window = PixelSize(width: 1, height: 1)
    public private(set) var scale = 1.0
    /// Desk to window: zoom and pan change only this.
    public private(set) var desk = ViewTransform.identity
    /// The view follows the window (the page fitted and centred) until the user zooms or pans.
    private var fitted = true
    /// The strip of the notebook as it was last laid out, and what it was laid out for.
    private var laidOut: (editor: ObjectIdentifier, revision: Int, strip: PageStrip)?

    init(app: AppController) {
        self.app = app
    }

    private var page: PixelSize { app.editor.size }

    /// Where the notebook's pages lie on the desk.
    public var strip: PageStrip {
        let editor = app.editor
        if let laidOut, laidOut.editor == ObjectIdentifier(editor), laidOut.revision == editor.revision { return laidOut.strip }
        let sizes = editor.pages.sizes
        let strip = laidOut?.strip.sizes == sizes ? laidOut!.strip : PageStrip(sizes: sizes)
        laidOut = (ObjectIdentifier(editor), editor.revision, strip)
        return strip
    }

    /// Canvas to window for the page being drawn on. (Asked for several times a turn of the
    /// loop: kept while the notebook, the page drawn on and the desk are what it was made for.)
    public var view: ViewTransform {
        let editor = app.editor, index = editor.pages.index
        if let shown, shown.editor == ObjectIdentifier(editor), shown.revision == editor.revision, shown.index == index,
           shown.desk == desk {
            return shown.view
        }
        let view = pageView(index)
        shown = (ObjectIdentifier(editor), editor.revision, index, desk, view)
        return view
    }
    private var shown: (editor: ObjectIdentifier, revision: Int, index: Int, desk: ViewTransform, view: ViewTransform)?

    /// Canvas to window for page `i`: its top left on a whole pixel of the window, whatever
    /// the zoom, so the page's tiles meet the screen's pixels exactly (the window shows what
    /// `render --scale` draws).
    public func pageView(_ i: Int) -> ViewTransform {
        let origin = strip.origins[min(i, strip.count - 1)]
        return ViewTransform(scale: desk.scale, offset: Point((desk.offset.x + origin.x * desk.scale).rounded(),
                                                              (desk.offset.y + origin.y * desk.scale).rounded()))
    }

    /// The zoom the user sees: window pixels per page pixel over the screen's scale (100%: a
    /// page pixel is a point of the screen, the same size on every screen).
    public var zoom: Double { desk.scale / scale }

    /// The scales a view may take on this screen (10% to 3200% of it).
    private var scales: ClosedRange<Double> { ViewTransform.scaleRange(onScreen: scale) }

    /// The desk view that shows the page being drawn on through `pageView`.
    private func deskView(fromPage pageView: ViewTransform) -> ViewTransform {
        let origin = strip.origins[min(app.editor.pages.index, strip.count - 1)]
        return ViewTransform(scale: pageView.scale, offset: Point(pageView.offset.x - origin.x * pageView.scale,
                                                                  pageView.offset.y - origin.y * pageView.scale))
    }

    /// The pages the window shows, in order.
    public var shownPages: Range<Int> {
        let topLeft = desk.toCanvas(Point(0, 0)), bottomRight = desk.toCanvas(Point(Double(window.width), Double(window.height)))
        return strip.pages(meeting: Rect(corner: topLeft, corner: bottomRight))
    }

    /// The page under a window point, if any.
    public func page(at p: Point) -> Int? { strip.page(at: desk.toCanvas(p)) }

    /// The page nearest the middle of the window.
    public var pageAtCentre: Int { strip.nearest(toY: desk.toCanvas(centre).y) }
    private var bars: Double { (Theme.barHeight + 2 * Theme.margin) * scale }
    private var centre: Point { Point(Double(window.width) / 2, Double(window.height) / 2) }

    /// The window's pixel size or the display scale changed.
    func resize(to size: PixelSize, scale: Double) {
        window = size
        self.scale = scale
        if fitted { fitPage() } else { setView(view) }
    }

    /// The view that shows the whole page centred: at 100% when it fits the window, else
    /// smaller, to fit between the bars and within the window's sides by a margin.
    public func fittedView() -> ViewTransform {
        let w = Double(window.width) - left, h = Double(window.height)
        let fits = Double(page.width) * scale <= w && Double(page.height) * scale <= h
        let across = max(w - 2 * Theme.margin * scale, w / 2)
        let fit = fits ? scale : min(across / Double(page.width), max(h - 2 * bars, h / 2) / Double(page.height))
        let zoom = max(fit, scales.lowerBound)
        return ViewTransform(scale: zoom, offset: Point((left + (w - Double(page.width) * zoom) / 2).rounded(),
                                                        ((h - Double(page.height) * zoom) / 2).rounded()))
    }

    /// The room the pages sidebar takes on the left, when it is shown: the pages are fitted
    /// and kept beside it, not under it.
    private var left: Double { app.pages.sidebar.shown ? ((Layout.sidebarWidth + Theme.margin) * scale).rounded() : 0 }

    /// Ctrl+0 and the zoom label: the whole page, centred, following the window from now on.
    public func fitPage() {
        fitted = true
        setView(fittedView())
    }

    /// Fit width: the page being drawn on as wide as the window, its top under the top bar.
    public func fitWidth() {
        fitted = false
        let w = Double(window.width) - left
        let scale = min(max((w - 2 * Theme.margin * self.scale) / Double(page.width), scales.lowerBound), scales.upperBound)
        setView(ViewTransform(scale: scale, offset: Point((left + (w - Double(page.width) * scale) / 2).rounded(), bars.rounded())))
    }

    /// Shows the page being drawn on after a move to it (a key, the sidebar, the page number):
    /// fitted when the view was, else its top under the top bar at the same zoom.
    func reveal() {
        if fitted { return fitPage() }
        let v = view
        setView(ViewTransform(scale: v.scale, offset: Point(v.offset.x, bars.rounded())))
    }

    /// Ctrl+1: the page at 100% (a page pixel on each of the screen's points), keeping the
    /// point at the window's centre where it is.
    func showActualSize() {
        let under = view.toCanvas(centre)
        fitted = false
        setView(ViewTransform(scale: scale, offset: Point(centre.x - under.x * scale, centre.y - under.y * scale)))
    }

    /// The levels Ctrl++ and Ctrl+- (and the bar's buttons) step through, as viewers of
    /// documents do: round levels to come back to, 10% to 3200%.
    public static let levels: [Double] = [0.1, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75, 1, 1.25, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32]

    /// Ctrl++ (`in`) or Ctrl+-: the next level up or down from the zoom there is, about the
    /// window's centre. (The wheel and a pinch zoom by any amount.)
    public func step(in zoomingIn: Bool) {
        let now = zoom
        let next = zoomingIn ? Self.levels.first { $0 > now * 1.001 } : Self.levels.last { $0 < now / 1.001 }
        guard let next else { return }
        zoom(to: next)
    }

    /// Zooms to `zoom` exactly (1: 100%), about the window's centre.
    public func zoom(to zoom: Double) {
        fitted = false
        setView(ViewTransform.pinch(from: view, startCentre: centre, startDistance: 1, centre: centre,
                                    distance: zoom * scale / view.scale, range: scales))
        // Exactly the level asked for (steps from the view there was round it by a hair).
        let v = view
        if v.scale != zoom * scale { setView(ViewTransform(scale: zoom * scale, offset: v.offset)) }
    }

    /// Zooms by `factor` about `p` (the window's centre when nil).
    public func zoom(by factor: Double, about p: Point? = nil) {
        let about = p ?? centre
        fitted = false
        setView(ViewTransform.pinch(from: view, startCentre: about, startDistance: 1, centre: about, distance: factor, range: scales))
    }

    /// Moves the page by `dx`, `dy` window pixels.
    public func pan(dx: Double, dy: Double) {
        fitted = false
        setView(ViewTransform(scale: view.scale, offset: Point(view.offset.x + dx, view.offset.y + dy)))
    }

    /// Puts canvas point `q` of page `i` under window point `p`, at the zoom there is (as far
    /// as the notebook's ends allow): a press on a page that changed size meanwhile.
    func hold(_ q: Point, onPage i: Int, under p: Point) {
        fitted = false
        let s = desk.scale, strip = strip
        let desk = Point(p.x - (strip.origins[min(i, strip.count - 1)].x + q.x) * s, p.y - (strip.origins[min(i, strip.count - 1)].y + q.y) * s)
        let current = strip.origins[min(app.editor.pages.index, strip.count - 1)]
        setView(ViewTransform(scale: s, offset: Point(desk.x + current.x * s, desk.y + current.y * s)))
        app.repaintAll()
    }

    /// A pinch or a one-finger pan in progress took the view here.
    func follow(_ next: ViewTransform) {
        fitted = false
        setView(next)
    }

    /// `next` (a desk view) moved as little as needed to keep the window within the notebook:
    /// above and below, its ends are counted from the bars, so every part of a page can come
    /// out from under them (the room under the last page holds its "+"), and a first or last
    /// page shorter than that may still come to the window's middle, as a page fitted is shown.
    /// A page that fits between the bars with its "+" stays in the middle: nothing to scroll;
    /// one that fits the window only (a page as big as the window, under the bars' edges)
    /// scrolls as far as its edges and its "+" need.
    func clamped(_ next: ViewTransform) -> ViewTransform {
        let s = next.scale, w = strip.width * s, h = strip.height * s
        let first = Double(strip.sizes.first?.height ?? 1) * s, last = Double(strip.sizes.last?.height ?? 1) * s
        func keep(_ offset: Double, _ extent: Double, _ room: Double, _ inset: Double, ends: (Double, Double), after: Double) -> Double {
            // In a window too short for the bars' room, the pages may go under them.
            let inset = room - 2 * inset >= 2 * Self.least * scale ? inset : 0
            // Pages that fit the window together are held by their middle, not by the first's
            // and the last's (which would let them slide between the two).
            let ends = extent <= room ? (extent, extent) : ends
            // The middle is always within these (pages shorter than the room have no other place).
            let top = max(inset, ((room - ends.0) / 2).rounded()), bottom = min(room - inset - after, ((room + ends.1) / 2).rounded())
            return min(max(offset, bottom - extent), top)
        }
        let plus = (Theme.minimumTarget + 2 * 12) * scale
        let x = keep(next.offset.x - left, w, Double(window.width) - left, 0, ends: (w, w), after: 0)
        let y = keep(next.offset.y, h, Double(window.height), bars, ends: (first, last), after: plus)
        return ViewTransform(scale: s, offset: Point(left + x, y))
    }

    /// The least room between the bars that still keeps pages from under them.
    private static let least = 64.0

    /// Shows the page being drawn on through `next` (the desk kept so the pages stay in
    /// view); everything on screen is redrawn.
    public func setView(_ next: ViewTransform) {
        var next = next
        let range = scales
        if next.scale < range.lowerBound || next.scale > range.upperBound {
            next = ViewTransform(scale: min(max(next.scale, range.lowerBound), range.upperBound), offset: next.offset)
        }
        // 100% however it was reached (zoom steps multiply) is exactly the screen's scale.
        if abs(next.scale / scale - 1) < 1e-9 { next = ViewTransform(scale: scale, offset: next.offset) }
        next = clamped(deskView(fromPage: next))
        // Whole-pixel offsets, so the pages' pixels (and tiles) meet the screen's exactly.
        next = ViewTransform(scale: next.scale, offset: Point(next.offset.x.rounded(), next.offset.y.rounded()))
        // Presses near an element's box count as on it, a few window pixels at any zoom (set
        // even when the view stays: the editor may be a new one).
        app.editor.tools.windowPixel = scale / next.scale
        guard next != desk else { return }
        desk = next
        app.pages.viewMoved()
        app.repaintAll()
    }

    /// The page's size changed (a page step, its undo or redo): the view follows.
    func pageChanged() {
        if fitted { fitPage() } else { setView(view) }
        app.repaintAll()
    }

    /// The canvas point under the middle of the window.
    var canvasCentre: Point { view.toCanvas(centre) }
}
