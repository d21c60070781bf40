import CSDL2
import DrawingBoardCore

/// Turns SDL mouse events into pointer events in window pixels. Mouse events that SDL makes up
/// from touches (`which == SDL_TOUCH_MOUSEID`) are dropped: the fingers' own events draw, and a
/// finger must make one stroke, not two. Only the left button draws.
public enum MouseTranslation {
    /// SDL_TOUCH_MOUSEID, ((Uint32)-1), which Swift cannot import.
    public static let touchMouseID = UInt32.max

    public static func button(_ b: SDL_MouseButtonEvent, ratio: Double, time: Double) -> PlatformEvent? {
        guard b.which != touchMouseID, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
        let p = Point(Double(b.x) * ratio, Double(b.y) * ratio)
        return .pointer(PointerEvent(source: .mouse, phase: b.type == SDL_MOUSEBUTTONDOWN.rawValue ? .down : .up, position: p, time: time,
                                     modifiers: heldShapeModifiers()))
    }

    public static func motion(_ m: SDL_MouseMotionEvent, ratio: Double, time: Double) -> PlatformEvent? {
        guard m.which != touchMouseID else { return nil }
        let p = Point(Double(m.x) * ratio, Double(m.y) * ratio)
        if m.state & 1 != 0 {
            return .pointer(PointerEvent(source: .mouse, phase: .move, position: p, time: time, modifiers: heldShapeModifiers()))
        }
        return .hover(p)
    }

    /// Shift and Alt as the keyboard holds them now: the shape helpers.
    public static func heldShapeModifiers() -> ShapeModifiers {
        let mod = UInt32(SDL_GetModState().rawValue)
        var result: ShapeModifiers = []
        if mod & KMOD_SHIFT.rawValue != 0 { result.insert(.constrain) }
        if mod & KMOD_ALT.rawValue != 0 { result.insert(.fromCentre) }
        return result
    }

    /// Whether an SDL key is Shift or Alt (pressing one reshapes a shape being dragged).
    public static func isShapeModifierKey(_ sym: SDL_Keycode) -> Bool {
        [SDLK_LSHIFT, SDLK_RSHIFT, SDLK_LALT, SDLK_RALT].contains { Int32($0.rawValue) == sym }
    }
}
