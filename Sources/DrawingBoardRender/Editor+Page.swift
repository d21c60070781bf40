import DrawingBoardCore

/// The page as a whole: loading a document into the layers, and changing the page's size
/// with the drawing anchored where the user chose, as one undoable step that swaps the whole
/// document (a rare step, so a full copy is fine).
extension Editor {
    /// Shows `document` in place of everything: size, background, drawing, strokes. The
    /// history is left alone (opening starts a new editor; a page step swaps through here).
    func load(_ document: DocumentContents) throws(RenderError) {
        guard document.drawing.size == document.size else {
            throw RenderError("the drawing layer is \(document.drawing.size), not \(document.size)")
        }
        // The new layers are made whole before any is swapped in: a failure (out of memory on a
        // large page) leaves the editor exactly as it was.
        try Self.checkLimits(document.size)
        let nextInk = try InkLayer(size: document.size)
        let nextBackground = try BackgroundLayer(size: document.size, background: document.background)
        nextInk.surface.write(document.drawing.pixels, into: PixelRect(size: document.size))
        ink = nextInk
        backgroundLayer = nextBackground
        size = document.size
        masks.removeAll()
        scratch = nil
        scratchContext = nil
        highlightsScratch = nil
        highlights = nil
        base = nil
        baseShown = document.baseShown
        bakedStrokes = []
        strokeBounds = [:]
        strokes = document.strokes
        if Set(strokes.map(\.id)).count != strokes.count || strokes.contains(where: { $0.id == .max }) {
            // Ids name strokes (the stroke eraser's cache) and the next id follows the largest:
            // a damaged list gets fresh ones.
            for i in strokes.indices { strokes[i].id = UInt64(i + 1) }
        }
        drawingComesFromStrokes = !document.strokes.isEmpty || !document.drawing.pixels.contains { $0 != 0 }
        nextStrokeID = (strokes.map(\.id).max() ?? 0) + 1
        try adoptOpenedDrawing(savedBase: document.base, baked: document.bakedStrokes)
        try paintHighlightsOfOpenedDocument()
        invalidateAll()
    }

    /// The whole page as it stands, for a page step to swap back: like `contents()`, but with
    /// pixels under the strokes that a clear hid (an undo of that clear shows them again).
    func snapshot() -> DocumentContents {
        var all = contents()
        if let base, !baseShown {
            all.base = RasterImage(width: size.width, height: size.height, pixels: base.read(PixelRect(size: size)))
            all.bakedStrokes = bakedStrokes.intersection(strokes.map(\.id))
            all.baseShown = false
        }
        return all
    }

    /// Makes the page `newSize`, the drawing keeping to `anchor` (0...8 row by row: 0 top
    /// left, 4 centre, 8 bottom right); what falls outside is cut, new room is transparent
    /// over the background (an image background keeps its place; new room is white). One
    /// undoable step.
    public func resizePage(to newSize: PixelSize, anchor: Int) throws(RenderError) {
        try Self.checkLimits(newSize)
        guard newSize != size else { return }
        cancelAll()
        endBackgroundPreview()
        let before = snapshot()
        let after = try moved(before, to: newSize, anchor: anchor)
        do {
            try load(after)
        } catch {
            try? load(before)
            throw error
        }
        history.push(HistoryStep(kind: .page, page: before))
        revision += 1
        recorder?(.page(newSize, anchor: anchor))
    }

    /// Where the old page's top left lands on a page of `newSize` anchored at `anchor`.
    public static func pageOffset(from old: PixelSize, to new: PixelSize, anchor: Int) -> (dx: Int, dy: Int) {
        let column = min(max(anchor, 0), 8) % 3, row = min(max(anchor, 0), 8) / 3
        return ((new.width - old.width) * column / 2, (new.height - old.height) * row / 2)
    }

    private func moved(_ document: DocumentContents, to newSize: PixelSize, anchor: Int) throws(RenderError) -> DocumentContents {
        let (dx, dy) = Self.pageOffset(from: document.size, to: newSize, anchor: anchor)
        func shift(_ image: RasterImage, fill: UInt32) -> RasterImage {
            var pixels = [UInt32](repeating: fill, count: newSize.area)
            let x0 = max(0, dx), x1 = min(newSize.width, image.width + dx)
            if x0 < x1 {
                for y in max(0, dy)..<max(max(0, dy), min(newSize.height, image.height + dy)) {
                    let from = (y - dy) * image.width + (x0 - dx)
                    pixels.replaceSubrange(y * newSize.width + x0..<y * newSize.width + x1, with: image.pixels[from..<from + (x1 - x0)])
                }
            }
            return RasterImage(width: newSize.width, height: newSize.height, pixels: pixels)!
        }
        var background = document.background
        if case .image(_, let name) = background {
            background = .image(shift(backgroundLayerImage(), fill: 0xFFFF_FFFF), name: name)
        }
        let offset = Point(Double(dx), Double(dy))
        // A stroke's clip names the canvas it was drawn on from the origin; once moved it would
        // name the wrong place, so it goes, and loading checks that the strokes still paint
        // the drawing (if one reached past an old edge, the strokes stay part of the pixels).
        let strokes = document.strokes.map { stroke -> Stroke in
            var s = stroke
            s.points = s.points.map { Point($0.x + offset.x, $0.y + offset.y) }
            s.clip = nil
            return s
        }
        var result = DocumentContents(size: newSize, background: background, drawing: shift(document.drawing, fill: 0), strokes: strokes,
                                      base: document.base.map { shift($0, fill: 0) }, bakedStrokes: document.bakedStrokes)
        result.baseShown = document.baseShown
        return result
    }
}
