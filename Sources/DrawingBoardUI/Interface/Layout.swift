import Foundation
import DrawingBoardCore

/// Where every piece of the interface is, in window pixels, for one window size, display scale
/// and interface state. Pure geometry, so hit-testing is testable without a window.
public struct Layout: Sendable {
    public struct Item: Sendable {
        public var control: Control
        public var frame: Rect
    }

    public enum Hit: Sendable, Equatable {
        case control(Control)
        /// Interface chrome that is not a control (a bar's background): nothing happens.
        case chrome
        /// The canvas: the pointer draws.
        case canvas
    }

    public let window: PixelSize
    public let scale: Double
    public private(set) var topBar: Rect
    public private(set) var bottomBar: Rect
    public private(set) var panel: Rect?
    public private(set) var panelKind: PanelKind?
    public private(set) var message: Rect?
    public private(set) var dialog: Rect?
    /// Controls, top-most first.
    public private(set) var items: [Item] = []
    public private(set) var tracks: [SliderKind: Rect] = [:]
    public private(set) var swatch: Rect?
    public private(set) var widthPreview: Rect?
    public internal(set) var panelTitle: Rect?
    /// Whether the bars have their compact form (a narrow window); the bottom bar, with the
    /// pages' controls, takes it in a wider window already.
    public private(set) var compactBars = false
    public private(set) var compactBottom = false
    /// The pages sidebar's card, and what it shows (see Layout+Pages).
    public internal(set) var sidebar: Rect?
    public internal(set) var sidebarSpec: SidebarSpec?
    /// The open main menu's card, and its rows' controls (see Layout+Menu).
    public internal(set) var menu: Rect?
    /// The open sheet's card, and the places inside it (see Layout+Sheet).
    public internal(set) var sheetCard: Rect?
    public internal(set) var sheetTitle: Rect?
    public internal(set) var sheetBody: Rect?
    /// The brush panel's colour wheel (a disc inside this square) and brightness strip; left
    /// out when the window is too narrow for them.
    public private(set) var wheel: Rect?
    public private(set) var valueStrip: Rect?
    /// A line of explanation in the brush panel when an eraser is the tool (which has no colour).
    public private(set) var panelNote: Rect?

    public init(window: PixelSize, scale: Double, barsHidden: Double, panel kind: PanelKind?,
                recentColors: Int, hasMessage: Bool, hasDialog: Bool, messageLines: Int = 1, dialogLines: Int = 2,
                dialogButtons: [DialogButton] = [.save, .discard, .cancel], eraser: Bool = false,
                menuRecent: Int? = nil, sheet: Sheet? = nil, paper: Bool = false, stickers: Int = 0, stickerPage: Int = 0,
                text: Bool = false, pressure: Bool = false, pages: PagesSpec = PagesSpec()) {
        self.window = window
        self.scale = scale
        let s = scale
        let w = Double(window.width), h = Double(window.height)
        let slide = barsHidden * (Theme.barHeight + 2 * Theme.margin) * s
        // Below 880 logical pixels the bars take their compact form: finger-sized (44 px)
        // buttons and narrower gaps, Clear, Open and Save in the menu only (the top bar is then
        // 596 px, within the smallest window, 640), icons without labels in the bottom bar.
        let compact = w < 880 * s
        compactBars = compact

        // Top bar: undo, redo | the tools | clear | open, save, the menu.
        let pad = Theme.pillPadding * s
        let b = (compact ? Theme.minimumTarget : Theme.button) * s
        let seg = (compact ? Theme.minimumTarget : Theme.segment) * s
        let sep = (compact ? 8 : Theme.separator) * s
        let trailing: [Control] = compact ? [.menu] : [.clear, .open, .save, .menu]
        let topWidth = 2 * pad + Double(2 + trailing.count) * b + Double(Tool.barTools.count) * seg + 2 * sep
        let top = Rect(x: max(0, ((w - topWidth) / 2).rounded()), y: Theme.margin * s - slide, width: topWidth.rounded(), height: Theme.barHeight * s)
        topBar = top
        var x = top.minX + pad
        let y = top.minY + (top.height - b) / 2
        var bar: [Item] = []
        func add(_ c: Control, _ width: Double) {
            bar.append(Item(control: c, frame: Rect(x: x, y: y, width: width, height: b)))
            x += width
        }
        add(.undo, b); add(.redo, b); x += sep
        for tool in Tool.barTools { add(.tool(tool), seg) }
        x += sep
        for control in trailing { add(control, b) }

        // Bottom bar: the three panel buttons, the touch mode, the zoom (out, level, in), and the
        // pages (the sidebar's button and "Page 3 of 12"). Compact below 960 logical pixels.
        let compactBottom = w < 960 * s
        self.compactBottom = compactBottom
        let brushWidth = (compactBottom ? 100 : 128) * s, backgroundWidth = (compactBottom ? 100 : 188) * s
        let stickersWidth = (compactBottom ? 56 : 128) * s
        let touchWidth = (compactBottom ? 56 : 160) * s, zoomWidth = 2 * b + 72 * s
        let pageWidth = (compactBottom ? 72 : 110) * s
        let bottomWidth = 2 * pad + brushWidth + backgroundWidth + stickersWidth + touchWidth + zoomWidth + 2 * sep + b + pageWidth
        let bottom = Rect(x: ((w - bottomWidth) / 2).rounded(), y: h - (Theme.margin + Theme.barHeight) * s + slide,
                          width: bottomWidth.rounded(), height: Theme.barHeight * s)
        bottomBar = bottom
        x = bottom.minX + pad
        let by = bottom.minY + (bottom.height - b) / 2
        bar.append(Item(control: .panel(.brush), frame: Rect(x: x, y: by, width: brushWidth, height: b)))
        bar.append(Item(control: .panel(.background), frame: Rect(x: x + brushWidth, y: by, width: backgroundWidth, height: b)))
        bar.append(Item(control: .panel(.stickers), frame: Rect(x: x + brushWidth + backgroundWidth, y: by, width: stickersWidth, height: b)))
        x += brushWidth + backgroundWidth + stickersWidth
        bar.append(Item(control: .touchMode, frame: Rect(x: x, y: by, width: touchWidth, height: b)))
        x += touchWidth + sep
        bar.append(Item(control: .zoomOut, frame: Rect(x: x, y: by, width: b, height: b)))
        bar.append(Item(control: .resetView, frame: Rect(x: x + b, y: by, width: 72 * s, height: b)))
        bar.append(Item(control: .zoomIn, frame: Rect(x: x + b + 72 * s, y: by, width: b, height: b)))
        x += zoomWidth + sep
        bar.append(Item(control: .sidebar, frame: Rect(x: x, y: by, width: b, height: b)))
        bar.append(Item(control: .pageNumber, frame: Rect(x: x + b, y: by, width: pageWidth, height: b)))
        if let addPage = pages.addPage { bar.append(Item(control: .addPage, frame: addPage)) }
        if let spec = pages.sidebar { bar = layoutSidebar(spec, between: top, and: bottom) + bar }

        var front: [Item] = []
        if kind == .stickers {
            front += layoutStickerPanel(above: bottom, below: max(top.maxY, 0), count: stickers, page: stickerPage)
        } else if let kind {
            front += layoutPanel(kind, above: bottom, below: max(top.maxY, 0), recentColors: recentColors, eraser: eraser, paper: paper,
                                 text: text)
            if kind == .brush, text { front = withFontRow(front) }
            if kind == .brush, pressure { front = withPressureCurve(front) }
            if let p = panel, p.minY < max(top.maxY, 0) + Theme.margin * s {
                // A window too short for the panel between the bars: the top bar steps out of
                // the way while the panel is open (the panel's rows are a finger high still).
                topBar = Rect(x: top.minX, y: -top.height - Theme.margin * s, width: top.width, height: top.height)
                bar.removeAll { $0.frame.minY < top.maxY }
            }
        }
        if hasMessage {
            let mw = Self.messageWidth(window: window, scale: s), mh = (26 + 18 * Double(min(max(messageLines, 1), 3))) * s
            let m = Rect(x: ((w - mw) / 2).rounded(), y: max(top.maxY, 0) + Theme.margin * s, width: mw, height: mh)
            message = m
            front.insert(Item(control: .dismissMessage, frame: m), at: 0)
        }
        if let menuRecent, let button = bar.first(where: { $0.control == .menu })?.frame {
            front = layoutMenu(recent: menuRecent, under: button) + front
        } else if let page = pages.menu, let button = bar.first(where: { $0.control == .pageMenu(page) })?.frame {
            front = layoutPageMenu(beside: button) + front
        }
        if let sheet {
            front = layoutSheet(sheet)
        }
        if hasDialog {
            // As tall as the question's lines need, over its buttons.
            let dw = Self.dialogWidth(window: window, scale: s)
            let dh = (12 + 20 * Double(min(max(dialogLines, 1), 4)) + 24) * s + b + 12 * s
            let d = Rect(x: ((w - dw) / 2).rounded(), y: ((h - dh) / 2).rounded(), width: dw, height: dh)
            dialog = d
            let n = Double(dialogButtons.count)
            let bw = (dw - (n + 1) * 12 * s) / n
            let buttonsY = d.maxY - 12 * s - b
            front = dialogButtons.enumerated().map { i, button in
                Item(control: .dialog(button), frame: Rect(x: d.minX + 12 * s + Double(i) * (bw + 12 * s), y: buttonsY, width: bw, height: b))
            }
        }
        items = front + bar
    }

    /// `eraser`: the brush panel shows an eraser's settings, its width and smoothing (an eraser
    /// has no colour or opacity: it clears).
    /// `paper`: the Background panel shows the paper's spacing too.
    private mutating func layoutPanel(_ kind: PanelKind, above bottom: Rect, below topEdge: Double, recentColors: Int, eraser: Bool,
                                      paper: Bool, text: Bool) -> [Item] {
        let s = scale
        let w = Double(window.width)
        let pad = 12 * s
        let forEraser = kind == .brush && eraser
        let rows: [SliderKind] = forEraser ? [.width]
            : kind == .brush ? [.width] + (text ? [] : [.opacity]) + [.brushRed, .brushGreen, .brushBlue]
            : [.backgroundRed, .backgroundGreen, .backgroundBlue] + (paper ? [.paperSpacing] : [])
        // Title, sliders, the extra row (hex field and recent colours, or "Choose image..."),
        // and for the brush the smoothing row, each a row high; rows get shorter in a short
        // window, down to a finger's size, so the panel fits between the bars.
        // Both panels have a last row: smoothing and the shape helpers, or the paper.
        let rowCount = Double(rows.count + 3)
        let gaps = 16 * s
        func rowHeight(below edge: Double) -> Double {
            ((bottom.minY - edge - 2 * Theme.margin * s - 2 * pad - gaps) / rowCount).rounded(.down)
        }
        // Between the bars if rows a finger high fit there; else up to the window's top.
        let fitted = rowHeight(below: topEdge) >= Theme.minimumTarget * s ? rowHeight(below: topEdge) : rowHeight(below: 0)
        let row = min(Theme.row * s, max(Theme.minimumTarget * s, fitted))
        let extraRow = row + 8 * s // recent colours, or the "Choose image..." button
        let brushRows = row + 8 * s // smoothing and the shape helpers, or the paper
        let height = 2 * pad + row + Double(rows.count) * row + extraRow + brushRows
        // The wheel column: as tall as the slider rows, with the brightness strip beside it.
        let wheelSide = Double(rows.count) * row - 8 * s, stripWidth = 32 * s, gap = 16 * s
        let wheelColumn = wheelSide + gap + stripWidth + gap
        let roomy = kind == .brush && !forEraser && w - 2 * Theme.margin * s >= 560 * s + wheelColumn
        let width = min((roomy ? 560 * s + wheelColumn : 560 * s), w - 2 * Theme.margin * s)
        let panel = Rect(x: ((w - width) / 2).rounded(), y: max(Theme.margin * s, bottom.minY - Theme.margin * s - height).rounded(),
                         width: width.rounded(), height: height.rounded())
        self.panel = panel
        panelKind = kind
        var result: [Item] = []
        let inner = panel.insetBy(pad)
        let title = Rect(x: inner.minX, y: inner.minY, width: inner.width, height: row)
        panelTitle = title
        result.append(Item(control: .closePanel, frame: Rect(x: title.maxX - Theme.button * s, y: title.minY, width: Theme.button * s, height: row)))
        if kind == .brush {
            widthPreview = Rect(x: title.minX + 110 * s, y: title.minY, width: title.width - 110 * s - Theme.button * s - 8 * s, height: row)
        }
        let left = roomy ? Rect(x: inner.minX, y: inner.minY, width: inner.width - wheelColumn, height: inner.height) : inner
        if roomy {
            let top = title.maxY + 4 * s
            let disc = Rect(x: left.maxX + gap, y: top, width: wheelSide, height: wheelSide)
            wheel = disc
            let strip = Rect(x: disc.maxX + gap, y: top, width: stripWidth, height: wheelSide)
            valueStrip = strip
            result.append(Item(control: .colorWheel, frame: disc))
            // The strip's target is wider than it looks, for fingers.
            result.append(Item(control: .valueStrip, frame: Rect(x: strip.minX - 6 * s, y: strip.minY, width: strip.width + 12 * s, height: strip.height)))
        }
        let swatchWidth = 64 * s
        var y = title.maxY
        for kind in rows {
            let isColor = kind.tint != nil
            let labelWidth = 80 * s, valueWidth = 56 * s
            // The spacing row ends with the line colours to choose from.
            let lineColors = kind == .paperSpacing ? Double(Paper.lineColors.count) * (row + 4 * s) : 0
            let rowRect = Rect(x: left.minX, y: y, width: left.width - (isColor ? swatchWidth + 8 * s : 0) - lineColors, height: row)
            for i in Paper.lineColors.indices where lineColors > 0 {
                result.append(Item(control: .paperLine(i), frame: Rect(x: rowRect.maxX + 4 * s + Double(i) * (row + 4 * s), y: y, width: row, height: row)))
            }
            let track = Rect(x: rowRect.minX + labelWidth, y: y, width: rowRect.width - labelWidth - valueWidth, height: row)
            tracks[kind] = track
            result.append(Item(control: .slider(kind), frame: Rect(x: rowRect.minX, y: y, width: rowRect.width, height: row)))
            y += row
        }
        let colorRows = rows.filter { $0.tint != nil }
        if let first = colorRows.first, let firstTrack = tracks[first] {
            swatch = Rect(x: left.maxX - swatchWidth, y: firstTrack.minY + 4 * s, width: swatchWidth, height: Double(colorRows.count) * row - 8 * s)
        }
        let extra = Rect(x: inner.minX, y: y + 8 * s, width: inner.width, height: row)
        if forEraser {
            panelNote = extra
        } else if kind == .brush {
            // Hex field and eyedropper, then the recent colours.
            let hexWidth = 120 * s
            result.append(Item(control: .hexField, frame: Rect(x: extra.minX, y: extra.minY, width: hexWidth, height: row)))
            result.append(Item(control: .eyedropper, frame: Rect(x: extra.minX + hexWidth + 8 * s, y: extra.minY, width: row, height: row)))
            let colorsX = extra.minX + hexWidth + 16 * s + row + 8 * s
            let fit = Int((extra.maxX - colorsX) / (row + 4 * s))
            for i in 0..<min(recentColors, Self.maxRecentColors, max(fit, 0)) {
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
        }
        if kind == .brush {
            // Smoothing (off / light / strong), then the two shape helpers (not for erasers).
            let helpers = Rect(x: inner.minX, y: extra.maxY + 8 * s, width: inner.width, height: row)
            smoothingLabel = Rect(x: helpers.minX, y: helpers.minY, width: 96 * s, height: row)
            var x = helpers.minX + 96 * s
            let option = 72 * s
            for smoothing in Smoothing.allCases {
                result.append(Item(control: .smoothing(smoothing), frame: Rect(x: x, y: helpers.minY, width: option, height: row)))
                x += option
            }
            if !forEraser {
                let helperWidth = min(150 * s, (helpers.maxX - x - 16 * s) / 2)
                x = helpers.maxX - 2 * helperWidth
                result.append(Item(control: .shapeHelper(.constrain), frame: Rect(x: x, y: helpers.minY, width: helperWidth, height: row)))
                result.append(Item(control: .shapeHelper(.fromCentre), frame: Rect(x: x + helperWidth, y: helpers.minY, width: helperWidth, height: row)))
            }
        }
        return result
    }

    /// Sets the open panel's card (for the panels laid out in their own files).
    mutating func setPanel(_ rect: Rect, kind: PanelKind) {
        panel = rect
        panelKind = kind
    }

    /// The question dialog's width.
    public static func dialogWidth(window: PixelSize, scale: Double) -> Double {
        min(460 * scale, Double(window.width) - 4 * Theme.margin * scale)
    }

    /// The message banner's width (its text wraps to at most three lines within it).
    public static func messageWidth(window: PixelSize, scale: Double) -> Double {
        min(640 * scale, Double(window.width) - 4 * Theme.margin * scale)
    }

    /// Where the "Smoothing" label of the brush panel goes (the "Font" label for the text tool).
    public internal(set) var smoothingLabel: Rect?
    /// Where the Background panel's "Paper" label goes.
    public private(set) var paperLabel: Rect?
    /// Where the brush panel's "Pressure" label goes (before the pressure curve's choices).
    public internal(set) var pressureLabel: Rect?

    public static let maxRecentColors = 8

    /// What is under a pointer at `p`.
    public func hit(_ p: Point) -> Hit {
        // The question is modal: only its buttons answer; nothing behind it draws or acts.
        if dialog != nil {
            if let item = items.first(where: { $0.frame.contains(p) }), case .dialog = item.control { return .control(item.control) }
            return .chrome
        }
        // A sheet is modal too; an open menu closes when the press lands outside it.
        if let sheetCard {
            if let item = items.first(where: { $0.frame.contains(p) }), item.control.isInSheet { return .control(item.control) }
            return sheetCard.contains(p) ? .chrome : .control(.dismissSheet)
        }
        if let menu, !menu.contains(p), frame(of: .menu)?.contains(p) != true { return .control(.dismissMenu) }
        if let item = items.first(where: { $0.frame.contains(p) }) { return .control(item.control) }
        for chrome in [menu, sheetCard, panel, topBar, bottomBar, sidebar] {
            if let chrome, chrome.contains(p) { return .chrome }
        }
        return .canvas
    }

    public func frame(of control: Control) -> Rect? {
        items.first { $0.control == control }?.frame
    }

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

    /// Areas the interface covers (for redrawing when it changes).
    public var chromeRects: [Rect] {
        // A sheet or a question dims the whole window behind it.
        let scrim = (sheetCard ?? dialog).map { _ in Rect(x: 0, y: 0, width: Double(window.width), height: Double(window.height)) }
        return [topBar, bottomBar, panel, message, dialog, menu, sheetCard, scrim, sidebar, frame(of: .addPage)].compactMap { $0 }.map { $0.insetBy(-4 * scale) }
    }
}
