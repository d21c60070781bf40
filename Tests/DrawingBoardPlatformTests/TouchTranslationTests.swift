import CSDL2
import DrawingBoardCore
import Testing
@testable import DrawingBoardPlatform

private func fingerEvent(_ type: SDL_EventType, touch: Int64 = 7, finger: Int64, x: Float, y: Float) -> (SDL_TouchFingerEvent, UInt32) {
    var f = SDL_TouchFingerEvent()
    f.type = type.rawValue
    f.touchId = touch
    f.fingerId = finger
    f.x = x
    f.y = y
    f.pressure = 1
    return (f, type.rawValue)
}

private func pointers(_ events: [PlatformEvent]) -> [PointerEvent] {
    events.compactMap { if case .pointer(let p) = $0 { return p } else { return nil } }
}

/// SDL finger events become pointer events once, in window pixels, with no doubles.
@Suite struct TouchTranslationTests {
    let size = PixelSize(width: 1000, height: 500)

    func run(_ events: [(SDL_TouchFingerEvent, UInt32)]) -> [PointerEvent] {
        var down: Set<Int64> = []
        return events.flatMap { pointers(TouchTranslation.translate($0.0, type: $0.1, pixelSize: size, time: 0, down: &down)) }
    }

    @Test func normalisedPositionsBecomeWindowPixels() {
        let out = run([fingerEvent(SDL_FINGERDOWN, finger: 3, x: 0.25, y: 0.5)])
        #expect(out.count == 1)
        #expect(out[0].phase == .down && out[0].position == Point(250, 250))
    }

    @Test func twoFingersInterleavedStayTwoSources() {
        let out = run([
            fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.1, y: 0.1),
            fingerEvent(SDL_FINGERDOWN, finger: 2, x: 0.9, y: 0.1),
            fingerEvent(SDL_FINGERMOTION, finger: 1, x: 0.1, y: 0.2),
            fingerEvent(SDL_FINGERMOTION, finger: 2, x: 0.9, y: 0.2),
            fingerEvent(SDL_FINGERUP, finger: 2, x: 0.9, y: 0.3),
            fingerEvent(SDL_FINGERUP, finger: 1, x: 0.1, y: 0.3),
        ])
        #expect(out.map(\.phase) == [.down, .down, .move, .move, .up, .up])
        #expect(Set(out.map(\.source)).count == 2)
        #expect(out[0].source == out[2].source && out[0].source == out[5].source)
        #expect(out[1].source == out[3].source && out[1].source == out[4].source)
        #expect(out.allSatisfy { if case .finger = $0.source { return true } else { return false } })
    }

    @Test func fingersMadeUpFromTheMouseAreDropped() {
        let out = run([
            fingerEvent(SDL_FINGERDOWN, touch: TouchTranslation.mouseTouchID, finger: 0, x: 0.5, y: 0.5),
            fingerEvent(SDL_FINGERMOTION, touch: TouchTranslation.mouseTouchID, finger: 0, x: 0.6, y: 0.5),
            fingerEvent(SDL_FINGERUP, touch: TouchTranslation.mouseTouchID, finger: 0, x: 0.6, y: 0.5),
        ])
        #expect(out.isEmpty, "the mouse's own events draw; its touch copy would draw a second stroke")
    }

    @Test func aFingerLostBySDLIsCancelledBeforeItComesBack() {
        let out = run([
            fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.1, y: 0.1),
            fingerEvent(SDL_FINGERMOTION, finger: 1, x: 0.2, y: 0.1),
            fingerEvent(SDL_FINGERDOWN, finger: 1, x: 0.5, y: 0.5),
        ])
        #expect(out.map(\.phase) == [.down, .move, .cancel, .down])
    }

    @Test func motionAndReleaseOfUnknownFingersAreIgnored() {
        let out = run([
            fingerEvent(SDL_FINGERMOTION, finger: 4, x: 0.1, y: 0.1),
            fingerEvent(SDL_FINGERUP, finger: 4, x: 0.1, y: 0.1),
        ])
        #expect(out.isEmpty)
    }

    @Test func theSameFingerIdOnTwoDevicesIsTwoSources() {
        let out = run([
            fingerEvent(SDL_FINGERDOWN, touch: 1, finger: 0, x: 0.1, y: 0.1),
            fingerEvent(SDL_FINGERDOWN, touch: 2, finger: 0, x: 0.2, y: 0.1),
        ])
        #expect(out.count == 2 && out[0].source != out[1].source)
    }
}

@Suite struct MouseTranslationTests {
    @Test func mouseEventsMadeUpFromTouchAreDropped() {
        var b = SDL_MouseButtonEvent()
        b.type = SDL_MOUSEBUTTONDOWN.rawValue
        b.button = UInt8(SDL_BUTTON_LEFT)
        b.x = 10
        b.y = 20
        b.which = MouseTranslation.touchMouseID
        #expect(MouseTranslation.button(b, ratio: 1, time: 0) == nil)
        var m = SDL_MouseMotionEvent()
        m.type = SDL_MOUSEMOTION.rawValue
        m.which = MouseTranslation.touchMouseID
        m.state = 1
        #expect(MouseTranslation.motion(m, ratio: 1, time: 0) == nil)
    }

    @Test func realMouseEventsBecomePointerEventsInPixels() {
        var b = SDL_MouseButtonEvent()
        b.type = SDL_MOUSEBUTTONDOWN.rawValue
        b.button = UInt8(SDL_BUTTON_LEFT)
        b.x = 10
        b.y = 20
        b.which = 0
        guard case .pointer(let p)? = MouseTranslation.button(b, ratio: 2, time: 1.5) else {
            Issue.record("expected a pointer event")
            return
        }
        #expect(p.source == .mouse && p.phase == .down && p.position == Point(20, 40) && p.time == 1.5)
        var m = SDL_MouseMotionEvent()
        m.type = SDL_MOUSEMOTION.rawValue
        m.x = 5
        m.y = 6
        guard case .hover(let h)? = MouseTranslation.motion(m, ratio: 2, time: 0) else {
            Issue.record("a motion with no button is a hover")
            return
        }
        #expect(h == Point(10, 12))
        b.button = UInt8(SDL_BUTTON_RIGHT)
        #expect(MouseTranslation.button(b, ratio: 1, time: 0) == nil, "only the left button draws")
    }

    /// Shift, Alt and Ctrl come from the key events' own state, so a press queued between a
    /// Shift down and up carries it, however late the loop reads the queue; Num Lock is none.
    @Test func shiftAndAltComeFromKeyEventState() {
        #expect(MouseTranslation.shapeModifiers(UInt16(KMOD_LSHIFT.rawValue)) == .constrain)
        #expect(MouseTranslation.shapeModifiers(UInt16(KMOD_RALT.rawValue | KMOD_RSHIFT.rawValue)) == [.constrain, .fromCentre])
        #expect(MouseTranslation.shapeModifiers(UInt16(KMOD_LCTRL.rawValue | KMOD_NUM.rawValue)) == .control)
        #expect(MouseTranslation.shapeModifiers(UInt16(KMOD_NUM.rawValue)) == [])
        #expect(MouseTranslation.isShapeModifierKey(Int32(SDLK_RCTRL.rawValue)) && !MouseTranslation.isShapeModifierKey(Int32(SDLK_a.rawValue)))
        var b = SDL_MouseButtonEvent()
        b.type = SDL_MOUSEBUTTONDOWN.rawValue
        b.button = UInt8(SDL_BUTTON_LEFT)
        guard case .pointer(let p)? = MouseTranslation.button(b, ratio: 1, time: 0, modifiers: .constrain) else {
            Issue.record("expected a pointer event")
            return
        }
        #expect(p.modifiers == .constrain)
    }
}

/// sdl2-compat (SDL 3 standing in for SDL 2, as in the flatpak runtime): a pen is a finger of
/// touch id -2 with real pressure, and its mouse copies (`which` -2) are dropped but its hover.
@Suite struct PenCompatTranslationTests {
    @Test func aPenFingerIsAPenWithItsPressureAndItsMouseCopiesAreDropped() {
        var down: Set<Int64> = []
        var f = fingerEvent(SDL_FINGERDOWN, touch: -2, finger: 1, x: 0.5, y: 0.5).0
        f.pressure = 0.35
        let events = pointers(TouchTranslation.translate(f, type: SDL_FINGERDOWN.rawValue, pixelSize: PixelSize(width: 1000, height: 500), time: 0, down: &down))
        #expect(events.count == 1 && events[0].source == .pen(.tip) && abs(events[0].pressure - 0.35) < 1e-6)
        #expect(events[0].position == Point(500, 250))
        // A finger keeps the brush's width whatever it reports.
        var finger = fingerEvent(SDL_FINGERDOWN, touch: 7, finger: 2, x: 0.1, y: 0.1).0
        finger.pressure = 0.2
        let touch = pointers(TouchTranslation.translate(finger, type: SDL_FINGERDOWN.rawValue, pixelSize: PixelSize(width: 1000, height: 500), time: 0, down: &down))
        #expect(touch.first?.pressure == 1 && touch.first?.source != .pen(.tip))
        var button = SDL_MouseButtonEvent()
        button.type = SDL_MOUSEBUTTONDOWN.rawValue
        button.which = UInt32.max - 1
        button.button = UInt8(SDL_BUTTON_LEFT)
        #expect(MouseTranslation.button(button, ratio: 1, time: 0) == nil, "the pen's mouse copy does not draw a second stroke")
        var drag = SDL_MouseMotionEvent()
        drag.which = UInt32.max - 1
        drag.state = 1
        #expect(MouseTranslation.motion(drag, ratio: 1, time: 0) == nil)
        var hover = SDL_MouseMotionEvent()
        hover.which = UInt32.max - 1
        hover.x = 10
        hover.y = 20
        if case .penHover(let p)? = MouseTranslation.motion(hover, ratio: 1, time: 0) {
            #expect(p == Point(10, 20), "a hovering pen is near (and moves the brush's outline)")
        } else {
            Issue.record("a hovering pen moves the cursor")
        }
    }
}
