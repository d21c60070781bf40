import DrawingBoardCore

/// The fingers on the canvas since the first went down, until the last lifts.
struct TouchGroup {
    struct Finger {
        var start: Point
        var last: Point
        /// Whether this finger has a stroke in progress in the editor.
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
    /// Fingers whose strokes were dropped (they never draw again in this group).
    var pinch: (view: ViewTransform, centre: Point, distance: Double, a: PointerSource, b: PointerSource)?
}

/// Touch: every finger draws its own stroke, or (in the navigate mode) one finger draws and two
/// pinch and pan; in both modes a quick two-finger tap undoes and a three-finger tap redoes.
/// A finger's stroke is shown as it is drawn, but while its group could still be a tap its
/// release is held back, so a tap never leaves a mark.
extension AppController {
    /// Taps last at most this long, from the first finger down to the last up.
    public static let tapDuration = 0.25
    /// And no finger moves further than this (logical pixels).
    public static let tapSlop = 10.0
    /// In the navigate mode, a second finger this soon turns a first finger's stroke into a pinch.
    public static let pinchGrace = 0.3

    func touchDown(_ e: PointerEvent) {
        if touches == nil { touches = TouchGroup(startTime: now) }
        guard var group = touches else { return }
        let drawing: Bool
        switch touchMode {
        case .draw:
            drawing = true
        case .navigate:
            let active = group.fingers.count
            if active == 0 {
                drawing = group.pinch == nil
            } else if active == 1, now - group.startTime <= Self.pinchGrace || group.pinch != nil,
                      let first = group.order.last(where: { group.fingers[$0] != nil }) {
                // A second finger: the first one's young stroke becomes a pinch.
                for (source, finger) in group.fingers where finger.drawing {
                    editor.handle(PointerEvent(source: source, phase: .cancel, position: view.toCanvas(finger.last), time: e.time))
                    group.fingers[source]?.drawing = false
                }
                let p1 = group.fingers[first]!.last
                group.pinch = (view, mid(p1, e.position), p1.distance(to: e.position), first, e.source)
                drawing = false
            } else {
                drawing = false
            }
        }
        group.fingers[e.source] = TouchGroup.Finger(start: e.position, last: e.position, drawing: drawing)
        group.order.append(e.source)
        group.mostFingers = max(group.mostFingers, group.fingers.count)
        if group.mostFingers > 3 { group.tapCandidate = false }
        touches = group
        if drawing { editor.handle(onCanvas(e)) }
        checkTapWindow()
    }

    func touchMove(_ e: PointerEvent) {
        guard var group = touches, var finger = group.fingers[e.source] else { return }
        finger.last = e.position
        group.fingers[e.source] = finger
        if finger.start.distance(to: e.position) > Self.tapSlop * scale { group.tapCandidate = false }
        touches = group
        if finger.drawing { editor.handle(onCanvas(e)) }
        if let pinch = group.pinch, let a = group.fingers[pinch.a]?.last, let b = group.fingers[pinch.b]?.last {
            setView(ViewTransform.pinch(from: pinch.view, startCentre: pinch.centre, startDistance: pinch.distance,
                                        centre: mid(a, b), distance: a.distance(to: b)))
        }
        checkTapWindow()
    }

    func touchUp(_ e: PointerEvent) {
        guard var group = touches, let finger = group.fingers.removeValue(forKey: e.source) else { return }
        if e.phase == .cancel {
            // The system took the touch away: its stroke goes, and the group is no tap.
            if finger.drawing { editor.handle(PointerEvent(source: e.source, phase: .cancel, position: view.toCanvas(e.position), time: e.time)) }
            group.tapCandidate = false
        } else if finger.drawing {
            group.held.append(e)
        }
        if let pinch = group.pinch, pinch.a == e.source || pinch.b == e.source { group.pinch = nil }
        touches = group
        checkTapWindow()
        guard let ended = touches, ended.fingers.isEmpty else { return }
        touches = nil
        let isTap = ended.tapCandidate && now - ended.startTime <= Self.tapDuration + 1e-9
        if isTap, ended.mostFingers == 2 || ended.mostFingers == 3 {
            for up in ended.held { editor.handle(PointerEvent(source: up.source, phase: .cancel, position: up.position, time: up.time)) }
            ended.mostFingers == 2 ? undo() : redo()
        } else {
            for up in ended.held { commitStroke(up) }
        }
    }

    /// Once the group can no longer be a tap, held releases are committed at once.
    private func checkTapWindow() {
        guard var group = touches else { return }
        if group.tapCandidate, now - group.startTime > Self.tapDuration { group.tapCandidate = false }
        if !group.tapCandidate, !group.held.isEmpty {
            let held = group.held
            group.held = []
            touches = group
            for up in held { commitStroke(up) }
            return
        }
        touches = group
    }

    /// Drops every finger's stroke, held or in progress, without a mark (focus lost).
    func dropTouches() {
        guard let group = touches else { return }
        touches = nil
        for up in group.held { editor.handle(PointerEvent(source: up.source, phase: .cancel, position: up.position, time: up.time)) }
        for (source, finger) in group.fingers where finger.drawing {
            editor.handle(PointerEvent(source: source, phase: .cancel, position: view.toCanvas(finger.last), time: now))
        }
    }

    /// Advances the tap window with time alone (a finger resting still past it draws).
    func touchTick() {
        checkTapWindow()
    }
}

private func mid(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }
