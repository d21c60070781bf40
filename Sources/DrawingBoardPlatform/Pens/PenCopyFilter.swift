/// Tells SDL's core mouse events that a pen produced (the X server sends the master pointer's
/// copy of each pen event to SDL) from the mouse's own. The copy carries the pen event's server
/// time; it normally comes right after the pen's own event, but the order is not promised, so
/// a core event within `window` ms of a pen event counts as the pen's.
public struct PenCopyFilter: Sendable {
    /// How close, in server milliseconds, a core event must be to a pen event to be its copy.
    public static let window: UInt = 30

    private var lastPenTime: UInt?
    /// The core event just seen was a pen's copy: SDL's mouse events made from it are dropped.
    public private(set) var dropsMouse = false

    public init() {}

    /// A pen's own event, at server time `time`.
    public mutating func sawPen(at time: UInt) {
        lastPenTime = time
    }

    /// The next X event SDL handles: a core pointer event (motion, button) at `time`, or another
    /// kind (`time` nil). SDL's mouse events until the next X event come from this one.
    public mutating func sawX(corePointerAt time: UInt?) {
        guard let time, let pen = lastPenTime else {
            dropsMouse = false
            return
        }
        dropsMouse = (time > pen ? time - pen : pen - time) <= Self.window
    }
}
