/// Every key the app knows, as the shortcuts window (F1) lists it; the user guide's table
/// (docs/user-guide.md) says the same (a test checks that every key there is here).
public enum Shortcuts {
    public struct Group: Sendable {
        public var title: String
        public var rows: [(keys: String, action: String)]
    }

    /// Lines the sheet shows: a heading per group and a line per key.
    public static var lineCount: Int { groups.count + groups.reduce(0) { $0 + $1.rows.count } }

    public static let groups: [Group] = [
        Group(title: "Document", rows: [
            ("Ctrl+N", "new drawing (in place of this one)"),
            ("Ctrl+O", "open a drawing, a PDF or an image"),
            ("Ctrl+S", "save the document (.ora)"),
            ("Ctrl+Shift+S", "save the document as…"),
            ("Ctrl+E", "export a copy (PNG, PDF, …)"),
            ("Ctrl+Shift+E", "export a copy as…"),
            ("Ctrl+Q", "quit"),
            ("F10", "main menu"),
            ("F1, Ctrl+?", "keyboard shortcuts"),
        ]),
        Group(title: "Drawing", rows: [
            ("Ctrl+Z", "undo"),
            ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
            ("1 to 9", "the tools, in the bar's order"),
            ("E, X, H", "the erasers, the highlighter"),
            ("V, T", "select, text"),
            ("I, S", "eyedropper; smoothing"),
            ("Shift, Alt", "snap; from the centre"),
            ("[ and ]", "thinner, wider"),
            ("Ctrl+R", "ruler, set square, compass"),
            ("Ctrl+Shift+G", "snap to the paper"),
        ]),
        Group(title: "Selecting, stickers, images, text", rows: [
            ("Ctrl+I", "insert an image"),
            ("Ctrl+X, Ctrl+C", "cut, copy; Ctrl+A selects all"),
            ("Ctrl+V", "paste what was copied, an image, or text"),
            ("Ctrl+D, Delete", "duplicate; delete"),
            ("Arrows, Shift+arrows", "nudge 1 px, 10 px"),
            ("PageUp, PageDown", "raise to the top, lower to the bottom"),
            ("Shift+turn", "15° steps; Shift+corner: free scaling"),
            ("Double-click a text", "type in it again"),
            ("Enter, Esc", "new line, finish the text"),
        ]),
        Group(title: "Pages", rows: [
            ("Ctrl+F, F3", "find; the next match"),
            ("PageDown, PageUp", "next page, previous page"),
            ("Home, End", "first page, last page"),
            ("Ctrl+G", "go to a page by its number"),
            ("F9", "the pages sidebar"),
            ("Ctrl+2", "fit the page's width"),
        ]),
        Group(title: "View", rows: [
            ("Wheel, Shift+wheel", "scroll, sideways"),
            ("Ctrl+wheel", "zoom at the pointer"),
            ("Middle, Space+drag", "move the page"),
            ("Ctrl++, Ctrl+-", "zoom in, out"),
            ("Ctrl+0", "fit the page"),
            ("Ctrl+1", "actual size"),
            ("F11", "full screen"),
            ("Esc", "close what is open; let go a shape being dragged"),
        ]),
    ]
}
