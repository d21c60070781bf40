/// The drawing tools, named as the toolbar and drawing scripts name them.
public enum Tool: String, Sendable, CaseIterable, Codable {
    case pencil
    case line
    case dashedLine = "dashed-line"
    case rectangle
    case ellipse
    case eraser
    /// Removes every whole stroke it touches (hit-tested against the stroke's outline).
    case strokeEraser = "stroke-eraser"
    /// A wide see-through marker: multiplies its colour into the drawing, so lines and text
    /// under it stay readable.
    case highlighter
    /// Picks up elements (photos, stickers, text) to move, scale and turn; draws nothing.
    case select
    /// Starts a text box where it is pressed (the window's; scripts place text with `place`).
    case text

    /// Shape tools span the box between press and release; the points between are only drag
    /// positions. The pencil and the eraser follow every point.
    public var isShape: Bool {
        switch self {
        case .line, .dashedLine, .rectangle, .ellipse: return true
        case .pencil, .eraser, .strokeEraser, .highlighter, .select, .text: return false
        }
    }

    /// Freehand tools follow every sample (and the stroke smoothing setting).
    public var isFreehand: Bool { self == .pencil || self == .eraser || self == .highlighter }

    /// Whether the tool leaves a stroke in the drawing (the stroke eraser only removes some).
    public var makesStrokes: Bool { self != .strokeEraser && self != .select && self != .text }

    /// The eraser and the stroke eraser (they share a width of their own in the window).
    public var isEraser: Bool { self == .eraser || self == .strokeEraser }

    /// How the tool's stroke combines with the drawing layer.
    public var blend: InkBlend {
        switch self {
        case .eraser: return .clear
        case .highlighter: return .multiply
        default: return .over
        }
    }

    /// The names scripts accept, for error messages.
    public static var scriptNames: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }
}

/// How a finished stroke combines with the drawing layer.
public enum InkBlend: Sendable, Hashable {
    /// Paint over what is there (Cairo's OVER).
    case over
    /// Remove drawing pixels, revealing the background (Cairo's CLEAR).
    case clear
    /// Multiply the colour into what is there (Cairo's MULTIPLY): dark lines stay dark.
    case multiply
}
