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
    /// The open panel's card, and the places inside it (all nil when no panel is open).
    public private(set) var inPanel: PanelPlaces
    public var panel: Rect? { inPanel.card }
    public var panelKind: PanelKind? { inPanel.kind }
    public private(set) var message: Rect?
    public private(set) var dialog: Rect?
    /// Controls, top-most first.
    public private(set) var items: [Item] = []
    /// How many of `items` lie on the cards over the bars and the pages (a panel, the message,
    /// the menu, a sheet, the question): the rest are drawn under those cards.
    public private(set) var frontCount = 0
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

    public init(window: PixelSize, scale: Double, barsHidden: Double, panel kind: PanelKind?,
                recentColors: Int, hasMessage: Bool, hasDialog: Bool, messageLines: Int = 1, dialogLines: Int = 2,
                dialogButtons: [DialogButton] = [.save, .discard, .cancel], eraser: Bool = false,
                menuRecent: Int? = nil, zoomMenu: Bool = false, sheet: Sheet? = nil, paper: Bool = false, stickers: Int = 0, stickerPage: Int = 0,
                text: Bool = false, pressure: Bool = false, shapes: Bool = false, tool: Tool? = nil, pages: PagesSpec = PagesSpec(),
                typing: Rect? = nil) {
        self.window = window
        self.scale = scale
        inPanel = PanelPlaces(scale: scale)
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
        let trailing: [Control] = compact ? [.instruments, .menu] : [.instruments, .clear, .open, .save, .menu]
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
            front += inPanel.layStickers(window: window, above: bottom, count: stickers, page: stickerPage)
        } else if let kind {
            front += inPanel.laySettings(kind, window: window, above: bottom, below: max(top.maxY, 0), recentColors: recentColors,
                                         eraser: eraser, paper: paper, text: text, shapes: shapes, tool: tool, avoiding: typing)
            if kind == .brush, text { front = inPanel.withFontRow(front) }
            if kind == .brush, pressure { front = inPanel.withPressureCurve(front) }
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
        } else if zoomMenu, let level = bar.first(where: { $0.control == .resetView })?.frame {
            front = layoutZoomMenu(above: level) + front
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
            // Over whatever is open (a panel stays whole under the scrim); only the question's
            // buttons answer (`hit`).
            front = dialogButtons.enumerated().map { i, button in
                Item(control: .dialog(button), frame: Rect(x: d.minX + 12 * s + Double(i) * (bw + 12 * s), y: buttonsY, width: bw, height: b))
            } + front
        }
        // The add-page button lies on the desk, under the page: a card over it (a panel, the
        // message, the menu, a bar, the sidebar) hides it, and a press there is the card's.
        let cards = [panel, message, menu, topBar, bottomBar, sidebar].compactMap { $0 }
        bar.removeAll { $0.control == .addPage && cards.contains(where: $0.frame.intersects) }
        items = front + bar
        frontCount = front.count
    }

    /// The question dialog's width.
    public static func dialogWidth(window: PixelSize, scale: Double) -> Double {
        min(460 * scale, Double(window.width) - 4 * Theme.margin * scale)
    }

    /// The message banner's width (its text wraps to at most three lines within it).
    public static func messageWidth(window: PixelSize, scale: Double) -> Double {
        min(640 * scale, Double(window.width) - 4 * Theme.margin * scale)
    }

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
        if let item = items.prefix(frontCount).first(where: { $0.frame.contains(p) }) { return .control(item.control) }
        // A card over the bars and the pages takes a press anywhere on it: what lies under it
        // (the sidebar's cards, the "+") does not answer through it.
        for card in [menu, panel, message] {
            if let card, card.contains(p) { return .chrome }
        }
        if let item = items.dropFirst(frontCount).first(where: { $0.frame.contains(p) }) { return .control(item.control) }
        // (The menu, the sheet and the panel answered above.)
        for chrome in [topBar, bottomBar, sidebar] {
            if let chrome, chrome.contains(p) { return .chrome }
        }
        return .canvas
    }

    public func frame(of control: Control) -> Rect? {
        items.first { $0.control == control }?.frame
    }

    /// Areas the interface covers (for redrawing when it changes).
    public var chromeRects: [Rect] {
        // A sheet or a question dims the whole window behind it.
        let scrim = (sheetCard ?? dialog).map { _ in Rect(x: 0, y: 0, width: Double(window.width), height: Double(window.height)) }
        return [topBar, bottomBar, panel, message, dialog, menu, sheetCard, scrim, sidebar, frame(of: .addPage)].compactMap { $0 }.map { $0.insetBy(-4 * scale) }
    }
}
