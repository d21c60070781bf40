import DrawingBoardCore

/// The stroke eraser's gesture in progress: where it went, for the one edit it becomes.
struct StrokeErasing {
    let source: PointerSource
    let width: Double
    var points: [Point]
}

extension Editor {
    // MARK: - Stroke eraser

    /// One pointer at a time erases strokes. Each move is an edit of its own, so the strokes go
    /// as the eraser touches them; the gesture is squashed into one undo step when it ends.
    func handleStrokeEraser(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            // A press from the pointer already erasing means its release was lost: that
            // gesture ends here. Strokes being drawn by other pointers must end first.
            if erasing?.source == event.source { finishStrokeErasing() }
            guard erasing == nil, input.isEmpty else { return }
            let width = toolState.style.width
            erasing = StrokeErasing(source: event.source, width: width, points: [event.position])
            mark(for: .eraseStrokes(path: [event.position], width: width))
            _ = try? perform(.eraseStrokes(path: [event.position], width: width))
        case .move:
            guard let gesture = erasing, gesture.source == event.source, let last = gesture.points.last else { return }
            erasing?.points.append(event.position)
            _ = try? perform(.eraseStrokes(path: [last, event.position], width: gesture.width))
        case .up:
            guard let gesture = erasing, gesture.source == event.source, let last = gesture.points.last else { return }
            if event.position != last {
                erasing?.points.append(event.position)
                _ = try? perform(.eraseStrokes(path: [last, event.position], width: gesture.width))
            }
            finishStrokeErasing()
        case .cancel:
            guard erasing?.source == event.source else { return }
            cancelStrokeErasing()
        }
    }

    func finishStrokeErasing() {
        guard let gesture = erasing else { return }
        erasing = nil
        // The journal gets the gesture itself: replayed, the same path removes the same strokes.
        squash(recording: .eraseStrokes(path: gesture.points, width: gesture.width))
    }

    /// Puts back what the gesture in progress removed.
    func cancelStrokeErasing() {
        guard erasing != nil else { return }
        erasing = nil
        bail()
    }

    /// Removes every stroke the eraser's disc touches along `path`, and repaints the ink where
    /// they were from what remains, saving first the tiles it changes.
    func eraseStrokes(along path: [Point], radius: Double, saving step: inout HistoryStep) -> Bool {
        guard let first = path.first else { return false }
        let segments = path.count == 1 ? [(first, first)] : Array(zip(path, path.dropFirst()))
        var removed: [ItemChange.Placed] = []
        var area: PixelRect?
        let baked = page.bakedStrokes
        // Taken, so removing entries with their items copies nothing; given back below.
        var entries = index.take(for: page.items)
        for (a, b) in segments {
            let reach = Rect(minX: min(a.x, b.x), minY: min(a.y, b.y), maxX: max(a.x, b.x), maxY: max(a.y, b.y)).insetBy(-radius)
            var hit: [Int] = []
            for i in entries.indices.reversed() {
                // Boxes first, outlines only for strokes nearby.
                let entry = entries[i]
                guard let tool = entry.tool, tool != .eraser, let box = entry.box, box.intersects(reach), !baked.contains(entry.id),
                      case .stroke(let stroke) = page.items[i],
                      StrokeHitTest(stroke.outline).touches(from: a, to: b, radius: radius) else { continue }
                hit.append(i)
                area = union(area, box.pixelRect(clippedTo: size))
            }
            for i in hit {
                removed.append(ItemChange.Placed(index: i, item: page.items.remove(at: i)))
                index.remove(i, from: &entries)
            }
        }
        index.follow([], &entries)
        guard !removed.isEmpty else { return false }
        // What puts them back: each at its place, in the reverse order of their removal.
        step.items = [.insert(removed.reversed())]
        if let area {
            repaint(area, saving: &step)
            // Strokes under elements are in the under layer.
            if page.lastElementIndex != nil {
                paintUnder(area)
                invalidate(area)
            }
        }
        if !hasHighlighterStrokes { layers.highlights = nil }
        return true
    }

    /// Paints `area` of the ink layer anew from the page, saving first the tiles it changes
    /// (those a drag in progress saved already are not saved again).
    private func repaint(_ area: PixelRect, saving step: inout HistoryStep) {
        let tiles = layers.ink.grid.tiles(overlapping: area)
        for tile in tiles where !savedByDrag(tile) {
            step.tiles.append(TileRecord(tile: tile, payload: layers.ink.payload(of: tile)))
        }
        // Whole tiles, so every saved tile is exactly what the layer then holds.
        let rects = tiles.map { layers.ink.grid.rect(of: $0) }
        guard let first = rects.first else { return }
        let region = rects.dropFirst().reduce(first) { $0.union($1) }
        paintFromPage(region, onto: nil)
        invalidate(region)
    }

    /// The base item's pixels as a surface (made again when the base came back).
    func baseSurface() -> CairoSurface? {
        guard let base = page.base else { return nil }
        if let surface = layers.base, surface.size == base.image.size { return surface }
        layers.base = try? CairoSurface(image: base.image)
        return layers.base
    }

    /// Paints `region` of `target` (the ink layer when nil) from the top run of the page's
    /// items (all of them when the page has no element), exactly as drawing them one by one did.
    func paintFromPage(_ region: PixelRect, onto target: CairoSurface?) {
        let surface = target ?? layers.ink.surface
        surface.zero(region)
        if target == nil { layers.highlights?.surface.zero(region) }
        guard let mask = layers.borrowMask() else { return }
        defer { layers.giveBack(mask) }
        let entries = index.entries(for: page.items)
        paintItems(Array(topRunStart..<entries.count), region: region, entries: entries, mask: mask, ink: target, highlights: nil)
    }

    /// Two premultiplied pixels equal but for rounding (every channel within 2).
    static func nearlyEqual(_ x: UInt32, _ y: UInt32) -> Bool {
        for shift in stride(from: 0, to: 32, by: 8) {
            let d = Int((x >> UInt32(shift)) & 0xFF) - Int((y >> UInt32(shift)) & 0xFF)
            if abs(d) > 2 { return false }
        }
        return true
    }

    /// Makes the opened document's drawing something the page can paint again: pixels no
    /// stroke explains become the base item under the strokes. A document saved by DrawingBoard
    /// brings its base along; it is trusted only if base and strokes repaint the drawing
    /// exactly. When nothing accounts for the drawing (another app drew on it too), the drawing
    /// becomes the base and its strokes stay part of it.
    func adoptOpenedDrawing() throws(RenderError) {
        let all = PixelRect(size: size)
        if page.base != nil {
            if try itemsRepaintTheDrawing() { return }
            page.items.removeFirst()
            layers.base = nil
        }
        guard layers.ink.surface.hasContent(in: all) else { return }
        var baked: Set<UInt64> = []
        if !page.items.isEmpty {
            if try itemsRepaintTheDrawing() { return }
            // Another app drew here too: the strokes stay part of the pixels, and vector export
            // must embed those pixels, since the strokes alone are not the drawing.
            baked = Set(page.strokes.map(\.id))
        }
        let image = RasterImage(width: size.width, height: size.height, pixels: layers.ink.surface.read(all))!
        page.items.insert(.base(BasePixels(image: image, baked: baked)), at: 0)
        layers.base = try CairoSurface(image: image)
    }

    /// Whether the page's items, painted afresh, give the ink layer (compared one tile at a
    /// time, so a big canvas is never read whole).
    private func itemsRepaintTheDrawing() throws(RenderError) -> Bool {
        let all = PixelRect(size: size)
        let replayed = try CairoSurface(format: .argb32, size: layers.ink.surface.size)
        paintFromPage(all, onto: replayed)
        for tile in layers.ink.grid.tiles(overlapping: all) {
            let rect = layers.ink.grid.rect(of: tile)
            guard zip(replayed.read(rect), layers.ink.surface.read(rect)).allSatisfy({ x, y in x == y || Self.nearlyEqual(x, y) }) else { return false }
        }
        return true
    }
}
