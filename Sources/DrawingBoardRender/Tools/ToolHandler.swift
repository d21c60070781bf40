import DrawingBoardCore

/// One tool's behaviour (Rnote's pen behaviours): it takes the pointer events of the pointers
/// that went down with it (press, move, release, cancel; from the mouse, a finger or a pen), in
/// canvas pixels, and returns what it finished. It never changes the page itself: the editor
/// performs what it returns, in order (a tool may set the brush, as the eyedropper and the text
/// tool do). Each tool is one file in this folder, listed in `ToolBox.all`.
public protocol ToolHandler: AnyObject {
    /// The tool, as the toolbar, the keys, scripts and settings name it (nil for the
    /// eyedropper, which picks a colour for whichever tool is in hand).
    static var tool: Tool? { get }
    /// Its name for people (the tooltip, the brush panel's title).
    static var title: String { get }
    /// Its icon: `Assets/icons/ui/NAME.svg`.
    static var icon: String { get }
    /// The letter key that takes it, besides its number in the bar.
    static var key: Character? { get }
    /// Whether fingers use it (else, off any element, fingers move the view).
    static var fingersDraw: Bool { get }

    init()

    /// One pointer event of a pointer that went down with this tool.
    func handle(_ event: PointerEvent, _ editor: Editor) -> ToolResult
    /// `source` went down again without its release: what it was doing ends.
    func lost(_ source: PointerSource, _ editor: Editor) -> ToolResult
    /// Every pointer of this tool lets go without a mark (focus lost, an undo).
    func cancel(_ editor: Editor) -> ToolResult
    /// The drag its gesture made was ended by another edit: the gesture is over. Returns how
    /// the journal records the drag when it is kept (the stroke eraser's whole path).
    func dragEnded(_ kind: Edit.Kind, keeping: Bool) -> Edit?
}

extension ToolHandler {
    public static var key: Character? { nil }
    public static var fingersDraw: Bool { true }
    public func lost(_ source: PointerSource, _ editor: Editor) -> ToolResult { ToolResult() }
    public func dragEnded(_ kind: Edit.Kind, keeping: Bool) -> Edit? { nil }
}

/// What a tool's event finished, for the editor to carry out in order.
public struct ToolResult {
    enum Action {
        /// Start a drag: the edits until it ends make one undo step (`placing`: it may begin by
        /// placing an element). A drag of this kind that the same tool began goes on instead.
        case begin(Edit.Kind, placing: Bool)
        case perform(Edit)
        /// A stroke finished, painted through the mask of its stroke in progress.
        case stroke(Stroke, LiveStroke)
        /// End the drag as one step, recorded in the journal as `recording` (else as the
        /// editor sees it).
        case end(recording: Edit?)
        /// End the drag by putting back what it did.
        case bail
    }

    var actions: [Action]
    /// A colour picked from the picture (the eyedropper).
    public internal(set) var picked: RGBColor?

    init(_ actions: [Action] = [], picked: RGBColor? = nil) {
        self.actions = actions
        self.picked = picked
    }
}
