import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The text tool in the window: its presses go to the editor's text tool (`TextBox`), the keys
/// and the input method type through `Editor.typing`, and the window shows the box, its caret
/// and what the input method composes, and tells the platform where the caret is.
extension AppController {
    /// The text being typed, if any.
    public var typedText: String? { editor.typing.entry?.shown }

    /// A press on the canvas with the text tool: the tool starts a box, moves the caret, or
    /// finishes the box and starts another. False when the text tool is not in hand.
    func textPress(_ event: PointerEvent) -> Bool {
        guard editor.toolState.tool == .text else { return false }
        editor.tools.windowPixel = 1 / view.scale
        editor.handle(onCanvas(event))
        if editor.typing.entry == nil { textEnded() } else { typingChanged() }
        return true
    }

    /// Types into the text element `element` again (a double click or tap with the select
    /// tool), the caret at page point `at`.
    func editText(_ element: Element, caretAt at: Point? = nil) {
        finishText()
        // The text tool, set to the text's look, so the Brush panel shows and changes it.
        select(.text)
        editor.typing.edit(element, caretAt: at)
        selectElement(nil)
        typingChanged()
    }

    /// Text the keyboard or the input method committed.
    public func typed(_ text: String) {
        guard editor.typing.entry != nil else { return }
        editor.typing.typed(text)
        typingChanged()
    }

    /// What the input method is composing (shown at the caret, underlined, until committed).
    public func composing(_ text: String) {
        guard editor.typing.entry != nil else { return }
        editor.typing.composing(text)
        typingChanged()
    }

    /// The keys of a text box (see `TextTyping.key`).
    func textKey(_ input: KeyInput) -> Bool {
        guard editor.typing.entry != nil else { return false }
        let handled = editor.typing.key(input)
        if editor.typing.entry == nil { textEnded() } else { typingChanged() }
        return handled
    }

    /// Ends the text box: kept as one step, or gone if it holds nothing.
    public func finishText() {
        guard editor.typing.entry != nil else { return }
        editor.typing.finish()
        textEnded()
    }

    /// The box is gone: the input method's window too, and the page is painted again.
    private func textEnded() {
        elementUI.textDrawn = nil
        request(.textInput(nil))
        repaint.dirty = [PixelRect(size: window)]
        invalidateChrome()
        showFailures()
    }

    /// The page shows the box as it is now; the input method's window goes by the caret.
    private func typingChanged() {
        // Where the caret and the box were, and where they are.
        if let drawn = elementUI.textDrawn { repaint.dirty.append(drawn) }
        elementUI.textDrawn = textBoxArea()
        if let drawn = elementUI.textDrawn { repaint.dirty.append(drawn) }
        if let rect = caretRect() { request(.textInput(rect)) }
        invalidateChrome()
        showFailures()
    }

    /// The window area of the box being typed in, its outline and its caret.
    func textBoxArea() -> PixelRect? {
        guard let entry = editor.typing.entry, let caret = caretRect() else { return nil }
        var area = caret
        for corner in entry.element().placement.corners.map(view.toWindow) { area = area.union(corner) }
        return area.insetBy(-6 * scale).pixelRect(clippedTo: window)
    }

    /// The box's corners in the window, while a text is typed.
    var textBoxCorners: [Point]? {
        editor.typing.entry.map { $0.element().placement.corners.map(view.toWindow) }
    }

    /// The caret in window pixels.
    func caretRect() -> Rect? {
        guard let entry = editor.typing.entry else { return nil }
        let element = entry.element()
        guard let style = element.source.text else { return nil }
        let caret = TextArt.caret(style, at: entry.cursor + entry.preedit.count)
        let p = element.placement
        let local = Point(caret.x * p.scale - p.width / 2, caret.y * p.scale - p.height / 2)
        let top = view.toWindow(p.toPage(local)), bottom = view.toWindow(p.toPage(local + Point(0, caret.height * p.scale)))
        return Rect(x: min(top.x, bottom.x) - 1, y: min(top.y, bottom.y), width: abs(bottom.x - top.x) + 2, height: max(abs(bottom.y - top.y), 2))
    }

    /// The font new text boxes take.
    var textFont: String { editor.typing.font }

    /// The Brush panel's colour and size changed while typing: the text takes them.
    func followBrushWhileTyping() {
        guard let entry = editor.typing.entry, editor.toolState.tool == .text else { return }
        let style = editor.toolState.style
        guard style.color != entry.style.color || style.width != entry.style.size else { return }
        editor.typing.restyle(color: style.color, size: style.width)
        typingChanged()
    }

    /// New text takes `family`, and so does the text being typed.
    func chooseFont(_ family: String) {
        editor.typing.font = family
        if editor.typing.entry != nil {
            editor.typing.restyle(font: family)
            typingChanged()
        }
        invalidateChrome()
    }

    /// The family before or after the current one among those installed.
    func stepFont(by d: Int) {
        let families = TextArt.families()
        guard !families.isEmpty else { return }
        let i = families.firstIndex(of: textFont) ?? (d > 0 ? -1 : families.count)
        chooseFont(families[(i + d + families.count) % families.count])
    }

    /// Where the input method's composition is underlined, in the window.
    var preeditLine: (Point, Point)? {
        guard let entry = editor.typing.entry, !entry.preedit.isEmpty else { return nil }
        let element = entry.element()
        guard let style = element.source.text else { return nil }
        let p = element.placement
        func point(_ offset: Int) -> Point {
            let c = TextArt.caret(style, at: offset)
            return view.toWindow(p.toPage(Point(c.x * p.scale - p.width / 2, (c.y + c.height) * p.scale - p.height / 2)))
        }
        return (point(entry.cursor), point(entry.cursor + entry.preedit.count))
    }
}
