import DrawingBoardCore

/// What the window knows of pens: whether one was ever seen (Pen only is chosen the first time),
/// how its pressure becomes the width, and whether one is near: while a pen is down, in range,
/// or was near within half a second, touches are a palm resting, not fingers drawing.
public struct PenTracker: Sendable {
    /// How long after the pen was last near touches still count as a palm.
    public static let palmDelay = 0.5
    /// How long a pen that said it came into range, and said nothing since, still counts as
    /// near (its leaving may have been told to another window).
    public static let rangeTimeout = 5.0

    /// A pen was seen (remembered, so Pen only is chosen once, not again after the user
    /// changes it).
    public internal(set) var seen = false
    /// How the pen's pressure becomes the width (the Brush panel's Pressure row; remembered).
    public internal(set) var curve = PressureCurve.normal
    /// When a pen was last down, moving or hovering.
    var lastNear = -Double.infinity
    /// Between the tablet's "in range" and "out of range" for the pen.
    var inRange = false
    /// The eraser end is down: the toolbar shows the eraser.
    var erasing = false

    /// Whether a pen was near at `now` (in range, or within `palmDelay`).
    func isNear(at now: Double) -> Bool {
        now - lastNear < Self.palmDelay || (inRange && now - lastNear < Self.rangeTimeout)
    }
}
