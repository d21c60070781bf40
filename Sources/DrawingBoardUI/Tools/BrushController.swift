import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The tools' settings as the window keeps them: the tool in hand and what each kind of tool
/// keeps while another is chosen (`ToolRules`), the sliders of the Brush and Background
/// panels, the recent colours, the background colour and paper, the colour picking
/// (`ColourPicker`) and the brush's outline over the page (`BrushCursor`).
public final class BrushController {
    unowned let app: AppController
    /// The settings each kind of tool keeps while another is chosen.
    var rules = ToolRules()
    public internal(set) var recentColors: [RGBColor] = []
    /// The background panel's colour (the paper's, on paper; kept over an image).
    public internal(set) var backgroundColor = RGBColor.white
    public private(set) lazy var colour = ColourPicker(app: app)
    private(set) lazy var cursor = BrushCursor(app: app)

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }

    // MARK: - Tools

    public func select(_ tool: Tool) {
        if tool != .text { app.text.finish() }
        if tool != .select, app.selection.selected != nil { app.selection.select(nil) }
        if tool != .select { app.lasso.none() }
        // The Select tool's text selection goes with it; a highlight being dragged ends with
        // any change of tool.
        if tool != .select || editor.toolState.tool == .highlighter { app.pdfText.clear() }
        cursor.resizing {
            let before = editor.toolState.style.color
            rules.select(tool, in: &editor.toolState)
            if editor.toolState.style.color != before { colour.rememberWheel(editor.toolState.style.color) }
            app.invalidateChrome()
        }
    }

    /// `[` and `]`: finer steps for thin pens, coarser for wide ones.
    func nudgeWidth(up: Bool) {
        let w = Int(editor.toolState.style.width.rounded())
        let step = w < 10 ? 1 : (w < 50 ? 5 : 10)
        setSlider(.width, to: up ? w + step : w - step)
        // With the panel closed, say what the width is now (the panel's slider shows it otherwise).
        if app.chrome.panel != .brush {
            let tool = editor.toolState.tool
            let size = Int(editor.toolState.style.width.rounded())
            app.chrome.show(info: tool == .text ? "Text size: \(size)" : "\(tool.isEraser ? "Eraser" : tool == .highlighter ? "Highlighter" : "Pen") width: \(size) px")
        }
    }

    /// S: off, light, strong, off...
    func cycleSmoothing() {
        let all = Smoothing.allCases
        let next = all[(all.firstIndex(of: editor.toolState.smoothing)! + 1) % all.count]
        editor.toolState.smoothing = next
        app.chrome.show(info: "Smoothing: \(next.title.lowercased())")
        app.invalidateChrome()
    }

    // MARK: - Sliders

    /// The value a slider shows.
    public func value(of slider: SliderKind) -> Int {
        let style = editor.toolState.style
        switch slider {
        case .width: return Int(style.width.rounded())
        case .opacity: return Int((style.opacity * 100).rounded())
        case .brushRed: return Int(style.color.red)
        case .brushGreen: return Int(style.color.green)
        case .brushBlue: return Int(style.color.blue)
        case .backgroundRed: return Int(backgroundColor.red)
        case .backgroundGreen: return Int(backgroundColor.green)
        case .backgroundBlue: return Int(backgroundColor.blue)
        case .paperSpacing: return Int((paper?.spacing ?? Paper.defaultSpacing).rounded())
        }
    }

    /// A press on a slider, the wheel or the strip sets them at once.
    func press(_ control: Control, at p: Point) {
        _ = drag(control, to: p)
    }

    /// A drag on a slider, the wheel or the strip; false for other controls.
    func drag(_ control: Control, to p: Point) -> Bool {
        switch control {
        case .slider(let kind):
            guard let v = app.layout().inPanel.sliderValue(kind, atX: p.x) else { return true }
            setSlider(kind, to: v)
        case .colorWheel, .valueStrip:
            colour.drag(control, at: p)
        default:
            return false
        }
        return true
    }

    /// Sets a slider, clamped to its range, and applies it.
    public func setSlider(_ kind: SliderKind, to raw: Int) {
        if kind == .width { cursor.resizing { setSliderNow(kind, to: raw) } } else { setSliderNow(kind, to: raw) }
    }

    private func setSliderNow(_ kind: SliderKind, to raw: Int) {
        let v = min(max(raw, kind.range.lowerBound), kind.range.upperBound)
        var style = editor.toolState.style
        var bg = backgroundColor
        switch kind {
        case .width: style.width = Double(v)
        case .opacity: style.opacity = Double(v) / 100
        case .brushRed: style.color.red = UInt8(v)
        case .brushGreen: style.color.green = UInt8(v)
        case .brushBlue: style.color.blue = UInt8(v)
        case .backgroundRed: bg.red = UInt8(v)
        case .backgroundGreen: bg.green = UInt8(v)
        case .backgroundBlue: bg.blue = UInt8(v)
        case .paperSpacing:
            if var paper, paper.spacing != Double(v) {
                paper.spacing = Double(v)
                app.attempt { try editor.previewBackground(.paper(paper)) }
            }
        }
        editor.toolState.style = style
        if kind == .brushRed || kind == .brushGreen || kind == .brushBlue { colour.rememberWheel(style.color) }
        if bg != backgroundColor || (kind.isBackground && editor.background != background(ofColor: bg)) {
            backgroundColor = bg
            app.attempt { try editor.previewBackground(background(ofColor: bg)) }
        }
        app.invalidateChrome()
    }

    // MARK: - Colours

    /// Gives the pens `color` (the highlighter keeps its own while it is chosen).
    func setPenColor(_ color: RGBColor) {
        rules.setPenColor(color, in: &editor.toolState)
        if editor.toolState.tool != .highlighter { colour.rememberWheel(color) }
    }

    /// The brush takes recent colour `i`.
    func useRecentColor(_ i: Int) {
        guard i < recentColors.count else { return }
        editor.toolState.style.color = recentColors[i]
        colour.rememberWheel(recentColors[i])
    }

    /// The brush's colour goes first in the recent colours (the erasers have none).
    func rememberColor() {
        guard !editor.toolState.tool.isEraser else { return }
        let c = editor.toolState.style.color
        guard recentColors.first != c else { return }
        recentColors.removeAll { $0 == c }
        recentColors.insert(c, at: 0)
        if recentColors.count > Layout.maxRecentColors { recentColors.removeLast() }
        if app.chrome.panel == .brush { app.invalidateChrome() }
    }

    // MARK: - Background and paper

    /// The page's paper, when the background is paper.
    var paper: Paper? {
        if case .paper(let paper) = editor.background { return paper }
        return nil
    }

    /// The background of `color`: the paper in that colour when the page is paper (ours, or a
    /// Xournal++ notebook's).
    func background(ofColor color: RGBColor) -> Background {
        if case .xournal(var paper) = editor.background {
            paper.color = color
            return .xournal(paper)
        }
        guard var paper else { return .color(color) }
        paper.color = color
        return .paper(paper)
    }

    /// The background sliders and swatch show the background colour the picture has now (an
    /// undone colour change takes them back too). Over an image they keep the last colour.
    func followBackground() {
        if case .color(let c) = editor.background { backgroundColor = c }
        if case .xournal(let paper) = editor.background { backgroundColor = paper.color }
        // A PDF page is drawn over white (the swatch kept the last page's colour).
        if case .pdf = editor.background { backgroundColor = .white }
        if let paper { backgroundColor = paper.color }
    }

    /// The paper's line colour, as one undoable step.
    func choosePaperLine(_ color: RGBColor) {
        guard var paper, paper.line != color else { return }
        paper.line = color
        app.attempt { try editor.setBackground(.paper(paper)) }
        app.invalidateChrome()
    }

    /// The Background panel's paper choice: plain, or ruled (the spacing and line colour kept
    /// from the paper there is, if any), as one undoable step.
    func choosePaper(_ ruling: Paper.Ruling?) {
        let next: Background
        if let ruling {
            var paper = self.paper ?? Paper(ruling, color: backgroundColor)
            paper.ruling = ruling
            next = .paper(paper)
        } else {
            next = .color(backgroundColor)
        }
        guard next != editor.background else { return }
        app.attempt { try editor.setBackground(next) }
        app.invalidateChrome()
    }

    /// The background panel's colour typed in its hex field, as one undoable step.
    func setBackgroundColor(_ color: RGBColor) {
        guard editor.background != background(ofColor: color) else { return }
        do {
            try editor.setBackground(background(ofColor: color))
            backgroundColor = color
        } catch {
            app.chrome.show(error: "\(error)")
        }
    }

    // MARK: - Remembered between runs

    /// The remembered settings as they stand.
    public var preferences: Preferences {
        let state = editor.toolState
        return Preferences(tool: state.tool, penWidth: rules.penWidth(state), eraserWidth: rules.eraserWidth(state),
                           recentColors: recentColors, touchMode: app.input.touchMode, smoothing: state.smoothing, penSeen: app.input.pens.seen,
                           pressureCurve: app.input.pens.curve, penColor: rules.penColor(state), penOpacity: rules.penOpacity(state),
                           textSize: state.tool == .text ? state.style.width : rules.spareTextSize, textFont: editor.typing.font,
                           shapeHelpers: state.shapeHelpers)
    }

    /// Takes the remembered tool, widths, pen colour and opacity, text size and font, and the
    /// shape switches at start.
    public func restore(tool: Tool?, penWidth: Double?, eraserWidth: Double?, penColor: RGBColor? = nil, penOpacity: Double? = nil,
                        textSize: Double? = nil, textFont: String? = nil, shapeHelpers: ShapeModifiers = []) {
        select(.pencil)
        editor.toolState.shapeHelpers = shapeHelpers
        if let penWidth { editor.toolState.style.width = min(max(penWidth, 1), 200) }
        if let eraserWidth { rules.spareWidth = min(max(eraserWidth, 1), 200) }
        if let penColor { editor.toolState.style.color = penColor }
        if let penOpacity { editor.toolState.style.opacity = min(max(penOpacity, 0), 1) }
        if let textSize { rules.spareTextSize = min(max(textSize, 1), 200) }
        if let textFont { editor.typing.font = textFont }
        if let tool { select(tool) }
    }
}

/// What the window remembers between runs as the user changes it: written when it changes
/// (not only at quit), so a crash or a logout keeps it too.
public struct Preferences: Sendable, Equatable {
    public var tool: Tool
    public var penWidth: Double
    public var eraserWidth: Double
    public var recentColors: [RGBColor]
    public var touchMode: TouchMode
    public var smoothing: Smoothing
    public var penSeen = false
    public var pressureCurve = PressureCurve.normal
    public var penColor = RGBColor.black
    public var penOpacity = 1.0
    public var textSize = 32.0
    public var textFont = "Sans"
    public var shapeHelpers: ShapeModifiers = []
}

extension SliderKind {
    var isBackground: Bool {
        self == .backgroundRed || self == .backgroundGreen || self == .backgroundBlue
    }
}
