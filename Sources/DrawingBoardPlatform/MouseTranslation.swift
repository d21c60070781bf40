import CSDL2
import DrawingBoardCore

/// Turns SDL mouse events into pointer events in window pixels. Mouse events that SDL makes up
/// from touches (`which == SDL_TOUCH_MOUSEID`) are dropped: the fingers' own events draw, and a
/// finger must make one stroke, not two. Only the left button draws.
public enum MouseTranslation {
    /// SDL_TOUCH_MOUSEID, ((Uint32)-1), which Swift cannot import.
    public static let touchMouseID = UInt32.max
    /// SDL_PEN_MOUSEID, ((Uint32)-2): sdl2-compat's mouse copies of a pen, which arrives as a
    /// finger of its own (`TouchTranslation.penTouchID`); only its hovering is kept (the cursor).
    public static let penMouseID = UInt32.max - 1

    /// `modifiers`: Shift and Alt as the key events before this one left them.
    public static func button(_ b: SDL_MouseButtonEvent, ratio: Double, time: Double, modifiers: ShapeModifiers = []) -> PlatformEvent? {
        guard b.which != touchMouseID, b.which != penMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
        let p = Point(Double(b.x) * ratio, Double(b.y) * ratio)
        return .pointer(PointerEvent(source: .mouse, phase: b.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up, position: p, time: time,
                                     modifiers: modifiers))
    }

    public static func motion(_ m: SDL_MouseMotionEvent, ratio: Double, time: Double, modifiers: ShapeModifiers = []) -> PlatformEvent? {
        guard m.which != touchMouseID else { return nil }
        let p = Point(Double(m.x) * ratio, Double(m.y) * ratio)
        if m.state & 1 != 0 {
            guard m.which != penMouseID else { return nil }
            return .pointer(PointerEvent(source: .mouse, phase: .move, position: p, time: time, modifiers: modifiers))
        }
        return m.which == penMouseID ? .penHover(p) : .hover(p)
    }

    /// Shift, Alt and Ctrl in a key event's modifier state (the shape helpers, and links). Taken from the key
    /// events in queue order, not from SDL_GetModState(): SDL reads every pending event at once,
    /// so by the time a queued button press is handled the global state may already say that a
    /// Shift pressed around it is up again.
    public static func shapeModifiers(_ keyMod: UInt16) -> ShapeModifiers {
        let mod = UInt32(keyMod)
        var result: ShapeModifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { result.insert(.constrain) }
        if mod & KMOD_ALT.rawValue != 0 { result.insert(.fromCentre) }
        if mod & KMOD_CTRL.rawValue != 0 { result.insert(.control) }
        return result
    }

    /// Whether an SDL key is Shift, Alt or Ctrl (pressing one reshapes a shape being dragged,
    /// or shows the hand over a PDF's link).
    public static func isShapeModifierKey(_ sym: SDL_Keycode) -> Bool {
        [SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LALT, SDLK_RALT, SDLK_LCTRL, SDLK_RCTRL].contains { Int32($0.rawValue) == sym }
    }
}
