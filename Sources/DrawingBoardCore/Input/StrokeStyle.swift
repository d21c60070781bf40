/// What the brush panel sets: width, colour and opacity.
public struct StrokeStyle: Sendable, Hashable, Codable {
    public static let widthRange: ClosedRange<Double> = 1...200
    public static let opacityRange: ClosedRange<Double> = 0...1

    public var color: RGBColor
    /// In canvas pixels, within `widthRange`.
    public var width: Double
    /// 0 (invisible) to 1 (opaque). The eraser always erases fully.
    public var opacity: Double

    enum CodingKeys: String, CodingKey { case color, width, opacity }

    public init(color: RGBColor = .black, width: Double = 4, opacity: Double = 1) {
        self.color = color
        self.width = min(max(width, Self.widthRange.lowerBound), Self.widthRange.upperBound)
        self.opacity = min(max(opacity, Self.opacityRange.lowerBound), Self.opacityRange.upperBound)
    }
}

/// The tool and brush the next stroke uses.
public struct ToolState: Sendable, Hashable {
    public var tool: Tool
    public var style: StrokeStyle
    /// How much freehand strokes are steadied as they are drawn.
    public var smoothing: Smoothing
    /// Shape helpers that stay on without holding Shift or Alt (for touch screens).
    public var shapeHelpers: ShapeModifiers

    public init(tool: Tool = .pencil, style: StrokeStyle = StrokeStyle(), smoothing: Smoothing = .off, shapeHelpers: ShapeModifiers = []) {
        self.tool = tool
        self.style = style
        self.smoothing = smoothing
        self.shapeHelpers = shapeHelpers
    }
}

/// The stroke stabiliser's settings: how far the drawn line trails behind a shaky pointer.
public enum Smoothing: String, Sendable, Hashable, CaseIterable, Codable {
    case off, light, strong

    /// The share of the way from the drawn point to the pointer each sample moves (1: none).
    public var follow: Double {
        switch self {
        case .off: return 1
        case .light: return 0.5
        case .strong: return 0.22
        }
    }

    public var title: String {
        switch self {
        case .off: return "Off"
        case .light: return "Light"
        case .strong: return "Strong"
        }
    }
}
