import DrawingBoardCore
import Foundation

/// The main menu (the top bar's menu button, or F10): the document commands and the recent
/// files, by pointer, finger or keyboard (up, down, Enter, Esc).
extension AppController {
    public func toggleMenu() {
        if menuOpen { closeMenu() } else { openMenu() }
    }

    func openMenu() {
        // Only what Open can open: exported SVG and PDF copies stay in the desktop's list.
        menuRecent = Array((recentFiles?.list(limit: 20) ?? []).filter { path in
            !["svg", "pdf"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
        }.prefix(6))
        menuOpen = true
        menuSelection = nil
        panel = nil
        bars.show(at: now)
        invalidateChrome()
    }

    func closeMenu() {
        menuOpen = false
        menuSelection = nil
        invalidateChrome()
    }

    /// The menu row the keyboard has highlighted.
    public var highlightedMenuRow: Control? {
        guard menuOpen, let i = menuSelection else { return nil }
        let rows = layout().menuRows
        return rows.indices.contains(i) ? rows[i] : nil
    }

    /// Keys while the menu is open. Returns false for a key the menu does not use (the menu
    /// then closes and the key does what it does).
    func menuKey(_ input: KeyInput) -> Bool {
        let rows = layout().menuRows
        switch input.key {
        case .escape, .f10:
            closeMenu()
        case .down, .tab:
            menuSelection = ((menuSelection ?? -1) + 1) % max(rows.count, 1)
        case .up:
            menuSelection = ((menuSelection ?? rows.count) - 1 + rows.count) % max(rows.count, 1)
        case .left, .right:
            // Two columns: to the row beside this one in the other column.
            let l = layout()
            guard let current = highlightedMenuRow, let here = l.frame(of: current) else { menuSelection = 0; break }
            let other = rows.enumerated().filter { l.frame(of: $0.element).map { input.key == .right ? $0.minX > here.minX : $0.minX < here.minX } ?? false }
            if let target = other.min(by: { abs(l.frame(of: $0.element)!.minY - here.minY) < abs(l.frame(of: $1.element)!.minY - here.minY) }) {
                menuSelection = target.offset
            }
        case .home:
            menuSelection = 0
        case .end:
            menuSelection = rows.count - 1
        case .enter, .character(" "):
            if let row = highlightedMenuRow { perform(row) } else { return true }
        default:
            closeMenu()
            return false
        }
        invalidateChrome()
        return true
    }

    /// Opens the menu's `i`th recent file (asking first about unsaved changes).
    func openRecent(_ i: Int) {
        closeMenu()
        guard menuRecent.indices.contains(i) else { return }
        open(menuRecent[i])
    }

    /// The recent files the open menu lists (file names for the rows).
    public var menuRecentFiles: [String] { menuRecent }
}
