import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The pages sidebar (F9, or its button in the bottom bar): a thumbnail of every page, the page
/// drawn on marked. A click goes to a page, a drag moves it, its menu button inserts, duplicates
/// and deletes. Thumbnails are made for the pages in sight only, and kept until their page changes.
/// When the PDF of the page drawn on has an outline, tabs choose between the pages and its
/// Contents (`SidebarContents`).
public final class PageSidebar {
    unowned let app: AppController
    public internal(set) var shown = false
    /// How far the thumbnails are scrolled, in window pixels.
    public private(set) var scroll = 0.0
    /// A thumbnail being dragged: the page, and where it would go.
    public private(set) var dragging: (from: Int, to: Int, at: Point)?
    /// A thumbnail could not be made yet (its PDF page is being drawn): the sidebar is drawn
    /// again until it can.
    public private(set) var waitingForThumbnails = false
    /// Thumbnails by page id, with the page they were made from.
    private var thumbnails: [UInt64: (page: Page, image: RasterImage)] = [:]
    /// Heavy pages whose thumbnails are being made off the event loop (their ids).
    private var making: Set<UInt64> = []
    /// The PDF's outline, for the Contents tab.
    private(set) lazy var contents = SidebarContents(app: app)
    /// The Contents are shown instead of the pages.
    public var showsContents: Bool { contents.shown && contents.entries != nil }

    /// A drag shorter than this (window pixels, at scale 1) is a click.
    static let dragSlack = 8.0

    init(app: AppController) {
        self.app = app
    }

    /// The thumbnails missing are looked for again (the next frame draws the sidebar).
    func lookAgain() {
        guard waitingForThumbnails else { return }
        waitingForThumbnails = false
        app.invalidateChrome()
    }

    func toggle() {
        shown.toggle()
        if shown { scrollToCurrent() }
        // The pages move beside the sidebar (or back).
        app.viewport.pageChanged()
        app.invalidateChrome()
        app.repaintAll()
    }

    /// The geometry the layout needs: every page's size, the scroll, the page drawn on.
    var spec: Layout.SidebarSpec? {
        guard shown else { return nil }
        // The strip's sizes: kept by the viewport until the notebook changes.
        // (The outline looked up once: the layout asks at every pointer motion.)
        let hasContents = contents.entries != nil, showsContents = contents.shown && hasContents
        return Layout.SidebarSpec(sizes: app.viewport.strip.sizes, scroll: showsContents ? contents.scroll : scroll, current: app.editor.pages.index,
                                  hasContents: hasContents, contents: showsContents ? contents.rows : nil)
    }

    /// Shows the Contents (or the pages) in the sidebar.
    func show(contents on: Bool) {
        contents.shown = on
        app.invalidateChrome()
    }

    /// Goes to the page of the Contents' row `i`.
    func goToEntry(_ i: Int) { contents.go(to: i) }

    /// Folds or unfolds the Contents' row `i`.
    func fold(_ i: Int) {
        contents.fold(i)
        app.invalidateChrome()
    }

    /// Scrolls by `dy` window pixels (the wheel over the sidebar).
    func scroll(by dy: Double) {
        let layout = app.layout()
        guard let extent = layout.sidebarContentHeight, let box = layout.sidebar else { return }
        if showsContents {
            contents.scroll = min(max(contents.scroll + dy, 0), max(extent - box.height, 0))
            app.invalidateChrome()
            return
        }
        scroll = min(max(scroll + dy, 0), max(extent - box.height, 0))
        // A page's menu stays by its button: it closes when the button scrolls away.
        if app.chrome.menu.pageTarget != nil { app.chrome.menu.close() }
        // So does a tooltip: the card under the pointer is another one now (the next motion
        // finds it).
        app.chrome.forgetHover()
        app.invalidateChrome()
    }

    /// Brings the page drawn on into the sidebar's sight.
    func scrollToCurrent() {
        let layout = app.layout()
        guard let box = layout.sidebar, let slot = layout.sidebarSlot(app.editor.pages.index) else { return }
        if slot.minY < box.minY { scroll -= box.minY - slot.minY } else if slot.maxY > box.maxY { scroll += slot.maxY - box.maxY }
        scroll = max(scroll, 0)
    }

    // MARK: - Dragging a thumbnail

    /// The pointer pressed on thumbnail `i` moved to `p`: past the slack, the page is dragged.
    func drag(_ i: Int, to p: Point, from start: Point) {
        let far = hypot(p.x - start.x, p.y - start.y) > Self.dragSlack * app.scale
        guard dragging != nil || far else { return }
        // Held near the top or the bottom of the list, it scrolls, to places out of sight.
        if let card = app.layout().sidebar {
            let edge = 40 * app.scale
            if p.y < card.minY + edge { scroll(by: -16 * app.scale) } else if p.y > card.maxY - edge { scroll(by: 16 * app.scale) }
        }
        let layout = app.layout()
        dragging = (i, layout.sidebarDropIndex(at: p) ?? i, p)
        app.invalidateChrome()
    }

    /// The pointer lifted: a drag moves the page where it was dropped; a click goes to it.
    func release(_ i: Int, activate: Bool) {
        let dragged = dragging != nil
        defer {
            dragging = nil
            // The tooltip of the thumbnail the drag began on goes with the drag.
            if dragged { app.chrome.forgetHover() }
            app.invalidateChrome()
        }
        if let drag = dragging {
            let to = drag.to > drag.from ? drag.to - 1 : drag.to
            if activate, to != drag.from { app.pages.move(drag.from, to: to) }
        } else if activate {
            app.pages.go(to: i)
        }
    }

    // MARK: - Thumbnails

    /// The thumbnail of page `i`, at most `side` pixels a side; made now if it is missing or its
    /// page changed since.
    func thumbnail(_ i: Int, side: Int) -> RasterImage? {
        let editor = app.editor
        guard (0..<editor.pages.count).contains(i) else { return nil }
        let entry = editor.pages.entry(i)
        let kept = thumbnails[entry.id].flatMap { max($0.image.width, $0.image.height) == side ? $0 : nil }
        if let kept, kept.page == entry.page { return kept.image }
        // A PDF page still being drawn off the event loop: an empty frame until it comes.
        guard editor.pages.pictureReady(i) else {
            waitingForThumbnails = true
            return kept?.image
        }
        let picked: PageImage?
        do {
            picked = try editor.pages.pictureAtHand(i)
        } catch {
            return kept?.image
        }
        guard let atHand = picked else {
            // A heavy page with no pixels here: made off the event loop, the old one meanwhile.
            makeLater(entry.id, entry.page, side: side)
            return kept?.image
        }
        guard atHand.page == entry.page else {
            // The page drawn on, painted again off the loop: the old thumbnail until it comes.
            waitingForThumbnails = true
            return kept?.image
        }
        guard let picture = try? atHand.flattened(), let small = try? ImageOps.thumbnail(picture, maxSide: side) else { return nil }
        keep(small, of: entry.id, page: entry.page)
        return small
    }

    /// Makes the thumbnail of a heavy page off the event loop (once at a time for a page).
    private func makeLater(_ id: UInt64, _ page: Page, side: Int) {
        guard !making.contains(id) else { return }
        making.insert(id)
        app.background.run({ try ImageOps.thumbnail(try PageImage.painted(page).flattened(), maxSide: side) }) { [weak self] result in
            guard let self else { return }
            making.remove(id)
            // (One that could not be made is tried again when the sidebar is drawn again.)
            guard case .success(let small) = result else { return }
            keep(small, of: id, page: page)
            app.invalidateChrome()
        }
    }

    private func keep(_ small: RasterImage, of id: UInt64, page: Page) {
        let editor = app.editor
        thumbnails[id] = (page, small)
        // Pages gone from the notebook take their thumbnails with them.
        if thumbnails.count > editor.pages.count {
            let ids = Set((0..<editor.pages.count).map { editor.pages.entry($0).id })
            thumbnails = thumbnails.filter { ids.contains($0.key) }
        }
    }
}
