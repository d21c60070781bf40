/// Where pointer input came from. Each source draws its own stroke, so several fingers draw
/// several strokes at once.
public enum PointerSource: Sendable, Hashable, CustomStringConvertible {
    case mouse
    case finger(Int)

    public var description: String {
        switch self {
        case .mouse: return "mouse"
        case .finger(let id): return "finger \(id)"
        }
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
    /// Seconds, from any fixed origin.
    public var time: Double

    public init(source: PointerSource, phase: Phase, position: Point, pressure: Double = 1, time: Double = 0) {
        self.source = source
        self.phase = phase
        self.position = position
        self.pressure = pressure
        self.time = time
    }
}
