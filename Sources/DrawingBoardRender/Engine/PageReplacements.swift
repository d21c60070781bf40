import DrawingBoardCore

/// The page made off the event loop to take the page's place whole, through its life: under
/// way (`change`), taken in by the change it was made for (`finish`: the editor's edit or step
/// reads it, `takeMadePage`), then followed by the window (`takeMadeChange`). Reached as
/// `editor.replacements`; the editor's edits, presses, page switches and saves call `finish`
/// first, so nothing is ever done to the page being replaced.
public final class PageReplacements {
    unowned let editor: Editor
    /// The page being made, if one is.
    var pending: PageReplacement?
    /// The page made, while the change it was made for takes it.
    private var madePage: (Page, PageCanvas)?
    /// The change made, until the window follows it.
    private var madeChange: MadePageChange?

    init(editor: Editor) {
        self.editor = editor
    }

    /// The change the page being made is still to make (a new size, or undo or redo across
    /// one); nil when none is under way.
    public var change: WholePageChange? { pending?.change }

    /// Takes in the page made off the event loop, if one is under way and done (`wait`:
    /// waiting for it), making the change it was made for. True when one was taken in; a
    /// change that could not be made is said (`Editor.takeFailures`).
    @discardableResult
    public func finish(wait: Bool = true) -> Bool {
        guard let job = pending, wait || job.isDone else { return false }
        pending = nil
        switch job.made() {
        case .failure(let error):
            editor.failures.append(error.message)
        case .success(let made):
            // Every edit takes the page in first: the page it was made from is still the page.
            guard job.revision == editor.revision else {
                editor.failures.append("The page changed while its new size was being made; it was left as it is")
                return true
            }
            made.1.adopt(editor.assets)
            madePage = made
            defer { madePage = nil }
            let before = editor.size
            defer { madeChange = MadePageChange(change: job.change, sizeBefore: before, shift: job.shift) }
            let editor = editor
            editor.attempt { () throws(RenderError) -> Bool in
                switch job.change {
                case .resize(let size, let anchor): try editor.perform(.page(size, anchor: anchor))
                case .undo: try editor.travel(back: true)
                case .redo: try editor.travel(back: false)
                }
            }
        }
        return true
    }

    /// The change the last page made off the event loop made, once (whatever took it in: a
    /// press, an edit, a page shown, a save): the window follows it (its view, its message).
    public func takeMadeChange() -> MadePageChange? {
        defer { madeChange = nil }
        return madeChange
    }

    /// The page made, taken (once) by the change it was made for.
    func takeMadePage() -> (Page, PageCanvas)? {
        defer { madePage = nil }
        return madePage
    }

    /// Starts making the page at `newSize` anchored at `anchor` (the page and drawing given).
    func startResize(to newSize: PixelSize, anchor: Int, contents: DocumentContents) {
        pending = PageReplacement(.resize(newSize, anchor: anchor), contents: contents, revision: editor.revision,
                                  shift: Page.offset(from: editor.size, to: newSize, anchor: anchor))
    }

    /// Starts making the page the next step back (or forward) gives, when it replaces a heavy
    /// page whole in the window. False when the step is to be crossed at once.
    func startTravel(back: Bool) -> Bool {
        guard editor.paintsWholeLater else { return false }
        // A drag under way ends first: it may make the step the undo crosses.
        editor.cancelAll()
        editor.drag.end(keeping: true)
        guard let step = editor.history.next(back: back), case .replace(let other) = step.edit,
              step.page == 0 || step.page == editor.shelf.current else { return false }
        pending = PageReplacement(back ? .undo : .redo, page: other, revision: editor.revision, shift: step.shift)
        return true
    }
}
