import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The Select tool's third choice, Text: the PDF page's text selected as a reader selects it.
/// A drag selects from the character under the press to the one under the pointer; a double
/// click selects a word and a triple click a line (a drag after them grows by words or lines);
/// Ctrl+C copies the text to the system clipboard; Esc lets go. The selection is shown as
/// translucent blue boxes over the characters.
public final class PDFTextController {
    unowned let app: AppController
    /// What is selected (nil: nothing), and on which page of the notebook.
    public private(set) var selection: PDFTextSelection?
    private var page: UInt64?
    /// The drag under way: the pointer, where it went down and by what it grows.
    private var drag: (source: PointerSource, from: Point, unit: PDFTextSelection.Unit)?
    /// The last press, for double and triple clicks.
    private var lastPress: (time: Double, at: Point, count: Int)?
    private var drawn: PixelRect?

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }
    private var view: ViewTransform { app.view }

    /// A press with the Select tool in Text mode: true when it is on a PDF page (it starts a
    /// selection there).
    func press(_ event: PointerEvent) -> Bool {
        guard case .pdf = editor.page.background else { return false }
        let p = view.toCanvas(event.position)
        var count = 1
        if let last = lastPress, app.now - last.time < 0.45, last.at.distance(to: event.position) < 8 * app.scale { count = min(last.count + 1, 3) }
        lastPress = (app.now, event.position, count)
        let unit: PDFTextSelection.Unit = count == 1 ? .character : count == 2 ? .word : .line
        drag = (event.source, p, unit)
        select(from: p, to: p, by: unit)
        return true
    }

    /// The pointer of the selection's drag moved or lifted; false when it is not that pointer.
    func drag(_ event: PointerEvent) -> Bool {
        guard let d = drag, d.source == event.source else { return false }
        select(from: d.from, to: view.toCanvas(event.position), by: d.unit)
        if event.phase != .move { drag = nil }
        return true
    }

    private func select(from a: Point, to b: Point, by unit: PDFTextSelection.Unit) {
        let found = PDFTextSelection.select(on: editor.page, from: a, to: b, by: unit)
        selection = found.flatMap { $0.text.isEmpty && $0.boxes.isEmpty ? nil : $0 }
        page = editor.pages.currentID
        refresh()
    }

    /// Lets go of the selection.
    func clear() {
        guard selection != nil || drag != nil else { return }
        selection = nil
        drag = nil
        refresh()
    }

    /// Ctrl+C copies the text selected; Esc lets go. False for other keys, or with nothing selected.
    func key(_ input: KeyInput) -> Bool {
        guard let selection, page == editor.pages.currentID, app.editor.toolState.tool == .select, app.lasso.area == .text else { return false }
        switch input.key {
        case .character("c") where input.ctrl:
            app.request(.copyText(selection.text))
            let words = selection.text.split(whereSeparator: \.isWhitespace).count
            app.chrome.show(info: "Copied \(words == 1 ? "1 word" : "\(words) words")")
        case .escape: clear()
        default: return false
        }
        return true
    }

    private func refresh() {
        if let drawn { app.repaint.dirty.append(drawn) }
        drawn = shownBoxes().reduce(nil as Rect?) { $0?.union($1) ?? $1 }.flatMap { $0.insetBy(-2).pixelRect(clippedTo: app.window) }
        if let drawn { app.repaint.dirty.append(drawn) }
    }

    private func shownBoxes() -> [Rect] {
        guard let selection, page == editor.pages.currentID else { return [] }
        return selection.boxes.map { Rect(corner: view.toWindow(Point($0.minX, $0.minY)), corner: view.toWindow(Point($0.maxX, $0.maxY))) }
    }

    func draw(with painter: Painter) {
        for box in shownBoxes() { painter.fill(box, RGBA(0.2, 0.45, 0.9, 0.3)) }
    }
}
