import DrawingBoardCore
import DrawingBoardRender
import Foundation

extension TextStyle {
    /// The same look with other words.
    func with(text: String) -> TextStyle {
        var style = self
        style.text = text
        return style
    }
}

/// A text box being typed in: its words, the caret, what the input method is composing, how it
/// looks, and where its top left corner stays as it grows.
struct TextEntry {
    /// The text element on the page (nil until the first character of a new box).
    var id: UInt64?
    var text: String
    /// The caret, in Characters from the start.
    var cursor: Int
    /// What the input method is composing, shown at the caret, underlined.
    var preedit = ""
    var style: TextStyle
    /// The box's top left corner on the page, its turn and its scale (page pixels per pixel of
    /// the text as laid out).
    var topLeft: Point
    var rotation = 0.0
    var scale = 1.0
    /// Whether the box edits a text already on the page (else it is new).
    var editing: Bool

    /// The text as shown: the input method's composition at the caret.
    var shown: String {
        guard !preedit.isEmpty else { return text }
        var s = text
        s.insert(contentsOf: preedit, at: s.index(s.startIndex, offsetBy: cursor))
        return s
    }

    /// The element the box shows now.
    func element() -> Element {
        var style = style
        style.text = shown.isEmpty ? " " : shown
        let natural = TextArt.measure(style)
        var placement = Element.Placement(center: topLeft, width: max(natural.width * scale, 1), rotation: rotation, natural: natural)
        // The centre, so that the top left corner stays where it is.
        let corner = placement.toPage(Point(-placement.width / 2, -placement.height / 2)) - topLeft
        placement.center = topLeft - corner
        return Element(id: id ?? 0, source: .text(style), placement: placement)
    }
}

/// The text tool: a press starts a text box (or edits the text under it), keys and the input
/// method type into it, Esc or a press elsewhere finishes it, as one undo step.
extension AppController {
    /// The text being typed, if any.
    public var typedText: String? { elementUI.text?.shown }

    /// A press on the canvas while typing or with the text tool. False when it is not theirs.
    func textPress(_ event: PointerEvent) -> Bool {
        let at = view.toCanvas(event.position)
        if let entry = elementUI.text {
            if let element = entry.id.flatMap({ editor.element($0) }), element.placement.contains(at, slack: 8 / view.scale) {
                // A press in the box moves the caret there.
                placeCaret(in: element, at: at)
                return true
            }
            finishText()
            // A press elsewhere finishes the box and does nothing more, unless the text tool
            // starts another.
            if editor.toolState.tool != .text { return true }
        }
        guard editor.toolState.tool == .text else { return false }
        if let hit = editor.element(at: at), hit.source.text != nil {
            editText(hit)
            placeCaret(in: hit, at: at)
        } else {
            startText(at: at)
        }
        return true
    }

    /// A new text box with its top left corner at `at`, in the brush's colour.
    func startText(at: Point) {
        // The text tool's width is its font size (the width slider sizes the text).
        let style = TextStyle(text: "", font: textFont, size: editor.toolState.style.width, color: editor.toolState.style.color)
        editor.beginElementChange(placing: true)
        elementUI.text = TextEntry(text: "", cursor: 0, style: style, topLeft: at, scale: 1, editing: false)
        typingChanged()
    }

    /// Types into the text element `element` again (a double click or tap with the select
    /// tool, a press with the text tool).
    func editText(_ element: Element) {
        guard let style = element.source.text else { return }
        finishText()
        // The text tool, set to the text's look, so the Brush panel shows and changes it.
        select(.text)
        editor.toolState.style.color = style.color
        editor.toolState.style.width = min(max(style.size, StrokeStyle.widthRange.lowerBound), StrokeStyle.widthRange.upperBound)
        elementUI.font = style.font
        editor.beginElementChange()
        let p = element.placement
        elementUI.text = TextEntry(id: element.id, text: style.text, cursor: style.text.count, style: style,
                                   topLeft: p.corners[0], rotation: p.rotation, scale: p.scale, editing: true)
        selectElement(nil)
        typingChanged()
    }

    /// Puts the caret where page point `at` falls in the text `element`.
    func placeCaret(in element: Element, at: Point) {
        guard elementUI.text != nil, let style = element.source.text else { return }
        let p = element.placement
        let local = p.toLocal(at)
        let point = Point((local.x + p.width / 2) / p.scale, (local.y + p.height / 2) / p.scale)
        let count = elementUI.text?.text.count ?? 0
        elementUI.text?.cursor = min(TextArt.offset(style, at: point), count)
        typingChanged()
    }

    /// Text the keyboard or the input method committed.
    public func typed(_ text: String) {
        guard var entry = elementUI.text else { return }
        let clean = String(text.filter { !$0.isNewline && $0 != "\t" && !($0.asciiValue.map { $0 < 0x20 } ?? false) })
        guard !clean.isEmpty, entry.text.count + clean.count <= Element.maxTextLength else { return }
        entry.text.insert(contentsOf: clean, at: entry.text.index(entry.text.startIndex, offsetBy: entry.cursor))
        entry.cursor += clean.count
        entry.preedit = ""
        elementUI.text = entry
        typingChanged()
    }

    /// What the input method is composing (shown at the caret, underlined, until committed).
    public func composing(_ text: String) {
        guard elementUI.text != nil else { return }
        elementUI.text?.preedit = text
        typingChanged()
    }

    /// The keys of a text box: Enter a new line, the arrows, Home, End, Backspace, Delete; Esc
    /// finishes. Printable keys come as `typed` text; Ctrl shortcuts finish the box first.
    func textKey(_ input: KeyInput) -> Bool {
        guard var entry = elementUI.text else { return false }
        if input.ctrl {
            finishText()
            return false
        }
        let chars = Array(entry.text)
        switch input.key {
        case .escape:
            finishText()
            return true
        case .enter:
            entry.text.insert("\n", at: entry.text.index(entry.text.startIndex, offsetBy: entry.cursor))
            entry.cursor += 1
        case .backspace where entry.cursor > 0:
            entry.text.remove(at: entry.text.index(entry.text.startIndex, offsetBy: entry.cursor - 1))
            entry.cursor -= 1
        case .delete where entry.cursor < chars.count:
            entry.text.remove(at: entry.text.index(entry.text.startIndex, offsetBy: entry.cursor))
        case .left: entry.cursor = max(0, entry.cursor - 1)
        case .right: entry.cursor = min(chars.count, entry.cursor + 1)
        case .home: entry.cursor = (chars[..<entry.cursor].lastIndex(of: "\n").map { $0 + 1 }) ?? 0
        case .end: entry.cursor = chars[entry.cursor...].firstIndex(of: "\n") ?? chars.count
        case .up, .down:
            // The line above or below, as near the caret's x as it goes.
            let caret = TextArt.caret(entry.style.with(text: entry.text), at: entry.cursor)
            let y = input.key == .up ? caret.y - caret.height / 2 : caret.y + caret.height * 1.5
            entry.cursor = min(TextArt.offset(entry.style.with(text: entry.text), at: Point(caret.x, y)), chars.count)
        default:
            // Printable keys arrive as text; they do nothing else while typing.
            return true
        }
        elementUI.text = entry
        typingChanged()
        return true
    }

    /// Ends the text box: kept as one step, or gone if it holds nothing (a text emptied is
    /// deleted, as its own step).
    public func finishText() {
        guard var entry = elementUI.text else { return }
        entry.preedit = ""
        elementUI.text = entry
        let blank = entry.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        if blank {
            editor.cancelElementChange()
            if entry.editing, let id = entry.id { _ = try? editor.perform(.delete(id)) }
        } else {
            syncText()
            editor.endElementChange()
        }
        elementUI.text = nil
        elementUI.textDrawn = nil
        request(.textInput(nil))
        repaint.dirty = [PixelRect(size: window)]
        invalidateChrome()
    }

    /// The page shows the box as it is now; the input method's window goes by the caret.
    private func typingChanged() {
        syncText()
        // Where the caret and the box were, and where they are.
        if let drawn = elementUI.textDrawn { repaint.dirty.append(drawn) }
        elementUI.textDrawn = textBoxArea()
        if let drawn = elementUI.textDrawn { repaint.dirty.append(drawn) }
        if let rect = caretRect() { request(.textInput(rect)) }
        invalidateChrome()
    }

    /// The window area of the box being typed in, its outline and its caret.
    func textBoxArea() -> PixelRect? {
        guard let entry = elementUI.text, let caret = caretRect() else { return nil }
        var area = caret
        for corner in entry.element().placement.corners.map(view.toWindow) { area = area.union(corner) }
        return area.insetBy(-6 * scale).pixelRect(clippedTo: window)
    }

    /// The box's corners in the window, while a text is typed.
    var textBoxCorners: [Point]? {
        elementUI.text.map { $0.element().placement.corners.map(view.toWindow) }
    }

    private func syncText() {
        guard let entry = elementUI.text else { return }
        let element = entry.element()
        if entry.id == nil {
            guard !entry.shown.isEmpty else { return }
            if let id = try? editor.place(element) { elementUI.text?.id = id }
        } else {
            _ = try? editor.perform(.change(element))
        }
    }

    /// The caret in window pixels.
    func caretRect() -> Rect? {
        guard let entry = elementUI.text else { return nil }
        let element = entry.element()
        guard let style = element.source.text else { return nil }
        let caret = TextArt.caret(style, at: entry.cursor + entry.preedit.count)
        let p = element.placement
        let local = Point(caret.x * p.scale - p.width / 2, caret.y * p.scale - p.height / 2)
        let top = view.toWindow(p.toPage(local)), bottom = view.toWindow(p.toPage(local + Point(0, caret.height * p.scale)))
        return Rect(x: min(top.x, bottom.x) - 1, y: min(top.y, bottom.y), width: abs(bottom.x - top.x) + 2, height: max(abs(bottom.y - top.y), 2))
    }

    /// The font new text boxes take.
    var textFont: String { elementUI.font }

    /// The Brush panel's colour and size changed while typing: the text takes them.
    func followBrushWhileTyping() {
        guard let entry = elementUI.text, editor.toolState.tool == .text else { return }
        let style = editor.toolState.style
        guard style.color != entry.style.color || style.width != entry.style.size else { return }
        elementUI.text?.style.color = style.color
        elementUI.text?.style.size = style.width
        typingChanged()
    }

    /// New text takes `family`, and so does the text being typed.
    func chooseFont(_ family: String) {
        elementUI.font = family
        if elementUI.text != nil {
            elementUI.text?.style.font = family
            typingChanged()
        }
        invalidateChrome()
    }

    /// The family before or after the current one among those installed.
    func stepFont(by d: Int) {
        let families = TextArt.families()
        guard !families.isEmpty else { return }
        let i = families.firstIndex(of: elementUI.font) ?? (d > 0 ? -1 : families.count)
        chooseFont(families[(i + d + families.count) % families.count])
    }

    /// Where the input method's composition is underlined, in the window.
    var preeditLine: (Point, Point)? {
        guard let entry = elementUI.text, !entry.preedit.isEmpty else { return nil }
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
