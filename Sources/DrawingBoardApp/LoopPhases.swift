import Foundation

/// The event loop's CPU by phase (waiting for events, handling them, the tick, effects, the
/// frame, settings), for `DRAWINGBOARD_STATS`: where a motion event's cost goes, measured on
/// the loop's own thread clock. Off, it costs one branch per phase.
struct LoopPhases {
    enum Phase: Int, CaseIterable {
        case wait, handle, tick, effects, render, present, settings
    }

    let on: Bool
    private var totals = [Double](repeating: 0, count: Phase.allCases.count)
    private var last = 0.0

    init(on: Bool) {
        self.on = on
        if on { last = Self.threadSeconds() }
    }

    /// Starts the clock at the loop's first turn: what the window did before it (making the
    /// editor, the interface, a document opened) is no phase's.
    mutating func start() {
        guard on else { return }
        last = Self.threadSeconds()
    }

    /// Charges the CPU since the last mark to `phase`.
    mutating func mark(_ phase: Phase) {
        guard on else { return }
        let t = Self.threadSeconds()
        totals[phase.rawValue] += t - last
        last = t
    }

    /// "wait 12.3 ms, handle 4.5 ms, …", and per event when `events` > 0.
    func summary(events: Int) -> String {
        Phase.allCases.map { phase in
            let ms = totals[phase.rawValue] * 1e3
            let per = events > 0 ? String(format: " (%.1f us/event)", totals[phase.rawValue] / Double(events) * 1e6) : ""
            return String(format: "%@ %.1f ms%@", "\(phase)", ms, per)
        }.joined(separator: ", ")
    }

    private static func threadSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
