import CSDL2
import DrawingBoardCore

/// The pens among the X server's devices, and their events selected on SDL's window.
/// - A pen is a pointer with an "Abs Pressure" axis (`PenDevice`); touchscreens (which may have
///   one) are not pens.
/// - Motion and buttons are selected for the pens' own devices only, merged into the selection
///   already there: XISelectEvents replaces a device's mask, and SDL's (touch and motion, on
///   all master devices) must stay. Selecting the master devices would take SDL's core mouse
///   events away.
/// - XI2 has no proximity event: the pens' XI 1 ProximityIn/Out are selected too, on devices
///   opened once each (closing one would end a grab of it, mid-stroke).
/// - Requests about a device that may have gone run with X errors caught (`XErrorTrap`).
final class X11PenSelection {
    private let display: OpaquePointer
    private let window: CSDL2.Window
    /// The device named in `DRAWINGBOARD_PEN_DEVICE`, taken as a pen whatever its axes.
    private let chosen: String?
    private var atomNames: [Atom: String] = [:]
    private var opened: [Int32: UnsafeMutablePointer<XDevice>] = [:]
    /// XI 1 proximity event types (0: not known yet).
    private(set) var proximityIn: Int32 = 0, proximityOut: Int32 = 0

    init(display: OpaquePointer, window: CSDL2.Window, chosen: String?) {
        self.display = display
        self.window = window
        self.chosen = chosen
        let root = XDefaultRootWindow(display)
        XErrorTrap.run(display) { self.select(on: root, [XIAllDevices: [XI_HierarchyChanged]]) }
    }

    /// The pens plugged in now, and every device's id.
    func find() -> (pens: [PenDevice], present: Set<Int32>) {
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return ([], []) }
        defer { XIFreeDeviceInfo(list) }
        var pens: [PenDevice] = [], present: Set<Int32> = []
        for i in 0..<Int(count) {
            let device = list[i]
            present.insert(device.deviceid)
            guard device.use == XISlavePointer || device.use == XIFloatingSlave, device.enabled != 0 else { continue }
            var valuators: [PenDevice.Valuator] = [], touch = false
            for c in 0..<Int(device.num_classes) {
                guard let any = device.classes[c] else { continue }
                if any.pointee.type == XITouchClass { touch = true }
                guard any.pointee.type == XIValuatorClass else { continue }
                let v = UnsafeMutableRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                valuators.append(.init(label: name(of: v.label), axis: .init(number: Int(v.number), min: v.min, max: v.max)))
            }
            let name = device.name.map { String(cString: $0) } ?? ""
            guard !touch || name == chosen else { continue }
            if let pen = PenDevice(id: device.deviceid, name: name, valuators: valuators, named: chosen) { pens.append(pen) }
        }
        return (pens, present)
    }

    private func name(of atom: Atom) -> String {
        guard atom != 0 else { return "" }
        if let known = atomNames[atom] { return known }
        var label = ""
        if let name = XGetAtomName(display, atom) {
            label = String(cString: name)
            XFree(name)
        }
        atomNames[atom] = label
        return label
    }

    /// Selects the pens' motion, buttons and proximity on the window; `present`: the devices
    /// plugged in (a device that went is forgotten without a request about it).
    func select(_ pens: [PenDevice], present: Set<Int32>) {
        var masks: [Int32: [Int32]] = [:]
        for pen in pens { masks[pen.id] = [XI_Motion, XI_ButtonPress, XI_ButtonRelease] }
        XErrorTrap.run(display) { self.select(on: self.window, masks) }
        let ids = Set(pens.map(\.id))
        for (id, device) in opened where !ids.contains(id) {
            if present.contains(id) { XErrorTrap.run(display) { XCloseDevice(self.display, device) } } else { XFree(device) }
            opened[id] = nil
        }
        for pen in pens where opened[pen.id] == nil {
            var device: UnsafeMutablePointer<XDevice>?
            XErrorTrap.run(display) { device = XOpenDevice(self.display, XID(pen.id)) }
            opened[pen.id] = device
        }
        var classes: [XEventClass] = []
        for (id, device) in opened {
            for i in 0..<Int(device.pointee.num_classes) where device.pointee.classes[i].input_class == UInt8(ProximityClass) {
                let base = Int32(device.pointee.classes[i].event_type_base)
                proximityIn = base + Int32(_proximityIn)
                proximityOut = base + Int32(_proximityOut)
                classes.append(XEventClass(Int(id) << 8 | Int(proximityIn)))
                classes.append(XEventClass(Int(id) << 8 | Int(proximityOut)))
            }
        }
        guard !classes.isEmpty else { return }
        XErrorTrap.run(display) { XSelectExtensionEvent(self.display, self.window, &classes, Int32(classes.count)) }
    }

    /// Closes the devices opened (when reading stops).
    func close() {
        for (_, device) in opened { XErrorTrap.run(display) { XCloseDevice(self.display, device) } }
        opened = [:]
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
}
