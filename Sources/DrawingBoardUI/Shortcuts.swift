/// Every key the app knows, as the shortcuts window (F1) lists it; the README's table says the
/// same (a test checks that every key there is here).
public enum Shortcuts {
    public struct Group: Sendable {
        public var title: String
        public var rows: [(keys: String, action: String)]
    }

    public static let groups: [Group] = [
        Group(title: "Document", rows: [
            ("Ctrl+N", "new page (size and background)"),
            ("Ctrl+O", "open a drawing (.ora) or an image as a new page"),
            ("Ctrl+S", "save the document (.ora)"),
            ("Ctrl+Shift+S", "save the document as"),
            ("Ctrl+E", "export a copy (PNG, JPEG, WebP, SVG, PDF)"),
            ("Ctrl+Shift+E", "export a copy as"),
            ("Ctrl+Q", "quit (asks about unsaved changes)"),
            ("F10", "main menu"),
            ("F1, Ctrl+?", "keyboard shortcuts"),
        ]),
        Group(title: "Drawing", rows: [
            ("Ctrl+Z", "undo"),
            ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
            ("1 to 8", "pencil, line, dashed line, rectangle, ellipse, eraser, stroke eraser, highlighter"),
            ("E, X, H", "eraser, stroke eraser, highlighter"),
            ("I", "eyedropper (Esc cancels)"),
            ("S", "smoothing: off, light, strong"),
            ("Shift, Alt", "while dragging a shape: 15° steps, squares and circles; from the centre"),
            ("[ and ]", "thinner / wider"),
        ]),
        Group(title: "View", rows: [
            ("Wheel, Shift+wheel", "scroll up and down, sideways"),
            ("Ctrl+wheel", "zoom at the pointer"),
            ("Middle drag, Space+drag", "move the page"),
            ("Ctrl++, Ctrl+-", "zoom in, out"),
            ("Ctrl+0", "fit the page in the window"),
            ("Ctrl+1", "actual size (100%)"),
            ("F11", "full screen"),
            ("Esc", "close the message, the menu or the open panel"),
        ]),
    ]
}
