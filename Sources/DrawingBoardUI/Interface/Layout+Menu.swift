import DrawingBoardCore

extension Layout {
    /// Height of a menu row: a finger's size.
    static let menuRow = Theme.minimumTarget

    /// The main menu under its button: the commands, then the recent files. Rows flow into a
    /// second column when the window is too short for one; recent files are left out first
    /// when even that does not fit.
    mutating func layoutMenu(recent: Int, under button: Rect) -> [Item] {
        let s = scale
        let row = Self.menuRow * s, pad = 6 * s, columnWidth = 300 * s
        let top = max(button.maxY, 0) + Theme.margin * s
        let fits = max(1, Int((Double(window.height) - top - Theme.margin * s - 2 * pad) / row))
        let maxColumns = max(1, Int((Double(window.width) - 2 * Theme.margin * s - 2 * pad) / columnWidth))
        var recentShown = recent
        var rows: [Control] = []
        var columns = 1
        repeat {
            rows = Command.menu.map { .menuItem($0) } + (0..<recentShown).map { .recentFile($0) }
            columns = (rows.count + fits - 1) / fits
            if columns <= maxColumns || recentShown == 0 { break }
            recentShown -= 1
        } while true
        let perColumn = (rows.count + columns - 1) / columns
        let width = Double(columns) * columnWidth + 2 * pad
        let height = Double(perColumn) * row + 2 * pad
        let x = min(max(button.maxX - width, Theme.margin * s), Double(window.width) - width - Theme.margin * s)
        let card = Rect(x: x.rounded(), y: top.rounded(), width: width.rounded(), height: height.rounded())
        menu = card
        return rows.enumerated().map { i, control in
            let column = Double(i / perColumn), index = Double(i % perColumn)
            return Item(control: control, frame: Rect(x: card.minX + pad + column * columnWidth, y: card.minY + pad + index * row,
                                                      width: columnWidth, height: row))
        }
    }

    /// The zoom level's menu above it: fit, and the levels (rows a finger high, in as many
    /// columns as the room above the bar needs).
    mutating func layoutZoomMenu(above level: Rect) -> [Item] {
        let s = scale
        // (Wide enough for "Fit the page in the window" beside its key.)
        let row = Self.menuRow * s, pad = 6 * s, columnWidth = 360 * s
        let room = max(level.minY - Theme.margin * s - Theme.margin * s - 2 * pad, row)
        let rows = Command.zoomMenu
        let perColumn = max(1, min(rows.count, Int(room / row)))
        let columns = (rows.count + perColumn - 1) / perColumn
        let width = Double(columns) * columnWidth + 2 * pad, height = Double(perColumn) * row + 2 * pad
        let x = min(max(level.center.x - width / 2, Theme.margin * s), Double(window.width) - width - Theme.margin * s)
        let card = Rect(x: x.rounded(), y: (level.minY - Theme.margin * s - height).rounded(), width: width.rounded(), height: height.rounded())
        menu = card
        return rows.enumerated().map { i, command in
            let column = Double(i / perColumn), index = Double(i % perColumn)
            return Item(control: .menuItem(command), frame: Rect(x: card.minX + pad + column * columnWidth, y: card.minY + pad + index * row,
                                                                 width: columnWidth, height: row))
        }
    }

    /// The menu's rows in order (for the keyboard's up and down).
    public var menuRows: [Control] {
        items.compactMap {
            switch $0.control {
            case .menuItem, .recentFile: return $0.control
            default: return nil
            }
        }
    }
}
