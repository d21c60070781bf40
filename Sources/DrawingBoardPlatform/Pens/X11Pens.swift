import CSDL2
import DrawingBoardCore
import Foundation

/// Pens on X11 under SDL 2, which has no pen API: read through XInput2 on SDL's own display and
/// window, beside SDL.
/// - The pens are the pointer devices with an "Abs Pressure" axis (`PenDevice`), found again
///   whenever devices come and go (libinput's driver adds a device per tool on first use).
/// - Their motion and buttons are selected on the window for those devices only, merged into
///   the selection already there: XISelectEvents replaces a device's mask, and SDL's (touch,
///   on all master devices) must stay. Selecting the master devices would turn SDL's core
///   mouse events into XI2 ones it does not read.
/// - XI2 has no proximity event; the XI 1 ProximityIn/Out events of the pen devices are selected
///   too. A pen moving in the air (hovering) also counts as near.
/// - The events are read in an SDL event filter, the only place their data is valid (SDL frees it
///   when the filter returns). The filter also drops SDL's mouse events made from the core copy
///   the X server sends of each pen event (`PenCopyFilter`), and the SYSWM events themselves.
///   The pens' events wait in a `PenEventQueue`, so they keep their place among SDL's.
final class X11Pens {
    private let display: OpaquePointer
    private let window: CSDL2.Window
    private let root: CSDL2.Window
    private var opcode: Int32 = 0
    private(set) var translation = X11PenTranslation()
    private var copies = PenCopyFilter()
    let queue: PenEventQueue
    /// The device named in `DRAWINGBOARD_PEN_DEVICE`, taken as a pen whatever its axes.
    private let chosen: String?
    /// XI 1 proximity event types (0: not available).
    private var proximityIn: Int32 = 0, proximityOut: Int32 = 0
    private var opened: [UnsafeMutablePointer<XDevice>] = []
    /// Window pixels per X pixel now.
    private let ratio: () -> Double

    /// Starts reading pens for SDL's window, or nil when the X server has no XInput 2.2.
    init?(window handle: OpaquePointer, chosenDevice: String? = ProcessInfo.processInfo.environment["DRAWINGBOARD_PEN_DEVICE"],
          ratio: @escaping () -> Double = { 1 }) {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(handle, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 2, minor: Int32 = 2
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
              XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else { return nil }
        guard let queue = PenEventQueue() else { return nil }
        self.queue = queue
        self.ratio = ratio
        self.display = display
        window = info.info.x11.window
        root = XDefaultRootWindow(display)
        chosen = chosenDevice
        select(on: root, [XIAllDevices: [XI_HierarchyChanged]])
        _ = findPens()
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE)
        SDL_SetEventFilter(Self.filter, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Stops reading (before the window goes).
    func stop() {
        SDL_SetEventFilter(nil, nil)
        SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_IGNORE)
        for device in opened { XCloseDevice(display, device) }
        opened = []
    }

    private static let filter: SDL_EventFilter = { userdata, event in
        guard let userdata, let event else { return 1 }
        // Other threads push only user events: they pass without touching the reader.
        switch SDL_EventType(event.pointee.type) {
        case SDL_SYSWMEVENT:
            Unmanaged<X11Pens>.fromOpaque(userdata).takeUnretainedValue().read(event.pointee.syswm.msg)
            return 0
        case SDL_MOUSEMOTION, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard event.pointee.motion.which != MouseTranslation.touchMouseID else { return 1 }
            return Unmanaged<X11Pens>.fromOpaque(userdata).takeUnretainedValue().copies.dropsMouse ? 0 : 1
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
            copies.sawX(corePointerAt: nil)
            guard x.xcookie.extension == opcode, let data = x.xcookie.data else { break }
            switch x.xcookie.evtype {
            case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
                let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
                guard translation.devices[e.deviceid] != nil else { break }
                copies.sawPen(at: e.time)
                events = translation.translate(e, ratio: ratio(), time: Double(SDL_GetTicks64()) / 1000)
            case XI_HierarchyChanged:
                events = findPens()
            default:
                break
            }
        case MotionNotify:
            copies.sawX(corePointerAt: x.xmotion.time)
        case ButtonPress, ButtonRelease:
            copies.sawX(corePointerAt: x.xbutton.time)
        case let type where type != 0 && (type == proximityIn || type == proximityOut):
            copies.sawX(corePointerAt: nil)
            let e = withUnsafePointer(to: &x) { $0.withMemoryRebound(to: XProximityNotifyEvent.self, capacity: 1) { $0.pointee } }
            guard translation.devices[Int32(truncatingIfNeeded: e.deviceid)] != nil else { break }
            events = [.penProximity(near: type == proximityIn)]
        default:
            copies.sawX(corePointerAt: nil)
        }
        queue.post(events)
    }

    /// Finds the pens among the devices and selects their events on the window; a pen that
    /// went away with its tip down is cancelled.
    private func findPens() -> [PlatformEvent] {
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(list) }
        var pens: [PenDevice] = []
        for i in 0..<Int(count) {
            let device = list[i]
            guard device.use == XISlavePointer || device.use == XIFloatingSlave, device.enabled != 0 else { continue }
            var valuators: [PenDevice.Valuator] = []
            for c in 0..<Int(device.num_classes) {
                guard let any = device.classes[c], any.pointee.type == XIValuatorClass else { continue }
                let v = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                var label = ""
                if v.label != 0, let name = XGetAtomName(display, v.label) {
                    label = String(cString: name)
                    XFree(name)
                }
                valuators.append(.init(label: label, axis: .init(number: Int(v.number), min: v.min, max: v.max)))
            }
            let name = device.name.map { String(cString: $0) } ?? ""
            if let pen = PenDevice(id: device.deviceid, name: name, valuators: valuators, named: chosen) { pens.append(pen) }
        }
        guard Set(pens) != Set(translation.devices.values) else { return [] }
        let cancelled = translation.set(pens)
        var masks: [Int32: [Int32]] = [:]
        for pen in pens { masks[pen.id] = [XI_Motion, XI_ButtonPress, XI_ButtonRelease] }
        select(on: window, masks)
        selectProximity(pens)
        return cancelled
    }

    /// Adds `events` to the selection on `target` for each device, keeping every other bit
    /// that is selected there (SDL's).
    private func select(on target: CSDL2.Window, _ events: [Int32: [Int32]]) {
        let merged = Self.merged(Self.selected(display, on: target), adding: events)
        var masks: [XIEventMask] = []
        for (id, bytes) in merged {
            let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            pointer.initialize(from: bytes, count: bytes.count)
            masks.append(XIEventMask(deviceid: id, mask_len: Int32(bytes.count), mask: pointer))
        }
        defer { for m in masks { m.mask.deallocate() } }
        XISelectEvents(display, target, &masks, Int32(masks.count))
        XFlush(display)
    }

    /// Each device's mask in `current` with the bits of `events` set too.
    static func merged(_ current: [Int32: [UInt8]], adding events: [Int32: [Int32]]) -> [Int32: [UInt8]] {
        var merged = current
        for (device, types) in events {
            var mask = merged[device] ?? []
            for type in types where type >= 0 {
                let byte = Int(type >> 3)
                if mask.count <= byte { mask += [UInt8](repeating: 0, count: byte + 1 - mask.count) }
                mask[byte] |= UInt8(1 << (type & 7))
            }
            merged[device] = mask
        }
        return merged
    }

    /// What is selected on `target` now, device by device (for the tests too).
    static func selected(_ display: OpaquePointer, on target: CSDL2.Window) -> [Int32: [UInt8]] {
        var count: Int32 = 0
        guard let current = XIGetSelectedEvents(display, target, &count) else { return [:] }
        defer { XFree(current) }
        var result: [Int32: [UInt8]] = [:]
        for i in 0..<Int(count) where current[i].mask_len > 0 {
            result[current[i].deviceid] = Array(UnsafeBufferPointer(start: current[i].mask, count: Int(current[i].mask_len)))
        }
        return result
    }

    /// Selects the XI 1 proximity events of the pens on the window.
    private func selectProximity(_ pens: [PenDevice]) {
        for device in opened { XCloseDevice(display, device) }
        opened = []
        var classes: [XEventClass] = []
        for pen in pens {
            guard let device = XOpenDevice(display, XID(pen.id)) else { continue }
            opened.append(device)
            for i in 0..<Int(device.pointee.num_classes) where device.pointee.classes[i].input_class == UInt8(ProximityClass) {
                let base = Int32(device.pointee.classes[i].event_type_base)
                proximityIn = base + Int32(_proximityIn)
                proximityOut = base + Int32(_proximityOut)
                classes.append(XEventClass(Int(pen.id) << 8 | Int(proximityIn)))
                classes.append(XEventClass(Int(pen.id) << 8 | Int(proximityOut)))
            }
        }
        guard !classes.isEmpty else { return }
        XSelectExtensionEvent(display, window, &classes, Int32(classes.count))
    }
}
