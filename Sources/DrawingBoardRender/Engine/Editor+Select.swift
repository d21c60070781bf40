import DrawingBoardCore
import Foundation

/// An element being handled with the select tool: which one, where it was when the pointers
/// now down began, and where each of them went down and is now.
struct ElementGesture {
    var id: UInt64?
    var start: Element.Placement?
    var pointers: [PointerSource: (first: Point, last: Point)] = [:]
    /// The order the pointers went down in (the first is "finger 1").
    var order: [PointerSource] = []
}

extension Editor {
    /// The select tool, as a user handles an element: a pointer down on an element drags it;
    /// a second finger makes it follow both (moved with their midpoint, scaled by their
    /// distance, turned by their angle, about the midpoint); a finger lifting leaves the other
    /// dragging. The whole gesture is one undo step.
    func handleSelect(_ event: PointerEvent) {
        switch event.phase {
        case .down:
            if var gesture = selecting {
                // A third finger is ignored; a press from a pointer already down means its
                // release was lost.
                guard gesture.pointers[event.source] == nil, gesture.pointers.count == 1 else { return }
                gesture.pointers[event.source] = (event.position, event.position)
                gesture.order.append(event.source)
                if gesture.id == nil, let a = gesture.order.first.flatMap({ gesture.pointers[$0] }) {
                    // Two fingers that start off any element: the one under their midpoint.
                    gesture.id = element(at: (a.first + event.position) * 0.5)?.id
                }
                selecting = rebased(gesture)
            } else {
                selecting = rebased(ElementGesture(id: element(at: event.position)?.id,
                                                   pointers: [event.source: (event.position, event.position)], order: [event.source]))
            }
        case .move, .up:
            guard var gesture = selecting, gesture.pointers[event.source] != nil else { return }
            gesture.pointers[event.source]?.last = event.position
            selecting = gesture
            follow(gesture)
            guard event.phase == .up else { return }
            gesture.pointers[event.source] = nil
            gesture.order.removeAll { $0 == event.source }
            if gesture.pointers.isEmpty {
                selecting = nil
                finishElementDrag()
            } else {
                selecting = rebased(gesture)
            }
        case .cancel:
            guard selecting?.pointers[event.source] != nil else { return }
            cancelElementDrag()
        }
    }

    /// The gesture starting afresh from where its element and pointers are now.
    private func rebased(_ gesture: ElementGesture) -> ElementGesture {
        var g = gesture
        g.start = g.id.flatMap { element($0)?.placement }
        for (source, p) in g.pointers { g.pointers[source] = (p.last, p.last) }
        if let id = g.id, let element = element(id), group?.kind != .element {
            mark(for: .change(element))
        }
        return g
    }

    /// Puts the element where the pointers now say.
    private func follow(_ gesture: ElementGesture) {
        guard let id = gesture.id, let start = gesture.start, var element = element(id) else { return }
        let fingers = gesture.order.compactMap { gesture.pointers[$0] }
        if fingers.count >= 2 {
            let a = fingers[0], b = fingers[1]
            let mid0 = (a.first + b.first) * 0.5, mid1 = (a.last + b.last) * 0.5
            let d0 = a.first.distance(to: b.first), d1 = a.last.distance(to: b.last)
            let turn = (atan2(b.last.y - a.last.y, b.last.x - a.last.x) - atan2(b.first.y - a.first.y, b.first.x - a.first.x)) * 180 / .pi
            element.placement = start.transformed(about: mid0, scale: d0 > 0.5 ? d1 / d0 : 1, turn: d0 > 0.5 ? turn : 0, move: mid1 - mid0)
        } else if let a = fingers.first {
            element.placement = start.moved(by: a.last - a.first)
        }
        _ = try? perform(.change(element))
    }

    /// Ends the drag as one step, told to the journal as the element where it ended (placed
    /// there, when the change began by placing it).
    func finishElementDrag() {
        guard group?.kind == .element else { return }
        let last = group?.last
        if let id = group?.placed {
            if let now = element(id) { squash(recording: .place(now)) } else { bail() }
        } else if case .change(let moved)? = last, let now = element(moved.id) {
            squash(recording: .change(now))
        } else if let last {
            squash(recording: last)
        }
    }

    /// Puts the element back where the gesture found it.
    func cancelElementDrag() {
        selecting = nil
        if group?.kind == .element { bail() }
    }

    /// The element the select tool is handling, if any.
    public var handledElement: UInt64? { selecting?.id }

    // MARK: - Changes made of many edits (a handle dragged, a text typed)

    /// Starts a change of elements that many edits make (`perform(.change)` each time): one
    /// undo step when it ends. `placing`: it may begin by placing an element.
    public func beginElementChange(placing: Bool = false) {
        endDrag(keeping: true)
        group = OpenGroup(kind: .element, last: .delete(0))
        group?.allowsPlace = placing
    }

    /// Whether a change of elements is open.
    public var changingElements: Bool { group?.kind == .element }

    /// Ends the change as one step (none if nothing changed).
    public func endElementChange() {
        finishElementDrag()
    }

    /// Puts back everything the change did.
    public func cancelElementChange() {
        guard group?.kind == .element else { return }
        bail()
    }
}
