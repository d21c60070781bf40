import DrawingBoardCore

/// The stroke eraser's gesture: what it removed so far and the drawing-layer tiles as they were
/// before it, for its one undo step.
struct StrokeErasing {
    let source: PointerSource
    let radius: Double
    var points: [Point]
    var removed: [HistoryStep.RemovedStroke] = []
    var saved: [TileIndex: TilePayload] = [:]
    var savedOrder: [TileIndex] = []
}

extension Editor {
    // MARK: - Stroke eraser

    /// One pointer at a time erases strokes; its gesture is one undo step.
    func handleStrokeEraser(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            // A press from the pointer already erasing means its release was lost: that
            // gesture ends here. Strokes being drawn by other pointers must end first.
            if erasing?.source == event.source { finishStrokeErasing() }
            guard erasing == nil, live.isEmpty else { return }
            erasing = StrokeErasing(source: event.source, radius: toolState.style.width / 2, points: [event.position])
            erase(from: event.position, to: event.position)
        case .move:
            guard let gesture = erasing, gesture.source == event.source, let last = gesture.points.last else { return }
            erasing?.points.append(event.position)
            erase(from: last, to: event.position)
        case .up:
            guard let gesture = erasing, gesture.source == event.source, let last = gesture.points.last else { return }
            if event.position != last {
                erasing?.points.append(event.position)
                erase(from: last, to: event.position)
            }
            finishStrokeErasing()
        case .cancel:
            guard erasing?.source == event.source else { return }
            cancelStrokeErasing()
        }
    }

    /// Removes every stroke the eraser's disc touches moving from `a` to `b`, and repaints the
    /// drawing where they were from what remains.
    private func erase(from a: Point, to b: Point) {
        guard let radius = erasing?.radius else { return }
        let reach = Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y)).insetBy(-radius)
        var hit: [Int] = []
        let checkBaked = !bakedStrokes.isEmpty
        for i in strokes.indices where strokes[i].tool != .eraser {
            // Boxes first (cached per stroke), outlines only for strokes nearby.
            let id = strokes[i].id
            let box = strokeBounds[id] ?? bounds(of: strokes[i])
            guard let box, box.intersects(reach), !(checkBaked && bakedStrokes.contains(id)) else { continue }
            if StrokeHitTest(strokes[i].outline).touches(from: a, to: b, radius: radius) { hit.append(i) }
        }
        guard !hit.isEmpty else { return }
        var area: PixelRect?
        for i in hit.reversed() {
            let stroke = strokes.remove(at: i)
            erasing?.removed.append(HistoryStep.RemovedStroke(index: i, stroke: stroke))
            area = union(area, stroke.outline.bounds?.pixelRect(clippedTo: size))
        }
        if let area { repaint(area) }
    }

    /// The area a stroke can mark, worked out once per stroke.
    func bounds(of stroke: Stroke) -> Rect? {
        if let known = strokeBounds[stroke.id] { return known }
        let box = stroke.outline.bounds
        strokeBounds[stroke.id] = box
        return box
    }

    /// Paints `area` of the drawing layer anew from the pixels under the strokes and the strokes
    /// that remain, saving first (once per gesture) the tiles it changes.
    private func repaint(_ area: PixelRect) {
        for tile in ink.grid.tiles(overlapping: area) where erasing?.saved[tile] == nil {
            erasing?.saved[tile] = ink.payload(of: tile)
            erasing?.savedOrder.append(tile)
        }
        // Whole tiles, so every saved tile is exactly what the layer then holds.
        let tiles = ink.grid.tiles(overlapping: area).map { ink.grid.rect(of: $0) }
        guard let first = tiles.first else { return }
        let region = tiles.dropFirst().reduce(first) { $0.union($1) }
        paintFromStrokes(region, onto: nil)
        invalidate(region)
    }

    /// Paints `region` of `target` (the drawing layer when nil) from the base pixels and the
    /// strokes, exactly as drawing them one by one did.
    func paintFromStrokes(_ region: PixelRect, onto target: CairoSurface?) {
        let surface = target ?? ink.surface
        surface.zero(region)
        if target == nil { highlights?.surface.zero(region) }
        if let base, baseShown, let cr = try? CairoContext(surface) {
            cr.clip(to: region)
            cr.paint(base)
        }
        guard let mask = borrowMask() else { return }
        defer { giveBack(mask) }
        for stroke in strokes where !bakedStrokes.contains(stroke.id) {
            // Each stroke only within its own box (and within the canvas it was drawn on).
            guard var area = bounds(of: stroke)?.pixelRect(clippedTo: size)?.intersection(region) else { continue }
            if let clip = stroke.clip {
                guard let inside = area.intersection(PixelRect(size: clip)) else { continue }
                area = inside
            }
            try? composite(stroke.outline, tool: stroke.tool, style: stroke.style, within: area, mask: mask, onto: target)
        }
    }

    func finishStrokeErasing() {
        guard let gesture = erasing else { return }
        erasing = nil
        guard !gesture.removed.isEmpty else { return }
        if !hasHighlighterStrokes { highlights = nil }
        let records = gesture.savedOrder.map { TileRecord(tile: $0, payload: gesture.saved[$0]!) }
        history.push(HistoryStep(kind: .strokeErase, tiles: records, strokeEdit: .removed(gesture.removed)))
        revision += 1
        // The journal replays the gesture itself: the same path removes the same strokes.
        recorder?(.stroke(Stroke(id: 0, tool: .strokeEraser, style: StrokeStyle(width: gesture.radius * 2), points: gesture.points)))
    }

    /// Two premultiplied pixels equal but for rounding (every channel within 2).
    static func nearlyEqual(_ x: UInt32, _ y: UInt32) -> Bool {
        for shift in stride(from: 0, to: 32, by: 8) {
            let d = Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)
            if abs(d) > 2 { return false }
        }
        return true
    }

    /// Puts back what the gesture in progress removed.
    func cancelStrokeErasing() {
        guard var gesture = erasing else { return }
        erasing = nil
        var records = gesture.savedOrder.map { TileRecord(tile: $0, payload: gesture.saved[$0]!) }
        let changed = ink.swap(&records)
        invalidate(changed)
        for r in gesture.removed.reversed() { strokes.insert(r.stroke, at: r.index) }
        repaintHighlights(changed)
        gesture.removed.removeAll()
    }

    /// Makes the opened document's drawing something the stroke eraser can repaint: pixels no
    /// stroke explains become the base under the strokes. A document saved by DrawingBoard
    /// brings its base along (`savedBase`); it is trusted only if base and strokes repaint the
    /// drawing exactly. When nothing accounts for the drawing (another app drew on it too), the
    /// drawing becomes the base and its strokes stay part of it.
    func adoptOpenedDrawing(savedBase: RasterImage? = nil, baked: Set<UInt64> = []) throws(RenderError) {
        let all = PixelRect(size: size)
        if let savedBase, savedBase.size == size {
            let surface = try CairoSurface(format: .argb32, size: ink.surface.size)
            surface.write(savedBase.pixels, into: all)
            base = surface
            bakedStrokes = baked
            drawingComesFromStrokes = false
            if try strokesRepaintTheDrawing() { return }
            base = nil
            bakedStrokes = []
        }
        guard ink.surface.hasContent(in: all) else { return }
        if !strokes.isEmpty {
            if try strokesRepaintTheDrawing() { return }
            // Another app drew here too: the strokes stay part of the pixels, and vector export
            // must embed those pixels, since the strokes alone are not the drawing.
            bakedStrokes = Set(strokes.map(\.id))
            drawingComesFromStrokes = false
        }
        let copy = try CairoSurface(format: .argb32, size: ink.surface.size)
        for tile in ink.grid.tiles(overlapping: all) {
            let rect = ink.grid.rect(of: tile)
            copy.write(ink.surface.read(rect), into: rect)
        }
        base = copy
    }

    /// Whether the base and the strokes, painted afresh, give the drawing layer (compared one
    /// tile at a time, so a big canvas is never read whole).
    private func strokesRepaintTheDrawing() throws(RenderError) -> Bool {
        let all = PixelRect(size: size)
        let replayed = try CairoSurface(format: .argb32, size: ink.surface.size)
        paintFromStrokes(all, onto: replayed)
        for tile in ink.grid.tiles(overlapping: all) {
            let rect = ink.grid.rect(of: tile)
            guard zip(replayed.read(rect), ink.surface.read(rect)).allSatisfy({ x, y in x == y || Self.nearlyEqual(x, y) }) else { return false }
        }
        return true
    }
}
