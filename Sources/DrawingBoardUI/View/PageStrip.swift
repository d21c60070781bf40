import DrawingBoardCore

/// Where each page of a notebook lies on the desk: one column, top to bottom, each page centred
/// on the column's axis, a gap between them (Xournal++'s and Rnote's continuous layout). Desk
/// units are canvas pixels.
public struct PageStrip: Sendable, Equatable {
    /// Between two pages.
    public static let gap = 24.0

    public let sizes: [PixelSize]
    /// Each page's top left on the desk.
    public let origins: [Point]
    /// The column's width (the widest page) and height.
    public let width: Double
    public let height: Double

    public init(sizes: [PixelSize]) {
        let width = Double(sizes.map(\.width).max() ?? 1)
        var y = 0.0
        var origins: [Point] = []
        origins.reserveCapacity(sizes.count)
        for size in sizes {
            origins.append(Point(((width - Double(size.width)) / 2).rounded(), y))
            y += Double(size.height) + Self.gap
        }
        self.sizes = sizes
        self.origins = origins
        self.width = width
        height = max(y - Self.gap, 1)
    }

    public var count: Int { sizes.count }

    /// Page `i`'s box on the desk.
    public func frame(of i: Int) -> Rect {
        Rect(x: origins[i].x, y: origins[i].y, width: Double(sizes[i].width), height: Double(sizes[i].height))
    }

    /// The page under a desk point, if any.
    public func page(at p: Point) -> Int? {
        let i = first(endingBelow: p.y)
        guard i < count, frame(of: i).contains(p) else { return nil }
        return i
    }

    /// The page nearest a desk height (a point in a gap belongs to the page above or below).
    public func nearest(toY y: Double) -> Int {
        let i = min(first(endingBelow: y), count - 1)
        if i > 0, y < origins[i].y, origins[i].y - y > y - frame(of: i - 1).maxY { return i - 1 }
        return i
    }

    /// The pages whose boxes meet the desk rectangle `r`, in order.
    public func pages(meeting r: Rect) -> Range<Int> {
        let start = first(endingBelow: r.minY)
        var end = start
        while end < count, origins[end].y < r.maxY { end += 1 }
        return start..<max(start, end)
    }

    /// The first page whose bottom is below `y` (count when none is).
    private func first(endingBelow y: Double) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if origins[mid].y + Double(sizes[mid].height) <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
