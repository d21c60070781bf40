/// One thing on the page.
public enum PageItem: Sendable, Hashable {
    /// A stroke of ink (or of an eraser, which clears the ink under it).
    case stroke(Stroke)
    /// Pixels that no item explains: another app's drawing this page started from.
    case base(BasePixels)
    /// A photo, sticker or text, with its place.
    case element(Element)

    public var stroke: Stroke? {
        if case .stroke(let stroke) = self { return stroke }
        return nil
    }

    public var element: Element? {
        if case .element(let element) = self { return element }
        return nil
    }

    /// The element's id, if it is one (read in place: looking an element up by id copies
    /// nothing).
    public var elementID: UInt64? {
        if case .element(let element) = self { return element.id }
        return nil
    }

    /// Checks the item's values (`path` names it).
    public func validate(at path: String) throws(ValidationError) {
        switch self {
        case .stroke(let stroke): try stroke.validate(at: path)
        case .element(let element): try element.validate(at: path)
        case .base(let base):
            try Check.canvas(base.image.size, at: path)
            for id in base.baked.sorted() { try Check.strokeID(id, at: "\(path).baked") }
        }
    }
}

/// Another app's drawing, as pixels (premultiplied ARGB, the page's size), and the strokes
/// that were drawn into them before they became pixels.
public struct BasePixels: Sendable, Hashable {
    public var image: RasterImage
    public var baked: Set<UInt64>

    public init(image: RasterImage, baked: Set<UInt64> = []) {
        self.image = image
        self.baked = baked
    }
}
