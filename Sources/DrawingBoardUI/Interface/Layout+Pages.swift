import DrawingBoardCore

extension Layout {
    /// What the layout needs to know of the notebook: the sidebar (when it is shown), the "+"
    /// under the last page (when it is in sight, in window pixels), the page whose menu is open.
    public struct PagesSpec: Sendable {
        public var sidebar: SidebarSpec?
        public var addPage: Rect?
        public var menu: Int?

        public init(sidebar: SidebarSpec? = nil, addPage: Rect? = nil, menu: Int? = nil) {
            self.sidebar = sidebar
            self.addPage = addPage
            self.menu = menu
        }
    }

    /// The sidebar's pages (their sizes give the thumbnails' shapes), how far it is scrolled,
    /// and the page drawn on; whether the notebook's PDF has Contents (an outline: the sidebar
    /// gets tabs), and its rows when they are shown instead of the pages.
    public struct SidebarSpec: Sendable, Equatable {
        public var sizes: [PixelSize]
        public var scroll: Double
        public var current: Int
        public var hasContents: Bool
        public var contents: [ContentsRow]?

        public init(sizes: [PixelSize], scroll: Double, current: Int, hasContents: Bool = false, contents: [ContentsRow]? = nil) {
            self.sizes = sizes
            self.scroll = scroll
            self.current = current
            self.hasContents = hasContents
            self.contents = contents
        }
    }

    /// A row of the Contents: an outline entry's title, how deep it is, and whether it has
    /// entries under it (and shows them).
    public struct ContentsRow: Sendable, Equatable {
        public var title: String
        public var depth: Int
        public var folds: Bool
        public var open: Bool

        public init(title: String, depth: Int, folds: Bool, open: Bool) {
            self.title = title
            self.depth = depth
            self.folds = folds
            self.open = open
        }
    }

    static let sidebarWidth = 176.0

    /// The sidebar's card on the left between the bars, and a thumbnail (with its menu button)
    /// for each page in sight.
    mutating func layoutSidebar(_ spec: SidebarSpec, between top: Rect, and bottom: Rect) -> [Item] {
        let s = scale
        let y = max(top.maxY, 0) + Theme.margin * s
        let card = Rect(x: Theme.margin * s, y: y, width: Self.sidebarWidth * s, height: max(bottom.minY - Theme.margin * s - y, Theme.row * s))
        sidebar = card
        sidebarSpec = spec
        var items: [Item] = []
        if spec.hasContents {
            let half = ((card.width - 16 * s) / 2).rounded()
            for (i, contents) in [false, true].enumerated() {
                items.append(Item(control: .sidebarView(contents: contents),
                                  frame: Rect(x: card.minX + 8 * s + Double(i) * half, y: card.minY + 6 * s, width: half, height: Self.sidebarTabs * s - 6 * s)))
            }
        }
        if let rows = spec.contents {
            let top = sidebarContentTop
            for (i, row) in rows.enumerated() {
                let y = top + 8 * s - spec.scroll + Double(i) * Self.contentsRow * s
                if y + Self.contentsRow * s < top { continue }
                if y > card.maxY { break }
                let indent = Double(min(row.depth, 6)) * 14 * s
                let fold = Rect(x: card.minX + 4 * s + indent, y: y, width: 28 * s, height: Self.contentsRow * s)
                items.append(Item(control: .contentsEntry(i), frame: Rect(x: fold.maxX, y: y, width: card.maxX - 4 * s - fold.maxX, height: Self.contentsRow * s)))
                if row.folds { items.append(Item(control: .contentsFold(i), frame: fold)) }
            }
            return items
        }
        forEachSlot { i, slot in
            if slot.maxY < card.minY { return true }
            if slot.minY > card.maxY { return false }
            let thumb = sidebarThumbnail(in: slot)
            // The menu button sits on the thumbnail's top right corner, a finger's size.
            let side = Theme.minimumTarget * s
            items.append(Item(control: .pageMenu(i), frame: Rect(x: thumb.maxX - side, y: thumb.minY, width: side, height: side)))
            items.append(Item(control: .pageThumbnail(i), frame: slot))
            return true
        }
        return items
    }

    /// Each page's slot (thumbnail and number), scrolled, in window pixels (it may be outside
    /// the card), top to bottom while `body` returns true.
    private func forEachSlot(_ body: (Int, Rect) -> Bool) {
        guard let card = sidebar, let spec = sidebarSpec, spec.contents == nil else { return }
        var y = sidebarContentTop + 8 * scale - spec.scroll
        for (i, size) in spec.sizes.enumerated() {
            let h = slotHeight(size)
            guard body(i, Rect(x: card.minX + 8 * scale, y: y, width: card.width - 16 * scale, height: h - 8 * scale)) else { return }
            y += h
        }
    }

    /// A slot's height: the thumbnail at the card's width (at most 1.5 times as tall as wide),
    /// its number under it, and a gap.
    private func slotHeight(_ size: PixelSize) -> Double {
        let w = (Self.sidebarWidth - 16) * scale
        let h = min(w * Double(size.height) / Double(max(size.width, 1)), 1.5 * w)
        return (h + 22 * scale + 8 * scale).rounded()
    }

    /// The thumbnail's box inside its slot (the number goes under it).
    public func sidebarThumbnail(in slot: Rect) -> Rect {
        Rect(x: slot.minX, y: slot.minY, width: slot.width, height: slot.height - 22 * scale)
    }

    /// Page `i`'s slot, when the sidebar is shown.
    public func sidebarSlot(_ i: Int) -> Rect? {
        var found: Rect?
        forEachSlot { j, slot in
            if j == i { found = slot }
            return j < i
        }
        return found
    }

    /// How tall all the slots (or the Contents' rows) are together, the tabs included.
    public var sidebarContentHeight: Double? {
        guard let spec = sidebarSpec, let card = sidebar else { return nil }
        let tabs = sidebarContentTop - card.minY
        if let rows = spec.contents { return tabs + 16 * scale + Double(rows.count) * Self.contentsRow * scale }
        return spec.sizes.reduce(tabs + 16 * scale) { $0 + slotHeight($1) }
    }

    /// The tabs' height, and a row of the Contents' (logical pixels).
    static let sidebarTabs = 50.0
    static let contentsRow = Theme.minimumTarget

    /// Where the thumbnails or the Contents start: under the tabs, when there are tabs.
    public var sidebarContentTop: Double {
        guard let card = sidebar else { return 0 }
        return card.minY + (sidebarSpec?.hasContents == true ? Self.sidebarTabs * scale : 0)
    }

    /// Where a page dropped at `p` goes: the index of the slot before which it lands (count:
    /// after the last).
    public func sidebarDropIndex(at p: Point) -> Int? {
        guard let spec = sidebarSpec, sidebar != nil else { return nil }
        var index = spec.sizes.count
        forEachSlot { i, slot in
            if p.y < slot.center.y { index = i }
            return p.y >= slot.center.y
        }
        return index
    }

    /// A page's menu beside its button: insert before and after, duplicate, delete.
    mutating func layoutPageMenu(beside button: Rect) -> [Item] {
        let s = scale
        let row = Self.menuRow * s, pad = 6 * s, width = 240 * s
        let height = Double(Command.pageMenu.count) * row + 2 * pad
        let x = min(button.maxX + Theme.margin * s, Double(window.width) - width - Theme.margin * s)
        let y = min(max(button.minY, Theme.margin * s), Double(window.height) - height - Theme.margin * s)
        let card = Rect(x: x.rounded(), y: y.rounded(), width: width, height: height.rounded())
        menu = card
        return Command.pageMenu.enumerated().map { i, command in
            Item(control: .menuItem(command), frame: Rect(x: card.minX + pad, y: card.minY + pad + Double(i) * row, width: width - 2 * pad, height: row))
        }
    }
}
