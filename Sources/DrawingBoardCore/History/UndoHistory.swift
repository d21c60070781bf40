/// One history and a cursor into it, as the original DrawingBoard kept it: steps before the
/// cursor are done, steps after it are undone, and a new step drops the undone ones.
///
/// A step is an edit (`HistoryStep`): what a step holds is what its edit holds (the points of
/// a stroke, an element's source shared with the page), so the history costs what the
/// document's changes cost, never copies of its pixels.
public final class UndoHistory {
    public private(set) var steps: [HistoryStep] = []
    /// How many steps are done.
    public private(set) var cursor = 0
    /// Pixel bytes the steps' edits carry (images: counted once with the page they share).
    public private(set) var residentBytes = 0

    private var nextID: UInt64 = 1

    public init() {}

    public var canUndo: Bool { cursor > 0 }

    /// Names the state the history is at: the id of the last done step, 0 before any. Undoing
    /// back to a saved state gives its id again; a new step never does.
    public var stateID: UInt64 { cursor > 0 ? steps[cursor - 1].id : 0 }
    public var canRedo: Bool { cursor < steps.count }

    /// Records a step that was just done, dropping any undone steps.
    public func push(_ step: HistoryStep) {
        var step = step
        step.id = nextID
        nextID += 1
        if cursor < steps.count {
            residentBytes -= steps[cursor...].reduce(0) { $0 + $1.residentBytes }
            steps.removeSubrange(cursor...)
        }
        steps.append(step)
        residentBytes += step.residentBytes
        cursor = steps.count
    }

    /// The step undo (`back`) or redo would cross next, as it stands.
    public func next(back: Bool) -> HistoryStep? {
        back ? (canUndo ? steps[cursor - 1] : nil) : (canRedo ? steps[cursor] : nil)
    }

    /// Undoes the last done step: `apply` crosses it (it receives the step and leaves it
    /// holding the edit that takes it back), and the step is kept as it leaves it. A step that
    /// `apply` could not cross (it threw) stays where it was.
    @discardableResult
    public func undo(_ apply: (inout HistoryStep) throws -> Void) rethrows -> Bool {
        guard canUndo else { return false }
        try update(at: cursor - 1, apply)
        cursor -= 1
        return true
    }

    /// Redoes the next undone step, the same way as `undo`.
    @discardableResult
    public func redo(_ apply: (inout HistoryStep) throws -> Void) rethrows -> Bool {
        guard canRedo else { return false }
        try update(at: cursor, apply)
        cursor += 1
        return true
    }

    private func update(at index: Int, _ apply: (inout HistoryStep) throws -> Void) rethrows {
        var step = steps[index]
        try apply(&step)
        residentBytes += step.residentBytes - steps[index].residentBytes
        steps[index] = step
    }
}
