import CairoBaseline
import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

// MARK: - 6. Elements: dragging one over a full journal page, a 24-megapixel photo, opening

/// A photo-like image (smooth colours, so the PNG is small but the decoded pixels are not).
func photoAsset(_ w: Int, _ h: Int, seed: Int) throws -> (ImageAsset, RasterImage) {
    var pixels = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h {
        for x in 0..<w {
            let r = UInt32((x * 255 / w + seed * 40) & 0xFF), g = UInt32((y * 255 / h + seed * 70) & 0xFF), b = UInt32((x + y + seed * 13) & 0xFF)
            pixels[y * w + x] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }
    let image = RasterImage(width: w, height: h, pixels: pixels)!
    return (ImageAsset(name: "photo\(seed).png", bytes: try PNGFile.encode(image), kind: .raster, size: image.size), image)
}

let stickerSVG = Data("""
    <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><path d="M64 6 L80 48 L124 48 L88 76 L102 120 L64 94 L26 120 L40 76 L4 48 L48 48 Z" fill="#ffcc33" stroke="#d18a00" stroke-width="5"/></svg>
    """.utf8)

/// The page of the issue: 1920x1080, 2,000 strokes and 200 elements (100 photos, 50 stickers,
/// 50 texts) among them, ten strokes before each element.
func journalPage() throws -> Editor {
    let size = PixelSize(width: 1920, height: 1080)
    let editor = try makeEditor(size)
    let photos = try (0..<10).map { try photoAsset(400, 300, seed: $0) }
    let sticker = try ElementSources.svg(stickerSVG, name: "star.svg")
    let count = Int(ProcessInfo.processInfo.environment["BENCH_ELEMENTS"] ?? "") ?? 200
    for k in 1...count {
        randomStrokes(editor, 10)
        let center = Point(Double.random(in: 100...1820, using: &rng), Double.random(in: 100...980, using: &rng))
        let rotation = Double.random(in: -30...30, using: &rng)
        let element: Element
        if k % 2 == 0 {
            let (asset, image) = photos[k / 2 % photos.count]
            editor.keepDecoded(image, for: asset)
            element = Element(source: .image(asset), placement: .init(center: center, width: Double.random(in: 120...320, using: &rng),
                                                                      rotation: rotation, natural: Size(width: 400, height: 300)))
        } else if k % 4 == 1 {
            element = Element(source: .sticker("star", sticker), placement: .init(center: center, width: 96, rotation: rotation,
                                                                                   natural: Size(width: 128, height: 128)))
        } else {
            let style = TextStyle(text: "Day \(k): a walk", font: "Sans", size: 28, color: RGBColor(red: 30, green: 60, blue: 160))
            element = Element(source: .text(style), placement: .init(center: center, width: TextArt.measure(style).width, rotation: rotation,
                                                                      natural: TextArt.measure(style)))
        }
        try editor.place(element)
    }
    _ = editor.screen.takeDirtyRect()
    return editor
}

/// Drags element `id` along `path` (its centre following it) as the window's select tool does
/// through the editor (one change per motion, one undo step in all), composing each motion's
/// dirty area into `frame`; per motion the cost, and the area composed against the old and new
/// boxes.
func dragCost(_ editor: Editor, _ frame: Frame, id: UInt64, path: [Point]) throws -> (costs: [Double], overshoot: Double) {
    editor.beginElementChange()
    var costs: [Double] = [], overshoot = 0.0
    var last = editor.page.element(id)!.placement.bounds
    for p in path {
        let t0 = now()
        var element = editor.page.element(id)!
        element.placement.center = p
        try editor.perform(.change(element))
        let dirty = editor.screen.takeDirtyRect()
        if let dirty { editor.screen.compose(into: frame, area: dirty) }
        costs.append(now() - t0)
        let box = editor.page.element(id)!.placement.bounds
        if let dirty, let boxes = last.union(box).pixelRect(clippedTo: editor.size) {
            overshoot = max(overshoot, Double(dirty.area) / Double(boxes.area))
        }
        last = box
    }
    editor.endElementChange()
    _ = editor.screen.takeDirtyRect()
    return (costs, overshoot)
}

func elementFigures() throws {
    print("")
    let t0 = now()
    let editor = try journalPage()
    row("journal page: 2000 strokes and 200 elements built in", ms(now() - t0))
    let frame = try Frame(size: editor.size)
    editor.screen.compose(into: frame, area: PixelRect(size: editor.size))
    let canvas = cb_canvas_new(Int32(editor.size.width), Int32(editor.size.height))
    defer { cb_canvas_free(canvas) }
    var figures: [String: Any] = [:]
    let middle = editor.elements[(editor.elements.count / 2)...].first { $0.source.kind == "image" }!
    for (name, element) in [("top", editor.elements.last!), ("middle", middle)] {
        var ours: [Double] = [], raw: [Double] = [], overshoot = 0.0
        let w = Int32(element.placement.width), h = Int32(element.placement.height)
        for round in 0..<6 {
            let path = (1...60).map { i -> Point in
                let t = Double(i + round * 60) / 360
                return Point(200 + 1500 * t, 540 + 380 * sin(t * 12))
            }
            for p in path {
                let r0 = now()
                cb_paint_image(canvas, w, h, p.x, p.y, element.placement.rotation)
                raw.append(now() - r0)
            }
            let measured = try dragCost(editor, frame, id: element.id, path: path)
            ours += measured.costs
            overshoot = max(overshoot, measured.overshoot)
        }
        _ = cb_canvas_checksum(canvas)
        let o = Stats(ours), r = Stats(raw)
        row("drag the \(name) photo (\(w)x\(h)): per motion median / p99", "\(us(o.median)) / \(us(o.p99))")
        row("drag the \(name) photo: raw Cairo painting it once (as turned), median", us(r.median))
        row("drag the \(name) photo: DrawingBoard / raw Cairo (median)", String(format: "%.2fx", o.median / r.median))
        row("drag the \(name) photo: area composed / old and new boxes (max)", String(format: "%.2f", overshoot))
        figures["drag_\(name)"] = ["median_us": o.median * 1e6, "p99_us": o.p99 * 1e6, "raw_median_us": r.median * 1e6,
                                   "ratio_to_raw": o.median / r.median, "composed_over_boxes": overshoot]
    }
    // Undo of a move against painting the whole page again.
    let moved = editor.elements[editor.elements.count * 3 / 4]
    var step = moved
    step.placement = moved.placement.moved(by: Point(40, 30))
    try editor.perform(.change(step))
    _ = editor.screen.takeDirtyRect()
    let u0 = now()
    try editor.undo()
    let undoMove = now() - u0
    _ = editor.screen.takeDirtyRect()
    let p0 = now()
    try editor.perform(.background(.color(RGBColor(red: 250, green: 250, blue: 245))))
    let wholePage = now() - p0
    row("undo of a move / painting the whole page again", "\(ms(undoMove)) / \(ms(wholePage))")
    figures["undo_move_ms"] = undoMove * 1e3
    figures["whole_page_ms"] = wholePage * 1e3
    // The page scrolled into view in a notebook whose pixels of it were let go: on the event
    // loop, painted there (files, render) against painted off it (the window), and how long
    // the window waits for it then.
    let notebookPages = [Page(size: editor.size), editor.pages.notebook.pages[0].page]
    let shown = try offTheLoop(pages: notebookPages) { editor in try editor.pages.compose(1, into: frame, area: PixelRect(size: frame.size), view: .identity) }
    row("it scrolled into view unkept: loop time in place / off it", shown.text)
    // Raising an element from under the others (everything under the top run painted again).
    let raised = try offTheLoop(pages: [notebookPages[1]]) { editor in
        try editor.perform(.reorder(editor.elements[editor.elements.count / 2].id, top: true))
    }
    row("raise one from the middle: loop time in place / off it", raised.text)
    let tinted = try offTheLoop(pages: [notebookPages[1]]) { editor in try editor.setBackground(.color(RGBColor(red: 250, green: 245, blue: 230))) }
    row("another background colour: loop time in place / off it", tinted.text)
    let resized = try offTheLoop(pages: [notebookPages[1]]) { editor in
        try editor.resizePage(to: PixelSize(width: editor.size.width + 200, height: editor.size.height + 100), anchor: 4)
    }
    row("the page resized: loop time in place / off it", resized.text)
    let undone = try offTheLoop(pages: [notebookPages[1]], prepare: { editor in
        try editor.resizePage(to: PixelSize(width: editor.size.width + 200, height: editor.size.height + 100), anchor: 4)
        editor.replacements.finish()
    }) { editor in try editor.undo() }
    row("the page size undone: loop time in place / off it", undone.text)
    let cleared = try offTheLoop(pages: [notebookPages[1]]) { editor in try editor.clear() }
    row("the page cleared: loop time in place / off it", cleared.text)
    let unCleared = try offTheLoop(pages: [notebookPages[1]], prepare: { editor in try editor.clear() }) { editor in try editor.undo() }
    row("the clear undone: loop time in place / off it", unCleared.text)
    let placed = try offTheLoop(pages: [notebookPages[1]]) { editor in
        let style = TextStyle(text: "Note", size: 40, color: .black)
        try editor.place(Element(id: 0, source: .text(style), placement: .init(center: Point(300, 300), width: 160, natural: TextArt.measure(style))))
    }
    row("a text placed: loop time in place / off it", placed.text)
    let duplicated = try offTheLoop(pages: [notebookPages[1]]) { editor in try editor.perform(.pages(.duplicate(0))) }
    row("the page duplicated: loop time in place / off it", duplicated.text)
    figures["duplicate_in_place_ms"] = duplicated.inPlace * 1e3
    figures["duplicate_off_loop_ms"] = duplicated.onLoop * 1e3
    figures["background_in_place_ms"] = tinted.inPlace * 1e3
    figures["background_off_loop_ms"] = tinted.onLoop * 1e3
    figures["resize_in_place_ms"] = resized.inPlace * 1e3
    figures["resize_off_loop_ms"] = resized.onLoop * 1e3
    figures["resize_undo_in_place_ms"] = undone.inPlace * 1e3
    figures["resize_undo_off_loop_ms"] = undone.onLoop * 1e3
    figures["raise_in_place_ms"] = raised.inPlace * 1e3
    figures["raise_off_loop_ms"] = raised.onLoop * 1e3
    figures["page_shown_in_place_ms"] = shown.inPlace * 1e3
    figures["page_shown_off_loop_ms"] = shown.onLoop * 1e3
    figures["page_shown_arrives_ms"] = shown.arrives * 1e3
    // Opening it as a document.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-journal-\(UUID().uuidString).ora")
    defer { try? FileManager.default.removeItem(at: url) }
    let l0 = now()
    var layerCount = 0, pngBytes = 0, pngTime = 0.0
    try editor.image.forEachLowerLayer { layer in
        layerCount += 1
        if ProcessInfo.processInfo.environment["BENCH_PNG"] != nil, case .ink(let image, _, _, _) = layer {
            let e0 = now()
            pngBytes += try PNGFile.encode(image).count
            pngTime += now() - e0
        }
    }
    let painting = now() - l0 - pngTime
    if pngTime > 0 { row("saving it: the runs' PNGs alone, Cairo's writer, one core", "\(ms(pngTime)), \(pngBytes / 1000) KB") }
    let s0 = now()
    try OpenRaster.encode(notebook: editor.pages.notebook).write(to: url)
    let saving = now() - s0
    row("saving it: of which painting the \(layerCount) layers under the top run", ms(painting))
    let o0 = now()
    let reopened = try Editor(document: try OpenRaster.read(url))
    let opening = now() - o0
    row("saving it (.ora, \(reopened.elements.count) elements, 2000 strokes)", ms(saving))
    row("opening it (read, decode, paint)", ms(opening))
    figures["save_ms"] = saving * 1e3
    figures["open_ms"] = opening * 1e3
    try photoMemory(&figures)
    json["elements"] = figures
}

/// A 24-megapixel photo on the page: its pixels decoded once, a cache at the size it is shown,
/// nothing more per move or per undo step.
func photoMemory(_ figures: inout [String: Any]) throws {
    let editor = try makeEditor(PixelSize(width: 1920, height: 1080))
    let (asset, image) = try photoAsset(6000, 4000, seed: 3)
    let decoded = 6000 * 4000 * 4
    let before = residentBytes()
    editor.keepDecoded(image, for: asset)
    let id = try editor.place(Element(source: .image(asset), placement: .init(center: Point(960, 540), width: 1200, natural: Size(width: 6000, height: 4000))))
    let placed = residentBytes()
    let history0 = editor.history.residentBytes
    for i in 1...20 {
        var e = editor.page.element(id)!
        e.placement = e.placement.moved(by: Point(Double(i % 5) * 3, 2))
        try editor.perform(.change(e))
        _ = editor.screen.takeDirtyRect()
    }
    let moved = residentBytes()
    row("24 MP photo: decoded pixels / its cache (1200 px wide)", String(format: "%.1f MB / %.1f MB", Double(decoded) / 1e6, 1200.0 * 800 * 4 / 1e6))
    row("24 MP photo: resident growth placing it / after 20 moves", String(format: "%.1f MB / %.1f MB", Double(placed - before) / 1e6,
                                                                          Double(moved - placed) / 1e6))
    row("24 MP photo: undo history bytes for 20 moves", "\(editor.history.residentBytes - history0)")
    figures["photo24"] = ["decoded_mb": Double(decoded) / 1e6, "placing_growth_mb": Double(placed - before) / 1e6,
                          "moves_growth_mb": Double(moved - placed) / 1e6, "history_bytes": editor.history.residentBytes - history0]
    withExtendedLifetime(image) {}
}

/// `work` on a notebook of `pages` (after `prepare`, untimed), three times each: the time on the event loop for an editor
/// that paints in place (files, render), and for the window's (which paints off the loop), with
/// how long until what it paints there comes (medians).
func offTheLoop(pages: [Page], prepare: (Editor) throws -> Void = { _ in }, _ work: (Editor) throws -> Void) throws
    -> (inPlace: Double, onLoop: Double, arrives: Double, text: String) {
    var inPlace: [Double] = [], onLoop: [Double] = [], arrives: [Double] = [], takingIn: [Double] = []
    for _ in 0..<3 {
        let plain = try Editor(notebook: Notebook(pages))
        let window = try Editor(notebook: Notebook(pages), drawsPDFsLater: true)
        try prepare(plain)
        try prepare(window)
        let p0 = now()
        try work(plain)
        inPlace.append(now() - p0)
        let w0 = now()
        try work(window)
        onLoop.append(now() - w0)
        // Taking what came in is on the loop too: the longest such turn is timed.
        var longest = 0.0
        while window.pages.waitingForPictures || window.replacements.change != nil {
            let t0 = now()
            let came = window.pages.catchUpPictures() || window.replacements.finish(wait: false)
            if came { longest = max(longest, now() - t0) }
            Thread.sleep(forTimeInterval: 0.001)
        }
        arrives.append(now() - w0)
        takingIn.append(longest)
    }
    let (a, b, c, d) = (Stats(inPlace).median, Stats(onLoop).median, Stats(arrives).median, Stats(takingIn).median)
    return (a, b, c, "\(ms(a)) / \(ms(b)) (it comes after \(ms(c)), taken in in \(ms(d)))")
}
