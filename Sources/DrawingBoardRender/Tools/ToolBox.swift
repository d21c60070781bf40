import DrawingBoardCore

/// The tools and which pointer is whose: a pointer keeps the tool it went down with until it
/// lifts, whatever the toolbar says meanwhile. A new tool is a file of its own in this folder
/// and one line in `all`.
public final class ToolBox {
    /// Every tool, in the toolbar's order (the eyedropper, which has no place in the bar, last).
    /// (Metatypes are immutable; the lists are made once.)
    nonisolated(unsafe) public static let all: [any ToolHandler.Type] =
        [Pencil.self, Line.self, DashedLine.self, Rectangle.self, Ellipse.self, Eraser.self, StrokeEraser.self, Highlighter.self,
         Select.self, TextBox.self, Eyedropper.self]

    /// The tools the toolbar shows, in order.
    nonisolated(unsafe) public static let bar: [any ToolHandler.Type] = all.filter { $0.tool != nil }

    /// The tool in hand's handler type.
    public static func kind(of tool: Tool) -> any ToolHandler.Type {
        all.first { $0.tool == tool } ?? Pencil.self
    }

    private var made: [ObjectIdentifier: any ToolHandler] = [:]
    private var owners: [PointerSource: any ToolHandler] = [:]
    /// Presses pick a colour instead of using the tool in hand.
    public var picking = false
    /// Canvas pixels per window pixel (the view's zoom): a press a few window pixels outside an
    /// element's box still counts as on it.
    public var windowPixel = 1.0
    /// Every eraser pass is a stroke and an undo step, even one that met no ink (scripts: what
    /// a script's undo takes back never changes). In the window such a pass is dropped.
    public var keepsEveryEraserPass = false
    /// Every pencil stroke comes out as the shape it was meant as, when it was one (the
    /// pencil's Shapes switch; scripts' `recognize`).
    public var recognizesShapes = false
    /// A highlighter drag over a PDF page's text highlights the characters it selects (the
    /// highlighter's Text switch; `Editor.highlightText`).
    public var highlightsText = false
    /// The ruler, set square or compass laid on the page: strokes that start near one of its
    /// edges follow it.
    public var instrument: Instrument?
    /// Shapes, moved selections and instruments snap to the page's paper (lined, squared,
    /// dotted), when it is paper.
    public var snapsToPaper = false

    init() {}

    /// The one handler of a kind (made when first used).
    func handler<T: ToolHandler>(_ kind: T.Type) -> T {
        if let known = made[ObjectIdentifier(kind)] as? T { return known }
        let handler = kind.init()
        made[ObjectIdentifier(kind)] = handler
        return handler
    }

    /// Gives `event` to the tool its pointer went down with (or, for a press, to the tool in
    /// hand), and carries out what the tool returns.
    func route(_ event: PointerEvent, editor: Editor) -> ToolResult {
        let tool: (any ToolHandler)?
        switch event.phase {
        case .down:
            let kind: any ToolHandler.Type = picking ? Eyedropper.self : Self.kind(of: editor.toolState.tool)
            let current: any ToolHandler = handler(kind)
            if let owner = owners[event.source], owner !== current { editor.carry(owner.lost(event.source, editor), from: owner) }
            owners[event.source] = current
            tool = current
        case .move:
            tool = owners[event.source]
        case .up, .cancel:
            tool = owners.removeValue(forKey: event.source)
        }
        guard let tool else { return ToolResult() }
        let result = tool.handle(event, editor)
        editor.carry(result, from: tool)
        return result
    }

    /// Every tool lets go of its pointers without a mark.
    func cancelAll(_ editor: Editor) {
        owners.removeAll()
        for handler in made.values { editor.carry(handler.cancel(editor), from: handler) }
    }
}
