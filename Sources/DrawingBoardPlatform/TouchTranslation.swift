import CSDL2
import DrawingBoardCore

/// Turns SDL finger events into pointer events, once, for the whole app.
/// - Positions: SDL gives 0...1 across the window; they become window pixels.
/// - Fingers that SDL makes up from the mouse (`SDL_MOUSE_TOUCHID`, when mouse-to-touch
///   emulation is on) are dropped: the mouse's own events already draw, and one hand must make
///   one stroke. Touch-to-mouse copies are dropped on the mouse side (`SDL_TOUCH_MOUSEID`).
/// - A finger that goes down again without having lifted was lost by SDL: its stroke is
///   cancelled first. Motion or release of a finger that is not down is ignored.
public enum TouchTranslation {
    /// SDL_MOUSE_TOUCHID, ((SDL_TouchID)-1), which Swift cannot import.
    public static let mouseTouchID: Int64 = -1
    /// SDL_PEN_TOUCHID, ((SDL_TouchID)-2): under sdl2-compat (SDL 3 standing in for SDL 2, as
    /// in the flatpak runtime) a pen arrives as this "finger", with its real pressure.
    public static let penTouchID: Int64 = -2

    public static func translate(_ f: SDL_TouchFingerEvent, type: UInt32, pixelSize: PixelSize, time: Double,
                                 down: inout Set<Int64>) -> [PlatformEvent] {
        guard f.touchId != mouseTouchID else { return [] }
        let p = Point(Double(f.x) * Double(pixelSize.width), Double(f.y) * Double(pixelSize.height))
        // Finger ids are unique per device: combine both into one source.
        let key = Int64(truncatingIfNeeded: f.touchId &* 1_000_003 &+ f.fingerId)
        let pen = f.touchId == penTouchID
        let source = pen ? PointerSource.pen(.tip) : PointerSource.finger(Int(truncatingIfNeeded: key))
        func event(_ phase: PointerEvent.Phase) -> PlatformEvent {
            // A finger's "pressure" is a contact's size or force, reported differently by each
            // screen: fingers draw at the brush's width. A pen's is the pen's.
            .pointer(PointerEvent(source: source, phase: phase, position: p, pressure: pen ? min(max(Double(f.pressure), 0), 1) : 1, time: time))
        }
        switch SDL_EventType(type) {
        case SDL_FINGERDOWN:
            let lost = down.contains(key)
            down.insert(key)
            return lost ? [event(.cancel), event(.down)] : [event(.down)]
        case SDL_FINGERMOTION:
            return down.contains(key) ? [event(.move)] : []
        case SDL_FINGERUP:
            return down.remove(key) != nil ? [event(.up)] : []
        default:
            return []
        }
    }
}
