/// Slides the bars out while a stroke is drawn and back a second after it ends.
public struct BarAnimation: Sendable {
    public static let slideDuration = 0.2
    public static let returnDelay = 1.0

    private var from = 0.0
    private var to = 0.0
    private var start = 0.0
    /// When the bars should start coming back, if a stroke ended.
    private var returnAt: Double?

    public init() {}

    /// The slide moves in steps of a 60 Hz frame: between two steps every layout puts the bars
    /// in the same place, and a pen's motion events (125 Hz or more) do not draw them each time.
    public static let stepsPerSecond = 60.0

    /// Where the bars were last reported (`advance`).
    private var reported = 0.0

    /// 0 when the bars are fully shown, 1 when fully hidden.
    public func hidden(at now: Double) -> Double {
        let elapsed = step(at: now) / Self.stepsPerSecond
        let t = min(max(elapsed / Self.slideDuration, 0), 1)
        let eased = t * t * (3 - 2 * t)
        return from + (to - from) * eased
    }

    /// The slide's step at `now` (a time just short of a step's start by rounding is in it,
    /// so the wake-up set for that start finds the step reached).
    private func step(at now: Double) -> Double {
        ((now - start) * Self.stepsPerSecond + 1e-6).rounded(.down)
    }

    /// Time at which something changes next (the slide's end or the return), if anything does.
    public func nextChange(after now: Double) -> Double? {
        if from != to, hidden(at: now) != to {
            // The next step's start.
            return start + (step(at: now) + 1) / Self.stepsPerSecond
        }
        return returnAt
    }

    public mutating func strokeBegan(at now: Double) {
        returnAt = nil
        slide(to: 1, at: now)
    }

    public mutating func strokesEnded(at now: Double) {
        returnAt = now + Self.returnDelay
    }

    /// Starts the return when its time has come. Returns true if the bars moved since the last
    /// call (they are to be drawn again).
    public mutating func advance(to now: Double) -> Bool {
        if let at = returnAt, now >= at {
            returnAt = nil
            slide(to: 0, at: now)
        }
        let position = hidden(at: now)
        defer { reported = position }
        return position != reported
    }

    /// Shows the bars at once (a key press, a panel opened).
    public mutating func show(at now: Double) {
        returnAt = nil
        if to != 0 { slide(to: 0, at: now) }
    }

    private mutating func slide(to target: Double, at now: Double) {
        guard target != to else { return }
        from = hidden(at: now)
        to = target
        start = now
    }
}
