import DrawingBoardCore
import Foundation

/// The open panel's part of the `Layout`: its card, where each of its places is, and what a
/// pointer over them means (a slider's value, a colour on the wheel, the brightness on the
/// strip). Every place is nil while no panel is open, or when the panel has none.
public struct PanelPlaces: Sendable {
    public typealias Item = Layout.Item

    let scale: Double
    public private(set) var card: Rect?
    public private(set) var kind: PanelKind?
    public private(set) var title: Rect?
    public private(set) var tracks: [SliderKind: Rect] = [:]
    /// Each slider's whole row (its name, the track, its number): what is drawn for it.
    public private(set) var rows: [SliderKind: Rect] = [:]
    public private(set) var swatch: Rect?
    public private(set) var widthPreview: Rect?
    /// The brush panel's colour wheel (a disc inside this square) and brightness strip; left
    /// out when the window is too narrow for them.
    public private(set) var wheel: Rect?
    public private(set) var valueStrip: Rect?
    /// A line of explanation in the brush panel when an eraser is the tool (which has no colour).
    public private(set) var note: Rect?
    /// Where the "Smoothing" label of the brush panel goes (the "Font" label for the text tool).
    public private(set) var smoothingLabel: Rect?
    /// Where the Background panel's "Paper" label goes.
    public private(set) var paperLabel: Rect?
    /// The Background panel's last row on a plain page: the paper's spacing row, dimmed (it is
    /// there, in its place, whatever the paper, so choosing one moves nothing in the panel).
    public private(set) var idleSpacing: Rect?
    /// Where the brush panel's "Pressure" label goes (before the pressure curve's choices).
    public private(set) var pressureLabel: Rect?
    /// The brush panel's place after smoothing for what belongs to the tool in hand: the shape
    /// helpers (shapes), or the pressure curve (freehand tools once a pen was seen).
    private var toolRow: Rect?

    init(scale: Double) {
        self.scale = scale
    }

    // MARK: - Laying the panels out

    /// The most sliders the brush panel shows (the pencil's: width, opacity, red, green, blue).
    static let brushSliders = 5

    /// Side of a sticker's cell in the Stickers panel (logical pixels): bigger than a finger.
    static let stickerCell = 64.0

    static func stickerColumns(window: PixelSize, scale: Double) -> Int {
        let width = min(600 * scale, Double(window.width) - 2 * Theme.margin * scale) - 24 * scale
        return max(3, Int(width / (stickerCell * scale)))
    }

    /// `eraser`: the brush panel shows an eraser's settings, its width and smoothing (an eraser
    /// has no colour or opacity: it clears).
    /// `paper`: the Background panel's spacing row answers (a plain page's shows it dimmed).
    /// `shapes`: a shape tool is in hand, so the brush panel offers the two shape helpers.
    /// `avoiding`: the text being typed (window pixels): a panel that would cover it goes under
    /// the top bar instead, where there is room, so its colour, size and font show as chosen.
    mutating func laySettings(_ kind: PanelKind, window: PixelSize, above bottom: Rect, below topEdge: Double, recentColors: Int,
                              eraser: Bool, paper: Bool, text: Bool, shapes: Bool, tool: Tool? = nil, avoiding: Rect? = nil) -> [Item] {
        let s = scale
        let w = Double(window.width)
        let pad = 12 * s
        let forEraser = kind == .brush && eraser
        let rows: [SliderKind] = forEraser ? [.width]
            : kind == .brush ? [.width] + (text ? [] : [.opacity]) + [.brushRed, .brushGreen, .brushBlue]
            : [.backgroundRed, .backgroundGreen, .backgroundBlue]
        // Title, sliders, the extra row (hex field and recent colours, or "Choose image..."),
        // and for the brush the smoothing row, each a row high; rows get shorter in a short
        // window, down to a finger's size, so the panel fits between the bars.
        // Both panels have a row after the extra one: smoothing and the shape helpers, or the
        // paper. The Background panel's last row is the paper's spacing, kept on a plain page
        // too: the panel is as tall whatever the paper, and its close button stays where the
        // pointer left it.
        let spacingRows = kind == .background ? 1 : 0
        // The brush panel has room for the pencil's five sliders whatever the tool (an
        // eraser's has one, the text tool's four): it keeps its place when the tool changes
        // under it, and its close button stays where the pointer left it.
        let sliderRows = kind == .brush ? Self.brushSliders : rows.count
        let rowCount = Double(sliderRows + 3 + spacingRows)
        let gaps = Double(16 + 8 * spacingRows) * s
        func rowHeight(below edge: Double) -> Double {
            ((bottom.minY - edge - 2 * Theme.margin * s - 2 * pad - gaps) / rowCount).rounded(.down)
        }
        // Between the bars if rows a finger high fit there; else up to the window's top.
        let fitted = rowHeight(below: topEdge) >= Theme.minimumTarget * s ? rowHeight(below: topEdge) : rowHeight(below: 0)
        let row = min(Theme.row * s, max(Theme.minimumTarget * s, fitted))
        let extraRow = row + 8 * s // recent colours, or the "Choose image..." button
        let brushRows = row + 8 * s // smoothing and the shape helpers, or the paper
        let height = 2 * pad + row + Double(sliderRows) * row + extraRow + brushRows + Double(spacingRows) * (row + 8 * s)
        // The wheel column: as wide as the pencil's five slider rows are tall, with the
        // brightness strip beside it; the wheel as tall as the tool's own slider rows. The
        // column is kept for an eraser too (it has no colour), so the card keeps its width.
        let columnSide = Double(sliderRows) * row - 8 * s, wheelSide = Double(rows.count) * row - 8 * s
        let stripWidth = 32 * s, gap = 16 * s
        let wheelColumn = columnSide + gap + stripWidth + gap
        let roomy = kind == .brush && w - 2 * Theme.margin * s >= 560 * s + wheelColumn
        let width = min((roomy ? 560 * s + wheelColumn : 560 * s), w - 2 * Theme.margin * s)
        var panel = Rect(x: ((w - width) / 2).rounded(), y: max(Theme.margin * s, bottom.minY - Theme.margin * s - height).rounded(),
                         width: width.rounded(), height: height.rounded())
        if let avoiding, panel.intersects(avoiding) {
            var high = panel
            high.minY = (topEdge + Theme.margin * s).rounded()
            high.maxY = high.minY + panel.height
            if high.maxY <= bottom.minY - Theme.margin * s, !high.intersects(avoiding) { panel = high }
        }
        card = panel
        self.kind = kind
        var result: [Item] = []
        let inner = panel.insetBy(pad)
        let title = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: row)
        self.title = title
        result.append(Item(control: .closePanel, frame: Rect(x: title.maxX - Theme.button * s, y: title.minY, width: Theme.button * s, height: row)))
        if kind == .brush {
            widthPreview = Rect(x: title.minX + 110 * s, y: title.minY, width: title.width - 110 * s - Theme.button * s - 8 * s, height: row)
        }
        let left = roomy ? Rect(x: inner.minX, y: inner.minY, width: inner.width - wheelColumn, height: inner.height) : inner
        if roomy, !forEraser {
            let top = title.maxY + 4 * s
            let disc = Rect(x: left.maxX + gap + (columnSide - wheelSide) / 2, y: top, width: wheelSide, height: wheelSide)
            wheel = disc
            let strip = Rect(x: left.maxX + gap + columnSide + gap, y: top, width: stripWidth, height: wheelSide)
            valueStrip = strip
            result.append(Item(control: .colorWheel, frame: disc))
            // The strip's target is wider than it looks, for fingers.
            result.append(Item(control: .valueStrip, frame: Rect(x: strip.minX - 6 * s, y: strip.minY, width: strip.width + 12 * s, height: strip.height)))
        }
        let swatchWidth = 64 * s
        /// A slider's row at `y`, `width` wide: its name, the track (which answers, a row high
        /// for fingers; the name and the number do not: a press on "Opacity" used to set it to
        /// 0%), its number.
        func sliderRow(_ kind: SliderKind, y: Double, width: Double) {
            let labelWidth = 80 * s, valueWidth = 56 * s
            let track = Rect(x: left.minX + labelWidth, y: y, width: width - labelWidth - valueWidth, height: row)
            tracks[kind] = track
            self.rows[kind] = Rect(x: left.minX, y: y, width: width, height: row)
            result.append(Item(control: .slider(kind), frame: track))
        }
        var y = title.maxY
        for kind in rows {
            sliderRow(kind, y: y, width: left.width - (kind.tint != nil ? swatchWidth + 8 * s : 0))
            y += row
        }
        let colorRows = rows.filter { $0.tint != nil }
        if let first = colorRows.first, let firstTrack = tracks[first] {
            swatch = Rect(x: left.maxX - swatchWidth, y: firstTrack.minY + 4 * s, width: swatchWidth, height: Double(colorRows.count) * row - 8 * s)
        }
        // The rows after the sliders stay where the pencil has them: the hex field and the
        // smoothing row do not move when the tool changes (an eraser's room is left empty).
        y = title.maxY + Double(sliderRows) * row
        let extra = Rect(x: inner.minX, y: y + 8 * s, width: inner.width, height: row)
        if forEraser {
            note = extra
        } else if kind == .brush {
            // Hex field and eyedropper, then the recent colours.
            let hexWidth = 120 * s
            result.append(Item(control: .hexField, frame: Rect(x: extra.minX, y: extra.minY, width: hexWidth, height: row)))
            result.append(Item(control: .eyedropper, frame: Rect(x: extra.minX + hexWidth + 8 * s, y: extra.minY, width: row, height: row)))
            let colorsX = extra.minX + hexWidth + 16 * s + row + 8 * s
            let fit = Int((extra.maxX - colorsX) / (row + 4 * s))
            for i in 0..<min(recentColors, Layout.maxRecentColors, max(fit, 0)) {
                result.append(Item(control: .recentColor(i), frame: Rect(x: colorsX + Double(i) * (row + 4 * s), y: extra.minY, width: row, height: row)))
            }
        } else {
            // The background's hex field, then "Choose image...".
            let hexWidth = 120 * s
            result.append(Item(control: .hexField, frame: Rect(x: extra.minX, y: extra.minY, width: hexWidth, height: row)))
            result.append(Item(control: .chooseImage, frame: Rect(x: extra.minX + hexWidth + 8 * s, y: extra.minY,
                                                                   width: extra.width - hexWidth - 8 * s, height: row)))
            // Plain, or paper ruled with lines, squares or dots.
            let papers = Rect(x: inner.minX, y: extra.maxY + 8 * s, width: inner.width, height: row)
            paperLabel = Rect(x: papers.minX, y: papers.minY, width: 72 * s, height: row)
            let choices = Paper.Ruling.choices
            let option = ((papers.width - 72 * s) / Double(choices.count)).rounded(.down)
            for (i, ruling) in choices.enumerated() {
                result.append(Item(control: .paper(ruling), frame: Rect(x: papers.minX + 72 * s + Double(i) * option, y: papers.minY,
                                                                        width: option, height: row)))
            }
            // The spacing, then the line colours to choose from; dimmed on a plain page.
            let spacing = Rect(x: inner.minX, y: papers.maxY + 8 * s, width: inner.width, height: row)
            if paper {
                let lineColors = Double(Paper.lineColors.count) * (row + 4 * s)
                sliderRow(.paperSpacing, y: spacing.minY, width: spacing.width - lineColors)
                for i in Paper.lineColors.indices {
                    result.append(Item(control: .paperLine(i), frame: Rect(x: spacing.maxX - lineColors + 4 * s + Double(i) * (row + 4 * s),
                                                                           y: spacing.minY, width: row, height: row)))
                }
            } else {
                idleSpacing = spacing
            }
        }
        if kind == .brush {
            // Smoothing (off / light / strong), then, with a shape tool in hand, the two shape
            // helpers (they change nothing the pencil, the highlighter or an eraser draws).
            let helpers = Rect(x: inner.minX, y: extra.maxY + 8 * s, width: inner.width, height: row)
            smoothingLabel = Rect(x: helpers.minX, y: helpers.minY, width: 96 * s, height: row)
            var x = helpers.minX + 96 * s
            let option = 72 * s
            for smoothing in Smoothing.allCases {
                result.append(Item(control: .smoothing(smoothing), frame: Rect(x: x, y: helpers.minY, width: option, height: row)))
                x += option
            }
            let x0 = x
            if !forEraser {
                let helperWidth = min(150 * s, (helpers.maxX - x - 16 * s) / 2)
                x = helpers.maxX - 2 * helperWidth
                toolRow = Rect(x: x, y: helpers.minY, width: 2 * helperWidth, height: row)
                if shapes {
                    result.append(Item(control: .shapeHelper(.constrain), frame: Rect(x: x, y: helpers.minY, width: helperWidth, height: row)))
                    result.append(Item(control: .shapeHelper(.fromCentre), frame: Rect(x: x + helperWidth, y: helpers.minY, width: helperWidth, height: row)))
                } else if tool == .select {
                    // Lasso or box: how a drag from empty page selects.
                    let option = (2 * helperWidth / Double(SelectArea.allCases.count)).rounded(.down)
                    for (i, area) in SelectArea.allCases.enumerated() {
                        result.append(Item(control: .selectArea(area), frame: Rect(x: x + Double(i) * option, y: helpers.minY, width: option, height: row)))
                    }
                }
                if tool == .pencil || tool == .highlighter {
                    // The pencil's Shapes switch, or the highlighter's Text switch, between
                    // smoothing and the tool's row (which a pen's pressure curve may take).
                    let width = min(140 * s, toolRow!.minX - x0 - 16 * s)
                    if width >= 100 * s {
                        result.append(Item(control: tool == .pencil ? .shapesSwitch : .textSwitch,
                                           frame: Rect(x: x0 + 8 * s, y: helpers.minY, width: width, height: row)))
                    }
                }
            }
        }
        return result
    }

    /// The Stickers panel: a title row (with "Insert image…" and close), four rows of sticker
    /// cells, and the page buttons when the stickers are more than a page.
    mutating func layStickers(window: PixelSize, above bottom: Rect, count: Int, page: Int) -> [Item] {
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
        self.card = card
        kind = .stickers
        let inner = card.insetBy(pad)
        let title = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: row)
        self.title = title
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

    /// The text tool's brush panel: its last row chooses the font (Sans, Serif, Monospace, or
    /// any family installed, stepped through with ‹ and ›) instead of smoothing and the shape
    /// helpers.
    func withFontRow(_ items: [Item]) -> [Item] {
        guard let first = items.first(where: { if case .smoothing = $0.control { return true } else { return false } })?.frame,
              let label = smoothingLabel else { return items }
        let s = scale
        var result = items.filter {
            switch $0.control {
            case .smoothing, .shapeHelper, .shapesSwitch, .textSwitch: return false
            default: return true
            }
        }
        let row = Rect(x: label.minX, y: first.minY, width: (card?.maxX ?? first.maxX) - 12 * s - label.minX, height: first.height)
        var x = first.minX
        // Sans, Serif, Mono; the rest of the row names the other font in use.
        for (i, option) in [64.0, 64, 64].enumerated() {
            result.append(Item(control: .font(i), frame: Rect(x: x, y: row.minY, width: option * s, height: row.height)))
            x += option * s
        }
        let step = row.height
        result.append(Item(control: .fontStep(-1), frame: Rect(x: x + 8 * s, y: row.minY, width: step, height: row.height)))
        result.append(Item(control: .fontStep(1), frame: Rect(x: row.maxX - step, y: row.minY, width: step, height: row.height)))
        return result
    }

    /// A freehand tool's brush panel once a pen was seen: the pressure curve, after its label,
    /// takes the place of the shape helpers (which only shapes use).
    mutating func withPressureCurve(_ items: [Item]) -> [Item] {
        guard let slot = toolRow else { return items }
        var result = items.filter { if case .shapeHelper = $0.control { return false } else { return true } }
        let labelWidth = 84 * scale
        pressureLabel = Rect(x: slot.minX, y: slot.minY, width: labelWidth, height: slot.height)
        let start = slot.minX + labelWidth
        let option = ((slot.maxX - start) / Double(PressureCurve.allCases.count)).rounded(.down)
        for (i, curve) in PressureCurve.allCases.enumerated() {
            result.append(Item(control: .pressureCurve(curve), frame: Rect(x: start + Double(i) * option, y: slot.minY, width: option, height: slot.height)))
        }
        return result
    }

    // MARK: - What a pointer over the places means

    /// The slider value under `x` on `kind`'s track.
    public func sliderValue(_ kind: SliderKind, atX x: Double) -> Int? {
        guard let track = tracks[kind] else { return nil }
        let knob = 12 * scale
        let t = min(max((x - track.minX - knob) / max(track.width - 2 * knob, 1), 0), 1)
        let r = kind.range
        return r.lowerBound + Int((t * Double(r.upperBound - r.lowerBound)).rounded())
    }

    /// Hue (degrees, clockwise from the right) and saturation under `p` on the colour wheel;
    /// points beyond the rim count as on the rim, so a drag can run off the edge, and the
    /// outer 3% is full saturation, so pure colours are easy to hit.
    public func wheelColor(at p: Point) -> (hue: Double, saturation: Double)? {
        guard let wheel else { return nil }
        let c = wheel.center, r = wheel.width / 2
        let dx = p.x - c.x, dy = p.y - c.y
        var hue = atan2(dy, dx) * 180 / .pi
        if hue < 0 { hue += 360 }
        return (hue, min((dx * dx + dy * dy).squareRoot() / (r * 0.97), 1))
    }

    /// Where a hue and saturation sit on the colour wheel.
    public func wheelPoint(hue: Double, saturation: Double) -> Point? {
        guard let wheel else { return nil }
        let a = hue * .pi / 180, r = wheel.width / 2 * 0.97 * saturation
        return Point(wheel.center.x + r * cos(a), wheel.center.y + r * sin(a))
    }

    /// The brightness under `y` on the strip (1 at the top, 0 at the bottom).
    public func stripValue(atY y: Double) -> Double? {
        guard let strip = valueStrip else { return nil }
        return min(max(1 - (y - strip.minY) / strip.height, 0), 1)
    }

    /// The x of the knob for `value` on `kind`'s track.
    public func knobX(_ kind: SliderKind, value: Int) -> Double? {
        guard let track = tracks[kind] else { return nil }
        let knob = 12 * scale
        let r = kind.range
        // A value beyond the slider's range (a paper spacing a script set past 128) keeps the
        // knob at the end of its track; the label shows the value itself.
        let t = min(max(Double(value - r.lowerBound) / Double(r.upperBound - r.lowerBound), 0), 1)
        return track.minX + knob + t * (track.width - 2 * knob)
    }
}
