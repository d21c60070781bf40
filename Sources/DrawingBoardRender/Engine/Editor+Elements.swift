import DrawingBoardCore

/// Elements as edits: placing one on top, changing one (moved, scaled, turned, its text
/// edited), deleting one, raising or lowering one. Each is an item change of the page (its
/// inverse is the undo), then the layers are painted again where it was and where it is; when
/// the last element changed, the top run of ink changed too and is painted again whole.
extension Editor {
    func applyElementEdit(_ edit: Edit, saving step: inout HistoryStep) throws(RenderError) -> Bool {
        let lastBefore = lastElementID, topBefore = topRunStart
        let changes: [ItemChange]
        switch edit {
        case .place(var element):
            element.id = nextStrokeID
            cancelAll()
            if let asset = element.source.asset, case .broken(let problem) = assets.art(for: asset) {
                throw RenderError("\(asset.name): \(problem)")
            }
            changes = [.insert([ItemChange.Placed(index: page.items.count, item: .element(element))])]
            nextStrokeID = element.id + 1
            if group != nil { group?.placed = element.id }
        case .change(let element):
            guard let i = page.index(ofElement: element.id), let old = page.items[i].element, old != element else { return false }
            changes = [.remove([ItemChange.Placed(index: i, item: .element(old))]),
                       .insert([ItemChange.Placed(index: i, item: .element(element))])]
        case .delete(let id):
            guard let i = page.index(ofElement: id) else { return false }
            cancelAll()
            changes = [.remove([ItemChange.Placed(index: i, item: page.items[i])])]
        case .reorder(let id, let top):
            guard let i = page.index(ofElement: id) else { return false }
            let target = top ? page.items.count - 1 : (page.base == nil ? 0 : 1)
            guard target != i else { return false }
            cancelAll()
            changes = [.remove([ItemChange.Placed(index: i, item: page.items[i])]),
                       .insert([ItemChange.Placed(index: target, item: page.items[i])])]
        default:
            return false
        }
        if case .place(var element) = edit, absorbTopRun() {
            // On top: the page as it stands goes under it; the top run of ink starts empty.
            element.id = nextStrokeID - 1
            step.items = changeItems(changes)
            layPlacedElement(element)
            repaintTopRun(saving: &step)
            return true
        }
        step.items = changeItems(changes)
        if refreshRuns(after: changes, lastBefore: lastBefore, topBefore: topBefore) {
            repaintTopRun(saving: &step)
        }
        return true
    }

    // MARK: - By name, for scripts and the window

    /// The elements on the page, bottom first.
    public var elements: [Element] { page.elements }

    /// The element with this id.
    public func element(_ id: UInt64) -> Element? {
        page.index(ofElement: id).flatMap { page.items[$0].element }
    }

    /// The topmost element under `p` (`slack`: how far outside its box still counts).
    public func element(at p: Point, slack: Double = 0) -> Element? {
        page.topElement(at: p, slack: slack).flatMap { page.items[$0].element }
    }

    /// Places `element` on top of the page as one undoable step; returns the id it got.
    @discardableResult
    public func place(_ element: Element) throws(RenderError) -> UInt64 {
        let id = nextStrokeID
        endBackgroundPreview()
        guard try perform(.place(element)) else { throw RenderError("the element could not be placed") }
        return id
    }

    /// Turns the sticker or image under `p` 90° clockwise about its centre (a double tap), as
    /// one undoable step. False when there is none there.
    @discardableResult
    public func turnElement(at p: Point) -> Bool {
        guard var element = element(at: p), element.source.text == nil else { return false }
        element.placement.rotation = Element.Placement.normalised(element.placement.rotation + 90)
        return (try? perform(.change(element))) == true
    }

    /// Keeps pixels already decoded for an image about to be placed.
    public func keepDecoded(_ image: RasterImage, for asset: ImageAsset) {
        assets.keep(image, for: asset)
    }
}
