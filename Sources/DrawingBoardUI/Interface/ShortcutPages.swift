import DrawingBoardCore

/// How the keyboard shortcuts sheet lays its lines out in `body`: in balanced columns when
/// they all fit with room to read, else in as many columns of at least `minimumColumn` as the
/// width takes, page after page (a small window: each action had a few letters and "…").
struct ShortcutPages: Equatable {
    /// The line's height, the columns a page has, the lines a column holds, and the pages.
    let line: Double
    let columns: Int
    let perColumn: Int
    let count: Int

    static let minimumColumn = 290.0

    init(body: Rect, scale s: Double, lines: Int = Shortcuts.lineCount) {
        line = (body.height / Double(lines) >= 21 * s ? 21 : 19) * s
        // As many columns as the height needs, and two when the width allows, so the sheet
        // reads across rather than down one long list.
        let needed = max(Int((Double(lines) * line / body.height).rounded(.up)), body.width >= 760 * s ? 2 : 1)
        if body.width / Double(needed) >= Self.minimumColumn * s || needed == 1 {
            (columns, perColumn, count) = (needed, (lines + needed - 1) / needed, 1)
        } else {
            // A row at the foot says which page this is.
            let fit = max(Int((body.height - line) / line), 1)
            columns = max(Int(body.width / (Self.minimumColumn * s)), 1)
            perColumn = fit
            count = (lines + columns * fit - 1) / (columns * fit)
        }
    }
}
