import DrawingBoardCore

/// A pen's tablet device as the X server describes it: which of its valuators (axes) carry the
/// pressure and the tilt, and which end of the pen it is. Tablet drivers (wacom, libinput)
/// label the axes "Abs Pressure", "Abs Tilt X" and "Abs Tilt Y", and give the eraser end a
/// device of its own whose name says "eraser".
public struct PenDevice: Sendable, Hashable {
    /// One valuator: its number in the device's events and the range it reports.
    public struct Axis: Sendable, Hashable {
        public var number: Int
        public var min: Double
        public var max: Double

        /// A value as 0...1 of the range (nil for an empty or broken range).
        func fraction(_ value: Double) -> Double? {
            guard value.isFinite, min.isFinite, max.isFinite, max > min else { return nil }
            return Swift.min(Swift.max((value - min) / (max - min), 0), 1)
        }
    }

    /// What a valuator's label, as the driver names it, is.
    public struct Valuator: Sendable, Hashable {
        public var label: String
        public var axis: Axis
    }

    public var id: Int32
    public var name: String
    public var end: PointerSource.PenEnd
    public var pressure: Axis?
    public var tiltX: Axis?
    public var tiltY: Axis?

    /// The device as a pen, or nil when it is not one: a pointer with a pressure axis, or the
    /// device the user named (`DRAWINGBOARD_PEN_DEVICE`, for drivers that label axes otherwise).
    public init?(id: Int32, name: String, valuators: [Valuator], named chosen: String? = nil) {
        func axis(_ label: String) -> Axis? {
            valuators.first { $0.label.caseInsensitiveCompare(label) == .orderedSame }?.axis
        }
        let pressure = axis("Abs Pressure")
        let isChosen = chosen.map { !$0.isEmpty && $0 == name } ?? false
        guard pressure != nil || isChosen else { return nil }
        self.id = id
        self.name = name
        self.pressure = pressure
        tiltX = axis("Abs Tilt X")
        tiltY = axis("Abs Tilt Y")
        end = name.lowercased().contains("eraser") ? .eraser : .tip
    }

    /// The pressure in 0...1 from the axis's value (1 for a device without pressure).
    func pressure(_ value: Double?) -> Double {
        guard let pressure, let value else { return 1 }
        return pressure.fraction(value) ?? 1
    }

    /// The tilt in degrees. The drivers report degrees (wacom and libinput: -64...63); a range
    /// that is not centred on 0 is taken as -60...60 degrees across it.
    func tilt(x: Double?, y: Double?) -> Tilt? {
        guard let tiltX, let tiltY, let x, let y else { return nil }
        func degrees(_ axis: Axis, _ v: Double) -> Double {
            if axis.min < 0, axis.max > 0, axis.max <= 90, axis.min >= -90 { return v }
            return ((axis.fraction(v) ?? 0.5) - 0.5) * 120
        }
        return Tilt(x: degrees(tiltX, x), y: degrees(tiltY, y))
    }
}
