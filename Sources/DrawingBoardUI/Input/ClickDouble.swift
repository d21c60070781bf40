import DrawingBoardCore

/// The second click of a double click on a control, told apart: a press this soon after a click
/// that made a control act, this close to it, with the same pointer. One that finds the page
/// where the control was (the "+" took the view to the new page, a panel's close button went
/// with its panel) does nothing, instead of drawing a dot there.
struct ClickDouble {
    static let time = 0.5, slack = 8.0

    private var last: (at: Point, time: Double, source: PointerSource)?

    /// A click made a control act.
    mutating func clicked(_ up: PointerEvent) {
        last = (up.position, up.time, up.source)
    }

    /// Whether `press` is the last click's double (then it is forgotten: a third press acts).
    /// `scale`: the interface's, for the slack in window pixels.
    mutating func isDouble(_ press: PointerEvent, scale: Double) -> Bool {
        guard let click = last, click.source == press.source, press.time - click.time < Self.time,
              click.at.distance(to: press.position) <= Self.slack * scale else { return false }
        last = nil
        return true
    }
}
