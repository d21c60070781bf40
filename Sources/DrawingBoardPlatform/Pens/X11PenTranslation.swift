import CSDL2
import DrawingBoardCore

/// Turns XInput2 events of pen devices into pointer events: the tip (button 1) down, moving and
/// up as `.pen(.tip)` or, for the eraser's device, `.pen(.eraser)`, with the pressure and tilt of
/// the device's valuators (an axis an event leaves out keeps its last value); moving with the
/// tip up is hovering. Other buttons (the barrel's) are ignored. Positions are the event's own
/// (sub-pixel) window coordinates.
public struct X11PenTranslation {
    public private(set) var devices: [Int32: PenDevice] = [:]
    /// Pens whose tip is down.
    private var down: Set<Int32> = []

    public init(devices: [PenDevice] = []) {
        _ = set(devices)
    }

    /// The pens now plugged in: a pen that went away with its tip down is cancelled.
    public mutating func set(_ devices: [PenDevice]) -> [PlatformEvent] {
        let old = self.devices
        self.devices = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var result: [PlatformEvent] = []
        for id in down where self.devices[id] == nil {
            if let gone = old[id] {
                result.append(.pointer(PointerEvent(source: .pen(gone.end), phase: .cancel, position: lastPosition[id] ?? Point(0, 0))))
            }
            down.remove(id)
        }
        // What was known of a device that went (or whose id now names another) is forgotten.
        for id in Set(lastValues.keys).union(lastPosition.keys) where self.devices[id] != old[id] {
            lastValues[id] = nil
            lastPosition[id] = nil
        }
        return result
    }

    private var lastPosition: [Int32: Point] = [:]
    /// Each device's valuators as last reported: an event carries only those that changed.
    private var lastValues: [Int32: [Int: Double]] = [:]

    /// The valuators an event carries: number to value (the values come packed, in the order
    /// of the mask's set bits).
    public static func valuators(_ state: XIValuatorState) -> [Int: Double] {
        guard state.mask_len > 0, let mask = state.mask, let values = state.values else { return [:] }
        var result: [Int: Double] = [:]
        var next = 0
        for byte in 0..<Int(state.mask_len) {
            for bit in 0..<8 where mask[byte] & (1 << bit) != 0 {
                result[byte * 8 + bit] = values[next]
                next += 1
            }
        }
        return result
    }

    /// One XI2 device event (`evtype` XI_Motion, XI_ButtonPress or XI_ButtonRelease), `ratio`
    /// window pixels per X pixel, `time` in seconds on the app's clock.
    public mutating func translate(_ e: XIDeviceEvent, ratio: Double, time: Double) -> [PlatformEvent] {
        // Pointer events a touchscreen's driver makes of touches are not a pen's.
        guard let device = devices[e.deviceid], e.flags & XIPointerEmulated == 0 else { return [] }
        let values = lastValues[e.deviceid, default: [:]].merging(Self.valuators(e.valuators)) { _, new in new }
        lastValues[e.deviceid] = values
        let p = Point(e.event_x * ratio, e.event_y * ratio)
        guard p.x.isFinite, p.y.isFinite else { return [] }
        lastPosition[e.deviceid] = p
        func event(_ phase: PointerEvent.Phase) -> PlatformEvent {
            .pointer(PointerEvent(source: .pen(device.end), phase: phase, position: p,
                                  pressure: device.pressure(device.pressure.flatMap { values[$0.number] }),
                                  tilt: device.tilt(x: device.tiltX.flatMap { values[$0.number] }, y: device.tiltY.flatMap { values[$0.number] }),
                                  time: time))
        }
        switch e.evtype {
        case XI_ButtonPress where e.detail == 1:
            let lost = down.contains(e.deviceid)
            down.insert(e.deviceid)
            return lost ? [event(.cancel), event(.down)] : [event(.down)]
        case XI_ButtonRelease where e.detail == 1:
            return down.remove(e.deviceid) != nil ? [event(.up)] : []
        case XI_Motion:
            return down.contains(e.deviceid) ? [event(.move)] : [.penHover(p)]
        default:
            return []
        }
    }

    /// The pen's tip is down on some device.
    public var isDown: Bool { !down.isEmpty }
}
