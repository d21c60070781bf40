import DrawingBoardCore
import WaylandTablet

/// Turns the tablet protocol's frames (one tool's events up to its `frame`, gathered by
/// `WaylandTablet`) into pointer events: in range and out of range; the tip down, moving and
/// up as `.pen(.tip)`, or `.pen(.eraser)` for the eraser tool; moving in range with the tip up
/// is hovering. The protocol sends the pressure and tilt only when they change: each tool's
/// last values stand until then. Positions are surface points, times `ratio` window pixels.
public struct WaylandTabletTranslation {
    private struct Tool {
        var down = false
        var position: Point?
        var pressure = 1.0
        var tilt: Tilt?
    }

    private var tools: [UInt64: Tool] = [:]

    public init() {}

    public mutating func translate(_ f: wt_frame, ratio: Double, time: Double) -> [PlatformEvent] {
        var tool = tools[f.tool] ?? Tool()
        let end: PointerSource.PenEnd = f.tool_type == UInt32(WT_TOOL_ERASER) ? .eraser : .tip
        if f.has_pressure != 0, f.pressure.isFinite { tool.pressure = min(max(f.pressure, 0), 1) }
        if f.has_tilt != 0 { tool.tilt = Tilt(x: f.tilt_x, y: f.tilt_y) }
        if f.has_motion != 0, f.x.isFinite, f.y.isFinite { tool.position = Point(f.x * ratio, f.y * ratio) }
        var result: [PlatformEvent] = []
        if f.proximity_in != 0 { result.append(.penProximity(near: true)) }
        func event(_ phase: PointerEvent.Phase, _ p: Point) -> PlatformEvent {
            .pointer(PointerEvent(source: .pen(end), phase: phase, position: p, pressure: tool.pressure, tilt: tool.tilt, time: time))
        }
        if let p = tool.position {
            if f.down != 0, !tool.down {
                tool.down = true
                result.append(event(.down, p))
            } else if f.has_motion != 0 {
                result.append(tool.down ? event(.move, p) : .penHover(p))
            }
            if f.up != 0, tool.down {
                tool.down = false
                result.append(event(.up, p))
            }
        }
        if f.proximity_out != 0 || f.removed != 0 {
            // Out of range with the tip down: the compositor lost the lift, or the tool is gone.
            if tool.down, let p = tool.position { result.append(event(f.removed != 0 ? .cancel : .up, p)) }
            result.append(.penProximity(near: false))
            tools[f.tool] = nil
        } else {
            tools[f.tool] = tool
        }
        return result
    }
}
