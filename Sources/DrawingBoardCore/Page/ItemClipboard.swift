/// Strokes and elements copied (or cut) from a page, as they were there: the strokes with the
/// eraser's passes that took parts of them, the box around them all. Pasted, they get new ids.
public struct ItemClipboard: Sendable, Hashable {
    public var items: [PageItem]
    public var bounds: Rect

    public init(items: [PageItem], bounds: Rect) {
        self.items = items
        self.bounds = bounds
    }
}

/// The ids selected (bottom first) and the page they are on.
public struct ItemSelection: Sendable, Hashable {
    public var ids: [UInt64] = []
    /// The page's id in its notebook (a selection never follows to another page).
    public var page: UInt64 = 0

    public init(ids: [UInt64] = [], page: UInt64 = 0) {
        self.ids = ids
        self.page = page
    }
}
