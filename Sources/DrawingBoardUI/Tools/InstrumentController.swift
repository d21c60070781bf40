import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The ruler, the set square and the compass over the page (the top bar's button, Ctrl+R): drawn
/// over the page with their angle in degrees, moved by a drag on them, turned with the mouse
/// wheel over them (Shift: 15° steps) or two fingers, the compass opened by its pencil leg; the
/// label on them changes one for the next; Esc or the button puts them away. Strokes that
/// start near an edge follow it (the tools read `editor.tools.instrument`).
public final class InstrumentController {
    unowned let app: AppController
    private var drag: Drag?
    /// Where the instrument was last painted, in the window.
    private var drawn: PixelRect?

    private struct Drag {
        /// What was pressed: the body (moved), or the compass's pencil leg (opened, turned).
        var opening: Bool
        var start: Instrument
        var pointers: [PointerSource: (first: Point, last: Point)]
        var order: [PointerSource]
    }

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }
    private var view: ViewTransform { app.view }
    private var scale: Double { app.scale }

    /// The instrument on the page, if any.
    public var instrument: Instrument? {
        get { editor.tools.instrument }
        set {
            editor.tools.instrument = newValue
            refresh()
            app.invalidateChrome()
        }
    }

    /// The button and Ctrl+R: the ruler, level across the middle of the view; or away.
    func toggle() {
        if instrument != nil { return putAway() }
        instrument = Instrument(.ruler, at: app.viewport.canvasCentre, angle: 0, radius: 160 * scale / view.scale)
        app.chrome.show(info: "Strokes started near the edge follow it. Drag it to move, the wheel or two fingers turn it; its label changes it")
    }

    func putAway() {
        drag = nil
        instrument = nil
    }

    /// The next instrument in the same place: ruler, set square, compass.
    func next() {
        guard var shown = instrument else { return }
        let all = Instrument.Kind.allCases
        shown.kind = all[(all.firstIndex(of: shown.kind)! + 1) % all.count]
        instrument = shown
    }

    /// Paint where it was and where it is.
    func refresh() {
        if let drawn { app.repaint.dirty.append(drawn) }
        drawn = area
        if let drawn { app.repaint.dirty.append(drawn) }
    }

    /// The page goes (another document): so does the instrument's drag (it stays in hand).
    func forget() {
        drag = nil
        refresh()
    }

    // MARK: - Shapes on screen

    /// The ruler's width on screen.
    private var band: Double { 72 * scale }

    /// The instrument's outline in window pixels (a polygon; the compass's none).
    func outline(_ i: Instrument) -> [Point] {
        let d = i.direction, n = Point(-d.y, d.x)
        switch i.kind {
        case .ruler:
            let a = view.toWindow(i.at), reach = Double(app.window.width + app.window.height) * 2
            return [a - d * reach, a + d * reach, a + d * reach + n * band, a - d * reach + n * band]
        case .setSquare:
            return i.triangle.map(view.toWindow)
        case .compass:
            return []
        }
    }

    /// The label: what it is and its angle (the compass's also its radius), in window pixels.
    func label(_ i: Instrument) -> (text: String, frame: Rect) {
        let degrees = Int(Instrument.normalised(i.angle).rounded())
        let text = i.kind == .compass ? "\(i.kind.title) \(degrees)° r \(Int(i.radius.rounded()))" : "\(i.kind.title) \(degrees)°"
        let d = i.direction, n = Point(-d.y, d.x)
        let centre: Point
        switch i.kind {
        case .ruler: centre = view.toWindow(i.at) + n * (band / 2)
        case .setSquare:
            let t = i.triangle.map(view.toWindow)
            centre = (t[0] + t[1] + t[2]) * (1.0 / 3)
        case .compass: centre = view.toWindow(i.at) - n * (28 * scale)
        }
        let w = Double(text.count) * 8.5 * scale + 24 * scale, h = 32 * scale
        return (text, Rect(x: centre.x - w / 2, y: centre.y - h / 2, width: w, height: h))
    }

    private var area: PixelRect? {
        guard let i = instrument else { return nil }
        var points = outline(i) + [label(i).frame.center]
        let lf = label(i).frame
        points += [Point(lf.minX, lf.minY), Point(lf.maxX, lf.maxY)]
        if i.kind == .compass {
            let c = view.toWindow(i.at), r = i.radius * view.scale + 24 * scale
            points += [c - Point(r, r), c + Point(r, r)]
        }
        guard let box = Rect(around: points)?.insetBy(-8 * scale) else { return nil }
        return box.pixelRect(clippedTo: app.window)
    }

    /// What of the instrument is under window point `p`: the label (nil result, handled),
    /// the compass's pencil leg (true), the body (false).
    private func part(at p: Point, _ i: Instrument) -> Bool? {
        let reach = Theme.minimumTarget / 2 * scale
        switch i.kind {
        case .compass:
            if p.distance(to: view.toWindow(i.pencilPoint)) <= reach { return true }
            if p.distance(to: view.toWindow(i.at)) <= reach { return false }
            return nil
        case .ruler, .setSquare:
            return Page.polygon(outline(i), contains: p) ? false : nil
        }
    }

    // MARK: - The pointer and the wheel

    /// A press on the page: true when it is on the instrument (its label changes it; the
    /// body moves it; the compass's pencil leg opens it).
    func press(_ event: PointerEvent) -> Bool {
        guard let i = instrument else { return false }
        let p = view.toCanvas(event.position)
        if var d = drag {
            // A second finger: the two turn and move it.
            guard case .finger = event.source, d.pointers.count == 1, d.pointers[event.source] == nil else { return true }
            d.start = i
            for (s, q) in d.pointers { d.pointers[s] = (q.last, q.last) }
            d.pointers[event.source] = (p, p)
            d.order.append(event.source)
            d.opening = false
            drag = d
            return true
        }
        if label(i).frame.insetBy(-4 * scale).contains(event.position) {
            next()
            return true
        }
        guard let opening = part(at: event.position, i) else { return false }
        drag = Drag(opening: opening, start: i, pointers: [event.source: (p, p)], order: [event.source])
        return true
    }

    /// A pointer of the instrument's drag moved or lifted; false when it is not one of its.
    func drag(_ event: PointerEvent) -> Bool {
        guard var d = drag, d.pointers[event.source] != nil else { return false }
        d.pointers[event.source]?.last = view.toCanvas(event.position)
        var next = d.start
        let fingers = d.order.compactMap { d.pointers[$0] }
        if fingers.count >= 2 {
            let a = fingers[0], b = fingers[1]
            let mid0 = (a.first + b.first) * 0.5, mid1 = (a.last + b.last) * 0.5
            let turn = (atan2(b.last.y - a.last.y, b.last.x - a.last.x) - atan2(b.first.y - a.first.y, b.first.x - a.first.x)) * 180 / .pi
            next.angle = Instrument.normalised(d.start.angle + turn)
            next.at = Affine.rotate(turn, about: mid0).apply(d.start.at) + (mid1 - mid0)
        } else if let a = fingers.first {
            // With the Snap switch, the needle, the edge's point and the pencil leg land on the paper.
            let snap = editor.tools.snapsToPaper ? PaperSnap(editor.page.background) : nil
            if d.opening {
                let v = (snap?.snap(a.last) ?? a.last) - d.start.at
                next.radius = min(max(v.distance(to: Point(0, 0)), Instrument.radiusRange.lowerBound), Instrument.radiusRange.upperBound)
                next.angle = Instrument.normalised(atan2(v.y, v.x) * 180 / .pi)
            } else {
                next.at = d.start.at + (a.last - a.first)
                if let snap { next.at = snap.snap(next.at) }
            }
        }
        if event.phase != .move {
            d.pointers[event.source] = nil
            d.order.removeAll { $0 == event.source }
            d.start = next
            for (s, q) in d.pointers { d.pointers[s] = (q.last, q.last) }
        }
        drag = d.pointers.isEmpty ? nil : d
        if next.isValid { instrument = next }
        return true
    }

    /// The wheel over the instrument turns it a degree a notch, clockwise as the wheel turns
    /// down (Shift: to the next 15°), about the point under the pointer, which stays under it;
    /// false when the pointer is not over it.
    func scroll(dy: Double, at p: Point, shift: Bool) -> Bool {
        guard var i = instrument, dy != 0, part(at: p, i) != nil || label(i).frame.contains(p) else { return false }
        let before = i.angle
        if shift {
            i.angle = Instrument.normalised(((i.angle / 15).rounded() + (dy < 0 ? 1 : -1)) * 15)
        } else {
            i.angle = Instrument.normalised(i.angle - dy)
        }
        i.at = Affine.rotate(i.angle - before, about: view.toCanvas(p)).apply(i.at)
        instrument = i
        return true
    }

    // MARK: - Drawing

    func draw(with painter: Painter) {
        guard let i = instrument else { return }
        let body = RGBA(0.55, 0.62, 0.7, 0.22), edge = Theme.accent
        switch i.kind {
        case .ruler, .setSquare:
            let shape = outline(i)
            painter.fillPolygon(shape, body)
            for (a, b) in zip(shape, shape.dropFirst() + [shape[0]]) { painter.line(from: a, to: b, width: 1.5 * scale, edge) }
            if i.kind == .ruler { drawTicks(i, with: painter) }
        case .compass:
            let c = view.toWindow(i.at), pencil = view.toWindow(i.pencilPoint), r = i.radius * view.scale
            painter.strokeCircle(center: c, radius: r, RGBA(0.2, 0.4, 0.65, 0.6), width: 1.5 * scale)
            painter.line(from: c, to: pencil, width: 3 * scale, RGBA(0.35, 0.4, 0.45, 0.9))
            painter.fillCircle(center: c, radius: 6 * scale, edge)
            painter.fillCircle(center: pencil, radius: 9 * scale, RGBA(1, 1, 1))
            painter.strokeCircle(center: pencil, radius: 9 * scale, edge, width: 2 * scale)
        }
        let (text, frame) = label(i)
        painter.fill(frame, RGBA(1, 1, 1, 0.92), radius: frame.height / 2)
        painter.text(text, in: frame, size: Theme.smallText * scale, Theme.ink)
    }

    /// A tick every 10 page pixels along the ruler's edge, longer every 50 and 100.
    private func drawTicks(_ i: Instrument, with painter: Painter) {
        let d = i.direction, n = Point(-d.y, d.x)
        let spacing = 10 * view.scale
        guard spacing >= 4 else { return }
        let half = Int(Double(app.window.width + app.window.height) / spacing) + 1
        let origin = view.toWindow(i.at)
        let bounds = Rect(x: 0, y: 0, width: Double(app.window.width), height: Double(app.window.height))
        for k in -half...half {
            let p = origin + d * (Double(k) * spacing)
            guard bounds.contains(p) else { continue }
            let length = (k % 10 == 0 ? 18 : k % 5 == 0 ? 12 : 6) * scale
            painter.line(from: p, to: p + n * length, width: 1 * scale, RGBA(0.2, 0.25, 0.3, 0.8))
        }
    }
}

extension Instrument {
    /// An angle in degrees as -180 < a <= 180.
    static func normalised(_ a: Double) -> Double {
        var r = a.truncatingRemainder(dividingBy: 360)
        if r <= -180 { r += 360 }
        if r > 180 { r -= 360 }
        return r
    }
}
