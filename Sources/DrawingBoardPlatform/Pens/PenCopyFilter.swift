/// Tells SDL's mouse events that a pen made (its copies) from the mouse's own, on X11, where
/// the X server sends SDL the pen's events again as the master pointer's, and SDL 2.26 also
/// makes mouse motion of the pen device's XI2 motion that the app selects.
/// - Buttons: the core copy of the tip's press or release has the pen event's server time and
///   button, and SDL shows the core event to the filter before the mouse event it makes of it.
///   Only the tip's copies go: the barrel buttons stay mouse buttons (the middle one moves the
///   page), and a real mouse's click while the pen hovers is kept.
/// - Motion: SDL makes mouse motion of XI2 motion before the filter sees the XI2 event, so it
///   cannot be matched. While the tip is down, and for `motionWindow` seconds after the pen's
///   last event, mouse motion is the pen's, unless a barrel button is held (a middle drag).
/// - A button's release always passes when its press did, so no mouse stroke is left open.
public struct PenCopyFilter: Sendable {
    public static let motionWindow = 0.1

    private var tip: (time: UInt, button: UInt32)?
    private var lastPen = -Double.infinity
    private var barrelHeld = false
    /// The tip is down.
    public var tipDown = false
    /// The X event just seen was the core copy of the tip's press or release.
    public private(set) var copyOfTip = false
    private var passed = PassedButtons()

    public init() {}

    /// A pen's own event at `now` (seconds): `tip` is the server time and button of a press or
    /// release of the tip (button 1); `barrelHeld`, whether a barrel button is down.
    public mutating func sawPen(at now: Double, tip: (time: UInt, button: UInt32)? = nil, barrelHeld: Bool) {
        lastPen = now
        if let tip { self.tip = tip }
        self.barrelHeld = barrelHeld
    }

    /// The next X event SDL handles: a core button event (its button and server time), or
    /// another kind (nil). SDL's mouse button events until the next X event come from it.
    public mutating func sawX(coreButton button: UInt32? = nil, at time: UInt? = nil) {
        guard let button, let time, let tip else {
            copyOfTip = false
            return
        }
        copyOfTip = tip.time == time && tip.button == button
    }

    /// Whether SDL's mouse button event passes (`down`: a press).
    public mutating func passesButton(_ button: UInt8, down: Bool) -> Bool {
        passed.decide(button, down: down, copy: copyOfTip)
    }

    /// Whether SDL's mouse motion at `now` is the pen's.
    public func dropsMotion(at now: Double) -> Bool {
        !barrelHeld && (tipDown || now - lastPen < Self.motionWindow)
    }
}

/// The mouse buttons whose press reached the app: their release must too.
public struct PassedButtons: Sendable {
    private var down: Set<UInt8> = []

    public init() {}

    /// Whether a button event passes; `copy`: it is a pen's copy.
    public mutating func decide(_ button: UInt8, down isDown: Bool, copy: Bool) -> Bool {
        if isDown {
            guard !copy else { return false }
            down.insert(button)
            return true
        }
        if down.remove(button) != nil { return true }
        return !copy
    }
}
