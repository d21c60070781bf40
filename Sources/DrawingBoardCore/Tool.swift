/// The drawing tools, named as the toolbar and drawing scripts name them.
public enum Tool: String, Sendable, CaseIterable, Codable {
    case pencil
    case line
    case dashedLine = "dashed-line"
    case rectangle
    case ellipse
    case eraser

    /// Shape tools span the box between press and release; the points between are only drag
    /// positions. The pencil and the eraser follow every point.
    public var isShape: Bool {
        switch self {
        case .line, .dashedLine, .rectangle, .ellipse: return true
        case .pencil, .eraser: return false
        }
    }

    /// How the tool's stroke combines with the drawing layer.
    public var blend: InkBlend {
        self == .eraser ? .clear : .over
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
}
