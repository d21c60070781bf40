import DrawingBoardCore

/// The steps besides strokes (clear, background) and undo and redo, which swap a step's saved
/// tiles with the live ones.
extension Editor {
    /// Applies a journal record, exactly as the user's action did.
    public func replay(_ record: EditRecord) throws(RenderError) {
        switch record {
        case .stroke(let stroke):
            let saved = toolState
            toolState = ToolState(tool: stroke.tool, style: stroke.style)
            let source = PointerSource.finger(Int.min)
            handle(PointerEvent(source: source, phase: .down, position: stroke.points[0]))
            for p in stroke.points.dropFirst().dropLast() { handle(PointerEvent(source: source, phase: .move, position: p)) }
            handle(PointerEvent(source: source, phase: .up, position: stroke.points[stroke.points.count - 1]))
            toolState = saved
        case .undo: try undo()
        case .redo: try redo()
        case .clear: clear()
        case .background(let background): try setBackground(background)
        case .grow(let size): try grow(toFit: size)
        case .page(let size, let anchor): try resizePage(to: size, anchor: anchor)
        }
    }

    /// A step of a journal that cannot be replayed (its values are out of range): an empty
    /// step takes its place, so the undos and redos after it act on the steps they did.
    public func replayPlaceholder() {
        cancelAll()
        history.push(HistoryStep(kind: .stroke))
        revision += 1
    }

    // MARK: - Steps

    /// Clears the drawing (not the background) as one undoable step.
    public func clear() {
        cancelAll()
        let records = ink.nonEmptyTiles()
        for record in records { ink.put(.empty, into: record.tile) }
        highlights = nil
        var step = HistoryStep(kind: .clear, tiles: records, strokeEdit: .cleared(strokes))
        step.baseShownBefore = baseShown
        baseShown = false
        history.push(step)
        strokes.removeAll()
        revision += 1
        invalidateAll()
        recorder?(.clear)
    }

    /// Changes the background as one undoable step; the drawing is untouched.
    public func setBackground(_ background: Background) throws(RenderError) {
        let previous = backgroundLayer.background
        try backgroundLayer.show(background)
        history.push(HistoryStep(kind: .background, background: previous))
        revision += 1
        invalidateAll()
        recorder?(.background(background))
    }

    /// Shows `background` without recording a step, while a slider is being dragged; the first
    /// call remembers the background to record in `endBackgroundPreview`.
    public func previewBackground(_ background: Background) throws(RenderError) {
        if backgroundBeforePreview == nil { backgroundBeforePreview = backgroundLayer.background }
        try backgroundLayer.show(background)
        invalidateAll()
    }

    /// Records the previewed background change as one undoable step (none if nothing changed).
    public func endBackgroundPreview() {
        guard let previous = backgroundBeforePreview else { return }
        backgroundBeforePreview = nil
        guard previous != backgroundLayer.background else { return }
        history.push(HistoryStep(kind: .background, background: previous))
        revision += 1
        recorder?(.background(backgroundLayer.background))
    }

    /// Undoes the last step, restoring exactly the pixels from before it. Returns false when
    /// there is nothing to undo.
    @discardableResult
    public func undo() throws(RenderError) -> Bool {
        cancelAll()
        endBackgroundPreview()
        let stateBefore = history.stateID
        defer { if history.stateID != stateBefore { recorder?(.undo) } }
        var changed: PixelRect?
        defer { repaintHighlights(changed) }
        return try readingHistory {
            try history.undo { step in
                changed = try swapState(&step)
                // A clear also took highlights where nothing else was drawn.
                if step.kind == .clear { changed = PixelRect(size: size) }
                switch step.strokeEdit {
                case .none: break
                case .added: strokes.removeLast()
                case .cleared(let previous):
                    strokes = previous
                    baseShown = step.baseShownBefore
                case .removed(let removed):
                    for r in removed.reversed() { strokes.insert(r.stroke, at: r.index) }
                }
            }
        }
    }

    /// Redoes the next undone step, restoring exactly the pixels from after it.
    @discardableResult
    public func redo() throws(RenderError) -> Bool {
        cancelAll()
        endBackgroundPreview()
        let stateBefore = history.stateID
        defer { if history.stateID != stateBefore { recorder?(.redo) } }
        var changed: PixelRect?
        defer { repaintHighlights(changed) }
        return try readingHistory {
            try history.redo { step in
                changed = try swapState(&step)
                // A clear also took highlights where nothing else was drawn.
                if step.kind == .clear { changed = PixelRect(size: size) }
                switch step.strokeEdit {
                case .none: break
                case .added(let stroke): strokes.append(stroke)
                case .cleared:
                    strokes.removeAll()
                    baseShown = false
                case .removed(let removed):
                    for r in removed { strokes.remove(at: r.index) }
                }
            }
        }
    }

    /// Exchanges a step's saved tiles and background with the live ones; returns the drawing
    /// area that changed.
    private func swapState(_ step: inout HistoryStep) throws(RenderError) -> PixelRect? {
        if let other = step.page {
            let current = snapshot()
            try load(other)
            step.page = current
            revision += 1
            return PixelRect(size: size)
        }
        if let other = step.background {
            let current = backgroundLayer.background
            try backgroundLayer.show(other)
            step.background = current
            invalidateAll()
        }
        let changed = ink.swap(&step.tiles)
        invalidate(changed)
        revision += 1
        return changed
    }

    private func readingHistory(_ body: () throws -> Bool) throws(RenderError) -> Bool {
        do {
            return try body()
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError("cannot read the undo history back from disk: \(error)")
        }
    }
}
