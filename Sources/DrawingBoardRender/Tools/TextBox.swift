import DrawingBoardCore

/// A text box being typed in: its words, the caret, what the input method is composing, how it
/// looks, and where its top left corner stays as it grows.
public struct TextEntry: Sendable {
    /// The text element on the page (nil until the first character of a new box).
    public internal(set) var id: UInt64?
    public internal(set) var text: String
    /// The caret, in Characters from the start.
    public internal(set) var cursor: Int
    /// What the input method is composing, shown at the caret, underlined.
    public internal(set) var preedit = ""
    public internal(set) var style: TextStyle
    /// The box's top left corner on the page, its turn and its scale (page pixels per pixel of
    /// the text as laid out).
    var topLeft: Point
    var rotation = 0.0
    var scale = 1.0
    /// Whether the box edits a text already on the page (else it is new).
    public internal(set) var editing: Bool

    /// The text as shown: the input method's composition at the caret.
    public var shown: String {
        guard !preedit.isEmpty else { return text }
        var s = text
        s.insert(contentsOf: preedit, at: s.index(s.startIndex, offsetBy: cursor))
        return s
    }

    /// The element the box shows now.
    public func element() -> Element {
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

/// The text tool: a press starts a text box where it is pressed (or types into the text under
/// it, the caret where it was pressed); keys and the input method type into it; Esc, another
/// tool or a press elsewhere finishes it. Typing a box is one undo step; a text emptied goes.
/// Besides pointer events it takes the keyboard (through `Editor.typing`).
public final class TextBox: ToolHandler {
    public static let tool: Tool? = .text
    public static let title = "Text"
    public static let icon = "text"
    public static let key: Character? = "t"
    public static let fingersDraw = false

    /// The box being typed in, if any.
    public private(set) var entry: TextEntry?
    /// The font family new text boxes take.
    public var font = "Sans"

    public init() {}

    public func handle(_ event: PointerEvent, _ editor: Editor) -> ToolResult {
        guard event.phase == .down else { return ToolResult() }
        let at = event.position
        var actions: [ToolResult.Action] = []
        if let entry {
            if let element = entry.id.flatMap({ editor.page.element($0) }),
               element.placement.contains(at, slack: 8 * editor.tools.windowPixel) {
                // A press in the box moves the caret there.
                placeCaret(in: element, at: at)
                return ToolResult()
            }
            // A press elsewhere finishes the box, and starts another.
            actions = finish(editor).actions
        }
        if let hit = editor.page.topElement(at: at).flatMap({ editor.page.items[$0].element }), hit.source.text != nil {
            actions += edit(hit, editor).actions
            placeCaret(in: hit, at: at)
        } else {
            // The text tool's width is its font size (the width slider sizes the text).
            let style = editor.toolState.style
            self.entry = TextEntry(text: "", cursor: 0, style: TextStyle(text: "", font: font, size: style.width, color: style.color),
                                   topLeft: at, editing: false)
            actions.append(.begin(.element, placing: true))
        }
        return ToolResult(actions)
    }

    public func cancel(_ editor: Editor) -> ToolResult { ToolResult() }

    /// Types into the text element `element` again (a double click or tap with the select
    /// tool, a press with the text tool): the brush takes the text's colour and size, so the
    /// Brush panel shows and changes them.
    func edit(_ element: Element, _ editor: Editor) -> ToolResult {
        guard let style = element.source.text else { return ToolResult() }
        let p = element.placement
        entry = TextEntry(id: element.id, text: style.text, cursor: style.text.count, style: style, topLeft: p.corners[0],
                          rotation: p.rotation, scale: p.scale, editing: true)
        font = style.font
        editor.toolState.style.color = style.color
        editor.toolState.style.width = min(max(style.size, StrokeStyle.widthRange.lowerBound), StrokeStyle.widthRange.upperBound)
        return ToolResult([.begin(.element, placing: false)])
    }

    /// Puts the caret where page point `at` falls in the text `element`.
    func placeCaret(in element: Element, at: Point) {
        guard entry != nil, let style = element.source.text else { return }
        let p = element.placement
        let local = p.toLocal(at)
        let point = Point((local.x + p.width / 2) / p.scale, (local.y + p.height / 2) / p.scale)
        let count = entry?.text.count ?? 0
        entry?.cursor = min(TextArt.offset(style, at: point), count)
    }

    /// Text the keyboard or the input method committed.
    func typed(_ text: String) -> ToolResult {
        guard var entry else { return ToolResult() }
        let clean = String(text.filter { !$0.isNewline && $0 != "\t" && !($0.asciiValue.map { $0 < 0x20 } ?? false) })
        guard !clean.isEmpty, entry.text.count + clean.count <= Element.maxTextLength else { return ToolResult() }
        entry.text.insert(contentsOf: clean, at: entry.text.index(entry.text.startIndex, offsetBy: entry.cursor))
        entry.cursor += clean.count
        entry.preedit = ""
        self.entry = entry
        return sync()
    }

    /// What the input method is composing (shown at the caret, underlined, until committed).
    func composing(_ text: String) -> ToolResult {
        guard entry != nil else { return ToolResult() }
        entry?.preedit = text
        return sync()
    }

    /// The keys of a text box: Enter a new line, the arrows, Home, End, Backspace, Delete; Esc
    /// finishes. Nil for a key it leaves alone (printable keys come as typed text).
    func key(_ input: KeyInput, _ editor: Editor) -> ToolResult? {
        guard var entry else { return nil }
        let chars = Array(entry.text)
        switch input.key {
        case .escape:
            return finish(editor)
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
            return ToolResult()
        }
        self.entry = entry
        return sync()
    }

    /// The box takes this colour and size (the Brush panel while typing), or this font.
    func restyle(color: RGBColor? = nil, size: Double? = nil, font: String? = nil) -> ToolResult {
        guard entry != nil else { return ToolResult() }
        if let color { entry?.style.color = color }
        if let size { entry?.style.size = size }
        if let font { entry?.style.font = font }
        return sync()
    }

    /// Ends the box: kept as one step, or gone if it holds nothing (a text emptied is deleted,
    /// as its own step).
    func finish(_ editor: Editor) -> ToolResult {
        guard var entry else { return ToolResult() }
        entry.preedit = ""
        self.entry = entry
        defer { self.entry = nil }
        if entry.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let delete: [ToolResult.Action] = entry.editing ? entry.id.map { [.perform(.delete($0))] } ?? [] : []
            return ToolResult((editor.drag.group?.kind == .element ? [.bail] : []) + delete)
        }
        return ToolResult(sync().actions + [.end(recording: nil)])
    }

    /// The box placed once it holds something, changed as it is typed.
    private func sync() -> ToolResult {
        guard let entry else { return ToolResult() }
        if entry.id == nil {
            return ToolResult(entry.shown.isEmpty ? [] : [.perform(.place(entry.element()))])
        }
        return ToolResult([.perform(.change(entry.element()))])
    }

    /// The element just placed for the new box is this one.
    func placed(_ id: UInt64?) {
        if entry?.id == nil, let id { entry?.id = id }
    }

    /// The editor lost the box's drag (an undo, another edit): the box is over.
    public func dragEnded(_ kind: Edit.Kind, keeping: Bool) -> Edit? {
        if kind == .element { entry = nil }
        return nil
    }
}

extension TextStyle {
    /// The same look with other words.
    func with(text: String) -> TextStyle {
        var style = self
        style.text = text
        return style
    }
}
