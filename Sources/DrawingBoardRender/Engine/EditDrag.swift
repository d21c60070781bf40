import DrawingBoardCore

/// The drag under way (a slider pulled, an element moved, the stroke eraser's gesture): the
/// edits performed until it ends become one undo step, and the journal hears of the drag as a
/// whole when it ends. The editor performs each edit; this keeps the group they go into.
final class EditDrag {
    private unowned let editor: Editor
    /// Edits made since the drag began, waiting to be squashed into one step.
    var group: EditGroup?
    /// The tool whose gesture began the drag (nil: the window began it).
    var owner: (any ToolHandler)?

    init(editor: Editor) {
        self.editor = editor
    }

    /// Starts a drag: the edits performed until it ends become one undo step (a drag already
    /// under way ends first, keeping what it did). `placing`: an element change that may begin
    /// by placing the element (a text typed in a new box).
    func begin(_ kind: Edit.Kind, placing: Bool = false, owner: (any ToolHandler)? = nil) {
        end(keeping: true)
        group = EditGroup(kind: kind, last: .batch([]), allowsPlace: placing)
        self.owner = owner
    }

    /// Ends the drag under way, if any, before something else: its edits are kept as one step
    /// (`keeping`), or, for the stroke eraser's gesture whose pointer is still down, put back.
    /// The tool whose gesture it was forgets it.
    func end(keeping: Bool) {
        guard let open = group else { return }
        let recording = owner?.dragEnded(open.kind, keeping: keeping)
        if open.kind == .strokeErase, !keeping { bail() } else { squash(recording: recording) }
    }

    /// Ends the drag: its edits become one step, told to the journal as `edit` (the drag as a
    /// whole: the background it ended on, the stroke eraser's whole path, an element where it
    /// ended). A drag that changed nothing, or ended where it began, leaves no step.
    func squash(recording edit: Edit?) {
        guard let done = group else { return }
        group = nil
        owner = nil
        dropLayers()
        guard let step = done.step else { return }
        if done.kind == .background, case .background(let first) = step.edit, first == editor.page.background { return }
        var record = edit ?? done.last
        if edit == nil, done.kind == .element {
            // An element drag is written as where the element ended (placed there, when the
            // change began by placing it).
            if let id = done.placed, let now = editor.page.element(id) {
                record = .place(now)
            } else if case .change(let moved) = done.last, let now = editor.page.element(moved.id) {
                record = .change(now)
            }
        }
        editor.history.push(step)
        editor.recorder?(.edit(record))
    }

    /// Ends the drag by putting back everything it changed.
    func bail() {
        guard let done = group else { return }
        if var step = done.step {
            do {
                try editor.cross(&step)
            } catch {
                // What the drag did cannot be put back: it stays, as one step that undo takes back.
                editor.failures.append(error.message)
                return squash(recording: nil)
            }
        }
        group = nil
        owner = nil
        dropLayers()
    }

    /// An element drag's layers go, and the page under them is painted again; what cannot be
    /// painted is told (the page itself is whole).
    func dropLayers() {
        do {
            try editor.canvas.dropDrag(editor.page)
        } catch {
            editor.failures.append(error.message)
        }
    }
}
