import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// How the keyboard shortcuts sheet lays its lines out in `body`, measured with the interface
/// font: the largest text (13, 12 or 11 px) at which every line fits on one page, in balanced
/// columns (two when the width allows, so the sheet reads across rather than down one long
/// list); else 11 px text page after page, in as many columns as the width takes. An action too
/// long for its column goes on to a second row rather than being cut (at 640x480 two columns had
/// cut "paste an element, an image, or text into a text box" to "paste an element, an i…", and
/// at 1000x700 one action lost its last letters).
struct ShortcutPages: Equatable {
    /// A line of the sheet in a column: which (`ShortcutPages.lines`), its first row, and its rows.
    struct Slot: Equatable {
        let index: Int
        let row: Int
        let rows: Int
        /// A group's title again at the top of a column its lines go on into.
        var repeated = false
    }

    /// The row's height, the text's size (points), the columns a page has, the rows a column
    /// holds, and the pages.
    let line: Double
    let size: Double
    let columns: Int
    let perColumn: Int
    let count: Int
    /// The keys' column, as wide as the widest keys at `size`.
    let keysWidth: Double
    /// Every column's lines, in order: page `p` shows columns `p * columns ..< (p + 1) * columns`.
    let layout: [[Slot]]

    /// The narrowest column the sheet is laid out in.
    static let minimumColumn = 290.0
    /// The text sizes tried, largest first (the last is the pages' size).
    static let sizes = [13.0, 12.0, 11.0]
    /// The space between the keys and their action, and after the action (before the next
    /// column: 8 px read two columns' lines as one).
    static let gap = 14.0, end = 24.0

    /// The sheet's lines: each group's title (a heading), then its keys and what they do.
    static var lines: [(keys: String, action: String, heading: Bool)] {
        Shortcuts.groups.flatMap { group in [(group.title, "", true)] + group.rows.map { ($0.keys, $0.action, false) } }
    }

    /// The layout for `body`, kept for the next call with the same body: the layout of the
    /// window is worked out again for every pointer motion while the sheet is open, and this
    /// measures a few hundred lines of text.
    static func laidOut(body: Rect, scale: Double) -> ShortcutPages {
        lock.withLock {
            if let kept = last, kept.body == body, kept.scale == scale { return kept.pages }
            let pages = ShortcutPages(body: body, scale: scale)
            last = (body, scale, pages)
            return pages
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: (body: Rect, scale: Double, pages: ShortcutPages)?

    /// The columns of page `page`.
    func columns(ofPage page: Int) -> ArraySlice<[Slot]> {
        let start = min(page * columns, layout.count)
        return layout[start..<min(start + columns, layout.count)]
    }

    /// Lines flowed down columns `high` rows high, a line never split between two, a heading
    /// never last in a column, and a group that goes on into the next column (or page) titled
    /// again at its top.
    private static func fill(_ lines: [(keys: String, action: String, heading: Bool)], _ rows: [Int], high: Int) -> [[Slot]] {
        var columns: [[Slot]] = [[]]
        var used = 0
        var group: Int?
        for (i, n) in rows.enumerated() {
            if lines[i].heading { group = i }
            let keepsNext = lines[i].heading && i + 1 < rows.count ? rows[i + 1] : 0
            if used > 0, used + n + keepsNext > high {
                columns.append([])
                used = 0
                if !lines[i].heading, let group {
                    columns[columns.count - 1].append(Slot(index: group, row: 0, rows: 1, repeated: true))
                    used = 1
                }
            }
            columns[columns.count - 1].append(Slot(index: i, row: used, rows: n))
            used += n
        }
        return columns
    }

    /// The lines' widths at one size.
    private struct Measured {
        let lines: [(keys: String, action: String, heading: Bool)]
        let size: Double, scale: Double
        let keys: [Double], actions: [Double]
        let keysWidth: Double

        init(_ lines: [(keys: String, action: String, heading: Bool)], size: Double, scale: Double) {
            self.lines = lines
            self.size = size
            self.scale = scale
            keys = TextMetrics.widths(lines.map(\.keys), size: size, bold: true)
            actions = TextMetrics.widths(lines.map(\.action), size: size)
            keysWidth = zip(lines, keys).filter { !$0.0.heading }.map(\.1).max() ?? 0
        }

        /// The rows each line takes in a column `width` wide (an action too long for one row
        /// takes two); nil when a line cannot be whole there, unless `cutting` (a window too
        /// small for them: what does not fit in two rows is cut).
        func rows(inColumn width: Double, cutting: Bool = false) -> [Int]? {
            let room = width - keysWidth - (ShortcutPages.gap + ShortcutPages.end) * scale
            guard room > 0 || cutting else { return nil }
            var rows: [Int] = []
            for (i, line) in lines.enumerated() {
                if line.heading {
                    guard keys[i] <= width - ShortcutPages.end * scale || cutting else { return nil }
                    rows.append(1)
                } else if actions[i] <= room {
                    rows.append(1)
                } else {
                    guard cutting || TextMetrics.lineCount(line.action, width: room, size: size) <= 2 else { return nil }
                    rows.append(2)
                }
            }
            return rows
        }
    }
}

extension ShortcutPages {
    /// (In an extension, so the memberwise initialiser the body uses stays Swift's own.)
    init(body: Rect, scale s: Double) {
        let lines = Self.lines
        let line = (body.height / Double(lines.count) >= 21 * s ? 21 : 19) * s
        let rowsHigh = max(Int(body.height / line), 1)
        let widest = max(Int(body.width / (Self.minimumColumn * s)), 1)
        let fewest = min(body.width >= 760 * s ? 2 : 1, widest)
        for size in Self.sizes {
            let text = Measured(lines, size: size * s, scale: s)
            for columns in fewest...widest {
                guard let rows = text.rows(inColumn: body.width / Double(columns)) else { continue }
                let total = rows.reduce(0, +)
                // The shortest columns that hold every line in `columns`.
                let shortest = max((total + columns - 1) / columns, 1)
                guard shortest <= rowsHigh else { continue }
                for high in shortest...rowsHigh {
                    let layout = Self.fill(lines, rows, high: high)
                    guard layout.count <= columns else { continue }
                    self.init(line: line, size: size, columns: columns, perColumn: high, count: 1, keysWidth: text.keysWidth, layout: layout)
                    return
                }
            }
        }
        // Pages, with a row at the foot that says which page this is.
        // (At least three rows: a title carried over, then an action on two.)
        let size = Self.sizes.last!
        let text = Measured(lines, size: size * s, scale: s)
        let high = max(rowsHigh - 1, 3)
        let columns = (1...widest).reversed().first { text.rows(inColumn: body.width / Double($0)) != nil } ?? 1
        let rows = text.rows(inColumn: body.width / Double(columns)) ?? text.rows(inColumn: body.width / Double(columns), cutting: true)!
        let layout = Self.fill(lines, rows, high: high)
        self.init(line: line, size: size, columns: columns, perColumn: high, count: (layout.count + columns - 1) / columns,
                  keysWidth: text.keysWidth, layout: layout)
    }
}
