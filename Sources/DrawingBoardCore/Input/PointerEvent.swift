/// Where pointer input came from. Each source draws its own stroke, so several fingers draw
/// several strokes at once.
public enum PointerSource: Sendable, Hashable, CustomStringConvertible {
    case mouse
    case finger(Int)
    /// A pen on a tablet or a touchscreen: its tip, or its eraser end.
    case pen(PenEnd)

    public enum PenEnd: Sendable, Hashable {
        case tip, eraser
    }

    public var description: String {
        switch self {
        case .mouse: return "mouse"
        case .finger(let id): return "finger \(id)"
        case .pen(let end): return end == .tip ? "pen" : "pen eraser"
        }
    }

    /// Whether the source reports real pressure (a pen).
    public var isPen: Bool {
        if case .pen = self { return true }
        return false
    }
}

/// One typed pointer event, the only form of input the editor sees.
public struct PointerEvent: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        case down
        case move
        case up
        /// The input was taken away (focus lost, touch cancelled): drop the stroke in progress.
        case cancel
    }

    public var source: PointerSource
    public var phase: Phase
    public var position: Point
    public var pressure: Double
    /// A pen's tilt, when its tablet reports one (nothing draws with it yet).
    public var tilt: Tilt?
    /// Seconds, from any fixed origin.
    public var time: Double
    /// The shape helpers the held keys ask for (Shift, Alt).
    public var modifiers: ShapeModifiers

    public init(source: PointerSource, phase: Phase, position: Point, pressure: Double = 1, tilt: Tilt? = nil, time: Double = 0,
                modifiers: ShapeModifiers = []) {
        self.source = source
        self.phase = phase
        self.position = position
        self.pressure = pressure
        self.tilt = tilt
        self.time = time
        self.modifiers = modifiers
    }
}

/// How far a pen leans, in degrees from upright: positive `x` leans right, positive `y`
/// towards the user; each within -90...90.
public struct Tilt: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = min(max(x.isFinite ? x : 0, -90), 90)
        self.y = min(max(y.isFinite ? y : 0, -90), 90)
    }
}

/// The modifier keys a pointer's press reads: the shape tools' helpers (held as keys or
/// switched on in the brush panel), and Ctrl for links.
public struct ShapeModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift: lines in 15-degree steps, squares, circles.
    public static let constrain = ShapeModifiers(rawValue: 1)
    /// Alt: the press is the shape's centre.
    public static let fromCentre = ShapeModifiers(rawValue: 2)
    /// Ctrl: a press on a PDF's link follows it, whatever the tool (shapes ignore it).
    public static let control = ShapeModifiers(rawValue: 4)
}
