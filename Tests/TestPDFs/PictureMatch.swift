import Foundation

/// Two pictures of one page compared within antialiasing and a pixel or two.
public enum PictureMatch {
    /// The places (x, y) of `ours` (0xAARRGGBB, `width` x `height`) that nothing in `theirs`
    /// around them (`radius` pixels each way) matches within `tolerance` per channel; `theirs`
    /// is read through `pixel`, so any region of a screenshot can be held against a page. The
    /// last row and column are not counted (Xournal++ covers them only in part when a page's
    /// size in pixels is rounded up).
    public static func misses(width: Int, height: Int, ours: (Int, Int) -> UInt32, theirs: (Int, Int) -> UInt32,
                              tolerance: Int = 40, radius: Int = 1) -> [(Int, Int)] {
        func close(_ a: UInt32, _ b: UInt32) -> Bool {
            [0, 8, 16].allSatisfy { abs(Int((a >> UInt32($0)) & 0xFF) - Int((b >> UInt32($0)) & 0xFF)) <= tolerance }
        }
        var missed: [(Int, Int)] = []
        for y in 0..<(height - 1) {
            for x in 0..<(width - 1) {
                let p = ours(x, y)
                if close(p, theirs(x, y)) { continue }
                var found = false
                for dy in -radius...radius where !found {
                    for dx in -radius...radius where !found {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        found = close(p, theirs(nx, ny))
                    }
                }
                if !found { missed.append((x, y)) }
            }
        }
        return missed
    }
}
