import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The notebook's pages in the window: which page is drawn on (the one pressed on, else the one
/// scrolled to the middle of the window), moving between them (PageUp and PageDown, Home and
/// End, the page number, the sidebar), and adding, duplicating, moving and deleting them, each
/// an undoable step. Drawing shows every page the window holds (`compose`).
public final class PagesController {
    unowned let app: AppController
    /// The sidebar of thumbnails.
    public private(set) lazy var sidebar = PageSidebar(app: app)
    /// The page number being typed in the bottom bar ("Page 3 of 12" clicked), if it is.
    public private(set) var numberEntry: String?
    /// The view is being moved to a page: the page drawn on stays what it was asked to be.
    private var revealing = false
    /// The view moved while a pointer was down (a drag, a pinch).
    private var movedWhileDown = false

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }
    public var count: Int { editor.pages.count }
    public var current: Int { editor.pages.index }

    /// "Page 3 of 12".
    public var label: String {
        if let numberEntry { return "Page \(numberEntry)▏ of \(count)" }
        return "Page \(current + 1) of \(count)"
    }

    /// "3/12", for a narrow bottom bar.
    public var shortLabel: String {
        if let numberEntry { return "\(numberEntry)▏/\(count)" }
        return "\(current + 1)/\(count)"
    }

    /// The page the open page menu acts on (the page drawn on when none is open).
    var menuTarget: Int { min(app.chrome.menu.pageTarget ?? current, count - 1) }

    /// F9 and the bottom bar's button.
    public func toggleSidebar() { sidebar.toggle() }

    /// What the layout needs of the notebook now.
    var layoutSpec: Layout.PagesSpec {
        Layout.PagesSpec(sidebar: sidebar.spec, addPage: addButton, menu: app.chrome.menu.isOpen ? app.chrome.menu.pageTarget : nil)
    }

    /// The "+" under the last page, when the last page is in sight (window pixels).
    private var addButton: Rect? {
        let viewport = app.viewport
        let last = count - 1
        guard viewport.shownPages.contains(last) else { return nil }
        let v = viewport.pageView(last), size = viewport.strip.sizes[last]
        let side = Theme.minimumTarget * app.scale
        let box = Rect(x: (v.offset.x + Double(size.width) * v.scale / 2 - side / 2).rounded(),
                       y: (v.offset.y + Double(size.height) * v.scale + 12 * app.scale).rounded(), width: side, height: side)
        let barTop = Double(viewport.window.height) - (Theme.barHeight + 2 * Theme.margin) * app.scale
        return box.maxY <= barTop ? box : nil
    }

    // MARK: - Which page is drawn on

    /// A press on the desk at a window point: the page under it becomes the page drawn on.
    func focus(at p: Point) {
        guard count > 1 else { return }
        // Beside a page (in the margin of the desk) counts as on the page at that height: an
        // arrow or a bracket may start there.
        let i = app.viewport.page(at: p) ?? app.viewport.strip.nearest(toY: app.viewport.desk.toCanvas(p).y)
        guard i != current else { return }
        show(i)
    }

    /// The view moved (a scroll; a pinch or a drag once its pointers lift): the page drawn on
    /// follows the middle of the window once the page it was has gone from the middle.
    func viewMoved() {
        guard count > 1, !revealing else { return }
        if app.input.isPointerDown {
            movedWhileDown = true
            return
        }
        followMiddle()
    }

    /// Every pointer lifted: a view a drag or a pinch moved takes the page in the middle now.
    func pointersLifted() {
        guard movedWhileDown else { return }
        movedWhileDown = false
        followMiddle()
    }

    private func followMiddle() {
        let viewport = app.viewport
        let middle = viewport.pageAtCentre
        guard middle != current else { return }
        let y = viewport.desk.toCanvas(Point(0, Double(viewport.window.height) / 2)).y
        let frame = viewport.strip.frame(of: current)
        if y >= frame.minY - PageStrip.gap / 2, y <= frame.maxY + PageStrip.gap / 2 { return }
        show(middle)
    }

    private func show(_ i: Int) {
        app.text.finish()
        app.attempt { try editor.pages.show(i) }
        pageShown()
    }

    /// The page drawn on changed: what follows it (the selection, the background's controls).
    private func pageShown() {
        sidebar.scrollToCurrent()
        app.selection.forget()
        app.lasso.forget()
        app.brush.followBackground()
        app.invalidateChrome()
        app.repaintAll()
    }

    // MARK: - Moving between pages

    /// Makes page `i` the one drawn on and shows it.
    public func go(to i: Int) {
        let target = min(max(i, 0), count - 1)
        if target != current { show(target) }
        revealing = true
        app.viewport.reveal()
        revealing = false
    }

    /// Shows the page drawn on after it changed by itself (an undo on another page).
    func revealCurrent() {
        revealing = true
        app.viewport.reveal()
        revealing = false
        sidebar.scrollToCurrent()
    }

    public func next() { go(to: current + 1) }
    public func previous() { go(to: current - 1) }
    public func first() { go(to: 0) }
    public func last() { go(to: count - 1) }

    /// Clicking the page number: type the page to go to, Enter goes there, Esc leaves it.
    func beginNumberEntry() {
        numberEntry = ""
        app.invalidateChrome()
    }

    /// Keys while the page number is being typed; false for a key it does not take.
    func key(_ input: KeyInput) -> Bool {
        guard var text = numberEntry, !input.ctrl else { return false }
        switch input.key {
        case .character(let c) where c.isASCII && c.isNumber:
            if text.count < 6 { text.append(c) }
            numberEntry = text
        case .backspace:
            numberEntry = String(text.dropLast())
        case .enter:
            numberEntry = nil
            if let n = Int(text), (1...count).contains(n) {
                go(to: n - 1)
            } else if !text.isEmpty {
                app.chrome.show(error: "There is no page \(text); the notebook has \(count) page\(count == 1 ? "" : "s")")
            }
        case .escape:
            numberEntry = nil
        default:
            return false
        }
        app.invalidateChrome()
        return true
    }

    /// The page number is no longer being typed (a press elsewhere).
    func endNumberEntry() {
        guard numberEntry != nil else { return }
        numberEntry = nil
        app.invalidateChrome()
    }

    // MARK: - Changing the pages

    /// A new page after page `i` like it: its size, and its paper or colour (a page of a PDF
    /// or an image gets a plain white page of its size).
    public func add(after i: Int) {
        perform(.add(at: i + 1, page: Page(size: editor.pages.entry(i).page.size, background: blankLike(i))))
    }

    /// A new page before page `i`, like it.
    public func add(before i: Int) {
        perform(.add(at: i, page: Page(size: editor.pages.entry(i).page.size, background: blankLike(i))))
    }

    public func duplicate(_ i: Int) { perform(.duplicate(i)) }

    public func delete(_ i: Int) {
        guard count > 1 else { return app.chrome.show(info: "The only page of the notebook stays; Clear Page empties it") }
        perform(.delete(i))
    }

    public func move(_ from: Int, to: Int) { perform(.move(from: from, to: to)) }

    /// A new page with this size and background after page `i` (the New page sheet's "Insert").
    func insert(_ page: Page, after i: Int) { perform(.add(at: min(i, count - 1) + 1, page: page)) }

    /// "Insert PDF Pages…": the PDF's pages go after the page drawn on, as one step.
    func insertPDF(_ path: String) {
        // Read and checked off the event loop (a long PDF takes a while); inserted when ready,
        // after the page current then.
        let into = ObjectIdentifier(editor)
        app.background.run({ try DocumentSession.readPDF(path) }, announcing: "Reading “\(DocumentState.fileName(path))”…") { [weak self] result in
            guard let self else { return }
            // Another drawing took this one's place meanwhile: the pages were for this one.
            guard ObjectIdentifier(editor) == into else {
                return app.chrome.show(error: "The pages of “\(DocumentState.fileName(path))” were not inserted: another drawing was opened")
            }
            switch result {
            case .failure(let error):
                app.chrome.show(error: "\(error)")
            case .success(let file):
                let pages = file.pages
                perform(.add(at: current + 1, pages: pages))
                app.chrome.show(info: "Inserted the \(pages.count) page\(pages.count == 1 ? "" : "s") of “\(file.name)” after page \(current)")
            }
        }
    }

    private func blankLike(_ i: Int) -> Background {
        let background = editor.pages.entry(i).page.background
        switch background {
        case .color, .paper, .xournal: return background
        case .image, .pdf: return .color(.white)
        }
    }

    private func perform(_ edit: PagesEdit) {
        let adding: Int
        switch edit {
        case .add(_, let pages): adding = pages.count
        case .duplicate: adding = 1
        default: adding = 0
        }
        guard count + adding <= Notebook.maxPages else {
            return app.chrome.show(error: "A notebook holds at most \(Notebook.maxPages) pages; this one has \(count)")
        }
        app.text.finish()
        app.attempt { try editor.perform(.pages(edit)) }
        pageShown()
        revealing = true
        app.viewport.pageChanged()
        app.viewport.reveal()
        revealing = false
    }

    // MARK: - Drawing

    /// Composes the pages the window shows within `rect`: the desk, then each page.
    func compose(into frame: Frame, area rect: PixelRect) {
        let viewport = app.viewport
        guard count > 1 else { return editor.screen.compose(into: frame, area: rect, view: app.view) }
        let shown = viewport.shownPages
        editor.pages.keepPixels(forShown: shown.count)
        let strip = viewport.strip
        let views = shown.map { (size: strip.sizes[$0], view: viewport.pageView($0)) }
        editor.pages.paintDesk(into: frame, area: rect, pages: views)
        for (i, page) in zip(shown, views) {
            let box = page.view.windowRect(PixelRect(size: page.size))
            guard box.intersection(rect) != nil else { continue }
            do {
                try editor.pages.compose(i, into: frame, area: rect, view: page.view)
            } catch {
                // A page that cannot be drawn now (out of memory) shows the desk; the next frame tries again.
                continue
            }
        }
    }
}
