import DrawingBoardCore

/// What fingers on the canvas mean, worked out from their events alone (no editor, no window):
/// every finger draws its own stroke, or (in the navigate mode) one finger draws and two pinch
/// and pan; in both modes a quick two-finger tap undoes and a three-finger tap redoes. A
/// finger's stroke shows as it is drawn, but while its group could still be a tap its release
/// is held back, so a tap never leaves a mark. Positions are window pixels.
struct TouchGestures {
    /// What the controller does with the fingers.
    enum Action: Equatable {
        /// Pass the event on to the editor (a finger draws).
        case draw(PointerEvent)
        /// Drop the finger's stroke without a mark; the finger was last at this point.
        case cancel(PointerSource, at: Point, time: Double)
        /// The finger lifted and its stroke is to be kept (a release held back, or none).
        case commit(PointerEvent)
        /// The view follows a pinch.
        case view(ViewTransform)
        case undo
        case redo
    }

    /// Taps last at most this long, from the first finger down to the last up.
    static let tapDuration = 0.25
    /// And no finger moves further than this (logical pixels).
    static let tapSlop = 10.0
    /// In the navigate mode, a second finger this soon turns a first finger's stroke into a pinch.
    static let pinchGrace = 0.3

    /// The fingers on the canvas since the first went down, until the last lifts.
    struct Group {
        struct Finger {
            var start: Point
            var last: Point
            /// Whether this finger has a stroke in progress.
            var drawing: Bool
        }

        var startTime: Double
        var fingers: [PointerSource: Finger] = [:]
        var order: [PointerSource] = []
        var mostFingers = 0
        /// Still a candidate for a two- or three-finger tap: short and still.
        var tapCandidate = true
        /// Releases held back while the group might still be a tap, in the order fingers lifted.
        var held: [PointerEvent] = []
        var pinch: (view: ViewTransform, centre: Point, distance: Double, a: PointerSource, b: PointerSource)?
    }

    private(set) var group: Group?

    /// When a held release is due to be decided (the tap window closes).
    var nextDecision: Double? {
        guard let group, group.tapCandidate, !group.held.isEmpty else { return nil }
        return group.startTime + Self.tapDuration + 0.01
    }

    mutating func down(_ e: PointerEvent, mode: TouchMode, view: ViewTransform, now: Double) -> [Action] {
        var g = group ?? Group(startTime: now)
        var actions: [Action] = []
        let drawing: Bool
        switch mode {
        case .draw:
            drawing = true
        case .navigate, .penOnly:
            let active = g.fingers.count
            if active == 0, mode == .penOnly {
                // Pen only: one finger moves the view (a pinch of one finger: no scaling).
                g.pinch = (view, e.position, 1, e.source, e.source)
                drawing = false
            } else if active == 0 {
                drawing = g.pinch == nil
            } else if active == 1, now - g.startTime <= Self.pinchGrace || g.pinch != nil,
                      let first = g.order.last(where: { g.fingers[$0] != nil }) {
                // A second finger: the first one's young stroke becomes a pinch.
                for (source, finger) in g.fingers where finger.drawing {
                    actions.append(.cancel(source, at: finger.last, time: e.time))
                    g.fingers[source]?.drawing = false
                }
                let p1 = g.fingers[first]!.last
                g.pinch = (view, Self.mid(p1, e.position), p1.distance(to: e.position), first, e.source)
                drawing = false
            } else {
                drawing = false
            }
        }
        g.fingers[e.source] = Group.Finger(start: e.position, last: e.position, drawing: drawing)
        g.order.append(e.source)
        g.mostFingers = max(g.mostFingers, g.fingers.count)
        if g.mostFingers > 3 { g.tapCandidate = false }
        group = g
        if drawing { actions.append(.draw(e)) }
        return actions + decide(now: now)
    }

    mutating func move(_ e: PointerEvent, scale: Double, now: Double) -> [Action] {
        guard var g = group, var finger = g.fingers[e.source] else { return [] }
        finger.last = e.position
        g.fingers[e.source] = finger
        if finger.start.distance(to: e.position) > Self.tapSlop * scale { g.tapCandidate = false }
        group = g
        var actions: [Action] = finger.drawing ? [.draw(e)] : []
        if let pinch = g.pinch, let a = g.fingers[pinch.a]?.last, let b = g.fingers[pinch.b]?.last {
            let distance = pinch.a == pinch.b ? pinch.distance : a.distance(to: b)
            actions.append(.view(ViewTransform.pinch(from: pinch.view, startCentre: pinch.centre, startDistance: pinch.distance,
                                                     centre: Self.mid(a, b), distance: distance, range: ViewTransform.scaleRange(onScreen: scale))))
        }
        return actions + decide(now: now)
    }

    /// A finger lifted (or the system took it away: `cancel`).
    mutating func up(_ e: PointerEvent, now: Double) -> [Action] {
        guard var g = group, let finger = g.fingers.removeValue(forKey: e.source) else { return [] }
        var actions: [Action] = []
        if e.phase == .cancel {
            // The system took the touch away: its stroke goes, and the group is no tap.
            if finger.drawing { actions.append(.cancel(e.source, at: e.position, time: e.time)) }
            g.tapCandidate = false
        } else if finger.drawing {
            g.held.append(e)
        }
        if let pinch = g.pinch, pinch.a == e.source || pinch.b == e.source { g.pinch = nil }
        group = g
        actions += decide(now: now)
        guard let ended = group, ended.fingers.isEmpty else { return actions }
        group = nil
        let isTap = ended.tapCandidate && now - ended.startTime <= Self.tapDuration + 1e-9
        if isTap, ended.mostFingers == 2 || ended.mostFingers == 3 {
            actions += ended.held.map { .cancel($0.source, at: $0.position, time: $0.time) }
            actions.append(ended.mostFingers == 2 ? .undo : .redo)
        } else {
            actions += ended.held.map { .commit($0) }
        }
        return actions
    }

    /// Time alone moves on: once the group can no longer be a tap, held releases are kept.
    mutating func tick(now: Double) -> [Action] { decide(now: now) }

    /// Drops every finger's stroke, held or in progress, without a mark (focus lost).
    mutating func dropAll(now: Double) -> [Action] {
        guard let g = group else { return [] }
        group = nil
        return g.held.map { .cancel($0.source, at: $0.position, time: $0.time) }
            + g.fingers.filter(\.value.drawing).map { .cancel($0.key, at: $0.value.last, time: now) }
    }

    private mutating func decide(now: Double) -> [Action] {
        guard var g = group else { return [] }
        if g.tapCandidate, now - g.startTime > Self.tapDuration { g.tapCandidate = false }
        var actions: [Action] = []
        if !g.tapCandidate, !g.held.isEmpty {
            actions = g.held.map { .commit($0) }
            g.held = []
        }
        group = g
        return actions
    }

    private static func mid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }
}
