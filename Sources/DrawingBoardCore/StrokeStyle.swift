/// What the brush panel sets: width, colour and opacity.
public struct StrokeStyle: Sendable, Hashable, Codable {
    public static let widthRange: ClosedRange<Double> = 1...200
    public static let opacityRange: ClosedRange<Double> = 0...1

    public var color: RGBColor
    /// In canvas pixels, within `widthRange`.
    public var width: Double
    /// 0 (invisible) to 1 (opaque). The eraser always erases fully.
    public var opacity: Double

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

    public init(tool: Tool = .pencil, style: StrokeStyle = StrokeStyle()) {
        self.tool = tool
        self.style = style
    }
}
