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
    /// A stroke drawn as straight segments with this form (caps, dashes, widths and fill):
    /// another app's, as that app draws it, or a highlight laid over a PDF's text (butt ends);
    /// nil for our own smoothed strokes.
    public var form: PolylineForm?
    /// Where the stroke was taken since it was drawn (moved, scaled, turned with a selection):
    /// its points stay as drawn and its outline goes through this. Nil: where it was drawn.
    public var transform: Affine?
    /// The passes of the true eraser that took parts of this stroke before it was moved, as
    /// eraser strokes on the page (they go where the stroke goes). Nil: none carried (the
    /// erasers after it on the page take what they cover, as for any stroke).
    public var holes: [Stroke]?

    /// How far a stroke's transform may scale it, all told.
    public static let transformScaleRange = 0.0001...10_000.0
    /// The most erasers' passes one stroke carries.
    public static let maxHoles = 10_000

    /// The names in documents and journals, fixed whatever the properties are called.
    enum CodingKeys: String, CodingKey {
        case id, tool, style, points, clip, pressures = "pressure", form = "line", transform, holes
    }

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

    /// The vector outline this stroke draws, on the page (its transform taken, its holes in it).
    public var outline: StrokeOutline {
        var outline = drawnOutline
        if let transform { outline = outline.transformed(by: transform) }
        if let holes { outline.holes = holes.map(\.outline) }
        return outline
    }

    /// The outline as the stroke was drawn, before any transform.
    private var drawnOutline: StrokeOutline {
        if let form { return StrokeOutline(polyline: points, width: style.width, form: form) }
        if usesPressure, let pressures, pressures.count == points.count {
            return StrokeOutline(pressureStrokeOf: tool, width: style.width, points: points, pressures: pressures)
        }
        return StrokeOutline(tool: tool, width: style.width, points: points)
    }

    /// Its points where they are on the page (through its transform).
    public var pagePoints: [Point] {
        guard let transform else { return points }
        return points.map(transform.apply)
    }

    /// The stroke taken through `m` as well (its holes with it).
    public func transformed(by m: Affine) -> Stroke {
        var s = self
        let next = (transform ?? .identity).then(m)
        s.transform = next.isIdentity ? nil : next
        s.holes = holes?.map { $0.transformed(by: m) }
        return s
    }

    /// The width it draws with on the page (its style's, through its transform's scale).
    public var pageWidth: Double { style.width * (transform?.lengthScale ?? 1) }
}
