/// Which settings belong to which tool, in one place. In the window each kind of tool keeps its
/// own (as in Xournal++): the erasers their own width, the highlighter its own colour, width
/// and opacity, so widening the eraser or picking a marker leaves the pencil as it was.
/// Scripts set only what a step names (the contract), through `apply(_:to:)`.
public struct ToolRules: Sendable, Equatable {
    /// The highlighter's style before the user changes it.
    public static let highlighterStyle = StrokeStyle(color: RGBColor(red: 0xff, green: 0xe0, blue: 0x3c), width: 24, opacity: 0.6)
    /// The erasers' width before the user changes it.
    public static let eraserWidth = 16.0

    /// The pens' style while the highlighter is chosen, or the highlighter's otherwise.
    public var otherStyle = ToolRules.highlighterStyle
    /// The erasers' width while a pen is chosen, or the pens' while an eraser is.
    public var spareWidth = ToolRules.eraserWidth
    /// The text tool's font size while another tool is chosen (its width while the text tool
    /// is: the width slider sizes the text).
    public var spareTextSize = 32.0

    public init() {}

    /// Chooses `tool`: the style in `state` becomes the one that tool keeps.
    public mutating func select(_ tool: Tool, in state: inout ToolState) {
        let current = state.tool
        if current == .text { swap(&state.style.width, &spareTextSize) }
        if current.isEraser { swap(&state.style.width, &spareWidth) }
        if (current == .highlighter) != (tool == .highlighter) { swap(&state.style, &otherStyle) }
        if tool.isEraser { swap(&state.style.width, &spareWidth) }
        if tool == .text { swap(&state.style.width, &spareTextSize) }
        state.tool = tool
    }

    /// The pens' width, whichever tool is chosen.
    public func penWidth(_ state: ToolState) -> Double {
        state.tool.isEraser ? spareWidth : state.tool == .highlighter ? otherStyle.width : state.tool == .text ? spareTextSize : state.style.width
    }

    /// The erasers' width, whichever tool is chosen.
    public func eraserWidth(_ state: ToolState) -> Double {
        state.tool.isEraser ? state.style.width : spareWidth
    }

    /// Sets the pens' colour, whichever tool is chosen (the highlighter keeps its own).
    public mutating func setPenColor(_ color: RGBColor, in state: inout ToolState) {
        if state.tool == .highlighter { otherStyle.color = color } else { state.style.color = color }
    }

    /// The pens' colour, whichever tool is chosen.
    public func penColor(_ state: ToolState) -> RGBColor {
        state.tool == .highlighter ? otherStyle.color : state.style.color
    }

    /// The pens' opacity, whichever tool is chosen (the highlighter keeps its own).
    public func penOpacity(_ state: ToolState) -> Double {
        state.tool == .highlighter ? otherStyle.opacity : state.style.opacity
    }

    /// A script's step: exactly what it names changes, as version 1 of the contract says (a
    /// tool named alone keeps the width and colour in force).
    public static func apply(_ change: DrawingScript.ToolChange, to state: inout ToolState) {
        if let tool = change.tool { state.tool = tool }
        if let color = change.color { state.style.color = color }
        if let width = change.width { state.style.width = width }
        if let opacity = change.opacity { state.style.opacity = opacity }
        if let smoothing = change.smoothing { state.smoothing = smoothing }
    }
}
