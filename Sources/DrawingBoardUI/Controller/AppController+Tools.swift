import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Sliders, tools and their widths, recent colours, undo and redo.
extension AppController {
    // MARK: - Sliders and tools

    func setSlider(_ kind: SliderKind, atX x: Double) {
        guard let v = layout().sliderValue(kind, atX: x) else { return }
        setSlider(kind, to: v)
    }

    /// Sets a slider, clamped to its range, and applies it.
    public func setSlider(_ kind: SliderKind, to raw: Int) {
        if kind == .width, brushCursor != nil { return resizingBrushCursor { setSliderNow(kind, to: raw) } }
        setSliderNow(kind, to: raw)
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
                do {
                    try editor.previewBackground(.paper(paper))
                } catch {
                    show(error: "\(error)")
                }
            }
        }
        editor.toolState.style = style
        if kind == .brushRed || kind == .brushGreen || kind == .brushBlue { rememberWheel(style.color) }
        if bg != backgroundColor || (kind.isBackground && editor.background != background(ofColor: bg)) {
            backgroundColor = bg
            do {
                try editor.previewBackground(background(ofColor: bg))
            } catch {
                show(error: "\(error)")
            }
        }
        invalidateChrome()
    }

    public func select(_ tool: Tool) {
        if tool != .text { finishText() }
        if tool != .select, elementUI.selected != nil { selectElement(nil) }
        if brushCursor != nil { return resizingBrushCursor { selectNow(tool) } }
        selectNow(tool)
    }

    private func selectNow(_ tool: Tool) {
        let before = editor.toolState.style.color
        toolRules.select(tool, in: &editor.toolState)
        if editor.toolState.style.color != before { rememberWheel(editor.toolState.style.color) }
        invalidateChrome()
    }

    /// `[` and `]`: finer steps for thin pens, coarser for wide ones.
    func nudgeWidth(up: Bool) {
        let w = Int(editor.toolState.style.width.rounded())
        let step = w < 10 ? 1 : (w < 50 ? 5 : 10)
        setSlider(.width, to: up ? w + step : w - step)
        // With the panel closed, say what the width is now (the panel's slider shows it otherwise).
        if panel != .brush {
            let tool = editor.toolState.tool
            show(info: "\(tool.isEraser ? "Eraser" : tool == .highlighter ? "Highlighter" : "Pen") width: \(Int(editor.toolState.style.width.rounded())) px")
        }
    }

    /// Gives the pens `color` (the highlighter keeps its own while it is chosen).
    func setPenColor(_ color: RGBColor) {
        toolRules.setPenColor(color, in: &editor.toolState)
        if editor.toolState.tool != .highlighter { rememberWheel(color) }
    }

    func rememberColor() {
        guard editor.toolState.tool != .eraser, editor.toolState.tool != .strokeEraser else { return }
        let c = editor.toolState.style.color
        guard recentColors.first != c else { return }
        recentColors.removeAll { $0 == c }
        recentColors.insert(c, at: 0)
        if recentColors.count > Layout.maxRecentColors { recentColors.removeLast() }
        if panel == .brush { invalidateChrome() }
    }

    func undo() { moveInHistory { try editor.undo() } }

    func redo() { moveInHistory { try editor.redo() } }

    /// An undo or a redo; the view follows a page that changed size, the background sliders the
    /// background.
    private func moveInHistory(_ step: () throws -> Bool) {
        finishText()
        defer { refreshSelection() }
        let size = editor.size
        do { _ = try step() } catch { show(error: "\(error)") }
        if editor.size != size { pageChanged() }
        followBackground()
        invalidateChrome()
    }

    /// The background sliders and swatch show the background colour the picture has now (an
    /// undone colour change takes them back too). Over an image they keep the last colour.
    func followBackground() {
        if case .color(let c) = editor.background { backgroundColor = c }
        if let paper { backgroundColor = paper.color }
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
    public var textSize = 32.0
    public var textFont = "Sans"
}

extension AppController {
    /// The remembered settings as they stand.
    public var preferences: Preferences {
        let state = editor.toolState
        return Preferences(tool: state.tool, penWidth: toolRules.penWidth(state), eraserWidth: toolRules.eraserWidth(state),
                           recentColors: recentColors, touchMode: touchMode, smoothing: state.smoothing, penSeen: pen.seen,
                           pressureCurve: pen.curve, penColor: toolRules.penColor(state),
                           textSize: state.tool == .text ? state.style.width : toolRules.spareTextSize, textFont: editor.typing.font)
    }

    /// Takes the remembered tool, widths, pen colour and text size and font at start.
    public func restore(tool: Tool?, penWidth: Double?, eraserWidth: Double?, penColor: RGBColor? = nil, textSize: Double? = nil,
                        textFont: String? = nil) {
        select(.pencil)
        if let penWidth { editor.toolState.style.width = min(max(penWidth, 1), 200) }
        if let eraserWidth { toolRules.spareWidth = min(max(eraserWidth, 1), 200) }
        if let penColor { editor.toolState.style.color = penColor }
        if let textSize { toolRules.spareTextSize = min(max(textSize, 1), 200) }
        if let textFont { editor.typing.font = textFont }
        if let tool { select(tool) }
    }

    /// Whether a pointer is down (settings wait until a drag on a slider ends).
    public var isPointerDown: Bool { !captures.isEmpty }
}
