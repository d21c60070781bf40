import DrawingBoardCore

/// The editor's side of its view tiles (`editor.tiles`; the tiles themselves are
/// `editor.viewTiles`): every change to the page drawn on told to them with where it reached,
/// the tiles that came taken in for the window, and a frame composed from them.
public struct EditorTiles {
    unowned let editor: Editor

    /// The tiles painted since the last call, taken in: each one's page, scale, and place on
    /// the page drawn at that scale (for the window to show them).
    public func takeArrived() -> [(page: UInt64, scale: Double, rect: PixelRect)] {
        let t = ViewTiles.side
        return editor.viewTiles.takeArrived().map { ($0.page, $0.scale, PixelRect(x: $0.x * t, y: $0.y * t, width: t, height: t)) }
    }

    /// Tells the view tiles what `change` did to the page drawn on (`Editor.applyToPage`).
    func follow(_ change: PageChange) {
        editor.viewTiles.changed(editor.shelf.current, tileChange(change), size: editor.page.size)
    }

    /// Where a change reached, for the tiles: a stroke laid on top (not an eraser's: it
    /// uncovers what is under it, which a tile does not keep), or an area.
    private func tileChange(_ change: PageChange) -> ViewTiles.Change {
        if change.background || change.whole { return .area(nil) }
        // (Read after: a background's change must not wait for a repaint under way.)
        let page = editor.page, canvas = editor.current.canvas
        if change.items.count == 1, case .insert(let placed) = change.items[0], placed.count == 1, placed[0].index == page.items.count - 1,
           case .stroke(let stroke) = placed[0].item, stroke.tool != .eraser, !page.bakedStrokes.contains(stroke.id) {
            return .stroke(stroke, canvas.index.box(of: stroke))
        }
        var box: Rect?
        for placed in change.items.flatMap(\.placed) {
            let reach: Rect?
            switch placed.item {
            case .stroke(let stroke): reach = canvas.index.box(of: stroke)
            case .element(let element): reach = element.placement.bounds
            case .base: return .area(nil)
            }
            if let reach { box = box.map { $0.union(reach) } ?? reach }
        }
        // (A change with no box leaves every pixel as it was.)
        return .area(box ?? Rect(minX: 0, minY: 0, maxX: 0, maxY: 0))
    }

    /// What composes page `id` (the model `page`) from its tiles; `canvas`: its 1x pixels,
    /// which stand in for tiles not painted yet, if it has them here.
    func composer(_ id: UInt64, page: Page, canvas: PageCanvas?, into frame: Frame, view: ViewTransform) -> TileComposer {
        let editor = self.editor, tiles = editor.viewTiles
        let current = id == editor.shelf.current
        let scene = { [unowned editor] () -> PageScene in
            tiles.scene(of: id) {
                // The boxes the canvas keeps, when it is the page's as it is now.
                if current, editor.current.repaint == nil { return PageScene(page, entries: editor.current.canvas.index.entries(for: page.items)) }
                return PageScene(page)
            }
        }
        let standIn = canvas.map { canvas in
            { [unowned editor] (_: CairoContext, rect: PixelRect) in
                editor.compositor.compose(canvas, page: page, live: [], into: frame, area: rect, view: view, desk: false)
            }
        }
        return TileComposer(tiles: tiles, id: id, scene: scene, size: page.size, resources: PaintResources(assets: editor.assets, pdfs: .shared),
                            standIn: standIn)
    }
}

extension Editor {
    /// The editor's side of its view tiles.
    public var tiles: EditorTiles { EditorTiles(editor: self) }
}
