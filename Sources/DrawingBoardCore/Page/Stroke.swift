/// A committed stroke kept as data: which tool, its style and the points the pointer passed
/// through. The stroke eraser, vector export and documents read these.
public struct Stroke: Sendable, Hashable, Codable, Identifiable {
    public var id: UInt64
    public var tool: Tool
    public var style: StrokeStyle
    public var points: [Point]
    /// The canvas size when the stroke was drawn, if the stroke reached beyond it: what lay
    /// outside was never drawn, and must not appear when the canvas has grown since.
    public var clip: PixelSize?

    /// The names in documents and journals, fixed whatever the properties are called.
    enum CodingKeys: String, CodingKey { case id, tool, style, points, clip }

    public init(id: UInt64, tool: Tool, style: StrokeStyle, points: [Point], clip: PixelSize? = nil) {
        self.id = id
        self.tool = tool
        self.style = style
        self.points = points
        self.clip = clip
    }

    /// The vector outline this stroke draws.
    public var outline: StrokeOutline {
        StrokeOutline(tool: tool, width: style.width, points: points)
    }
}
