import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// What the window keeps about elements: the selected one, a handle being dragged, the element
/// copied, the last tap (for double taps and double clicks), the Stickers panel's page and
/// miniatures, and the text being typed.
struct ElementUI {
    var selected: UInt64?
    var handle: HandleDrag?
    var copied: Element?
    var lastTap: (time: Double, at: Point, id: UInt64)?
    /// The finger or mouse that went down on an element, where and when (a tap, if it lifts
    /// soon and near).
    var press: (source: PointerSource, at: Point, time: Double)?
    var stickerPage = 0
    var thumbnails: [String: RasterImage] = [:]
    /// A sticker being dragged out of the panel: which, and where the pointer is (window).
    var ghost: (index: Int, at: Point)?
    /// Where the text box being typed in was last painted, in the window.
    var textDrawn: PixelRect?
    /// Where the selection's box and handles were last painted, in the window.
    var drawn: PixelRect?
}

/// The select tool in the window, the Stickers panel, inserted images and the element keys.
extension AppController {
    /// The selected element, if it is still on the page.
    public var selectedElement: Element? {
        elementUI.selected.flatMap { editor.page.element($0) }
    }

    /// The handles of the selected element as the window shows them.
    var selectionHandles: ElementHandles? {
        guard editor.toolState.tool == .select, let element = selectedElement else { return nil }
        let resting = layout(barsHidden: 0)
        return ElementHandles(element.placement, view: view, scale: scale, avoiding: [resting.topBar, resting.bottomBar])
    }

    /// Selects `id` (nil: nothing), painting the old and the new box again.
    func selectElement(_ id: UInt64?) {
        if let drawn = elementUI.drawn { repaint.dirty.append(drawn) }
        elementUI.selected = id
        refreshSelection()
    }

    /// The selection's box moved or changed: paint where it was and where it is.
    func refreshSelection() {
        if let drawn = elementUI.drawn { repaint.dirty.append(drawn) }
        elementUI.drawn = selectionHandles?.bounds(scale: scale)
        if let drawn = elementUI.drawn { repaint.dirty.append(drawn) }
    }

    // MARK: - The select tool's pointer

    /// A press on the canvas with the select tool (or on a selected element's handle). Returns
    /// false when the press is not the select tool's (the canvas takes it as usual).
    func selectPress(_ event: PointerEvent) -> Bool {
        guard editor.toolState.tool == .select else { return false }
        let at = view.toCanvas(event.position)
        if let handles = selectionHandles, let handle = handles.hit(event.position), let element = selectedElement {
            if handle == .delete {
                deleteSelected()
            } else {
                editor.beginElementChange()
                elementUI.handle = HandleDrag(handle: handle, element: element, from: at)
            }
            return true
        }
        let slack = 4 / view.scale
        let hit = editor.element(at: at, slack: slack)
        if case .finger = event.source, hit == nil, elementUI.press == nil {
            // Fingers off any element move the view, as in the navigate mode.
            return false
        }
        if let hit, elementUI.press == nil, let tap = elementUI.lastTap, tap.id == hit.id, now - tap.time < 0.4,
           tap.at.distance(to: event.position) < 24 * scale, hit.source.text != nil, event.source == .mouse {
            // A double click on a text edits it, the caret where it was clicked.
            elementUI.lastTap = nil
            editText(hit, caretAt: at)
            return true
        }
        if let press = elementUI.press, press.source != event.source {
            // A second finger joins the one on the element: both move, scale and turn it.
            editor.handle(onCanvas(event))
            return true
        }
        elementUI.press = (event.source, event.position, now)
        if let hit, hit.id != elementUI.selected { selectElement(hit.id) } else if hit == nil, elementUI.selected != nil { selectElement(nil) }
        editor.handle(onCanvas(event))
        return true
    }

    /// The select tool's pointer moved or lifted.
    func selectDrag(_ event: PointerEvent) {
        // The undo and redo buttons follow what the drag did.
        if event.phase != .move { invalidateChrome() }
        if let drag = elementUI.handle {
            var element = drag.element
            element.placement = drag.placement(at: view.toCanvas(event.position), snap: event.modifiers.contains(.constrain))
            if event.phase == .cancel {
                editor.cancelElementChange()
            } else {
                attempt { try editor.perform(.change(element)) }
            }
            if event.phase != .move {
                elementUI.handle = nil
                editor.endElementChange()
            }
            refreshSelection()
            return
        }
        editor.handle(onCanvas(event))
        refreshSelection()
        guard event.phase == .up, let press = elementUI.press, press.source == event.source else {
            if event.phase != .move, elementUI.press?.source == event.source { elementUI.press = nil }
            return
        }
        elementUI.press = nil
        // A tap: a second one soon after, near, on the same sticker or image turns it 90°.
        guard now - press.time < TouchGestures.tapDuration, press.at.distance(to: event.position) < TouchGestures.tapSlop * scale,
              let element = editor.element(at: view.toCanvas(event.position)) else { return }
        if let tap = elementUI.lastTap, tap.id == element.id, now - tap.time < 0.4, tap.at.distance(to: event.position) < 24 * scale,
           case .finger = event.source {
            // A double tap turns a sticker or a photo a quarter; on a text it types in it again.
            elementUI.lastTap = nil
            if element.source.text != nil { editText(element) } else { attempt { try editor.turnElement(at: view.toCanvas(event.position)) } }
            refreshSelection()
        } else {
            elementUI.lastTap = (now, event.position, element.id)
        }
    }

    // MARK: - Keys

    /// The keys of a selected element: Delete, Ctrl+D, Ctrl+C, Ctrl+V, the arrows (Shift: 10
    /// px), PageUp and PageDown, Esc. Returns false for any other key.
    func elementKey(_ input: KeyInput) -> Bool {
        if input.ctrl, input.key == .character("v") {
            pasteElement()
            return true
        }
        guard editor.toolState.tool == .select, let element = selectedElement else { return false }
        let step = input.shift ? 10.0 : 1.0
        switch input.key {
        case .delete, .backspace: deleteSelected()
        case .character("d") where input.ctrl: duplicate(element)
        case .character("c") where input.ctrl:
            elementUI.copied = element
            show(info: "Copied; Ctrl+V pastes it")
        case .left where !input.ctrl, .right where !input.ctrl, .up where !input.ctrl, .down where !input.ctrl:
            let d = input.key == .left ? Point(-step, 0) : input.key == .right ? Point(step, 0) : input.key == .up ? Point(0, -step) : Point(0, step)
            var moved = element
            moved.placement = element.placement.moved(by: d)
            attempt { try editor.perform(.change(moved)) }
        case .pageUp: attempt { try editor.perform(.reorder(element.id, top: true)) }
        case .pageDown: attempt { try editor.perform(.reorder(element.id, top: false)) }
        case .escape: selectElement(nil)
        default: return false
        }
        refreshSelection()
        invalidateChrome()
        return true
    }

    func deleteSelected() {
        guard let element = selectedElement else { return }
        attempt { try editor.perform(.delete(element.id)) }
        selectElement(nil)
        invalidateChrome()
    }

    /// A copy of `element` a little below and right of it, selected.
    func duplicate(_ element: Element, offset: Double = 24) {
        var copy = element
        copy.name = nil
        copy.placement = element.placement.moved(by: Point(offset, offset))
        place(copy)
    }

    /// Ctrl+V: the element copied, pasted beside where it was (an image on the clipboard is
    /// the platform's to bring: see `pasted`).
    func pasteElement() {
        if let copied = elementUI.copied {
            duplicate(copied)
            elementUI.copied = selectedElement
        } else {
            request(.pasteImage)
        }
    }

    // MARK: - Placing

    /// Puts `element` on the page, selects it and takes the select tool, so it can be moved at
    /// once. A failure says why and changes nothing.
    @discardableResult
    func place(_ element: Element) -> Bool {
        do {
            let id = try editor.place(element)
            if editor.toolState.tool != .select { select(.select) }
            selectElement(id)
            invalidateChrome()
            return true
        } catch {
            show(error: "Could not place it: \(error)")
            return false
        }
    }

    /// The canvas point at the middle of the window.
    var viewCentre: Point { view.toCanvas(Point(Double(window.width) / 2, Double(window.height) / 2)) }

    /// The sticker `index` of the library, placed at `at` (the middle of the view when nil).
    func placeSticker(_ index: Int, at: Point? = nil) {
        guard let library = stickers, index < library.entries.count else { return }
        let name = library.entries[index].name
        do {
            let asset = try library.sticker(named: name)
            let natural = Size(width: Double(asset.size.width), height: Double(asset.size.height))
            let width = Element.stickerWidth / max(view.scale, 0.25)
            place(Element(source: .sticker(name, asset),
                          placement: Element.Placement(center: at ?? viewCentre, width: width, natural: natural)))
        } catch {
            show(error: "Could not place the sticker: \(error)")
        }
    }

    /// Insert image: the file chooser, then `insertImage(path)`.
    public func chooseImageToInsert() {
        request(.chooseFile(FileRequest(purpose: .insertImage, title: "Insert an Image", folder: session.chooserFolder)))
    }

    /// Places the image file at `path` on the page (at `at`, or in the middle of the view), as
    /// large as it is but within the part of the page in view.
    public func insertImage(_ path: String, at: Point? = nil) {
        let name = DocumentState.fileName(path)
        do {
            let (asset, decoded) = try ElementSources.image(atPath: path, name: name, decoder: decoder)
            insert(asset, decoded: decoded, at: at)
        } catch {
            show(error: "Could not insert “\(name)”: \(error)")
        }
    }

    /// An image pasted from the clipboard (PNG bytes), placed in the middle of the view.
    public func pasted(imageData data: Data) {
        do {
            let (asset, decoded) = try ElementSources.image(data: data, name: "pasted.png", decoder: decoder)
            insert(asset, decoded: decoded, at: nil)
        } catch {
            show(error: "Could not paste the image: \(error)")
        }
    }

    /// Nothing to paste: the clipboard holds no image (or none this platform can read).
    public func pasteFound(nothing reason: String) {
        show(error: reason)
    }

    private func insert(_ asset: ImageAsset, decoded: RasterImage?, at: Point?) {
        // The panel would hide what was just placed.
        if panel == .stickers { panel = nil }
        if let decoded { editor.keepDecoded(decoded, for: asset) }
        let natural = Size(width: Double(asset.size.width), height: Double(asset.size.height))
        let visible = Size(width: Double(window.width) / view.scale, height: Double(window.height) / view.scale)
        let fit = min(1, 0.8 * min(visible.width, Double(editor.size.width)) / natural.width,
                      0.8 * min(visible.height, Double(editor.size.height)) / natural.height)
        place(Element(source: .image(asset), placement: Element.Placement(center: at ?? viewCentre, width: max(natural.width * fit, 4),
                                                                          natural: natural)))
    }

    /// A sticker dragged out of the panel follows the pointer (nil: dropped or back in the panel).
    func moveGhost(_ index: Int?, to p: Point) {
        if let old = elementUI.ghost { repaint.dirty.append(ghostRect(old.at)) }
        elementUI.ghost = index.map { ($0, p) }
        if let new = elementUI.ghost { repaint.dirty.append(ghostRect(new.at)) }
    }

    func ghostRect(_ p: Point) -> PixelRect {
        let half = Int((Element.stickerWidth / 2 + 4) * max(view.scale, 0.25))
        return PixelRect(x: Int(p.x) - half, y: Int(p.y) - half, width: 2 * half, height: 2 * half)
    }

    /// A miniature of sticker `index` for the panel (made once).
    func stickerThumbnail(_ index: Int) -> RasterImage? {
        guard let library = stickers, index < library.entries.count else { return nil }
        let name = library.entries[index].name
        if let known = elementUI.thumbnails[name] { return known }
        guard let asset = try? library.sticker(named: name), let image = try? ElementThumbnail.make(asset, side: Int(56 * scale)) else { return nil }
        elementUI.thumbnails[name] = image
        return image
    }
}
