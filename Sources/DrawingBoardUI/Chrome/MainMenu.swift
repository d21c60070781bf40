import DrawingBoardCore
import Foundation

/// The main menu (the top bar's menu button, or F10): the document commands and the recent
/// files, by pointer, finger or keyboard (up, down, Enter, Esc).
public final class MainMenu {
    unowned let app: AppController
    public private(set) var isOpen = false
    /// The row the keyboard has highlighted.
    private var selection: Int?
    /// The recent files the open menu lists.
    public private(set) var recent: [String] = []
    /// The page whose menu this is (its button in the sidebar), when it is a page's menu.
    public private(set) var pageTarget: Int?
    /// The zoom level's menu is open (the bottom bar's level).
    public private(set) var zoomLevels = false

    init(app: AppController) {
        self.app = app
    }

    public func toggle() {
        if isOpen { close() } else { open() }
    }

    func open() {
        // Only what Open can open: exported SVG and PDF copies stay in the desktop's list.
        // Only what Open can open: exported SVG copies stay in the desktop's list.
        recent = Array((app.document.session.recentFiles?.list(limit: 20) ?? []).filter { path in
            URL(fileURLWithPath: path).pathExtension.lowercased() != "svg"
        }.prefix(6))
        pageTarget = nil
        zoomLevels = false
        isOpen = true
        selection = nil
        app.chrome.panel = nil
        app.chrome.showBars()
        app.invalidateChrome()
    }

    /// Page `i`'s menu: new pages before and after it, a copy, delete.
    func openPage(_ i: Int) {
        if isOpen, pageTarget == i { return close() }
        open()
        pageTarget = i
    }

    /// The zoom level's menu: fit, and the levels.
    func openZoomLevels() {
        if isOpen, zoomLevels { return close() }
        open()
        zoomLevels = true
    }

    func close() {
        guard isOpen else { return }
        isOpen = false
        pageTarget = nil
        zoomLevels = false
        selection = nil
        app.invalidateChrome()
    }

    /// The menu row the keyboard has highlighted.
    public var highlighted: Control? { highlighted(in: app.layout()) }

    /// The same, among the rows of `layout` (the frame's own).
    func highlighted(in layout: Layout) -> Control? {
        guard isOpen, let i = selection else { return nil }
        let rows = layout.menuRows
        return rows.indices.contains(i) ? rows[i] : nil
    }

    /// Keys while the menu is open. Returns false for a key the menu does not use (the menu
    /// then closes and the key does what it does).
    func key(_ input: KeyInput) -> Bool {
        let l = app.layout()
        let rows = l.menuRows
        switch input.key {
        case .escape, .f10:
            close()
        case .down, .tab:
            selection = ((selection ?? -1) + 1) % max(rows.count, 1)
        case .up:
            selection = ((selection ?? rows.count) - 1 + rows.count) % max(rows.count, 1)
        case .left, .right:
            // Two columns: to the row beside this one in the other column.
            guard let current = highlighted, let here = l.frame(of: current) else { selection = 0; break }
            let other = rows.enumerated().filter { l.frame(of: $0.element).map { input.key == .right ? $0.minX > here.minX : $0.minX < here.minX } ?? false }
            if let target = other.min(by: { abs(l.frame(of: $0.element)!.minY - here.minY) < abs(l.frame(of: $1.element)!.minY - here.minY) }) {
                selection = target.offset
            }
        case .home:
            selection = 0
        case .end:
            selection = rows.count - 1
        case .enter, .character(" "):
            if let row = highlighted { app.perform(row) } else { return true }
        default:
            close()
            return false
        }
        app.invalidateChrome()
        return true
    }

    /// Opens the menu's `i`th recent file (asking first about unsaved changes).
    func openRecent(_ i: Int) {
        close()
        guard recent.indices.contains(i) else { return }
        app.document.open(recent[i])
    }
}
