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
    /// The pen's pressure at each point, 0...1 (nil: 1 everywhere, as a stroke without pressure).
    public var pressures: [Double]?
    /// A stroke from another app's notebook, drawn as that app draws it (straight segments, its
    /// caps, dashes, widths and fill); nil for our own smoothed strokes.
    public var form: PolylineForm?

    /// The names in documents and journals, fixed whatever the properties are called.
    enum CodingKeys: String, CodingKey { case id, tool, style, points, clip, pressures = "pressure", form = "line" }

    public init(id: UInt64, tool: Tool, style: StrokeStyle, points: [Point], clip: PixelSize? = nil, pressures: [Double]? = nil,
                form: PolylineForm? = nil) {
        self.id = id
        self.tool = tool
        self.style = style
        self.points = points
        self.clip = clip
        // Pressure 1 everywhere is no pressure: the very same stroke.
        self.pressures = pressures.flatMap { $0.allSatisfy { $0 == 1 } ? nil : $0 }
        self.form = form
    }

    /// Whether the pressure changes its width (the pencil, the eraser and the highlighter;
    /// shapes ignore it).
    public var usesPressure: Bool {
        pressures?.contains { $0 != 1 } == true && (tool == .pencil || tool == .eraser || tool == .highlighter)
    }

    /// The vector outline this stroke draws.
    public var outline: StrokeOutline {
        if let form { return StrokeOutline(polyline: points, width: style.width, form: form) }
        if usesPressure, let pressures, pressures.count == points.count {
            return StrokeOutline(pressureStrokeOf: tool, width: style.width, points: points, pressures: pressures)
        }
        return StrokeOutline(tool: tool, width: style.width, points: points)
    }
}
