import DrawingBoardCore

/// The boxes of a stroke's segments, filed under the 64 px cells of the canvas each crosses, so
/// a new sample looks only at the segments near it instead of every segment of a long stroke.
struct SegmentIndex {
    private static let cell = 64.0
    /// Padded box of each segment (from points[i] to points[i + 1]).
    private var bounds: [Rect] = []
    /// Which segments cross each cell, for the segments before `filed`: the rest are filed
    /// when first looked for (an opaque pencil's stroke seldom looks).
    private var cells: [TileIndex: [Int]] = [:]
    private var filed = 0
    /// How many segments the last `crossing` found.
    private(set) var lastFound = 0

    var isEmpty: Bool { bounds.isEmpty }
    var count: Int { bounds.count }

    subscript(i: Int) -> Rect { bounds[i] }

    /// Segment `i`'s box is `box` now (`i` is a new segment, or the last one reshaped). A grown
    /// box keeps its old cells too: harmless, they are checked against the box again.
    mutating func set(_ i: Int, _ box: Rect) {
        if i == bounds.count {
            bounds.append(box)
        } else {
            bounds[i] = box
            filed = min(filed, i)
        }
    }

    /// The segments whose boxes cross `clip`, in stroke order.
    mutating func crossing(_ clip: Rect) -> [Int] {
        for i in filed..<bounds.count {
            for cell in Self.cells(of: bounds[i]) where cells[cell]?.last != i {
                cells[cell, default: []].append(i)
            }
        }
        filed = bounds.count
        var nearby = Set<Int>()
        for cell in Self.cells(of: clip) { nearby.formUnion(cells[cell] ?? []) }
        let found = nearby.sorted().filter { bounds[$0].intersects(clip) }
        lastFound = found.count
        return found
    }

    /// The cells a box covers, clamped to the largest canvas (what lies beyond is clipped away).
    private static func cells(of r: Rect) -> [TileIndex] {
        let limit = Double(CanvasLimits.maxSide) / cell + 1
        func c(_ v: Double) -> Int { Int(min(max((v / cell).rounded(.down), -1), limit)) }
        let x0 = c(r.minX), x1 = c(r.maxX), y0 = c(r.minY), y1 = c(r.maxY)
        var result: [TileIndex] = []
        for row in y0...y1 { for column in x0...x1 { result.append(TileIndex(column: column, row: row)) } }
        return result
    }
}
