import DrawingBoardCore

/// The notebook around the page the editor draws on: every page's model, and the pixels of the
/// few pages shown last, parked so that going back to them is instant. A page that is not
/// parked costs what its model costs; showing it paints its canvas from the model again.
final class PageShelf {
    /// Every page's model. The entry of the page being drawn on is brought up to date when the
    /// editor leaves it (`Editor.notebook` gives the whole notebook, current page included).
    var notebook: Notebook {
        didSet { currentIndexCache = nil }
    }
    /// The id of the page being drawn on.
    var current: UInt64 {
        didSet { currentIndexCache = nil }
    }
    /// Where the page drawn on is in the notebook (asked for with every pointer event and
    /// frame: looked up once per change, not in the list every time).
    var currentIndex: Int {
        if let currentIndexCache { return currentIndexCache }
        let index = notebook.index(of: current) ?? 0
        currentIndexCache = index
        return index
    }
    private var currentIndexCache: Int?
    /// Canvases of pages shown before, the most recent last.
    private var parked: [(id: UInt64, canvas: PageCanvas)] = []
    /// How many canvases beside the current page's are kept (the pages shown and their
    /// neighbours; the window says how many it shows).
    var keep: Int

    init(_ notebook: Notebook, keep: Int = 2) {
        self.notebook = notebook
        current = notebook.pages[0].id
        self.keep = keep
    }

    /// Keeps `canvas` as the pixels of page `id`; returns the ids of pages whose pixels went
    /// to make room.
    func park(_ canvas: PageCanvas, for id: UInt64) -> [UInt64] {
        parked.removeAll { $0.id == id }
        parked.append((id, canvas))
        return trim()
    }

    /// Lets go of the canvases beyond `keep`, the least recently used first; their pages' ids.
    func trim() -> [UInt64] {
        var gone: [UInt64] = []
        while parked.count > keep { gone.append(parked.removeFirst().id) }
        return gone
    }

    /// The parked canvas of page `id`, taken off the shelf.
    func take(_ id: UInt64) -> PageCanvas? {
        guard let i = parked.firstIndex(where: { $0.id == id }) else { return nil }
        return parked.remove(at: i).canvas
    }

    /// The canvas of page `id`, kept on the shelf (most recently used), painted from `page`
    /// when it is not there; the ids of pages whose canvases went to make room. With a
    /// `painter`, a page not there is painted off the event loop: nil until it is ready.
    func shown(_ id: UInt64, page: Page, assets: AssetStore, painter: PagePainter? = nil) throws(RenderError) -> (PageCanvas, [UInt64])? {
        if let i = parked.firstIndex(where: { $0.id == id }) {
            let hit = parked.remove(at: i)
            parked.append(hit)
            return (hit.canvas, [])
        }
        if let painter {
            guard let canvas = try painter.canvas(id, page: page, assets: assets) else { return nil }
            return (canvas, park(canvas, for: id))
        }
        let canvas = try CanvasLoading.paint(page, assets: assets)
        return (canvas, park(canvas, for: id))
    }

    /// Forgets every parked canvas (the pixels they hold no longer match their pages).
    func dropParked() -> [UInt64] {
        defer { parked.removeAll() }
        return parked.map(\.id)
    }

    /// The canvases kept, with their pages' ids.
    var kept: [(id: UInt64, canvas: PageCanvas)] { parked }

    /// Pixel bytes the parked canvases hold.
    var parkedBytes: Int { parked.reduce(0) { $0 + $1.canvas.size.area * 4 } }
}
