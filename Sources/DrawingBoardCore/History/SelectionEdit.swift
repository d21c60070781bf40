/// What is done to a selection of the page's strokes and elements, as one step: each is an
/// edit of its own (`Edit.selection`), carried out by `Page.apply` as items removed and put
/// back, so undo and redo are exact. The ids name strokes and elements alike (they share one
/// count).
public enum SelectionEdit: Sendable, Hashable {
    /// Moved, scaled or turned (`Affine`): strokes keep their points and take the transform,
    /// elements their place. See `Page.transformed` for where they go in the page's order.
    case transform([UInt64], Affine)
    /// The Brush panel's colour, width or opacity given to the strokes (texts take the colour).
    case restyle([UInt64], Restyle)
    /// Taken off the page.
    case remove([UInt64])
    /// Put on top of the page, as they are (their ids given): a duplicate, a paste.
    case add([PageItem])
    /// To the top of the page's order, or as low as they can go.
    case reorder([UInt64], top: Bool)
    /// A stroke replaced, at its place, by the shapes it was meant as (ids given).
    case snap(UInt64, [Stroke])

    public struct Restyle: Sendable, Hashable {
        public var color: RGBColor?
        /// The width on the page (through a stroke's transform).
        public var width: Double?
        public var opacity: Double?

        public init(color: RGBColor? = nil, width: Double? = nil, opacity: Double? = nil) {
            self.color = color
            self.width = width
            self.opacity = opacity
        }

        public var isEmpty: Bool { color == nil && width == nil && opacity == nil }
    }

    /// The most items one selection edit names.
    public static let maxItems = 1_000_000

    public func validate(at path: String) throws(ValidationError) {
        func count(_ n: Int) throws(ValidationError) {
            guard n <= Self.maxItems else { throw ValidationError(path, "names \(n) items, more than \(Self.maxItems)") }
        }
        switch self {
        case .transform(let ids, let m):
            try count(ids.count)
            guard m.isFinite, Stroke.transformScaleRange.contains(m.lengthScale), m.determinant > 0 else {
                throw ValidationError("\(path).transform", "[\(m.numbers.map { "\($0)" }.joined(separator: ", "))] is not a move, scale or turn")
            }
        case .restyle(let ids, let restyle):
            try count(ids.count)
            if let width = restyle.width { try Check.number(width, at: "\(path).width", in: StrokeStyle.widthRange) }
            if let opacity = restyle.opacity { try Check.number(opacity, at: "\(path).opacity", in: StrokeStyle.opacityRange) }
        case .remove(let ids), .reorder(let ids, _):
            try count(ids.count)
        case .add(let items):
            try count(items.count)
            for (i, item) in items.enumerated() {
                if case .base = item { throw ValidationError("\(path).add[\(i)]", "is not a stroke or an element") }
                try item.validate(at: "\(path).add[\(i)]")
            }
        case .snap(let id, let shapes):
            try Check.strokeID(id, at: "\(path).id")
            guard !shapes.isEmpty, shapes.count <= 8 else { throw ValidationError("\(path).shapes", "has \(shapes.count) shapes (1...8)") }
            for (i, shape) in shapes.enumerated() { try shape.validate(at: "\(path).shapes[\(i)]") }
        }
    }
}
