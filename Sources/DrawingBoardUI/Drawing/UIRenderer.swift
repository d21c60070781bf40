import DrawingBoardCore
import DrawingBoardRender

/// Draws the interface over the canvas: the two bars, the open panel, the message, the quit
/// question and the tooltip.
enum UIRenderer {
    static func draw(_ v: ChromeView, with p: Painter, in area: Rect) {
        let s = v.scale
        let l = v.layout
        for bar in [l.topBar, l.bottomBar] where bar.intersects(area) {
            card(bar, p, s)
        }
        PagesRenderer.drawSidebar(v, with: p, in: area)
        // The bars' and the pages' controls, then the cards over them with their own.
        func draw(_ items: ArraySlice<Layout.Item>) {
            // (A slider answers on its track, and is drawn over its whole row.)
            func drawn(_ item: Layout.Item) -> Rect {
                if case .slider(let kind) = item.control, let row = l.inPanel.rows[kind] { return row }
                return item.frame
            }
            for item in items.reversed() where drawn(item).intersects(area) && !item.control.isInSheet && !item.control.isMenuRow {
                if !PagesRenderer.drawItem(item, v, p) { drawItem(item, v, p) }
            }
        }
        draw(l.items.dropFirst(l.frontCount))
        if let panel = l.panel, panel.intersects(area) {
            card(panel, p, s)
            drawPanel(v, p)
        }
        draw(l.items.prefix(l.frontCount))
        PagesRenderer.drawDrop(v, with: p)
        if l.topBar.intersects(area) {
            // Separators between undo/redo, the tools, and clear/save.
            let y = l.topBar.center.y
            for (a, b) in [(Control.redo, Control.tool(.pencil)), (Control.tool(Tool.barTools.last!), Control.clear)] {
                if let left = l.frame(of: a), let right = l.frame(of: b) {
                    let x = ((left.maxX + right.minX) / 2).rounded() + 0.5
                    p.line(from: Point(x, y - 14 * s), to: Point(x, y + 14 * s), width: 1, Theme.chromeBorder)
                }
            }
        }
        // A sheet dims what is under it; a message (a wrong size typed in a sheet) shows over
        // the sheet; the menu goes over the message; the question goes over everything.
        if let sheet = l.sheetCard {
            // The dimming covers the whole window, whatever part is being painted.
            p.fill(Rect(x: 0, y: 0, width: Double(l.window.width), height: Double(l.window.height)), RGBA(0, 0, 0, 0.18))
            if sheet.intersects(area) {
                card(sheet, p, s)
                SheetRenderer.draw(v, with: p)
            }
        }
        if let m = l.message, let message = v.message, m.intersects(area) {
            p.fill(m.insetBy(-1).union(Point(m.minX, m.maxY + 2 * s)), Theme.shadow, radius: 10 * s)
            p.fill(m, message.isError ? Theme.error : Theme.info, radius: 10 * s)
            p.text(message.text, in: m.insetBy(12 * s), size: message.textSize * s, Theme.onAccent, wrap: true)
        }
        if let menu = l.menu, menu.intersects(area) {
            card(menu, p, s)
            MenuRenderer.draw(v, with: p)
        }
        if l.dialog != nil, v.dialogOpen {
            // The question dims the window under it, as a sheet does.
            p.fill(Rect(x: 0, y: 0, width: Double(l.window.width), height: Double(l.window.height)), RGBA(0, 0, 0, 0.18))
        }
        if let d = l.dialog, v.dialogOpen, d.intersects(area) {
            card(d, p, s)
            let text = Rect(x: d.minX + 16 * s, y: d.minY + 12 * s, width: d.width - 32 * s, height: d.height - 36 * s - Theme.button * s)
            p.text(v.question, in: text, size: Theme.textSize * s, Theme.ink, bold: true, wrap: true)
            for item in l.items {
                guard case .dialog(let button) = item.control else { continue }
                let primary = button.isPrimary
                p.fill(item.frame, primary ? Theme.accent : Theme.hover, radius: 10 * s)
                if v.pressed == item.control { p.fill(item.frame, Theme.pressed, radius: 10 * s) }
                p.text(item.control.spec.title ?? "", in: item.frame, size: Theme.textSize * s, primary ? Theme.onAccent : Theme.ink)
            }
        }
        if let tip = v.tooltip, tip.frame.intersects(area) {
            p.fill(tip.frame, Theme.tooltip, radius: 6 * s)
            p.text(tip.text, in: tip.frame.insetBy(8 * s), size: Theme.smallText * s, Theme.onAccent)
        }
    }

    static func card(_ r: Rect, _ p: Painter, _ s: Double) {
        p.fill(Rect(x: r.minX, y: r.minY + 2 * s, width: r.width, height: r.height), Theme.shadow, radius: Theme.radius * s)
        p.fill(r, Theme.chrome, radius: Theme.radius * s)
        p.outline(r, Theme.chromeBorder, width: 1, radius: Theme.radius * s)
    }

    private static func drawItem(_ item: Layout.Item, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let f = item.frame
        let inner = f.insetBy(3 * s)
        let iconSide = Theme.iconSide * s
        func background(selected: Bool) {
            if selected { p.fill(inner, Theme.accent, radius: 10 * s) }
            if v.pressed == item.control { p.fill(inner, Theme.pressed, radius: 10 * s) }
        }
        switch item.control {
        case .tool(let tool):
            let selected = v.tool == tool
            background(selected: selected)
            let spec = item.control.spec
            if !p.icon(spec.icon ?? "", in: f, side: iconSide, selected ? Theme.onAccent : Theme.ink) {
                p.text(String((spec.title ?? "").prefix(2)), in: f, size: Theme.smallText * s, selected ? Theme.onAccent : Theme.ink)
            }
            if tool.isShape, !v.shapeHelpers.isEmpty {
                // A shape helper is switched on in the brush panel: a mark on the shape tools,
                // so shapes that snap or grow from their centre do not come as a surprise.
                let dot = Point(inner.maxX - 6 * s, inner.minY + 6 * s)
                p.fillCircle(center: dot, radius: 5 * s, Theme.warning)
                p.strokeCircle(center: dot, radius: 5 * s, RGBA(1, 1, 1), width: 1.5 * s)
            }
        case .undo, .redo, .save, .clear, .open, .menu, .zoomIn, .zoomOut, .instruments:
            // An icon button, as its description says.
            let spec = item.control.spec
            let selected = (item.control == .menu && v.menuOpen) || (item.control == .instruments && v.instrumentShown)
            background(selected: selected)
            let enabled = item.control == .undo ? v.canUndo : item.control == .redo ? v.canRedo : true
            let color = selected ? Theme.onAccent : enabled ? Theme.ink : Theme.inkDisabled
            if !p.icon(spec.icon ?? "", in: f, side: iconSide, color) {
                p.text(spec.title ?? "", in: f, size: Theme.smallText * s, color)
            }
        case .sticker, .stickerPage, .insertImage, .panel(.stickers), .font, .fontStep:
            ElementRenderer.drawItem(item, v, p)
        case .panel(let kind):
            let selected = v.panel == kind
            background(selected: selected)
            let color = selected ? Theme.onAccent : Theme.ink
            let iconBox = Rect(x: f.minX + 6 * s, y: f.minY, width: 36 * s, height: f.height)
            let spec = item.control.spec
            p.icon(spec.icon ?? "", in: iconBox, side: iconSide, color)
            if !v.layout.compactBottom {
                let labelBox = Rect(x: iconBox.maxX, y: f.minY, width: f.width - iconBox.width - 44 * s, height: f.height)
                p.text(spec.title ?? "", in: labelBox, size: Theme.textSize * s, color, align: .left)
            }
            // The swatch tells the truth: the background's image in miniature, an eraser's
            // state (a crossed-out disc: it has no colour), or the colour.
            let dot = Point(f.maxX - 24 * s, f.center.y)
            let ring = selected ? Theme.onAccent : Theme.chromeBorder
            let disc = Rect(x: dot.x - 10 * s, y: dot.y - 10 * s, width: 20 * s, height: 20 * s)
            if kind == .background, let thumb = v.backgroundThumbnail {
                p.image(thumb, in: disc, circle: true)
            } else if kind == .brush, v.tool.isEraser {
                p.fillCircle(center: dot, radius: 10 * s, RGBA(1, 1, 1))
                p.line(from: Point(disc.minX + 4 * s, disc.maxY - 4 * s), to: Point(disc.maxX - 4 * s, disc.minY + 4 * s), width: 2 * s, Theme.error)
            } else {
                // The brush's colour at its opacity, over white (a 40% pencil shows as it draws).
                p.fillCircle(center: dot, radius: 10 * s, kind == .brush ? Self.brushSample(v) : RGBA(v.backgroundColor))
            }
            p.strokeCircle(center: dot, radius: 10 * s, ring, width: 1.5 * s)
        case .closePanel:
            background(selected: false)
            p.icon("close", in: f, side: 20 * s, Theme.ink)
        case .slider(let kind):
            drawSlider(kind, v.layout.inPanel.rows[kind] ?? item.frame, v, p)
        case .paperLine(let i):
            let c = f.center, color = Paper.lineColors[i]
            p.fillCircle(center: c, radius: 15 * s, RGBA(color))
            p.strokeCircle(center: c, radius: 15 * s, Theme.chromeBorder, width: 1.5 * s)
            if v.paperLine == color { p.strokeCircle(center: c, radius: 19 * s, Theme.accent, width: 2.5 * s) }
        case .recentColor(let i):
            guard i < v.recentColors.count else { return }
            let c = f.center
            p.fillCircle(center: c, radius: 17 * s, RGBA(v.recentColors[i]))
            p.strokeCircle(center: c, radius: 17 * s, Theme.chromeBorder, width: 1.5 * s)
            if v.recentColors[i] == v.style.color {
                p.strokeCircle(center: c, radius: 21 * s, Theme.accent, width: 2.5 * s)
            }
        case .chooseImage:
            p.fill(inner, Theme.hover, radius: 10 * s)
            if v.pressed == item.control { p.fill(inner, Theme.pressed, radius: 10 * s) }
            let spec = item.control.spec
            let iconBox = Rect(x: f.center.x - 90 * s, y: f.minY, width: 36 * s, height: f.height)
            p.icon(spec.icon ?? "", in: iconBox, side: iconSide, Theme.ink)
            p.text(spec.title ?? "", in: Rect(x: iconBox.maxX, y: f.minY, width: 150 * s, height: f.height), size: Theme.textSize * s, Theme.ink, align: .left)
        case .touchMode:
            background(selected: false)
            let iconBox = Rect(x: f.minX + 6 * s, y: f.minY, width: 36 * s, height: f.height)
            p.icon(v.touchMode == .draw ? "touch-draw" : "touch-move", in: iconBox, side: iconSide, Theme.ink)
            if v.layout.compactBottom { return }
            p.text(v.touchMode.label, in: Rect(x: iconBox.maxX, y: f.minY, width: f.width - iconBox.width - 12 * s, height: f.height),
                   size: Theme.textSize * s, Theme.ink, align: .left)
        case .resetView:
            // Selected while its menu of levels is open, as the menu button is with its menu.
            background(selected: v.zoomMenuOpen)
            p.text("\(Int((v.zoom * 100).rounded()))%", in: f, size: Theme.textSize * s, v.zoomMenuOpen ? Theme.onAccent : Theme.ink)
        case .pageNumber, .sidebar, .addPage, .pageThumbnail, .pageMenu, .sidebarView, .contentsEntry, .contentsFold,
             .dismissMessage, .dialog, .dismissMenu, .dismissSheet, .menuItem, .recentFile,
             .sheetClose, .sheetConfirm, .sheetSize, .sheetField, .sheetColor, .sheetPaper, .sheetAnchor, .sheetResolution:
            break
        case .colorWheel:
            let r = f.width / 2
            // At full brightness, so every hue shows whatever the colour; the strip sets brightness.
            p.colorWheel(center: f.center, radius: r, value: 1)
            p.strokeCircle(center: f.center, radius: r, Theme.chromeBorder, width: 1)
            let hsv = v.hsv
            if let marker = v.layout.inPanel.wheelPoint(hue: hsv.hue, saturation: hsv.saturation) {
                p.strokeCircle(center: marker, radius: 8 * s, RGBA(0, 0, 0, 0.6), width: 4 * s)
                p.strokeCircle(center: marker, radius: 8 * s, RGBA(1, 1, 1), width: 2 * s)
            }
        case .valueStrip:
            guard let strip = v.layout.inPanel.valueStrip else { return }
            let hsv = v.hsv
            let top = RGBColor(HSV(hue: hsv.hue, saturation: hsv.saturation, value: 1))
            p.gradient(strip, top: RGBA(top), bottom: RGBA(0, 0, 0), radius: 8 * s)
            p.outline(strip, Theme.chromeBorder, width: 1, radius: 8 * s)
            let y = strip.minY + (1 - hsv.value) * strip.height
            p.fill(Rect(x: strip.minX - 4 * s, y: y - 3 * s, width: strip.width + 8 * s, height: 6 * s), RGBA(1, 1, 1), radius: 3 * s)
            p.outline(Rect(x: strip.minX - 4 * s, y: y - 3 * s, width: strip.width + 8 * s, height: 6 * s), RGBA(0, 0, 0, 0.6), width: 1.5 * s, radius: 3 * s)
        case .hexField:
            let editing = v.hexEntry != nil
            p.fill(inner, RGBA(1, 1, 1), radius: 8 * s)
            p.outline(inner, editing ? Theme.accent : Theme.chromeBorder, width: (editing ? 2 : 1) * s, radius: 8 * s)
            let box = inner.insetBy(10 * s)
            if let entry = v.hexEntry, v.hexSelected, !entry.isEmpty {
                // The whole text selected, as a field shows it: typing replaces it.
                let wide = p.measure("#" + entry, size: Theme.textSize * s).width
                p.fill(Rect(x: box.minX - 2 * s, y: box.center.y - 11 * s, width: wide + 4 * s, height: 22 * s), Theme.accent, radius: 3 * s)
                p.text("#" + entry, in: box, size: Theme.textSize * s, Theme.onAccent, align: .left)
            } else {
                let text = v.hexEntry.map { "#\($0)|" } ?? (v.panel == .background ? v.backgroundColor.hex : v.style.color.hex)
                p.text(text, in: box, size: Theme.textSize * s, Theme.ink, align: .left)
            }
        case .eyedropper:
            background(selected: v.picking)
            let spec = item.control.spec
            if !p.icon(spec.icon ?? "", in: f, side: iconSide, v.picking ? Theme.onAccent : Theme.ink) {
                p.text(spec.title ?? "", in: f, size: Theme.smallText * s, v.picking ? Theme.onAccent : Theme.ink)
            }
        case .smoothing, .pressureCurve, .paper, .selectArea:
            // A choice among a row of them, as its description says.
            let selected: Bool
            switch item.control {
            case .smoothing(let smoothing): selected = v.smoothing == smoothing
            case .selectArea(let area): selected = v.selectArea == area
            case .pressureCurve(let curve): selected = v.pressureCurve == curve
            case .paper(let ruling): selected = ruling == nil ? v.isPlainColor : v.paperRuling == ruling
            default: selected = false
            }
            background(selected: selected)
            p.text(item.control.spec.title ?? "", in: f, size: Theme.textSize * s, selected ? Theme.onAccent : Theme.ink)
        case .shapeHelper, .shapesSwitch, .textSwitch:
            // A check box before the label, so off reads as a switch too, not as plain text.
            let helper: ShapeModifiers? = if case .shapeHelper(let h) = item.control { h } else { nil }
            let on = helper.map { v.shapeHelpers.contains($0) } ?? (item.control == .textSwitch ? v.highlightsText : v.recognizesShapes)
            if v.pressed == item.control { p.fill(inner, Theme.pressed, radius: 10 * s) }
            let side = 22 * s
            let box = Rect(x: inner.minX + 8 * s, y: (f.center.y - side / 2).rounded(), width: side, height: side)
            if on {
                p.fill(box, Theme.accent, radius: 5 * s)
                p.line(from: Point(box.minX + 5 * s, box.center.y), to: Point(box.minX + 9.5 * s, box.maxY - 6 * s), width: 2.5 * s, Theme.onAccent)
                p.line(from: Point(box.minX + 9.5 * s, box.maxY - 6 * s), to: Point(box.maxX - 5 * s, box.minY + 6 * s), width: 2.5 * s, Theme.onAccent)
            } else {
                p.fill(box, RGBA(1, 1, 1), radius: 5 * s)
                p.outline(box, Theme.inkDisabled, width: 2 * s, radius: 5 * s)
            }
            let label = Rect(x: box.maxX + 8 * s, y: f.minY, width: inner.maxX - box.maxX - 8 * s, height: f.height)
            // A narrow window leaves room for the short label only (the tooltip says the rest).
            let title = helper.map { f.width < 130 * s ? $0.shortTitle(for: v.tool) : $0.title(for: v.tool) } ?? (item.control.spec.title ?? "")
            p.text(title, in: label, size: Theme.textSize * s, Theme.ink, align: .left)
        }
    }

    private static func drawSlider(_ kind: SliderKind, _ frame: Rect, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let l = v.layout
        let value = v.value(of: kind)
        guard let track = l.inPanel.tracks[kind], let knobX = l.inPanel.knobX(kind, value: value) else { return }
        p.text(kind == .width && v.tool == .text ? "Size" : kind.label, in: Rect(x: frame.minX + 4 * s, y: frame.minY, width: 72 * s, height: frame.height),
               size: Theme.textSize * s, Theme.ink, align: .left)
        let cy = track.center.y
        let left = track.minX + 12 * s, right = track.maxX - 12 * s
        p.line(from: Point(left, cy), to: Point(right, cy), width: 6 * s, Theme.track)
        p.line(from: Point(left, cy), to: Point(knobX, cy), width: 6 * s, kind.tint ?? Theme.accent)
        p.fillCircle(center: Point(knobX, cy), radius: 11 * s, RGBA(1, 1, 1))
        p.strokeCircle(center: Point(knobX, cy), radius: 11 * s, v.pressed == .slider(kind) ? Theme.accent : Theme.chromeBorder, width: 2 * s)
        let text = kind == .opacity ? "\(value)%" : "\(value)"
        p.text(text, in: Rect(x: track.maxX, y: frame.minY, width: frame.maxX - track.maxX, height: frame.height),
               size: Theme.textSize * s, Theme.ink, align: .right)
    }

    private static func drawPanel(_ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let l = v.layout
        let eraser = v.panel == .brush && v.tool.isEraser
        if let title = l.inPanel.title {
            let text = eraser ? v.tool.title : v.panel == .brush ? (v.tool == .text ? "Text" : "Brush") : v.panel == .stickers ? "Stickers" : "Background"
            p.text(text, in: Rect(x: title.minX + 4 * s, y: title.minY, width: 150 * s, height: title.height),
                   size: (Theme.textSize + 2) * s, Theme.ink, align: .left, bold: true)
        }
        if let preview = l.inPanel.widthPreview {
            // The stroke as it will be drawn: width in canvas pixels, colour and opacity (an
            // eraser's path in grey; a very light colour gets an outline so it still shows).
            let w = min(v.style.width, preview.height - 8 * s)
            let from = Point(preview.minX + w / 2 + 8 * s, preview.center.y), to = Point(preview.maxX - w / 2 - 8 * s, preview.center.y)
            let color = RGBA(v.style.color, alpha: v.style.opacity)
            p.clipped(to: preview) {
                if v.tool == .text {
                    // The text tool's size, colour and font, as a sample.
                    let size = min(v.style.width, preview.height - 4 * s)
                    p.text("Aa", in: preview, size: size, RGBA(v.style.color), align: .left, family: v.font)
                } else if eraser {
                    p.line(from: from, to: to, width: w, Theme.track)
                } else {
                    if 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue > 0.85 {
                        p.line(from: from, to: to, width: w + 2 * s, Theme.chromeBorder)
                    }
                    p.line(from: from, to: to, width: w, color)
                }
            }
        }
        if let note = l.inPanel.note {
            let text = v.tool == .strokeEraser
                ? "Removes every whole stroke it touches; one drag is one undo step."
                : "Clears the drawing under it, down to the background."
            p.text(text, in: note.insetBy(4 * s), size: Theme.textSize * s, Theme.ink, align: .left)
        }
        if let label = l.inPanel.smoothingLabel {
            p.text(v.tool == .text ? "Font" : "Smoothing", in: label.insetBy(4 * s), size: Theme.textSize * s, Theme.ink, align: .left)
        }
        if let label = l.inPanel.pressureLabel {
            p.text("Pressure", in: label.insetBy(4 * s), size: Theme.textSize * s, Theme.ink, align: .left)
        }
        if let label = l.inPanel.paperLabel {
            p.text("Paper", in: label.insetBy(4 * s), size: Theme.textSize * s, Theme.ink, align: .left)
        }
        if let idle = l.inPanel.idleSpacing {
            // A plain page's spacing row: in its place, dimmed, saying what brings it.
            p.text(SliderKind.paperSpacing.label, in: Rect(x: idle.minX + 4 * s, y: idle.minY, width: 72 * s, height: idle.height),
                   size: Theme.textSize * s, Theme.inkDisabled, align: .left)
            p.text("For lines, squares or dots", in: Rect(x: idle.minX + 80 * s, y: idle.minY, width: idle.width - 80 * s, height: idle.height),
                   size: Theme.textSize * s, Theme.inkDisabled, align: .left)
        }
        if let swatch = l.inPanel.swatch {
            let color = v.panel == .brush ? Self.brushSample(v) : RGBA(v.backgroundColor)
            p.fill(swatch, color, radius: 10 * s)
            // An image background shows as itself, as the bar's swatch does (the colour there was
            // the last one chosen, not the page's).
            if v.panel == .background, let thumb = v.backgroundThumbnail {
                p.image(thumb, in: swatch, radius: 10 * s)
                p.outline(swatch, Theme.chromeBorder, width: 1.5 * s, radius: 10 * s)
                return
            }
            p.outline(swatch, Theme.chromeBorder, width: 1.5 * s, radius: 10 * s)
            let hex = (v.panel == .brush ? v.style.color : v.backgroundColor).hex
            p.text(hex, in: Rect(x: swatch.minX - 8 * s, y: swatch.maxY - 24 * s, width: swatch.width + 16 * s, height: 20 * s),
                   size: 11 * s, color.contrasting)
        }
    }
}

extension RGBA {
    /// Black or white, whichever reads better on this colour.
    var contrasting: RGBA {
        0.299 * red + 0.587 * green + 0.114 * blue > 0.55 ? RGBA(0, 0, 0, 0.75) : RGBA(1, 1, 1, 0.9)
    }
}

extension UIRenderer {
    /// `color` at `opacity` laid over white, as an opaque colour (the swatches show the ink as
    /// it will look on paper).
    static func onWhite(_ color: RGBColor, _ opacity: Double) -> RGBA {
        let c = RGBA(color), a = min(max(opacity, 0), 1)
        return RGBA(c.red * a + 1 - a, c.green * a + 1 - a, c.blue * a + 1 - a)
    }

    /// The brush's colour as the tool in hand puts it on paper: text is drawn opaque, so the
    /// pencil's opacity is not shown on it.
    static func brushSample(_ v: ChromeView) -> RGBA {
        v.tool == .text ? RGBA(v.style.color) : onWhite(v.style.color, v.style.opacity)
    }
}
