import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The Select tool's third choice, Text: the PDF page's text selected as a reader selects it.
/// A drag selects from the character under the press to the one under the pointer; a double
/// click selects a word and a triple click a line (a drag after them grows by words or lines);
/// Ctrl+C copies the text to the system clipboard; Esc lets go. The selection is shown as
/// translucent blue boxes over the characters.
///
/// The highlighter's Text switch drags the same selection, by characters, shown in the
/// highlighter's colour: when the pointer lifts the characters are highlighted
/// (`Editor.highlightText`), one step. On a page without PDF text the highlighter draws.
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
    /// The drag under way highlights what it selects when it ends.
    private var highlighting = false
    /// The characters of the page a highlighting drag is on, read when it starts (not at each
    /// motion), and the lines the highlight will lay, as the selection has them now.
    private var characters: (page: UInt64, boxes: PDFCharacters)?
    private var lines: [Rect] = []

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

    /// A press with the highlighter, its Text switch on: true when the page has PDF text (a
    /// drag then selects characters, highlighted when it ends). Fingers move the view.
    func highlight(_ event: PointerEvent) -> Bool {
        if case .finger = event.source { return false }
        guard editor.toolState.tool == .highlighter, editor.tools.highlightsText, case .pdf = editor.page.background,
              let read = PDFCharacters.read(on: editor.page), !read.isEmpty else { return false }
        let p = view.toCanvas(event.position)
        highlighting = true
        characters = (editor.pages.currentID, read)
        drag = (event.source, p, .character)
        select(from: p, to: p, by: .character)
        return true
    }

    /// The pointer of the selection's drag moved or lifted; false when it is not that pointer.
    func drag(_ event: PointerEvent) -> Bool {
        guard let d = drag, d.source == event.source else { return false }
        let to = view.toCanvas(event.position)
        select(from: d.from, to: to, by: d.unit)
        guard event.phase != .move else { return true }
        drag = nil
        guard highlighting else { return true }
        // The lines shown are the lines laid.
        if event.phase == .up, selection != nil, !lines.isEmpty {
            let style = editor.toolState.style, lines = self.lines
            app.attempt { try editor.highlightText(lines: lines, style: style) }
            app.invalidateChrome()
        }
        clear()
        return true
    }

    private func select(from a: Point, to b: Point, by unit: PDFTextSelection.Unit) {
        // (Highlighting shows the characters that will be highlighted, as they will be.)
        let known = characters.flatMap { $0.page == editor.pages.currentID ? $0.boxes : nil }
        let found = PDFTextSelection.select(on: editor.page, from: a, to: b, by: unit, characters: highlighting, known: known)
        selection = found.flatMap { $0.text.isEmpty && $0.boxes.isEmpty ? nil : $0 }
        lines = highlighting ? selection?.lines ?? [] : []
        page = editor.pages.currentID
        refresh()
    }

    /// Lets go of the selection.
    func clear() {
        // (A tool changed during a highlighting drag ends it too: the next drag is the Select
        // tool's own.)
        highlighting = false
        characters = nil
        lines = []
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
        return (highlighting ? lines : selection.boxes).map {
            Rect(corner: view.toWindow(Point($0.minX, $0.minY)), corner: view.toWindow(Point($0.maxX, $0.maxY)))
        }
    }

    func draw(with painter: Painter) {
        // (While highlighting: the highlighter's colour, as it will be laid.)
        let c = editor.toolState.style.color, opacity = editor.toolState.style.opacity
        let fill = highlighting ? RGBA(Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, opacity) : RGBA(0.2, 0.45, 0.9, 0.3)
        for box in shownBoxes() { painter.fill(box, fill) }
    }
}
