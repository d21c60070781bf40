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

    /// 0 when the bars are fully shown, 1 when fully hidden.
    public func hidden(at now: Double) -> Double {
        let t = min(max((now - start) / Self.slideDuration, 0), 1)
        let eased = t * t * (3 - 2 * t)
        return from + (to - from) * eased
    }

    public func isMoving(at now: Double) -> Bool {
        now - start < Self.slideDuration && from != to
    }

    /// Time at which something changes next (the slide's end or the return), if anything does.
    public func nextChange(after now: Double) -> Double? {
        if isMoving(at: now) { return now + 1.0 / 60 }
        return returnAt
    }

    public mutating func strokeBegan(at now: Double) {
        returnAt = nil
        slide(to: 1, at: now)
    }

    public mutating func strokesEnded(at now: Double) {
        returnAt = now + Self.returnDelay
    }

    /// Starts the return when its time has come. Returns true if the bars moved or will move.
    public mutating func advance(to now: Double) -> Bool {
        if let at = returnAt, now >= at {
            returnAt = nil
            slide(to: 0, at: now)
        }
        return isMoving(at: now) || (from != to && now - start < Self.slideDuration + 0.05)
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
