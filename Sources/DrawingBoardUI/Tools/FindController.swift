import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The find bar (Ctrl+F): words typed in it are found in the notebook's PDF text and its texts
/// (`TextFinder`), marked on the pages shown, counted ("3 of 17"); Enter, F3 and Shift with
/// them go to the next and the previous match, showing it (its page, scrolled to, zoomed in
/// when it would be too small to read); Esc closes it. The page in view is searched at once;
/// the others off the event loop, the count completing as they come.
public final class FindController {
    unowned let app: AppController
    /// The words typed (nil: the bar is closed).
    public private(set) var query: String?
    /// Every match found so far, in page order; whether every page has been searched.
    public private(set) var matches: [TextMatch] = []
    public private(set) var complete = true
    /// The match shown (an index into `matches`).
    public private(set) var current: Int?
    /// Searches begun, to tell the newest one's results from an older one's.
    private var searches = 0
    /// Where the bar was last painted.
    private var drawn: PixelRect?

    init(app: AppController) {
        self.app = app
    }

    public var isOpen: Bool { query != nil }

    /// Ctrl+F: opens the bar (or takes it again, its words kept).
    func open() {
        app.text.finish()
        // A message where the bar goes goes first.
        if app.chrome.messageText != nil { app.chrome.dismissMessage() }
        if query == nil { query = "" }
        app.request(.textInput(bar))
        refresh()
    }

    func close() {
        query = nil
        matches = []
        current = nil
        complete = true
        searches += 1
        app.request(.textInput(nil))
        app.repaintAll()
        refresh()
    }

    /// Text the keyboard typed into the bar.
    func typed(_ text: String) {
        guard let query else { return }
        self.query = query + text.filter { !$0.isNewline }
        search()
    }

    /// The bar's keys; false for any other key (or when the bar is closed).
    func key(_ input: KeyInput) -> Bool {
        if input.ctrl, input.key == .character("f") {
            open()
            return true
        }
        guard var query else { return false }
        switch input.key {
        case .escape: close()
        case .backspace:
            if !query.isEmpty { query.removeLast() }
            self.query = query
            search()
        case .enter, .f3: step(back: input.shift)
        default: return input.ctrl ? false : true
        }
        return true
    }

    /// The words changed: the page in view is searched now (its first match shown at once),
    /// the whole notebook off the event loop.
    private func search() {
        searches += 1
        let number = searches
        matches = []
        current = nil
        guard let words = query?.trimmingCharacters(in: .whitespaces), !words.isEmpty else {
            complete = true
            app.repaintAll()
            return refresh()
        }
        let here = app.editor.pages.index
        matches = TextFinder.matches(of: words, on: app.editor.page, index: here)
        if !matches.isEmpty { current = 0 }
        complete = false
        let pages = (0..<app.editor.pages.count).map { app.editor.pages.entry($0).page }
        // (The page in view first: its matches are shown already.)
        app.background.run({ TextFinder.matches(of: words, in: pages) }) { [weak self] result in
            guard let self, searches == number, case .success(let all) = result else { return }
            // The match shown stays the one shown.
            let shown = current.map { matches[$0] }
            matches = all
            complete = true
            current = shown.flatMap { all.firstIndex(of: $0) } ?? (all.isEmpty ? nil : all.firstIndex { $0.page >= here } ?? 0)
            // None was on the page in view: the first after it is shown now.
            if shown == nil, current != nil { show() }
            app.repaintAll()
            refresh()
        }
        if current != nil { show() }
        app.repaintAll()
        refresh()
    }

    /// The next match (or the previous), round the notebook.
    private func step(back: Bool) {
        guard !matches.isEmpty else { return }
        let n = matches.count
        current = current.map { (($0 + (back ? -1 : 1)) % n + n) % n } ?? 0
        show()
        app.repaintAll()
        refresh()
    }

    /// Shows the current match: its page, scrolled so it sits in the window's middle when it
    /// is not in view between the bars, zoomed in when it would be under 12 points tall.
    private func show() {
        guard let i = current, i < matches.count else { return }
        let match = matches[i]
        if match.page != app.editor.pages.index { app.pages.go(to: match.page) }
        let minimum = 12 * app.scale
        if match.box.height * app.viewport.pageView(match.page).scale < minimum {
            app.viewport.zoom(to: min(ViewTransform.zoomRange.upperBound, minimum / max(match.box.height, 1) / app.scale))
        }
        let view = app.viewport.pageView(match.page)
        let a = view.toWindow(Point(match.box.minX, match.box.minY)), b = view.toWindow(Point(match.box.maxX, match.box.maxY))
        let layout = app.layout(barsHidden: 0)
        let top = layout.topBar.maxY + bar.height + 8 * app.scale, bottom = layout.bottomBar.minY
        let visible = a.x >= 0 && b.x <= Double(app.window.width) && a.y >= top && b.y <= bottom
        if !visible {
            app.viewport.hold(match.box.center, onPage: match.page, under: Point(Double(app.window.width) / 2, (top + bottom) / 2))
        }
        app.repaintAll()
    }

    // MARK: - Drawing

    /// The bar: under the top bar, in the middle.
    var bar: Rect {
        let s = app.scale, layout = app.layout()
        let width = min(460 * s, Double(app.window.width) - 24 * s)
        return Rect(x: ((Double(app.window.width) - width) / 2).rounded(), y: max(layout.topBar.maxY, 0) + 8 * s, width: width, height: Theme.minimumTarget * s)
    }

    /// What the count says: "3 of 17", "3 of 17…" while pages are still searched, "No match".
    public var count: String {
        guard let query, !query.trimmingCharacters(in: .whitespaces).isEmpty else { return "" }
        if matches.isEmpty { return complete ? "No match" : "Searching…" }
        return "\((current ?? 0) + 1) of \(matches.count)\(complete ? "" : "…")"
    }

    private func refresh() {
        if let drawn { app.repaint.dirty.append(drawn) }
        drawn = isOpen ? bar.insetBy(-4 * app.scale).pixelRect(clippedTo: app.window) : nil
        if let drawn { app.repaint.dirty.append(drawn) }
    }

    /// The matches on the pages shown, marked (the current one stronger).
    func drawMarks(with painter: Painter) {
        guard isOpen, !matches.isEmpty else { return }
        let shown = app.viewport.shownPages
        for (i, match) in matches.enumerated() where shown.contains(match.page) {
            let view = app.viewport.pageView(match.page)
            let a = view.toWindow(Point(match.box.minX, match.box.minY)), b = view.toWindow(Point(match.box.maxX, match.box.maxY))
            let box = Rect(corner: a, corner: b).insetBy(-2 * app.scale)
            painter.fill(box, i == current ? RGBA(1, 0.55, 0, 0.45) : RGBA(1, 0.85, 0, 0.35), radius: 2 * app.scale)
        }
    }

    /// The bar itself: the words typed, the count, the keys.
    func drawBar(with painter: Painter) {
        guard let query else { return }
        let s = app.scale, r = bar
        painter.fill(r, RGBA(1, 1, 1, 0.97), radius: 10 * s)
        painter.outline(r, Theme.accent, width: 1.5 * s, radius: 10 * s)
        let field = Rect(x: r.minX + 12 * s, y: r.minY, width: r.width - 150 * s, height: r.height)
        painter.text(query.isEmpty ? "Find in the notebook" : query + "▏", in: field, size: Theme.textSize * s,
                     query.isEmpty ? Theme.inkMuted : Theme.ink, align: .left)
        painter.text(count, in: Rect(x: r.maxX - 140 * s, y: r.minY, width: 128 * s, height: r.height), size: Theme.smallText * s,
                     matches.isEmpty && complete && !query.isEmpty ? Theme.error : Theme.inkMuted, align: .right)
    }
}
