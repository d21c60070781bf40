import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Draws the open main menu's rows: each command with its key on the right; the recent files
/// under Open, by name, with their folder.
enum MenuRenderer {
    static func draw(_ v: ChromeView, with p: Painter) {
        let s = v.scale
        // The row the keyboard chose, else the one under the mouse.
        let highlighted = v.highlightedMenuRow ?? v.hovered.flatMap { $0.isMenuRow ? $0 : nil }
        for item in v.layout.items where item.control.isMenuRow {
            let f = item.frame
            let inner = f.insetBy(2 * s)
            if highlighted == item.control { p.fill(inner, Theme.hover, radius: 8 * s) }
            if case .menuItem(.snapToPaper) = item.control, v.snapsToPaper {
                // The switch is on: a tick at the row's start.
                let x = f.minX + 4 * s, y = f.center.y
                p.line(from: Point(x, y), to: Point(x + 3 * s, y + 3 * s), width: 2 * s, Theme.accent)
                p.line(from: Point(x + 3 * s, y + 3 * s), to: Point(x + 9 * s, y - 4 * s), width: 2 * s, Theme.accent)
            }
            if v.zoomMenuOpen, case .menuItem(let command) = item.control, command.zoomLevel == v.zoom {
                // The level the view is at: marked at the row's start.
                p.fillCircle(center: Point(f.minX + 8 * s, f.center.y), radius: 3 * s, Theme.accent)
            }
            if v.pressed == item.control { p.fill(inner, Theme.pressed, radius: 8 * s) }
            let text = Rect(x: f.minX + 14 * s, y: f.minY, width: f.width - 28 * s, height: f.height)
            switch item.control {
            case .menuItem:
                let spec = item.control.spec
                let keys = spec.key ?? ""
                let keysWidth = keys.isEmpty ? 0 : min(110 * s, text.width / 2)
                p.text(spec.title ?? "", in: Rect(x: text.minX, y: f.minY, width: text.width - keysWidth, height: f.height),
                       size: Theme.textSize * s, Theme.ink, align: .left)
                if !keys.isEmpty {
                    p.text(keys, in: Rect(x: text.maxX - keysWidth, y: f.minY, width: keysWidth, height: f.height),
                           size: Theme.smallText * s, Theme.inkMuted, align: .right)
                }
            case .recentFile(let i) where v.menuRecent.indices.contains(i):
                let url = URL(fileURLWithPath: v.menuRecent[i])
                let indent = Rect(x: text.minX + 12 * s, y: f.minY, width: text.width - 12 * s, height: f.height)
                p.text("\(url.lastPathComponent)  ·  \(url.deletingLastPathComponent().lastPathComponent)", in: indent,
                       size: Theme.smallText * s, Theme.ink, align: .left)
            default:
                break
            }
        }
    }
}
