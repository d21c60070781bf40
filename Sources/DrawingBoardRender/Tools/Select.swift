import DrawingBoardCore
import Foundation

/// The select tool, as a user handles an element: a pointer down on an element drags it; a
/// second finger makes it follow both (moved with their midpoint, scaled by their distance,
/// turned by their angle, about the midpoint); a finger lifting leaves the other dragging. The
/// whole gesture is one undo step. (The window adds the selection's handles, taps and keys.)
final class Select: ToolHandler {
    static let tool: Tool? = .select
    static let title = "Select"
    static let icon = "select"
    static let key: Character? = "v"
    static let fingersDraw = false

    /// The element being handled, where it was when the pointers now down began, and where
    /// each of them went down and is now.
    private struct Gesture {
        var id: UInt64?
        var start: Element.Placement?
        var pointers: [PointerSource: (first: Point, last: Point)] = [:]
        /// The order the pointers went down in (the first is "finger 1").
        var order: [PointerSource] = []
    }

    private var gesture: Gesture?

    init() {}

    /// The element the gesture is handling, if any.
    var handled: UInt64? { gesture?.id }

    func handle(_ event: PointerEvent, _ editor: Editor) -> ToolResult {
        let p = event.position
        switch event.phase {
        case .down:
            guard var g = gesture else {
                let hit = editor.page.topElement(at: p).flatMap { editor.page.items[$0].element }
                return rebased(Gesture(id: hit?.id, pointers: [event.source: (p, p)], order: [event.source]), editor)
            }
            // A third finger is ignored; a press from a pointer already down means its
            // release was lost.
            guard g.pointers[event.source] == nil, g.pointers.count == 1 else { return ToolResult() }
            g.pointers[event.source] = (p, p)
            g.order.append(event.source)
            if g.id == nil, let a = g.order.first.flatMap({ g.pointers[$0] }) {
                // Two fingers that start off any element: the one under their midpoint.
                g.id = editor.page.topElement(at: (a.first + p) * 0.5).flatMap { editor.page.items[$0].element?.id }
            }
            return rebased(g, editor)
        case .move, .up:
            guard var g = gesture, g.pointers[event.source] != nil else { return ToolResult() }
            g.pointers[event.source]?.last = p
            gesture = g
            var actions = follow(g, editor)
            guard event.phase == .up else { return ToolResult(actions) }
            g.pointers[event.source] = nil
            g.order.removeAll { $0 == event.source }
            if g.pointers.isEmpty {
                gesture = nil
                actions.append(.end(recording: nil))
                return ToolResult(actions)
            }
            return ToolResult(actions + rebased(g, editor).actions)
        case .cancel:
            return gesture?.pointers[event.source] != nil ? cancel(editor) : ToolResult()
        }
    }

    /// The gesture starting afresh from where its element and pointers are now.
    private func rebased(_ gesture: Gesture, _ editor: Editor) -> ToolResult {
        var g = gesture
        g.start = g.id.flatMap { editor.page.element($0)?.placement }
        for (source, p) in g.pointers { g.pointers[source] = (p.last, p.last) }
        self.gesture = g
        return ToolResult(g.start == nil ? [] : [.begin(.element, placing: false)])
    }

    /// The element where the pointers now say.
    private func follow(_ gesture: Gesture, _ editor: Editor) -> [ToolResult.Action] {
        guard let id = gesture.id, let start = gesture.start, var element = editor.page.element(id) else { return [] }
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
        return [.perform(.change(element))]
    }

    /// The element goes back where the gesture found it.
    func cancel(_ editor: Editor) -> ToolResult {
        guard gesture != nil else { return ToolResult() }
        gesture = nil
        return ToolResult(editor.drag.group?.kind == .element ? [.bail] : [])
    }

    func dragEnded(_ kind: Edit.Kind, keeping: Bool) -> Edit? {
        if kind == .element { gesture = nil }
        return nil
    }

    /// The sticker or photo `element` turned a quarter clockwise about its centre (a double
    /// tap); nil for a text.
    static func turned(_ element: Element) -> Element? {
        guard element.source.text == nil else { return nil }
        var turned = element
        turned.placement.rotation = Element.Placement.normalised(element.placement.rotation + 90)
        return turned
    }
}
