import DrawingBoardCore

extension Layout {
    /// Side of a sticker's cell in the Stickers panel (logical pixels): bigger than a finger.
    static let stickerCell = 64.0

    static func stickerColumns(window: PixelSize, scale: Double) -> Int {
        let width = min(600 * scale, Double(window.width) - 2 * Theme.margin * scale) - 24 * scale
        return max(3, Int(width / (stickerCell * scale)))
    }

    /// The Stickers panel: a title row (with "Insert image…" and close), four rows of sticker
    /// cells, and the page buttons when the stickers are more than a page.
    mutating func layoutStickerPanel(above bottom: Rect, below topEdge: Double, count: Int, page: Int) -> [Item] {
        let s = scale
        let w = Double(window.width)
        let pad = 12 * s, row = Theme.minimumTarget * s, cell = Self.stickerCell * s
        let columns = Self.stickerColumns(window: window, scale: s)
        let perPage = columns * 4
        let pages = max(1, (count + perPage - 1) / perPage)
        let height = 2 * pad + row + 8 * s + 4 * cell + (pages > 1 ? row + 4 * s : 0)
        let width = min(600 * s, w - 2 * Theme.margin * s)
        let card = Rect(x: ((w - width) / 2).rounded(), y: max(Theme.margin * s, bottom.minY - Theme.margin * s - height).rounded(),
                        width: width.rounded(), height: height.rounded())
        setPanel(card, kind: .stickers)
        let inner = card.insetBy(pad)
        let title = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: row)
        panelTitle = title
        var result = [Item(control: .closePanel, frame: Rect(x: title.maxX - Theme.button * s, y: title.minY, width: Theme.button * s, height: row))]
        result.append(Item(control: .insertImage, frame: Rect(x: title.maxX - Theme.button * s - 160 * s, y: title.minY, width: 152 * s, height: row)))
        let page = min(max(page, 0), pages - 1)
        let gridX = inner.minX + (inner.width - Double(columns) * cell) / 2
        for i in 0..<min(perPage, max(count - page * perPage, 0)) {
            let x = gridX + Double(i % columns) * cell, y = title.maxY + 8 * s + Double(i / columns) * cell
            result.append(Item(control: .sticker(page * perPage + i), frame: Rect(x: x, y: y, width: cell, height: cell)))
        }
        if pages > 1 {
            let y = title.maxY + 8 * s + 4 * cell + 4 * s
            if page > 0 { result.append(Item(control: .stickerPage(-1), frame: Rect(x: inner.minX, y: y, width: 120 * s, height: row))) }
            if page < pages - 1 { result.append(Item(control: .stickerPage(1), frame: Rect(x: inner.maxX - 120 * s, y: y, width: 120 * s, height: row))) }
        }
        return result
    }
}

extension Layout {
    /// The text tool's brush panel: its last row chooses the font (Sans, Serif, Monospace, or
    /// any family installed, stepped through with ‹ and ›) instead of smoothing and the shape
    /// helpers.
    func withFontRow(_ items: [Item]) -> [Item] {
        guard let first = items.first(where: { if case .smoothing = $0.control { return true } else { return false } })?.frame,
              let label = smoothingLabel else { return items }
        let s = scale
        var result = items.filter {
            switch $0.control {
            case .smoothing, .shapeHelper: return false
            default: return true
            }
        }
        let row = Rect(x: label.minX, y: first.minY, width: (panel?.maxX ?? first.maxX) - 12 * s - label.minX, height: first.height)
        var x = first.minX
        for (i, option) in [80.0, 80, 120].enumerated() {
            result.append(Item(control: .font(i), frame: Rect(x: x, y: row.minY, width: option * s, height: row.height)))
            x += option * s
        }
        let step = row.height
        result.append(Item(control: .fontStep(-1), frame: Rect(x: x + 8 * s, y: row.minY, width: step, height: row.height)))
        result.append(Item(control: .fontStep(1), frame: Rect(x: row.maxX - step, y: row.minY, width: step, height: row.height)))
        return result
    }
}

extension Layout {
    /// A freehand tool's brush panel once a pen was seen: the pressure curve, after its label,
    /// takes the place of the shape helpers (which only shapes use).
    mutating func withPressureCurve(_ items: [Item]) -> [Item] {
        let helpers = items.filter { if case .shapeHelper = $0.control { return true } else { return false } }
        guard let first = helpers.first?.frame, let last = helpers.last?.frame else { return items }
        var result = items.filter { if case .shapeHelper = $0.control { return false } else { return true } }
        let labelWidth = 84 * scale
        pressureLabel = Rect(x: first.minX, y: first.minY, width: labelWidth, height: first.height)
        let start = first.minX + labelWidth
        let option = ((last.maxX - start) / Double(PressureCurve.allCases.count)).rounded(.down)
        for (i, curve) in PressureCurve.allCases.enumerated() {
            result.append(Item(control: .pressureCurve(curve), frame: Rect(x: start + Double(i) * option, y: first.minY, width: option, height: first.height)))
        }
        return result
    }
}
