import DrawingBoardCore

/// A stroke's pointer resting at its end, for shapes that snap (`LiveStroke+Snap`): where and
/// when it last moved, whether it had rested long enough when it lifted, and the shapes shown
/// in place of the stroke meanwhile.
struct PointerRest {
    /// How long a pointer rests at a stroke's end to snap it.
    static let time = 0.5

    /// Where and when the pointer last moved (more than a few pixels).
    private(set) var lastMove: (at: Point, time: Double)?
    /// The pointer stayed still for `time` before it lifted: the stroke is snapped to the shape
    /// it was meant as.
    private(set) var rested = false
    /// The shapes shown in place of the stroke while the pointer rests, and the rest they were
    /// looked for at.
    var snapped: [Stroke]?
    private(set) var tried: Double?

    /// Notes the pointer at `p` at `time`; true when it moved on from where it rested.
    @discardableResult
    mutating func note(_ p: Point, time: Double) -> Bool {
        if let last = lastMove, last.at.distance(to: p) <= 3 { return false }
        lastMove = (p, time)
        return true
    }

    /// Notes the pointer lifting at `p` at `time`.
    mutating func lift(_ p: Point, time: Double) {
        note(p, time: time)
        if let last = lastMove { rested = time - last.time >= Self.time }
    }

    /// When the rest now under way is long enough to look for a shape (nil: none is under way,
    /// or it was looked for at this rest already).
    var due: Double? {
        guard let last = lastMove, tried != last.time else { return nil }
        return last.time + Self.time
    }

    /// The shape is looked for at this rest.
    mutating func markTried() { tried = lastMove?.time }
}
