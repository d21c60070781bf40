import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The window's interface over the page: the two bars (sliding away while a stroke is drawn),
/// the open panel, the banner, the main menu, the sheets, the question's dialog and the
/// tooltips. It lays them out (`Layout`) from its state and the other parts', and draws them.
public final class Chrome {
    unowned let app: AppController
    /// The panel that slid up from the bottom bar, if any.
    public internal(set) var panel: PanelKind?
    public private(set) lazy var menu = MainMenu(app: app)
    public private(set) lazy var sheets = Sheets(app: app)
    private(set) var banner = Banner()
    private var bars = BarAnimation()
    /// The control a pointer is down on (drawn pressed).
    var pressed: Control?
    /// The control under the mouse, and since when (its tooltip comes after a while).
    private var hover: (control: Control, since: Double)?
    /// The question's text, width and lines when last measured (Pango is not asked every frame).
    private var questionMeasure: (text: String, width: Double, lines: Int)?
    /// The background image's miniature for the bottom bar, and the background it shows.
    private var thumbnail: (of: Background, image: RasterImage?)?

    public static let tooltipDelay = 0.6

    init(app: AppController) {
        self.app = app
    }

    private var now: Double { app.now }

    /// The sheet over the page, if one is open.
    public var sheet: Sheet? { sheets.sheet }

    // MARK: - Layout

    /// The layout now (`barsHidden`: as if the bars were that far hidden; 0, as they rest).
    public func layout(barsHidden: Double? = nil) -> Layout {
        let tool = app.editor.toolState.tool
        let question = app.document.pendingQuestion
        return Layout(window: app.window, scale: app.scale, barsHidden: barsHidden ?? bars.hidden(at: now), panel: panel,
                      recentColors: app.brush.recentColors.count, hasMessage: banner.message != nil, hasDialog: question != nil,
                      messageLines: banner.message?.lines ?? 1, dialogLines: question != nil ? questionLines : 2,
                      dialogButtons: question?.buttons ?? [], eraser: tool.isEraser, menuRecent: menu.isOpen && menu.pageTarget == nil && !menu.zoomLevels ? menu.recent.count : nil,
                      zoomMenu: menu.isOpen && menu.zoomLevels,
                      sheet: sheet, paper: app.brush.paper != nil, stickers: app.selection.stickers?.entries.count ?? 0,
                      stickerPage: app.selection.stickerPage, text: tool == .text, pressure: app.input.pens.seen && tool.isFreehand,
                      shapes: tool.isShape, tool: tool, pages: app.pages.layoutSpec, typing: panel == .brush ? app.text.typingBox : nil)
    }

    /// How far the bars have slid away (0: shown, 1: hidden).
    public var barsHidden: Double { bars.hidden(at: now) }

    /// Lines the question takes in its dialog (the dialog is as tall as its words need).
    var questionLines: Int {
        let width = Layout.dialogWidth(window: app.window, scale: app.scale) - 32 * app.scale
        let text = app.document.questionText
        if let m = questionMeasure, m.text == text, m.width == width { return m.lines }
        let lines = min(4, TextMetrics.lineCount(text, width: width, size: Theme.textSize * app.scale, bold: true))
        questionMeasure = (text, width, lines)
        return lines
    }

    // MARK: - The banner

    /// Shows an error in the banner (twice as long as news); it replaces any older message,
    /// and the bars come back to show it.
    public func show(error text: String) {
        banner.show(text, isError: true, now: now, window: app.window, scale: app.scale)
        bars.show(at: now)
        app.invalidateChrome()
    }

    /// Shows news (a save, an export): it replaces any older message, an error included.
    public func show(info text: String) {
        banner.show(text, isError: false, now: now, window: app.window, scale: app.scale)
        app.invalidateChrome()
    }

    /// The message stays until it is dismissed.
    func keepMessage() { banner.keep() }

    func dismissMessage() {
        guard banner.message != nil else { return }
        banner.dismiss()
        app.invalidateChrome()
    }

    /// The banner's text, if a message shows.
    public var messageText: String? { banner.message?.text }
    var showsError: Bool { banner.isError }

    // MARK: - Bars, panels, hover

    /// The bars slide away while a stroke is drawn and come back a second after it ends.
    func strokeBegan() {
        bars.strokeBegan(at: now)
        hover = nil
        app.invalidateChrome()
    }

    func strokesEnded() { bars.strokesEnded(at: now) }

    /// The bars come back at once (a question, a sheet, the menu, an error).
    func showBars() { bars.show(at: now) }

    func togglePanel(_ kind: PanelKind) {
        panel = panel == kind ? nil : kind
        app.invalidateChrome()
    }

    /// The mouse is over `control` now (nil: over no control).
    func hovered(_ control: Control?) {
        guard control != hover?.control else { return }
        let hadTooltip = tooltip() != nil, leftRow = hover?.control.isMenuRow == true
        hover = control.map { ($0, now) }
        if hadTooltip || leftRow || control != nil { app.invalidateChrome() }
    }

    /// The control under the mouse, if any.
    var hoveredControl: Control? { hover?.control }

    /// A key means the hand left the mouse: a tooltip goes until the pointer moves again.
    func forgetHover() {
        guard hover != nil else { return }
        hover = nil
        app.invalidateChrome()
    }

    func focusLost() {
        pressed = nil
        hover = nil
        bars.strokesEnded(at: now)
        app.invalidateChrome()
    }

    /// The control under the mouse long enough for its tooltip, with where the tooltip goes.
    public func tooltip(in given: Layout? = nil) -> (text: String, frame: Rect)? {
        // No tooltip while the hex field is typed in: it would cover the sliders being matched.
        // Nor over the open menu or a sheet, which it would cover.
        guard let hover, now - hover.since >= Self.tooltipDelay - 1e-6, pressed == nil, !app.input.isPointerDown,
              app.brush.colour.hexEntry == nil, !menu.isOpen, sheet == nil,
              var text = hover.control.spec.fullTooltip, let anchor = (given ?? layout()).frame(of: hover.control) else { return nil }
        // A panel's own button says nothing while the panel is open: it would cover the panel's
        // bottom row, and the open panel already says what the button does.
        if case .panel(let kind) = hover.control, kind == panel { return nil }
        if hover.control == .slider(.width), app.editor.toolState.tool == .text { text = "Text size" }
        let helpers = app.editor.toolState.shapeHelpers
        if case .tool(let tool) = hover.control, tool.isShape, !helpers.isEmpty {
            // The orange mark on the shape tools, explained.
            let on = [ShapeModifiers.constrain, .fromCentre].filter(helpers.contains).map { $0.title(for: tool) }.joined(separator: " and ")
            text += " · \(on) on (Brush panel)"
        }
        let s = app.scale, window = app.window
        let width = min(Double(window.width) - 8 * s, Double(text.count) * 8.2 * s + 24 * s)
        let height = 32 * s
        let below = anchor.maxY + 6 * s + height <= Double(window.height) && anchor.minY < Double(window.height) / 2
        let y = below ? anchor.maxY + 6 * s : anchor.minY - 6 * s - height
        let x = min(max(anchor.center.x - width / 2, 4 * s), Double(window.width) - width - 4 * s)
        return (text, Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(), height: height))
    }

    // MARK: - Time

    /// When the chrome next changes by itself (the bars sliding, the message going, a tooltip).
    func nextWakeup() -> Double? {
        var next: [Double] = []
        if let t = bars.nextChange(after: now) { next.append(t) }
        if let t = banner.expiry { next.append(t) }
        if let hover, now - hover.since < Self.tooltipDelay - 1e-6, hover.control.spec.tooltip != nil { next.append(hover.since + Self.tooltipDelay) }
        return next.min()
    }

    func tick(hadTooltip: Bool) {
        if bars.advance(to: now) { app.invalidateChrome() }
        if banner.expire(at: now) { app.invalidateChrome() }
        if hadTooltip != (tooltip() != nil) { app.invalidateChrome() }
    }

    // MARK: - What it shows

    /// A miniature of the background image (nil for a colour), made once per image.
    var backgroundThumbnail: RasterImage? {
        let background = app.editor.background
        if let thumbnail, thumbnail.of == background {
            // Keep this copy, so the next frame's comparison finds the same storage at once.
            self.thumbnail = (background, thumbnail.image)
            return thumbnail.image
        }
        var image: RasterImage?
        if case .image(let full, _) = background { image = try? ImageOps.thumbnail(full, maxSide: 48) }
        thumbnail = (background, image)
        return image
    }

    /// Draws the interface within `area`.
    func draw(with painter: Painter, in area: Rect, layout: Layout) {
        UIRenderer.draw(ChromeView(app: app, layout: layout), with: painter, in: area)
    }
}
