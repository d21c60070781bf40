import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// How a drag from empty page with the Select tool takes what it encloses.
public enum SelectArea: String, Sendable, CaseIterable {
    /// Text: a PDF page's text, as a reader selects it (`PDFTextController`).
    case lasso, box, text

    public var title: String {
        switch self {
        case .lasso: return "Lasso"
        case .box: return "Box"
        case .text: return "Text"
        }
    }
}

/// The Select tool's selection of strokes and elements together, in the window: a lasso or a
/// box drawn from empty page, a tap on ink, Ctrl+A; the selection's box with its handles (drag
/// inside to move, a corner to scale keeping the proportions or, with Shift, not; the turn
/// handle, with Shift in 15° steps), two fingers that move, pinch and turn it at once; its keys
/// (Delete, Ctrl+D, Ctrl+X, Ctrl+C, Ctrl+V, Page Up, Page Down, the arrows, Esc); the Brush
/// panel's colour, width and opacity given to it. While it is dragged it is a picture laid over
/// the page (`SelectionPicture`); where it lands it is drawn again from its vectors, as one undo
/// step. What is selected and each edit of it are the editor's (`editor.selection`); a single
/// element tapped keeps its own handles (`SelectionController`).
public final class LassoController {
    unowned let app: AppController
    /// Lasso or box.
    public var area = SelectArea.lasso
    /// What Copy and Cut took, for Paste in any document this window opens.
    var clipboard: ItemClipboard?
    var gesture: Gesture?
    /// Where the box, the handles, the lasso and the picture were last painted, in the window.
    private var drawn: PixelRect?
    /// The brush's settings when the selection was made or last restyled: a change the user
    /// makes in the Brush panel afterwards goes to the selection.
    var styleSeen: StrokeStyle?
    /// Drags begun, to tell a drag's picture from an earlier one's.
    private var dragCount = 0
    /// The selection's box, worked out once per page revision.
    private var box: (revision: Int, ids: [UInt64], box: Rect?)?

    enum Gesture {
        /// A lasso or a box being drawn by `source` (its points on the page). `fingerDown`: a
        /// finger's press that a second finger, coming soon, turns into moving the view.
        case area(PointerSource, [Point], fingerDown: PointerEvent?)
        case drag(SelectionDrag)
    }

    init(app: AppController) {
        self.app = app
    }

    var editor: Editor { app.editor }
    var view: ViewTransform { app.view }
    var scale: Double { app.scale }
    var selecting: Bool { editor.toolState.tool == .select }

    /// Whether strokes or elements are selected (as a group, not a single element tapped).
    public var hasSelection: Bool { !editor.selection.ids.isEmpty }

    /// The selection's box on the page as it rests.
    public var restingBox: Rect? {
        let ids = editor.selection.ids
        if let box, box.revision == editor.revision, box.ids == ids { return box.box }
        let made = ids.isEmpty ? nil : editor.selection.bounds
        box = (editor.revision, ids, made)
        return made
    }

    /// The box as the window draws it: a little outside the ink.
    private var shownBox: Rect? { restingBox?.insetBy(-6 * scale / view.scale) }

    /// The corners of the box as shown now (through the drag under way), a little outside the ink.
    var corners: [Point]? {
        if case .drag(let d) = gesture { return SelectionDrag.corners(of: d.box).map(d.m.apply) }
        guard let box = shownBox else { return nil }
        return SelectionDrag.corners(of: box)
    }

    private static func joined(_ a: PixelRect?, _ b: PixelRect) -> PixelRect { a.map { $0.union(b) } ?? b }


    /// The handles as the window shows them (nil: nothing selected, or another tool).
    public var handles: ElementHandles? {
        guard selecting, let corners else { return nil }
        let resting = app.layout(barsHidden: 0)
        return ElementHandles(corners: corners, view: view, scale: scale, avoiding: [resting.topBar, resting.bottomBar])
    }

    /// The transform of the drag under way (identity when none).
    public var dragTransform: Affine {
        if case .drag(let d) = gesture { return d.m }
        return .identity
    }

    /// Whether the selection is being dragged as a picture.
    public var isDragging: Bool {
        if case .drag(let d) = gesture { return d.lifted }
        return false
    }

    // MARK: - Choosing

    /// Selects `ids` on the page (none: nothing), forgetting a single element's selection.
    public func select(_ ids: [UInt64]) {
        editor.selection.select(ids)
        if !ids.isEmpty, app.selection.selected != nil { app.selection.select(nil) }
        selectionChanged()
    }

    /// Ctrl+A: everything on the page, with the select tool.
    func selectAll() {
        app.text.finish()
        if !selecting { app.brush.select(.select) }
        app.selection.select(nil)
        editor.selection.all()
        selectionChanged()
        let n = editor.selection.ids.count
        app.chrome.show(info: n == 0 ? "Nothing on this page to select" : "\(n) selected: drag to move, Delete removes, Esc lets go")
    }

    /// Nothing selected any more.
    func none() {
        guard hasSelection || gesture != nil else { return }
        cancelDrag()
        gesture = nil
        editor.selection.none()
        selectionChanged()
    }

    func selectionChanged() {
        styleSeen = editor.toolState.style
        refresh()
        app.invalidateChrome()
    }

    /// The page goes (another document or page): nothing of it stays selected.
    func forget() {
        cancelDrag()
        gesture = nil
        editor.selection.none()
        styleSeen = nil
        if let drawn { app.repaint.dirty.append(drawn) }
        drawn = nil
    }

    /// The box, the handles, the lasso or the picture moved: paint where they were and are.
    func refresh() {
        if let drawn { app.repaint.dirty.append(drawn) }
        drawn = shownArea()
        if let drawn { app.repaint.dirty.append(drawn) }
    }

    private func shownArea() -> PixelRect? {
        var area: PixelRect?
        if let handles { area = handles.bounds(scale: scale) }
        switch gesture {
        case .area(_, let points, _):
            let window = points.map(view.toWindow)
            if let r = Rect(around: window) {
                let pad = 4 * scale
                area = Self.joined(area, PixelRect(x: Int(r.minX - pad), y: Int(r.minY - pad), width: Int(r.width + 2 * pad) + 2, height: Int(r.height + 2 * pad) + 2))
            }
        case .drag(let d):
            if d.lifted, let picture = d.picture { area = Self.joined(area, picture.windowBox(d.m, view: view)) }
        case nil:
            break
        }
        return area
    }

    // MARK: - The pointer

    /// A press on the page with the Select tool. Returns false when it is not the group
    /// selection's (a single element, its handles, fingers that move the view).
    func press(_ event: PointerEvent) -> Bool {
        guard selecting else { return false }
        // Text mode on a PDF page selects its text, over ink or not.
        if area == .text, gesture == nil, app.pdfText.press(event) {
            if hasSelection { none() }
            return true
        }
        let p = view.toCanvas(event.position)
        switch gesture {
        case .drag(var d):
            // A second finger on the selection being moved: both move, scale and turn it.
            guard case .finger = event.source, d.pointers.count == 1, d.pointers[event.source] == nil, d.handle == nil else { return true }
            d.base = d.m
            for (source, q) in d.pointers { d.pointers[source] = (q.last, q.last) }
            d.pointers[event.source] = (p, p)
            d.order.append(event.source)
            gesture = .drag(d)
            return true
        case .area(_, _, let down?):
            // A second finger soon after the first: the two move the view.
            gesture = nil
            refresh()
            app.input.handToFingers(down)
            return false
        case .area:
            return true
        case nil:
            break
        }
        if let handles, let hit = handles.hit(event.position) {
            if hit == .delete {
                deleteSelection()
            } else {
                beginDrag(hit, event.source, at: p)
            }
            return true
        }
        if let box = shownBox, box.contains(p) {
            beginDrag(nil, event.source, at: p)
            return true
        }
        // What the single element's handles answer stays theirs; an element pressed is selected
        // alone, as ever.
        if app.selection.handles?.hit(event.position) != nil { return false }
        if editor.element(at: p, slack: 4 * scale / view.scale) != nil {
            if hasSelection { none() }
            return false
        }
        if let id = editor.page.topSelectable(at: p, slack: 6 * scale / view.scale) {
            // A press on ink selects that stroke; a drag moves it at once.
            select([id])
            beginDrag(nil, event.source, at: p)
            return true
        }
        if hasSelection { none() }
        if app.selection.selected != nil { app.selection.select(nil) }
        var fingerDown: PointerEvent?
        if case .finger = event.source { fingerDown = event }
        gesture = .area(event.source, [p], fingerDown: fingerDown)
        refresh()
        return true
    }

    private func beginDrag(_ handle: ElementHandle?, _ source: PointerSource, at p: Point) {
        guard let box = shownBox else { return }
        var drag = SelectionDrag(handle: handle, box: box, base: .identity, pointers: [source: (p, p)], order: [source])
        if editor.tools.snapsToPaper, let snap = PaperSnap(editor.page.background) {
            drag.snap = snap
            drag.ink = restingBox
        }
        dragCount += 1
        drag.number = dragCount
        // The picture it moves as is painted off the event loop from now on, and the ink
        // under it when lifting it costs more than a frame: by the first motion they are
        // there, most often, and the selection lifts then; until they come the box moves alone.
        let job = editor.selection.liftPatchJob()
        drag.patchComing = job != nil
        gesture = .drag(drag)
        guard let snapshot = try? editor.selection.snapshot() else { return }
        let scale = view.scale, number = dragCount
        app.background.run({ try SelectionPicture.painted(snapshot, scale: scale) }) { [weak self] result in
            guard let self, case .drag(var d) = gesture, d.number == number, case .success(let picture) = result else { return }
            d.picture = picture
            arrived(&d)
        }
        guard let job else { return }
        app.background.run({ try job.paint() }) { [weak self] result in
            guard let self, case .drag(var d) = gesture, d.number == number else { return }
            // (One that could not be painted: the lift paints that area on the loop.)
            d.patch = try? result.get()
            d.patchComing = false
            arrived(&d)
        }
    }

    /// What the drag `d` waited for came: lifted if it has moved.
    private func arrived(_ d: inout SelectionDrag) {
        gesture = .drag(d)
        if !d.m.isIdentity { _ = lift(&d) }
        refresh()
    }

    /// Lifts the selection off the page for the drag `d` once its picture (and patch) are
    /// there; false (the drag ended, said why) when it cannot be.
    private func lift(_ d: inout SelectionDrag) -> Bool {
        guard !d.lifted, d.picture != nil, !d.patchComing else { return true }
        do {
            try editor.selection.lift(patch: d.patch)
            d.patch = nil
            d.lifted = true
            gesture = .drag(d)
            return true
        } catch {
            app.chrome.show(error: "The selection cannot be moved: \(error)")
            gesture = nil
            return false
        }
    }

    /// A pointer of the group selection's gesture moved or lifted; false when it is none of its.
    func drag(_ event: PointerEvent) -> Bool {
        let p = view.toCanvas(event.position)
        switch gesture {
        case .area(let source, var points, var down):
            guard source == event.source else { return false }
            if let last = points.last, last.distance(to: p) * view.scale >= 1 { points.append(p) }
            // Past a tap's reach, a finger draws the lasso for good.
            if let d = down, d.position.distance(to: event.position) > TouchGestures.tapSlop * scale { down = nil }
            gesture = .area(source, points, fingerDown: down)
            if event.phase == .move {
                refresh()
            } else {
                gesture = nil
                if event.phase == .up { finishArea(points + [p]) }
                refresh()
            }
            return true
        case .drag(var d):
            guard d.pointers[event.source] != nil else { return false }
            d.pointers[event.source]?.last = p
            d.m = d.transform(constrain: event.modifiers.contains(.constrain))
            // The first motion with the picture there lifts the selection off the page.
            if event.phase == .move, !d.m.isIdentity, !lift(&d) { return true }
            if event.phase == .move {
                gesture = .drag(d)
                refresh()
                return true
            }
            d.pointers[event.source] = nil
            d.order.removeAll { $0 == event.source }
            if !d.pointers.isEmpty {
                // One finger of two lifted: the other goes on moving it from here.
                d.base = d.m
                for (source, q) in d.pointers { d.pointers[source] = (q.last, q.last) }
                gesture = .drag(d)
                return true
            }
            gesture = nil
            if event.phase == .cancel {
                editor.selection.putBack()
            } else if !d.m.isIdentity {
                // (Not lifted yet, the picture still coming: moved all the same.)
                app.attempt { try editor.selection.drop(d.m) }
            }
            refresh()
            app.invalidateChrome()
            return true
        case nil:
            return false
        }
    }

    private func finishArea(_ points: [Point]) {
        guard let first = points.first else { return }
        let span = points.map { $0.distance(to: first) }.max() ?? 0
        // A tap on empty page selects nothing.
        guard span * view.scale > TouchGestures.tapSlop * scale else { return none() }
        switch area {
        case .lasso: editor.selection.lasso(points)
        case .box, .text: editor.selection.rect(Rect(corner: first, corner: points.last!))
        }
        if hasSelection, app.selection.selected != nil { app.selection.select(nil) }
        selectionChanged()
    }

    /// The drag under way ends where it began (a key, an undo, the window losing focus).
    func cancelDrag() {
        guard case .drag = gesture else { return }
        gesture = nil
        editor.selection.putBack()
        refresh()
    }

    // MARK: - Drawing

    /// Lays the dragged selection's picture over the page within `area` of `frame`.
    func drawPicture(into frame: Frame, area: PixelRect) {
        guard case .drag(let d) = gesture, d.lifted, let picture = d.picture else { return }
        picture.paint(into: frame, area: area, transform: d.m, view: view)
    }

    /// Draws the lasso or the box being drawn, and the selection's box with its handles.
    func draw(_ handles: ElementHandles?, with painter: Painter) {
        if case .area(_, let points, _) = gesture, points.count > 1 {
            let window = points.map(view.toWindow)
            let path: [Point]
            switch area {
            case .lasso: path = window + [window[0]]
            case .box, .text:
                // (Text mode off a PDF page draws a box.)
                let r = Rect(corner: window[0], corner: window.last!)
                path = SelectionDrag.corners(of: r) + [Point(r.minX, r.minY)]
            }
            for (a, b) in zip(path, path.dropFirst()) {
                painter.line(from: a, to: b, width: 3 * scale, RGBA(1, 1, 1, 0.9))
                painter.line(from: a, to: b, width: 1.5 * scale, Theme.accent, dashes: [6 * scale, 4 * scale])
            }
        }
        ElementRenderer.drawHandles(handles, with: painter, scale: scale)
    }
}
