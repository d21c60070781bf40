import DrawingBoardCore
import Foundation

/// Pens: the first one seen turns on Pen only (fingers move the view, never draw); while a pen
/// is near, and for half a second after, touches are a palm resting, not fingers drawing, and a
/// palm's stroke already under way goes without a mark when the pen comes; the pen's eraser end
/// erases, with the erasers' width, whatever tool is chosen.
extension AppController {
    /// How long after the pen was last near touches still count as a palm.
    public static let palmDelay = 0.5

    /// How long a pen that said it came into range, and said nothing since, still counts as
    /// near (its leaving may have been told to another window).
    public static let rangeTimeout = 5.0

    /// Whether a pen is down, is in range, or was near within `palmDelay`.
    var penIsNear: Bool {
        captures.keys.contains { $0.isPen } || now - pen.lastNear < Self.palmDelay
            || (pen.inRange && now - pen.lastNear < Self.rangeTimeout)
    }

    /// The tablet says a pen came into its range or left it. Leaving starts the half second.
    public func penProximity(near: Bool, time: Double) {
        now = max(now, time)
        pen.inRange = near
        if near { penSeen(down: false) } else { pen.lastNear = now }
    }

    /// A pen moved, pressed or hovered (`down`: it touches).
    func penSeen(down: Bool) {
        pen.lastNear = now
        // A palm that landed first: its stroke goes, without a mark.
        if captures.contains(where: { if case .finger = $0.key, case .canvas = $0.value { return true } else { return false } }) {
            dropTouches()
        }
        guard !pen.seen else { return }
        pen.seen = true
        if touchMode != .penOnly {
            touchMode = .penOnly
            show(info: "A pen: fingers now move the view and never draw (the touch button changes it)")
        }
        invalidateChrome()
    }

    /// A pen hovering over the window (it moves the brush's outline and keeps palms away).
    public func penHover(at p: Point, time: Double) {
        now = max(now, time)
        penSeen(down: false)
        hover(at: p, time: time)
    }

    /// The pen's eraser end goes down: it erases with the erasers' width, whatever the tool.
    func penErase(_ event: PointerEvent) {
        let kept = editor.toolState
        editor.toolState.tool = .eraser
        editor.toolState.style.width = toolRules.eraserWidth(kept)
        editor.handle(onCanvas(event))
        editor.toolState = kept
        pen.erasing = true
        invalidateChrome()
    }

    /// How the pen's pressure becomes the width (the Brush panel's Pressure row; remembered).
    public var pressureCurve: PressureCurve {
        get { pen.curve }
        set { pen.curve = newValue }
    }

    /// Whether a pen was ever seen (remembered: Pen only is chosen once, not again after the
    /// user changes it).
    public var penWasSeen: Bool {
        get { pen.seen }
        set { pen.seen = newValue }
    }
}

/// What the window knows of pens.
struct PenState {
    var seen = false
    /// How the pen's pressure becomes the width.
    var curve = PressureCurve.normal
    /// When a pen was last down, moving or hovering.
    var lastNear = -Double.infinity
    /// Between the tablet's "in range" and "out of range" for the pen.
    var inRange = false
    /// The eraser end is down: the toolbar shows the eraser.
    var erasing = false
}
