import DrawingBoardCore

/// The rectangles of one present, as few uploads as they cost.
///
/// A stroke's motion event changes two overlapping areas (the newest piece as it was, composed
/// again, and the newest piece now), and a sliding bar its place before and after: each pair
/// sent as one rectangle is one request to the X server instead of two, and the overlap goes
/// once.
enum UploadRects {
    /// Pixels a merged rectangle may cover beyond its parts (counted once where they overlap).
    static let slack = 1_024

    /// `rects` with every pair whose union costs at most `slack` more pixels than the two
    /// apart merged into that union, until no pair is left to merge.
    static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        guard rects.count > 1 else { return rects }
        var result = rects.filter { !$0.isEmpty }
        var merging = true
        while merging {
            merging = false
            search: for i in result.indices {
                for j in result.indices where j > i {
                    let union = result[i].union(result[j])
                    if union.area <= result[i].area + result[j].area + slack {
                        result[i] = union
                        result.remove(at: j)
                        merging = true
                        break search
                    }
                }
            }
        }
        return result
    }
}
