import CSDL2
import DrawingBoardCore
import Foundation

/// Pens on X11 under SDL 2, which has no pen API: read through XInput2 on SDL's own display and
/// window, beside SDL. `X11PenSelection` finds the pens (again whenever devices come and go:
/// libinput's driver adds a device per tool on first use) and selects their events.
/// - The events are read in an SDL event filter, the only place their data is valid (SDL frees
///   it when the filter returns). The filter also drops the SYSWM events themselves and SDL's
///   mouse events that are the pen's copies (`PenCopyFilter`).
/// - The pens' events wait in a `PenEventQueue`, so they keep their place among SDL's.
/// - Being near: XI 1 proximity, and a pen moving in the air (hovering).
final class X11Pens {
    private let display: OpaquePointer
    private var opcode: Int32 = 0
    private let selection: X11PenSelection
    private(set) var translation = X11PenTranslation()
    private var copies = PenCopyFilter()
    /// A barrel button (2 or 3) is down.
    private var barrel: Set<Int32> = []
    let queue: PenEventQueue
    private var running = false

    /// Starts reading pens for SDL's window, or nil when the X server has no XInput 2.2.
    init?(window handle: OpaquePointer, chosenDevice: String? = ProcessInfo.processInfo.environment["DRAWINGBOARD_PEN_DEVICE"]) {
        guard let x11 = X11Handles(handle) else { return nil }
        let display = x11.display
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 2, minor: Int32 = 2
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
              XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2),
              let queue = PenEventQueue() else { return nil }
        self.queue = queue
        self.display = display
        selection = X11PenSelection(display: display, window: x11.window, chosen: chosenDevice)
        _ = findPens()
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        SDLEventFilter.set(Self.filter, Unmanaged.passUnretained(self).toOpaque())
        running = true
    }

    /// Stops reading (before the window goes); again is nothing.
    func stop() {
        guard running else { return }
        running = false
        SDLEventFilter.set(nil, nil)
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_IGNORE)
        selection.close()
    }

    deinit { stop() }

    private static let filter: SDL_EventFilter = { userdata, event in
        guard let userdata, let event else { return 1 }
        // Other threads push only user events: they pass without touching the reader.
        switch SDL_EventType(event.pointee.type) {
        case SDL_SYSWMEVENT:
            Unmanaged<X11Pens>.fromOpaque(userdata).takeUnretainedValue().read(event.pointee.syswm.msg)
            return 0
        case SDL_MOUSEMOTION:
            guard event.pointee.motion.which != MouseTranslation.touchMouseID else { return 1 }
            let pens = Unmanaged<X11Pens>.fromOpaque(userdata).takeUnretainedValue()
            return pens.copies.dropsMotion(at: Double(SDL_GetTicks64()) / 1000) ? 0 : 1
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard event.pointee.button.which != MouseTranslation.touchMouseID else { return 1 }
            let pens = Unmanaged<X11Pens>.fromOpaque(userdata).takeUnretainedValue()
            return pens.copies.passesButton(event.pointee.button.button, down: event.pointee.type == SDL_MOUSEBUTTONDOWN.rawValue) ? 1 : 0
        default:
            return 1
        }
    }

    private func read(_ message: UnsafeMutablePointer<SDL_SysWMmsg>?) {
        guard let message, message.pointee.subsystem == SDL_SYSWM_X11 else { return }
        var x = message.pointee.msg.x11.event
        var events: [PlatformEvent] = []
        switch x.type {
        case GenericEvent:
            copies.sawX()
            guard x.xcookie.extension == opcode, let data = x.xcookie.data else { break }
            switch x.xcookie.evtype {
            case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
                let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                guard translation.devices[e.deviceid] != nil else { break }
                let press = e.evtype == XI_ButtonPress, release = e.evtype == XI_ButtonRelease
                if (press || release), e.detail == 2 || e.detail == 3 {
                    if press { barrel.insert(e.detail) } else { barrel.remove(e.detail) }
                }
                let tip = (press || release) && e.detail == 1 ? (time: e.time, button: UInt32(1)) : nil
                let now = Double(SDL_GetTicks64()) / 1000
                copies.sawPen(at: now, tip: tip, barrelHeld: !barrel.isEmpty)
                events = translation.translate(e, ratio: 1, time: now)
                copies.tipDown = translation.isDown
            case XI_HierarchyChanged:
                events = findPens()
            default:
                break
            }
        case ButtonPress, ButtonRelease:
            copies.sawX(coreButton: x.xbutton.button, at: x.xbutton.time)
        case let type where type != 0 && (type == selection.proximityIn || type == selection.proximityOut):
            copies.sawX()
            let e = withUnsafePointer(to: &x) { $0.withMemoryRebound(to: XProximityNotifyEvent.self, capacity: 1) { $0.pointee } }
            guard translation.devices[Int32(truncatingIfNeeded: e.deviceid)] != nil else { break }
            events = [.penProximity(near: type == selection.proximityIn)]
        default:
            copies.sawX()
        }
        queue.post(events)
    }

    /// Finds the pens among the devices and selects their events on the window; a pen that
    /// went away with its tip down is cancelled.
    private func findPens() -> [PlatformEvent] {
        let (pens, present) = selection.find()
        guard Set(pens) != Set(translation.devices.values) else { return [] }
        let cancelled = translation.set(pens)
        copies.tipDown = translation.isDown
        selection.select(pens, present: present)
        return cancelled
    }
}
