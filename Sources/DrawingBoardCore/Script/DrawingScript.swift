/// A drawing script (format version 1): a canvas, a background and the steps a user took.
/// See the README's "Drawing scripts" section; the format is a public contract.
public struct DrawingScript: Sendable, Hashable {
    public static let version = 1

    public enum BackgroundSource: Sendable, Hashable {
        case color(RGBColor)
        /// A path as written in the script; relative paths resolve against the script's folder.
        case image(String)
        /// Ruled paper (the contract's "Paper" extension).
        case paper(Paper)
    }

    /// Changes to the tool state a step makes before its action, as the toolbar would.
    public struct ToolChange: Sendable, Hashable {
        public var tool: Tool?
        public var color: RGBColor?
        public var width: Double?
        public var opacity: Double?
        /// The freehand stabiliser (an extension of version 1: `"smoothing": "strong"`).
        public var smoothing: Smoothing?

        public init(tool: Tool? = nil, color: RGBColor? = nil, width: Double? = nil, opacity: Double? = nil, smoothing: Smoothing? = nil) {
            self.tool = tool
            self.color = color
            self.width = width
            self.opacity = opacity
            self.smoothing = smoothing
        }

        public var isEmpty: Bool { tool == nil && color == nil && width == nil && opacity == nil && smoothing == nil }
    }

    public enum Action: Sendable, Hashable {
        /// One pointer: down on the first point, through the others, up on the last.
        case stroke([Point])
        /// Several fingers at once, in finger order.
        case touch([Finger])
        case undo(Int)
        case redo(Int)
        case clear
        case background(BackgroundSource)
        /// The eyedropper: the current colour becomes the picture's colour at this point.
        case pick(Point)
    }

    public struct Finger: Sendable, Hashable {
        public var id: Int
        public var points: [Point]

        public init(id: Int, points: [Point]) {
            self.id = id
            self.points = points
        }
    }

    public struct Step: Sendable, Hashable {
        public var change: ToolChange
        public var action: Action?
        /// Keys held during a stroke (`"modifiers": ["shift", "alt"]`): the shape helpers.
        public var modifiers: ShapeModifiers

        public init(change: ToolChange = ToolChange(), action: Action? = nil, modifiers: ShapeModifiers = []) {
            self.change = change
            self.action = action
            self.modifiers = modifiers
        }
    }

    public var canvas: PixelSize
    public var background: BackgroundSource
    /// A saved document to start from instead of `canvas` and `background` (a path as written;
    /// relative paths resolve against the script's folder).
    public var open: String?
    public var steps: [Step]

    public init(canvas: PixelSize, background: BackgroundSource = .color(.white), open: String? = nil, steps: [Step] = []) {
        self.canvas = canvas
        self.background = background
        self.open = open
        self.steps = steps
    }
}
