import DrawingBoardCore
import Foundation

/// One page as painters at any scale read it, shared by the threads that paint it: the page's
/// value, the box of each item (so a region finds its items without working out every stroke's
/// outline), and the page's pictures made once for every region (the pixels another app drew,
/// a background image). Made for one version of the page and never changed after: a page
/// edited is a new scene.
public final class PageScene: @unchecked Sendable {
    public let page: Page
    private let lock = NSLock()
    private var made: (entries: [ItemIndex.Entry], lastElement: Int?)?
    private var baseSurface: CairoSurface??
    private var backgroundSurface: CairoSurface??

    /// A scene whose items' boxes are worked out when first needed (by the thread that paints).
    public init(_ page: Page) {
        self.page = page
    }

    /// A scene with the boxes the editor keeps (`entries`, one per item).
    init(_ page: Page, entries: [ItemIndex.Entry]) {
        precondition(entries.count == page.items.count)
        self.page = page
        made = (entries, entries.lastIndex { $0.isElement })
    }

    /// Each item's stroke id, tool and box.
    var entries: [ItemIndex.Entry] { index.entries }
    /// Where the last element lies (nil: none): the items after it are the top run.
    var lastElement: Int? { index.lastElement }

    private var index: (entries: [ItemIndex.Entry], lastElement: Int?) {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        var index = ItemIndex()
        let entries = index.entries(for: page.items)
        let found = (entries: entries, lastElement: entries.lastIndex { $0.isElement })
        made = found
        return found
    }

    /// The pixels of another app's drawing under the strokes, as a surface (made once).
    var base: CairoSurface? {
        lock.lock()
        defer { lock.unlock() }
        if let made = baseSurface { return made }
        let made = page.base.flatMap { try? CairoSurface(image: $0.image) }
        baseSurface = .some(made)
        return made
    }

    /// The background image, as a surface (made once).
    var backgroundImage: CairoSurface? {
        lock.lock()
        defer { lock.unlock() }
        if let made = backgroundSurface { return made }
        var made: CairoSurface?
        if case .image(let image, _) = page.background { made = try? CairoSurface(image: image) }
        backgroundSurface = .some(made)
        return made
    }
}

/// What a thread paints with: its own decoded images and SVG documents, and its own poppler
/// documents (neither librsvg's nor poppler's documents are shared between threads).
public final class PaintResources: @unchecked Sendable {
    let assets: AssetStore
    let pdfs: OpenPDFs

    public init() {
        assets = AssetStore()
        pdfs = OpenPDFs()
    }

    init(assets: AssetStore, pdfs: OpenPDFs) {
        self.assets = assets
        self.pdfs = pdfs
    }
}
