import DrawingBoardCore

/// The editor's entry points by name, for the window and scripts: each is an edit performed
/// through `perform`, or a question about what is on the screen.
extension Editor {
    // MARK: - The page

    /// Clears the drawing (not the background) as one undoable step.
    public func clear() throws(RenderError) {
        try perform(.clear)
    }

    /// Changes the background as one undoable step; the drawing is untouched.
    public func setBackground(_ background: Background) throws(RenderError) {
        endBackgroundPreview()
        try perform(.background(background))
    }

    /// Shows `background` while a slider is being dragged: the drag is one step, recorded by
    /// `endBackgroundPreview`.
    public func previewBackground(_ background: Background) throws(RenderError) {
        if drag.group?.kind != .background { drag.begin(.background) }
        try perform(.background(background))
    }

    /// Ends a slider drag as one undoable step (none if the background ended where it began).
    public func endBackgroundPreview() {
        guard drag.group?.kind == .background else { return }
        drag.squash(recording: .background(page.background))
    }

    /// Makes the page `newSize`, the drawing keeping to `anchor` (0...8 row by row). One
    /// undoable step; none when the page already has that size. On a heavy page in the window
    /// the new page is made off the event loop and the step is made when it comes
    /// (`replacements.change` says so meanwhile).
    public func resizePage(to newSize: PixelSize, anchor: Int) throws(RenderError) {
        try Self.checkLimits(newSize)
        replacements.finish()
        guard newSize != size else { return }
        endBackgroundPreview()
        guard paintsWholeLater else {
            try perform(.page(newSize, anchor: anchor))
            return
        }
        guard newSize != size else { return }
        cancelAll()
        let contents = resizer.contents(at: newSize, anchor: anchor, drawing: image.drawingLayer())
        replacements.startResize(to: newSize, anchor: anchor, contents: contents)
    }

    /// Makes the canvas at least `newSize`, keeping the drawing and the history as they are.
    public func grow(toFit newSize: PixelSize) throws(RenderError) {
        try perform(.grow(newSize))
    }

    // MARK: - Elements

    /// The topmost element under `p` (`slack`: how far outside its box still counts).
    public func element(at p: Point, slack: Double = 0) -> Element? {
        page.topElement(at: p, slack: slack).flatMap { page.items[$0].element }
    }

    /// Places `element` on top of the page as one undoable step; returns the id it got.
    @discardableResult
    public func place(_ element: Element) throws(RenderError) -> UInt64 {
        endBackgroundPreview()
        let before = page.items.count
        guard try perform(.place(element)), page.items.count > before, let id = page.items.last?.element?.id else {
            throw RenderError("the element could not be placed")
        }
        return id
    }

    /// Turns the sticker or image under `p` 90° clockwise about its centre (a double tap), as
    /// one undoable step. False when there is none there.
    @discardableResult
    public func turnElement(at p: Point) throws(RenderError) -> Bool {
        guard let element = element(at: p), let turned = Select.turned(element) else { return false }
        return try perform(.change(turned))
    }

    /// Keeps pixels already decoded for an image about to be placed.
    public func keepDecoded(_ image: RasterImage, for asset: ImageAsset) {
        assets.keep(image, for: asset)
    }

    /// Starts a change of elements that many edits make (a handle dragged): one undo step when
    /// it ends.
    public func beginElementChange() {
        drag.begin(.element)
    }

    /// Ends the change as one step (none if nothing changed).
    public func endElementChange() {
        guard drag.group?.kind == .element else { return }
        drag.squash(recording: nil)
    }

    /// Puts back everything the change did.
    public func cancelElementChange() {
        guard drag.group?.kind == .element else { return }
        drag.bail()
    }

    /// The keyboard's way into the text tool's box.
    public var typing: TextTyping { TextTyping(editor: self, box: tools.handler(TextBox.self)) }

    // MARK: - What the screen shows

    /// The page's picture as it stands (contents, the flattened picture, the colour at a point).
    public var image: PageImage { PageImage(canvas: canvas, page: page) }

    /// What the window shows of the page and of the strokes in progress, frame by frame.
    public var screen: EditorScreen { EditorScreen(editor: self) }
}

/// The keyboard's way into the text tool's box: what it types, composes and presses, carried
/// out by the editor as the tool's edits.
public struct TextTyping {
    let editor: Editor
    let box: TextBox

    /// The box being typed in, if any.
    public var entry: TextEntry? { box.entry }

    /// The font new text boxes take.
    public var font: String {
        get { box.font }
        nonmutating set { box.font = newValue }
    }

    public func typed(_ text: String) { run(box.typed(text)) }

    public func composing(_ text: String) { run(box.composing(text)) }

    /// A key while typing; false for a key the box leaves alone (a Ctrl shortcut finishes the
    /// box first, then goes on).
    public func key(_ input: KeyInput) -> Bool {
        guard box.entry != nil else { return false }
        if input.ctrl {
            finish()
            return false
        }
        guard let result = box.key(input, editor) else { return false }
        run(result)
        return true
    }

    /// Ends the box (kept as one step, or gone when it is empty).
    public func finish() { run(box.finish(editor)) }

    /// Types into `element` again, the caret at page point `at` (its end when nil).
    public func edit(_ element: Element, caretAt at: Point? = nil) {
        finish()
        run(box.edit(element, editor))
        if let at { box.placeCaret(in: element, at: at) }
    }

    /// Puts the caret at page point `at` in the box's text.
    public func placeCaret(at: Point) {
        guard let id = box.entry?.id, let element = editor.page.element(id) else { return }
        box.placeCaret(in: element, at: at)
    }

    /// The box takes this colour, size or font.
    public func restyle(color: RGBColor? = nil, size: Double? = nil, font: String? = nil) {
        run(box.restyle(color: color, size: size, font: font))
    }

    private func run(_ result: ToolResult) {
        editor.carry(result, from: box)
        box.placed(editor.drag.group?.placed)
    }
}
