import DrawingBoardCore

extension Layout {
    /// The background colours the New page sheet offers: white, cream paper, light grey, slate.
    public static let pageColors: [RGBColor] = [.white, RGBColor(red: 0xfb, green: 0xf5, blue: 0xe6),
                                                RGBColor(red: 0xe8, green: 0xe8, blue: 0xe8), RGBColor(red: 0x2e, green: 0x34, blue: 0x36)]

    /// A sheet in the middle of the window: a title row, then its own rows; rows are a
    /// finger high.
    mutating func layoutSheet(_ sheet: Sheet) -> [Item] {
        let s = scale
        let w = Double(window.width), h = Double(window.height)
        let row = Theme.minimumTarget * s, gap = 8 * s
        var pad = 16 * s
        let contentHeight: Double
        let width: Double
        switch sheet {
        case .shortcuts:
            // As tall as the lines need in the columns the width and height allow.
            width = min(880 * s, w - 2 * Theme.margin * s)
            let available = min(640 * s, h - 2 * Theme.margin * s) - 2 * pad - row
            let lines = Double(Shortcuts.lineCount), line = 21 * s
            let columns = max((lines * line / available).rounded(.up), width - 2 * pad >= 760 * s ? 2 : 1)
            contentHeight = min(available, (lines / columns).rounded(.up) * line + 8 * s)
        case .about:
            width = min(460 * s, w - 2 * Theme.margin * s)
            contentHeight = 180 * s
        case .newPage:
            width = min(560 * s, w - 2 * Theme.margin * s)
            contentHeight = 4 * row + gap + row + gap + row + gap + row + 12 * s + row
        case .pageSize:
            width = min(460 * s, w - 2 * Theme.margin * s)
            contentHeight = row + gap + 2 * row + gap + 3 * row + 12 * s + row
        case .exportResolution:
            width = min(460 * s, w - 2 * Theme.margin * s)
            contentHeight = Double(ExportResolutionDraft.scales.count) * row + gap + row + 12 * s + row
        }
        var height = min(contentHeight + 2 * pad + row, h - 2 * Theme.margin * s)
        // Between the bars, or over their whole height: a card over part of a bar left slices
        // of its buttons showing above and below it. The shortcuts stay between them when all
        // of them still fit on one page there (measured: `ShortcutPages`).
        let between = h - 2 * (Theme.barHeight + 2 * Theme.margin) * s
        // A dialog that misses by its padding alone keeps half of it and stays between the
        // bars: over their whole height it had a band of blank space above its buttons.
        if sheet != .shortcuts, height > between, contentHeight + 2 * (pad / 2) + row <= between {
            pad /= 2
            height = contentHeight + 2 * pad + row
        }
        if height > between {
            let body = Rect(x: 0, y: 0, width: width.rounded() - 2 * pad, height: between.rounded() - 2 * pad - row)
            let fits = sheet == .shortcuts && ShortcutPages.laidOut(body: body, scale: s).count == 1
            height = fits ? between : h - 2 * Theme.margin * s
        }
        let card = Rect(x: ((w - width) / 2).rounded(), y: ((h - height) / 2).rounded(), width: width.rounded(), height: height.rounded())
        sheetCard = card
        let inner = card.insetBy(pad)
        sheetTitle = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: row)
        let body = Rect(x: inner.minX, y: inner.minY + row, width: inner.width, height: inner.height - row)
        sheetBody = body
        var result: [Item] = []
        func buttons(_ confirm: Bool) {
            let bw = 140 * s
            let y = body.maxY - row
            if confirm {
                result.append(Item(control: .sheetConfirm, frame: Rect(x: body.maxX - bw, y: y, width: bw, height: row)))
                result.append(Item(control: .sheetClose, frame: Rect(x: body.maxX - 2 * bw - gap, y: y, width: bw, height: row)))
            } else {
                result.append(Item(control: .sheetClose, frame: Rect(x: inner.maxX - row, y: inner.minY, width: row, height: row)))
            }
        }
        switch sheet {
        case .shortcuts, .about:
            buttons(false)
        case .newPage:
            let half = (body.width - gap) / 2
            for (i, choice) in PageSizeChoice.all.enumerated() {
                // Row by row: portrait beside landscape.
                let column = Double(i % 2), index = Double(i / 2)
                result.append(Item(control: .sheetSize(choice), frame: Rect(x: body.minX + column * (half + gap), y: body.minY + index * row,
                                                                            width: half, height: row)))
            }
            let fieldY = body.minY + 4 * row + gap
            result.append(Item(control: .sheetField, frame: Rect(x: body.minX + half + gap, y: fieldY, width: half, height: row)))
            let colorsY = fieldY + row + gap
            for i in Self.pageColors.indices {
                result.append(Item(control: .sheetColor(i), frame: Rect(x: body.minX + half + gap + Double(i) * (row + gap), y: colorsY,
                                                                       width: row, height: row)))
            }
            // Plain, or paper ruled with lines, squares or dots.
            let choices = Paper.Ruling.choices
            let label = 80 * s, option = ((body.width - label) / Double(choices.count)).rounded(.down)
            for (i, ruling) in choices.enumerated() {
                result.append(Item(control: .sheetPaper(ruling), frame: Rect(x: body.minX + label + Double(i) * option, y: colorsY + row + gap,
                                                                            width: option, height: row)))
            }
            buttons(true)
        case .pageSize:
            let labelWidth = min(180 * s, body.width / 2)
            result.append(Item(control: .sheetField, frame: Rect(x: body.minX + labelWidth, y: body.minY, width: min(200 * s, body.width - labelWidth),
                                                                 height: row)))
            // The paper sizes, as the New drawing sheet offers them: each fills the field.
            let half = (body.width - gap) / 2
            for (i, preset) in PagePreset.papers.enumerated() {
                let column = Double(i % 2), index = Double(i / 2)
                result.append(Item(control: .sheetSize(.preset(preset)), frame: Rect(x: body.minX + column * (half + gap),
                                                                                    y: body.minY + row + gap + index * row, width: half, height: row)))
            }
            let anchorsY = body.minY + 3 * row + 2 * gap
            for i in 0..<9 {
                let column = Double(i % 3), index = Double(i / 3)
                result.append(Item(control: .sheetAnchor(i), frame: Rect(x: body.minX + labelWidth + column * row, y: anchorsY + index * row,
                                                                         width: row, height: row)))
            }
            buttons(true)
        case .exportResolution:
            // The scales, one a row; then the dots per inch, typed.
            for i in ExportResolutionDraft.scales.indices {
                result.append(Item(control: .sheetResolution(i), frame: Rect(x: body.minX, y: body.minY + Double(i) * row, width: body.width, height: row)))
            }
            let labelWidth = min(180 * s, body.width / 2)
            let fieldY = body.minY + Double(ExportResolutionDraft.scales.count) * row + gap
            result.append(Item(control: .sheetField, frame: Rect(x: body.minX + labelWidth, y: fieldY, width: min(140 * s, body.width - labelWidth),
                                                                 height: row)))
            buttons(true)
        }
        return result
    }
}
