import DrawingBoardCore

/// The page made at another size, and its canvas: resized about an anchor (the drawing moved
/// with it), or grown to hold a size. What the editor's page edits, and the page made off the
/// event loop (`PageReplacement`), are made from.
struct PageResizer {
    let editor: Editor

    /// The page at `newSize` with the drawing anchored at `anchor`, and its canvas: what falls
    /// outside is cut, new room is transparent over the background (an image background keeps
    /// its place, new room white). The moved strokes are checked against the moved drawing
    /// (one that reached past an old edge stays part of the pixels). `drawing`: the ink layer now.
    func resized(to newSize: PixelSize, anchor: Int, drawing: RasterImage) throws(RenderError) -> (Page, PageCanvas) {
        try Editor.checkLimits(newSize)
        if let made = editor.replacements.takeMadePage() { return made }
        return try CanvasLoading.load(contents(at: newSize, anchor: anchor, drawing: drawing), assets: editor.assets)
    }

    /// The page at `newSize` anchored at `anchor`, with `drawing` moved with it: what its
    /// canvas is made from.
    func contents(at newSize: PixelSize, anchor: Int, drawing: RasterImage) -> DocumentContents {
        let page = editor.page
        var source = page
        if case .image(_, let name) = page.background {
            // The image as shown (scaled to cover the page) is what keeps its place.
            _ = source.apply(.background(.image(editor.canvas.background.surface.rasterImage(), name: name)))
        }
        let offset = Page.offset(from: page.size, to: newSize, anchor: anchor)
        return DocumentContents(page: source.resized(to: newSize, anchor: anchor), drawing: drawing.shifted(to: newSize, by: offset, fill: 0))
    }

    /// The page grown to hold `newSize`, and its canvas (nil when it holds it already). A
    /// background image under a drawing stays where it is (the new room is white); with
    /// nothing drawn yet it is scaled again to cover the larger page.
    func grown(to newSize: PixelSize) throws(RenderError) -> (Page, PageCanvas)? {
        let page = editor.page
        let target = page.grownSize(toHold: newSize)
        guard target != page.size else { return nil }
        try Editor.checkLimits(target)
        // (Not before: reading the canvas waits for a repaint under way.)
        let canvas = editor.canvas
        var source = page
        if case .image(_, let name) = page.background, !page.items.isEmpty || canvas.ink.surface.hasContent(in: PixelRect(size: page.size)) {
            let shown = canvas.background.surface.rasterImage().shifted(to: target, by: (0, 0), fill: 0xFFFF_FFFF)
            _ = source.apply(.background(.image(shown, name: name)))
        }
        _ = source.apply(.grow(target))
        let drawing = editor.image.drawingLayer().shifted(to: target, by: (0, 0), fill: 0)
        return try CanvasLoading.load(DocumentContents(page: source, drawing: drawing), assets: editor.assets)
    }
}

extension Editor {
    /// Makes the page at another size.
    var resizer: PageResizer { PageResizer(editor: self) }
}
