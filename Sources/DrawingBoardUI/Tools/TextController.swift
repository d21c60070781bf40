import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The text tool in the window: its presses go to the editor's text tool (`TextBox`), the keys
/// and the input method type through `Editor.typing`, and the window shows the box, its caret
/// and what the input method composes, and tells the platform where the caret is.
public final class TextController {
    unowned let app: AppController
    /// Where the text box being typed in was last painted, in the window.
    private var drawn: PixelRect?
    /// The pens' colour before a text already on the page was taken up again: the Brush panel
    /// shows and changes the text's colour meanwhile, and the pens get theirs back after (they
    /// kept the text's, and the next stroke came out in it).
    private var penColorBefore: RGBColor?
    /// The tool in hand when a text on the page was taken up again with it (the select
    /// tool's double click): it comes back when that typing ends.
    private var toolBefore: Tool?

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }
    private var typing: TextTyping { app.editor.typing }

    /// The text being typed, if any.
    var typed: String? { typing.entry?.shown }

    /// Where the box being typed in is in the window, if one is (the Brush panel keeps off it).
    var typingBox: Rect? {
        guard typing.entry != nil, let drawn else { return nil }
        return Rect(x: Double(drawn.x), y: Double(drawn.y), width: Double(drawn.width), height: Double(drawn.height))
    }

    /// A press on the canvas with the text tool: the tool starts a box, moves the caret, or
    /// finishes the box and starts another. False when the text tool is not in hand.
    func press(_ event: PointerEvent) -> Bool {
        guard editor.toolState.tool == .text else { return false }
        if toolBefore != nil, let drawn, !drawn.contains(x: Int(event.position.x), y: Int(event.position.y)) {
            // Out of a text taken up with the select tool: the typing ends, the select tool
            // comes back, and the press is its own (it selects what is under it).
            finish()
            return false
        }
        let color = editor.toolState.style.color, before = typing.entry?.id
        editor.handle(app.input.onCanvas(event))
        if typing.entry?.editing == true, typing.entry?.id != before, penColorBefore == nil { penColorBefore = color }
        if typing.entry == nil { ended() } else { changed() }
        return true
    }

    /// Types into the text element `element` again (a double click or tap with the select
    /// tool), the caret at page point `at`.
    func edit(_ element: Element, caretAt at: Point? = nil) {
        finish()
        if editor.toolState.tool != .text { toolBefore = editor.toolState.tool }
        // The text tool, set to the text's look, so the Brush panel shows and changes it.
        app.brush.select(.text)
        penColorBefore = editor.toolState.style.color
        typing.edit(element, caretAt: at)
        app.selection.select(nil)
        changed()
    }

    /// Text the keyboard or the input method committed.
    func typed(_ text: String) {
        guard typing.entry != nil else { return }
        typing.typed(text)
        changed()
    }

    /// The clipboard's text (nil: it holds none) typed at the caret: its lines kept, other
    /// control characters left out, and at most `ClipboardText`'s length.
    public func pasted(_ text: String?) {
        guard typing.entry != nil else { return }
        let lines = (text ?? "").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\t", with: " ")
        let kept = String(lines.unicodeScalars.filter { $0 == "\n" || !CharacterSet.controlCharacters.contains($0) }.prefix(Self.maxPasted))
        guard !kept.isEmpty else { return app.chrome.show(info: "The clipboard holds no text to paste") }
        // Typed text is one line: each line break goes in as Enter does.
        for (i, line) in kept.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { _ = typing.key(KeyInput(.enter)) }
            if !line.isEmpty { typing.typed(String(line)) }
        }
        changed()
    }

    /// The most characters pasted at once.
    static let maxPasted = 10_000

    /// What the input method is composing (shown at the caret, underlined, until committed).
    func composing(_ text: String) {
        guard typing.entry != nil else { return }
        typing.composing(text)
        changed()
    }

    /// The keys of a text box (see `TextTyping.key`); Ctrl+V pastes the clipboard's text.
    func key(_ input: KeyInput) -> Bool {
        guard typing.entry != nil else { return false }
        if input.ctrl, !input.shift, input.key == .character("v") {
            app.request(.pasteText)
            return true
        }
        let handled = typing.key(input)
        if typing.entry == nil { ended() } else { changed() }
        return handled
    }

    /// Ends the text box: kept as one step, or gone if it holds nothing.
    func finish() {
        guard typing.entry != nil else { return }
        typing.finish()
        ended()
    }

    /// The box is gone: the input method's window too, and the page is painted again.
    private func ended() {
        if let penColorBefore {
            editor.toolState.style.color = penColorBefore
            self.penColorBefore = nil
            app.invalidateChrome()
        }
        if let toolBefore {
            self.toolBefore = nil
            app.brush.select(toolBefore)
        }
        drawn = nil
        app.request(.textInput(nil))
        app.repaintAll()
        app.showFailures()
    }

    /// The page shows the box as it is now; the input method's window goes by the caret.
    private func changed() {
        // Where the caret and the box were, and where they are.
        if let drawn { app.repaint.dirty.append(drawn) }
        // Laid out once: laying out the text is not free.
        let element = typing.entry?.element()
        let caret = element.flatMap(caret(of:))
        drawn = element.flatMap { area(of: $0, caret: caret) }
        if let drawn { app.repaint.dirty.append(drawn) }
        if let caret { app.request(.textInput(caret)) }
        app.invalidateChrome()
        app.showFailures()
    }

    /// The window area of the box being typed in (`element`), its outline and its caret.
    private func area(of element: Element, caret: Rect?) -> PixelRect? {
        guard let caret else { return nil }
        var area = caret
        for corner in element.placement.corners.map(app.view.toWindow) { area = area.union(corner) }
        return area.insetBy(-6 * app.scale).pixelRect(clippedTo: app.window)
    }

    /// The caret in window pixels in `element`, the box being typed in as laid out now.
    private func caret(of element: Element) -> Rect? {
        guard let entry = typing.entry, let style = element.source.text else { return nil }
        let caret = TextArt.caret(style, at: entry.cursor + entry.preedit.count)
        let p = element.placement, view = app.view
        let local = Point(caret.x * p.scale - p.width / 2, caret.y * p.scale - p.height / 2)
        let top = view.toWindow(p.toPage(local)), bottom = view.toWindow(p.toPage(local + Point(0, caret.height * p.scale)))
        return Rect(x: min(top.x, bottom.x) - 1, y: min(top.y, bottom.y), width: abs(bottom.x - top.x) + 2, height: max(abs(bottom.y - top.y), 2))
    }

    /// The Brush panel's colour and size changed while typing: the text takes them.
    func followBrush() {
        guard let entry = typing.entry, editor.toolState.tool == .text else { return }
        let style = editor.toolState.style
        guard style.color != entry.style.color || style.width != entry.style.size else { return }
        typing.restyle(color: style.color, size: style.width)
        changed()
    }

    /// New text takes `family`, and so does the text being typed.
    func chooseFont(_ family: String) {
        typing.font = family
        if typing.entry != nil {
            typing.restyle(font: family)
            changed()
        }
        app.invalidateChrome()
    }

    /// The family before or after the current one among those installed.
    func stepFont(by d: Int) {
        let families = TextArt.families()
        guard !families.isEmpty else { return }
        let i = families.firstIndex(of: typing.font) ?? (d > 0 ? -1 : families.count)
        chooseFont(families[(i + d + families.count) % families.count])
    }

    /// The box being typed in as the window shows it: its caret, its outline, what the input
    /// method composes (worked out once per frame: laying out the text is not free).
    func drawing() -> (caret: Rect?, box: [Point], preedit: (Point, Point)?)? {
        guard let entry = typing.entry else { return nil }
        let element = entry.element(), view = app.view
        var preedit: (Point, Point)?
        if !entry.preedit.isEmpty, let style = element.source.text {
            let p = element.placement
            func point(_ offset: Int) -> Point {
                let c = TextArt.caret(style, at: offset)
                return view.toWindow(p.toPage(Point(c.x * p.scale - p.width / 2, (c.y + c.height) * p.scale - p.height / 2)))
            }
            preedit = (point(entry.cursor), point(entry.cursor + entry.preedit.count))
        }
        return (caret(of: element), element.placement.corners.map(view.toWindow), preedit)
    }

    /// Draws the box being typed in (`drawing()`).
    func draw(_ drawing: (caret: Rect?, box: [Point], preedit: (Point, Point)?)?, with painter: Painter) {
        guard let drawing else { return }
        ElementRenderer.drawTextBox(caret: drawing.caret, box: drawing.box, preedit: drawing.preedit, with: painter, scale: app.scale)
    }
}
