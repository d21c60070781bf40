import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The select tool in the window and what it places: the selected element with its handles
/// (scale by a corner, turn, delete), taps and double taps (a quarter turn; a text types again),
/// the element keys (Delete, Ctrl+D, Ctrl+C, Ctrl+V, the arrows, PageUp, PageDown, Esc), the
/// Stickers panel with a sticker dragged out of it, and images inserted, dropped or pasted.
/// The gesture on the page itself (one finger moves, two move, scale and turn) is the editor's
/// select tool; this adds what only a window has.
public final class SelectionController {
    unowned let app: AppController
    /// The selected element's id.
    public private(set) var selected: UInt64?
    /// A handle being dragged.
    private var handle: HandleDrag?
    /// The element copied (Ctrl+C).
    private var copied: Element?
    /// The last tap (for double taps and double clicks).
    private var lastTap: (time: Double, at: Point, id: UInt64)?
    /// The finger or mouse that went down on an element, where and when (a tap, if it lifts
    /// soon and near).
    private var pressing: (source: PointerSource, at: Point, time: Double)?
    /// Where the selection's box and handles were last painted, in the window.
    private var drawn: PixelRect?
    /// The stickers the Stickers panel shows (nil: none installed), its page, its miniatures,
    /// and a sticker being dragged out of it (which, and where the pointer is).
    public var stickers: StickerLibrary?
    public internal(set) var stickerPage = 0
    private var thumbnails: [String: RasterImage] = [:]
    private var ghost: (index: Int, at: Point)?

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }
    private var view: ViewTransform { app.view }
    private var scale: Double { app.scale }

    /// The selected element, if it is still on the page.
    public var element: Element? { selected.flatMap { editor.page.element($0) } }

    /// The handles of the selected element as the window shows them.
    public var handles: ElementHandles? {
        guard editor.toolState.tool == .select, let element else { return nil }
        let resting = app.layout(barsHidden: 0)
        return ElementHandles(element.placement, view: view, scale: scale, avoiding: [resting.topBar, resting.bottomBar])
    }

    /// Selects `id` (nil: nothing), painting the old and the new box again.
    func select(_ id: UInt64?) {
        if let drawn { app.repaint.dirty.append(drawn) }
        selected = id
        refresh()
    }

    /// The selection's box moved or changed: paint where it was and where it is.
    func refresh() {
        if let drawn { app.repaint.dirty.append(drawn) }
        drawn = handles?.bounds(scale: scale)
        if let drawn { app.repaint.dirty.append(drawn) }
    }

    /// The page goes (another document): nothing of it stays selected.
    func forget() {
        selected = nil
        drawn = nil
        handle = nil
        pressing = nil
    }

    // MARK: - The select tool's pointer

    /// A press on the canvas with the select tool (or on a selected element's handle). Returns
    /// false when the press is not the select tool's (the canvas takes it as usual).
    func press(_ event: PointerEvent) -> Bool {
        guard editor.toolState.tool == .select else { return false }
        // Strokes and elements selected together, a lasso or a box drawn, ink pressed.
        if pressing == nil, handle == nil, app.lasso.press(event) { return true }
        let at = view.toCanvas(event.position)
        if let handles, let hit = handles.hit(event.position), let element {
            if hit == .delete {
                deleteSelected()
            } else {
                editor.beginElementChange()
                handle = HandleDrag(handle: hit, element: element, from: at)
            }
            return true
        }
        let touched = editor.element(at: at, slack: 4 * app.scale / view.scale)
        if case .finger = event.source, touched == nil, pressing == nil {
            // Fingers off any element move the view, as in the navigate mode.
            return false
        }
        if let touched, pressing == nil, let tap = lastTap, tap.id == touched.id, app.now - tap.time < 0.4,
           tap.at.distance(to: event.position) < 24 * scale, touched.source.text != nil, event.source == .mouse {
            // A double click on a text edits it, the caret where it was clicked.
            lastTap = nil
            app.text.edit(touched, caretAt: at)
            return true
        }
        if let pressing, pressing.source != event.source {
            // A second finger joins the one on the element: both move, scale and turn it.
            editor.handle(app.input.onCanvas(event))
            return true
        }
        pressing = (event.source, event.position, app.now)
        if let touched, touched.id != selected { select(touched.id) } else if touched == nil, selected != nil { select(nil) }
        editor.handle(app.input.onCanvas(event))
        return true
    }

    /// The select tool's pointer moved or lifted.
    func drag(_ event: PointerEvent) {
        if app.instruments.drag(event) || app.pdfText.drag(event) || app.lasso.drag(event) { return }
        // The undo and redo buttons follow what the drag did.
        if event.phase != .move { app.invalidateChrome() }
        if let drag = handle {
            var element = drag.element
            element.placement = drag.placement(at: view.toCanvas(event.position), snap: event.modifiers.contains(.constrain))
            if event.phase == .cancel {
                editor.cancelElementChange()
            } else {
                app.attempt { try editor.perform(.change(element)) }
            }
            if event.phase != .move {
                handle = nil
                editor.endElementChange()
            }
            refresh()
            return
        }
        editor.handle(app.input.onCanvas(event))
        refresh()
        guard event.phase == .up, let press = pressing, press.source == event.source else {
            if event.phase != .move, pressing?.source == event.source { pressing = nil }
            return
        }
        pressing = nil
        // A tap: a second one soon after, near, on the same sticker or image turns it 90°.
        guard app.now - press.time < TouchGestures.tapDuration, press.at.distance(to: event.position) < TouchGestures.tapSlop * scale,
              let element = editor.element(at: view.toCanvas(event.position)) else { return }
        if let tap = lastTap, tap.id == element.id, app.now - tap.time < 0.4, tap.at.distance(to: event.position) < 24 * scale,
           case .finger = event.source {
            // A double tap turns a sticker or a photo a quarter; on a text it types in it again.
            lastTap = nil
            if element.source.text != nil {
                app.text.edit(element)
            } else {
                app.attempt { try editor.turnElement(at: view.toCanvas(event.position)) }
            }
            refresh()
        } else {
            lastTap = (app.now, event.position, element.id)
        }
    }

    // MARK: - Keys

    /// The keys of a selected element. Returns false for any other key.
    func key(_ input: KeyInput) -> Bool {
        if input.ctrl, input.key == .character("v") {
            paste()
            return true
        }
        guard editor.toolState.tool == .select, let element else { return false }
        let step = input.shift ? 10.0 : 1.0
        switch input.key {
        case .delete, .backspace: deleteSelected()
        case .character("d") where input.ctrl: duplicate(element)
        case .character("c") where input.ctrl:
            copied = element
            app.lasso.clipboard = nil
            // Other apps get it as a picture too, as a lassoed selection.
            app.lasso.offerToOtherApps(ItemClipboard(items: [.element(element)], bounds: element.placement.bounds)) { [weak self] in
                self?.copied == element
            }
            app.chrome.show(info: "Copied; Ctrl+V pastes it")
        case .left where !input.ctrl, .right where !input.ctrl, .up where !input.ctrl, .down where !input.ctrl:
            let d = input.key == .left ? Point(-step, 0) : input.key == .right ? Point(step, 0) : input.key == .up ? Point(0, -step) : Point(0, step)
            var moved = element
            moved.placement = element.placement.moved(by: d)
            app.attempt { try editor.perform(.change(moved)) }
        case .pageUp: app.attempt { try editor.perform(.reorder(element.id, top: true)) }
        case .pageDown: app.attempt { try editor.perform(.reorder(element.id, top: false)) }
        case .escape: select(nil)
        default: return false
        }
        refresh()
        app.invalidateChrome()
        return true
    }

    /// Strokes and elements were copied together: Ctrl+V pastes those.
    func forgetCopied() { copied = nil }

    private func deleteSelected() {
        guard let element else { return }
        app.attempt { try editor.perform(.delete(element.id)) }
        select(nil)
        app.invalidateChrome()
    }

    /// A copy of `element` a little below and right of it, selected.
    private func duplicate(_ element: Element, offset: Double = 24) {
        var copy = element
        copy.name = nil
        copy.placement = element.placement.moved(by: Point(offset, offset))
        place(copy)
    }

    /// Ctrl+V: the element copied, pasted beside where it was (an image on the clipboard is
    /// the platform's to bring: see `pasted`).
    private func paste() {
        if let copied {
            duplicate(copied)
            self.copied = element
        } else {
            app.request(.pasteImage)
        }
    }

    // MARK: - Placing

    /// Puts `element` on the page, selects it and takes the select tool, so it can be moved at
    /// once. A failure says why and changes nothing.
    @discardableResult
    func place(_ element: Element) -> Bool {
        do {
            let id = try editor.place(element)
            if editor.toolState.tool != .select { app.brush.select(.select) }
            select(id)
            app.invalidateChrome()
            return true
        } catch {
            app.chrome.show(error: "Could not place it: \(error)")
            return false
        }
    }

    /// The sticker `index` of the library, placed at `at` (the middle of the view when nil).
    func placeSticker(_ index: Int, at: Point? = nil) {
        guard let library = stickers, index < library.entries.count else { return }
        let name = library.entries[index].name
        do {
            let asset = try library.sticker(named: name)
            let source = ElementSource.sticker(name, asset)
            let width = stickerOnScreen / view.scale
            place(Element(source: source, placement: Element.Placement(center: at ?? app.viewport.canvasCentre, width: width,
                                                                      natural: ElementPainters.natural(of: source))))
        } catch {
            app.chrome.show(error: "Could not place the sticker: \(error)")
        }
    }

    /// Insert image: the file chooser, then `insertImage(path)`.
    public func chooseImageToInsert() {
        app.request(.chooseFile(FileRequest(purpose: .insertImage, title: "Insert an Image", folder: app.document.session.chooserFolder)))
    }

    /// Places the image file at `path` on the page (at `at`, or in the middle of the view), as
    /// large as it is but within the part of the page in view.
    public func insertImage(_ path: String, at: Point? = nil) {
        let name = DocumentState.fileName(path), decoder = app.decoder
        // Read and decoded off the event loop (a big photo takes a while); placed when ready.
        let into = ObjectIdentifier(editor)
        app.background.run({ try ElementSources.imageForWindow(atPath: path, name: name, decoder: decoder) },
                           announcing: "Inserting “\(name)”…") { [weak self] result in
            guard let self else { return }
            // Another drawing took this one's place meanwhile: the image was for this one.
            guard ObjectIdentifier(editor) == into else { return app.chrome.show(error: "“\(name)” was not inserted: another drawing was opened") }
            switch result {
            case .success(let read):
                insert(read.asset, decoded: read.decoded, at: at)
                if read.picture {
                    app.chrome.show(info: "“\(name)” takes long to draw: it is placed as a picture of \(read.asset.size.width)x\(read.asset.size.height) pixels, not as vectors")
                }
            case .failure(let error): app.chrome.show(error: "Could not insert “\(name)”: \(error)")
            }
        }
    }

    /// An image pasted from the clipboard (PNG bytes), placed in the middle of the view.
    public func pasted(imageData data: Data) {
        do {
            let (asset, decoded) = try ElementSources.image(data: data, name: "pasted.png", decoder: app.decoder)
            insert(asset, decoded: decoded, at: nil)
        } catch {
            app.chrome.show(error: "Could not paste the image: \(error)")
        }
    }

    private func insert(_ asset: ImageAsset, decoded: RasterImage?, at: Point?) {
        // The panel would hide what was just placed.
        if app.chrome.panel == .stickers { app.chrome.panel = nil }
        if let decoded { editor.keepDecoded(decoded, for: asset) }
        let source = ElementSource.image(asset), natural = ElementPainters.natural(of: source)
        let window = app.window
        let visible = Size(width: Double(window.width) / view.scale, height: Double(window.height) / view.scale)
        let fit = min(1, 0.8 * min(visible.width, Double(editor.size.width)) / natural.width,
                      0.8 * min(visible.height, Double(editor.size.height)) / natural.height)
        place(Element(source: source, placement: Element.Placement(center: at ?? app.viewport.canvasCentre,
                                                                  width: max(natural.width * fit, 4), natural: natural)))
    }

    // MARK: - The Stickers panel

    /// A sticker dragged out of the panel follows the pointer (nil: dropped or back in the panel).
    func moveGhost(_ index: Int?, to p: Point) {
        if let old = ghost { app.repaint.dirty.append(ghostRect(old.at)) }
        ghost = index.map { ($0, p) }
        if let new = ghost { app.repaint.dirty.append(ghostRect(new.at)) }
    }

    /// A sticker placed from the panel is this wide on screen (window pixels): 128 of the
    /// screen's points, or its page width at 25% when zoomed out further.
    private var stickerOnScreen: Double { Element.stickerWidth * app.scale * min(1, app.viewport.zoom / 0.25) }

    private func ghostRect(_ p: Point) -> PixelRect {
        let half = Int(stickerOnScreen / 2 + 4 * app.scale)
        return PixelRect(x: Int(p.x) - half, y: Int(p.y) - half, width: 2 * half, height: 2 * half)
    }

    /// A miniature of sticker `index` for the panel (made once).
    func stickerThumbnail(_ index: Int) -> RasterImage? {
        guard let library = stickers, index < library.entries.count else { return nil }
        let name = library.entries[index].name
        if let known = thumbnails[name] { return known }
        guard let asset = try? library.sticker(named: name), let image = try? ElementThumbnail.make(asset, side: Int(56 * scale)) else { return nil }
        thumbnails[name] = image
        return image
    }

    /// Draws the selection's box and handles (`handles`, worked out once per frame).
    func drawHandles(_ handles: ElementHandles?, with painter: Painter) {
        ElementRenderer.drawHandles(handles, with: painter, scale: scale)
    }

    /// Draws a sticker being dragged out of the panel, over the interface.
    func drawGhost(with painter: Painter) {
        if let ghost, let thumb = stickerThumbnail(ghost.index) {
            // The sticker being dragged out of the panel, at the size it will have.
            let side = stickerOnScreen
            painter.image(thumb, in: Rect(x: ghost.at.x - side / 2, y: ghost.at.y - side / 2, width: side, height: side))
        }
    }
}
