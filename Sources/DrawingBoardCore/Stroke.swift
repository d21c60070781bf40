/// A committed stroke kept as data: which tool, its style and the points the pointer passed
/// through. The stroke eraser, vector export and documents read these.
public struct Stroke: Sendable, Hashable, Codable, Identifiable {
    public var id: UInt64
    public var tool: Tool
    public var style: StrokeStyle
    public var points: [Point]

    public init(id: UInt64, tool: Tool, style: StrokeStyle, points: [Point]) {
        self.id = id
        self.tool = tool
        self.style = style
        self.points = points
    }

    /// The vector outline this stroke draws.
    public var outline: StrokeOutline {
        StrokeOutline(tool: tool, width: style.width, points: points)
    }
}
