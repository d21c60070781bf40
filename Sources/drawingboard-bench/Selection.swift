import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation

// MARK: - Editing what was drawn: a lasso of 1,000 strokes on the journal page, and dragging it

/// Images are not decoded here (the page's photos are kept decoded already).
private struct NoDecoding: ImageDecoding {
    struct Refused: Error {}
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage { throw Refused() }
}

/// The journal page (2,000 strokes, 200 elements) in a window of its size at 100%, driven
/// through the window's controller as a mouse does: a lasso around the left half of the page
/// (about 1,000 strokes), then the selection dragged along a path, each motion with the frame
/// it paints; against a photo of the selection's size dragged along the same path on the same
/// page. A frame at 60 Hz is 16.7 ms.
func selectionFigures() throws {
    print("")
    // As the window opens it: pages painted again whole off the event loop when heavy.
    let built = try journalPage()
    let editor = try Editor(notebook: built.pages.notebook, drawsPDFsLater: true)
    var app = AppController(editor: editor, decoder: NoDecoding(), window: editor.size, scale: 1)
    app.run(.actualSize)
    let frame = try Frame(size: app.window)
    let icons = IconSet(directory: nil)
    func paintFrame() { app.render(into: frame, icons: icons, damage: app.takeDamage()) }
    paintFrame()
    app.brush.select(.select)
    paintFrame()
    var time = 0.0
    func event(_ phase: PointerEvent.Phase, _ p: Point) {
        time += 0.008
        app.pointer(PointerEvent(source: .mouse, phase: phase, position: app.view.toWindow(p), time: time))
    }
    // A hand's lasso: 400 points round the left half of the page, a little wobbly.
    let round = (0..<400).map { i -> Point in
        let t = Double(i) / 400 * 2 * .pi
        return Point(480 + 470 * cos(t) + 6 * sin(t * 23), 540 + 530 * sin(t) + 6 * cos(t * 17))
    }
    // It starts on bare page clear of the bars, as a lasso does (a press on ink would take
    // that stroke).
    let start = round.firstIndex { editor.page.topSelectable(at: $0, slack: 8) == nil && app.layout().hit(app.view.toWindow($0)) == .canvas }!
    let lasso = Array(round[start...] + round[..<start])
    var selectTimes: [Double] = []
    var selected = 0
    for _ in 0..<5 {
        event(.down, lasso[0])
        for p in lasso.dropFirst() { event(.move, p) }
        paintFrame()
        let t0 = now()
        event(.up, lasso.last!)
        paintFrame()
        selectTimes.append(now() - t0)
        selected = app.editor.selection.ids.count
        app.key(KeyInput(.escape), time: time)
        paintFrame()
    }
    event(.down, lasso[0])
    for p in lasso.dropFirst() { event(.move, p) }
    event(.up, lasso.last!)
    paintFrame()
    selected = app.editor.selection.ids.count
    let box = app.lasso.restingBox!
    let s = Stats(selectTimes)
    row("lasso of \(selected) items (of 2200) on the journal page: release to frame, median / most", "\(ms(s.median)) / \(ms(selectTimes.max()!))")

    /// Drags from `start` along 60 motions, timing each motion with its frame; the first
    /// (which lifts the selection off the page) and the release apart, and how long after the
    /// press the selection's picture (painted off the loop) was there.
    func drag(from start: Point) -> (first: Double, motions: [Double], drop: Double, ready: Double) {
        event(.down, start)
        paintFrame()
        let r0 = now()
        var ready = 0.0, lift = 0.0
        if app.lasso.hasSelection {
            // The picture comes while the hand starts to move (the loop ticks meanwhile).
            event(.move, start + Point(1, 0))
            while !app.lasso.isDragging, now() - r0 < 5 {
                Thread.sleep(forTimeInterval: 0.001)
                let t0 = now()
                app.tick(time)
                if app.lasso.isDragging {
                    // The tick that took the picture in and lifted the selection, with its frame.
                    paintFrame()
                    lift = now() - t0
                }
            }
            ready = now() - r0 - lift
        }
        var motions: [Double] = [], first = 0.0
        // A hand's pace: a motion every 8 ms (the loop ticks between them, taking in what was
        // painted off it), for about half a second.
        for i in 1...61 {
            let t = Double(i) / 61
            let p = start + Point(300 * t, 120 * sin(t * 6))
            let next = now() + 0.008
            let t0 = now()
            event(.move, p)
            paintFrame()
            if i == 1 { first = lift } else { motions.append(now() - t0) }
            while now() < next { Thread.sleep(forTimeInterval: 0.001) }
            app.tick(time)
            paintFrame()
        }
        let t0 = now()
        event(.up, start + Point(300, 120 * sin(6)))
        paintFrame()
        return (first, motions, now() - t0, ready)
    }
    let ink = drag(from: box.center)
    let inkStats = Stats(ink.motions)
    // A photo of the selection's size, on top of the page, dragged the same way.
    app.key(KeyInput(.escape), time: time)
    let (asset, image) = try photoAsset(400, 300, seed: 7)
    app.editor.keepDecoded(image, for: asset)
    try app.editor.place(Element(source: .image(asset), placement: .init(center: Point(700, 540), width: box.width,
                                                                          natural: Size(width: box.width, height: box.height))))
    paintFrame()
    let photo = drag(from: Point(700, 540))
    let photoStats = Stats(photo.motions)
    row("drag the selection (\(Int(box.width))x\(Int(box.height))): per motion and frame, median / p99", "\(ms(inkStats.median)) / \(ms(inkStats.p99))")
    row("drag a photo of its size: per motion and frame, median / p99; the release", "\(ms(photoStats.median)) / \(ms(photoStats.p99)); \(ms(photo.drop))")
    row("selection / photo (median; p99)", String(format: "%.2fx; %.2fx", inkStats.median / photoStats.median, inkStats.p99 / photoStats.p99))
    row("the selection's picture ready after the press (off the loop); the motion that lifts it / the release", "\(ms(ink.ready)); \(ms(ink.first)) / \(ms(ink.drop))")
    // The same lasso's strokes alone (no element among them), and a formula's worth: the 40
    // strokes nearest the page's middle.
    let strokeIDs = Set(app.editor.page.strokes.map(\.id))
    let lassoed = app.editor.page.selection(inLasso: lasso).filter { strokeIDs.contains($0) }
    let middle = Point(960, 540)
    let near = app.editor.page.strokes.filter { $0.transform == nil }.sorted {
        $0.points[0].distance(to: middle) < $1.points[0].distance(to: middle)
    }.prefix(40).map(\.id)
    var others: [String: Any] = [:]
    func strokesAlone(_ name: String, _ ids: [UInt64], _ label: String) {
        app.key(KeyInput(.escape), time: time)
        app.lasso.select(ids)
        paintFrame()
        let b = app.lasso.restingBox!
        let moved = drag(from: app.editor.page.strokes.first { $0.id == ids[0] }!.pagePoints[0])
        let m = Stats(moved.motions)
        row("drag \(ids.count) strokes \(label) (\(Int(b.width))x\(Int(b.height))): per motion median / p99; picture ready; lift / release",
            "\(ms(m.median)) / \(ms(m.p99)); \(ms(moved.ready)); \(ms(moved.first)) / \(ms(moved.drop))")
        others[name] = ["count": ids.count, "median_ms": m.median * 1e3, "p99_ms": m.p99 * 1e3, "lift_ms": moved.first * 1e3, "drop_ms": moved.drop * 1e3,
                        "picture_ready_ms": moved.ready * 1e3]
    }
    strokesAlone("strokes", lassoed, "alone")
    strokesAlone("formula", Array(near), "alone")
    // The same strokes where the page is ink alone (a lecture's page, whose PDF is its paper):
    // all of them the top run of ink, the ink where they were painted off the loop first.
    let page = app.editor.page
    let inkOnly = Page(size: page.size, background: page.background, items: page.items.filter { $0.stroke != nil })
    app = AppController(editor: try Editor(notebook: Notebook([inkOnly]), drawsPDFsLater: true), decoder: NoDecoding(), window: editor.size, scale: 1)
    app.run(.actualSize)
    app.brush.select(.select)
    paintFrame()
    strokesAlone("ink_page", lassoed, "on a page of ink alone")
    json["selection_strokes"] = others
    json["selection"] = ["lasso_items": selected, "lasso_release_median_ms": s.median * 1e3, "lasso_release_max_ms": selectTimes.max()! * 1e3,
                         "drag_median_ms": inkStats.median * 1e3, "drag_p99_ms": inkStats.p99 * 1e3,
                         "photo_drag_median_ms": photoStats.median * 1e3, "photo_drag_p99_ms": photoStats.p99 * 1e3, "photo_drop_ms": photo.drop * 1e3,
                         "lift_ms": ink.first * 1e3, "drop_ms": ink.drop * 1e3, "picture_ready_ms": ink.ready * 1e3, "box": [box.width, box.height]]
}
