import Foundation

/// One history and a cursor into it, as the original DrawingBoard kept it: steps before the
/// cursor are done, steps after it are undone, and a new step drops the undone ones.
///
/// Memory stays bounded however long the history grows: when the steps' pixels pass
/// `memoryBudget`, the steps farthest from the cursor move their tiles to a spill file and load
/// them back only when undo or redo reaches them. The steps next to the cursor always stay in
/// memory, so the next undo and redo never wait for the disk.
public final class UndoHistory {
    public struct Options: Sendable {
        /// Pixel bytes kept in memory before old steps move to disk.
        public var memoryBudget: Int
        /// Where the spill file goes; nil keeps everything in memory.
        public var spillDirectory: URL?

        public init(memoryBudget: Int = 48 << 20, spillDirectory: URL? = SpillFile.defaultDirectory) {
            self.memoryBudget = memoryBudget
            self.spillDirectory = spillDirectory
        }
    }

    public let options: Options
    public private(set) var steps: [HistoryStep] = []
    /// How many steps are done.
    public private(set) var cursor = 0
    /// Pixel bytes all steps hold in memory.
    public private(set) var residentBytes = 0
    /// Why spilling stopped, if it did (the history then stays in memory; nothing is lost).
    public private(set) var spillProblem: String?
    /// Why tiles last could not be read back from the spill file, if they could not (the
    /// pixels were painted from the page instead).
    public private(set) var readProblem: String?

    private var spill: SpillFile?
    private var nextID: UInt64 = 1
    private var stepBytes: [Int] = []
    /// Every step below this index has no tile pixels in memory.
    private var lowWater = 0

    public init(options: Options = Options()) {
        self.options = options
    }

    public var canUndo: Bool { cursor > 0 }

    /// Names the state the history is at: the id of the last done step, 0 before any. Undoing
    /// back to a saved state gives its id again; a new step never does.
    public var stateID: UInt64 { cursor > 0 ? steps[cursor - 1].id : 0 }
    public var canRedo: Bool { cursor < steps.count }

    /// The spill file's size, free space included.
    public var spillFileBytes: UInt64 { spill?.size ?? 0 }
    /// Bytes of the spill file no tile uses (reused by the next tiles spilled).
    public var spillFreeBytes: UInt64 { spill?.freeBytes ?? 0 }

    /// Forgets the cached pixels of every step (their tiles, in memory or on disk): the steps
    /// still undo and redo exactly, painting the ink from the page.
    public func dropCachedPixels() {
        dropCachedPixels { _ in true }
    }

    /// Forgets the cached pixels of the steps on page `id` (its canvas is gone; they paint
    /// from the page when crossed).
    public func dropCachedPixels(ofPage id: UInt64) {
        dropCachedPixels { $0.page == id }
    }

    private func dropCachedPixels(where chosen: (HistoryStep) -> Bool) {
        for i in steps.indices where chosen(steps[i]) && !steps[i].tiles.isEmpty {
            releaseSpilled(steps[i])
            steps[i].tiles = []
            steps[i].tilesLost = true
            residentBytes -= stepBytes[i] - steps[i].residentBytes
            stepBytes[i] = steps[i].residentBytes
        }
    }

    /// Records a step that was just done, dropping any undone steps.
    public func push(_ step: HistoryStep) {
        var step = step
        step.id = nextID
        nextID += 1
        if cursor < steps.count {
            for i in cursor..<steps.count {
                residentBytes -= stepBytes[i]
                releaseSpilled(steps[i])
            }
            steps.removeSubrange(cursor...)
            stepBytes.removeSubrange(cursor...)
        }
        steps.append(step)
        stepBytes.append(step.residentBytes)
        residentBytes += step.residentBytes
        cursor = steps.count
        lowWater = min(lowWater, steps.count - 1)
        enforceBudget()
    }

    /// The step undo (`back`) or redo would cross next, as it stands (its tiles may be on disk).
    public func next(back: Bool) -> HistoryStep? {
        back ? (canUndo ? steps[cursor - 1] : nil) : (canRedo ? steps[cursor] : nil)
    }

    /// Undoes the last done step: `apply` receives it with its pixels in memory, swaps its
    /// saved state with the live one, and the step is kept as it leaves it.
    @discardableResult
    public func undo(_ apply: (inout HistoryStep) throws -> Void) throws -> Bool {
        guard canUndo else { return false }
        try update(at: cursor - 1, apply)
        cursor -= 1
        enforceBudget()
        return true
    }

    /// Redoes the next undone step, the same way as `undo`.
    @discardableResult
    public func redo(_ apply: (inout HistoryStep) throws -> Void) throws -> Bool {
        guard canRedo else { return false }
        try update(at: cursor, apply)
        cursor += 1
        enforceBudget()
        return true
    }

    private func update(at index: Int, _ apply: (inout HistoryStep) throws -> Void) throws {
        var step = steps[index]
        let read: [(offset: UInt64, count: Int)]
        do {
            read = try load(&step)
        } catch {
            // Tiles that cannot be read back (a damaged spill file) are a cache lost: the step
            // still holds its edit, and the pixels are painted from the page instead. All its
            // space on disk goes, once the step is crossed (below).
            read = Self.spilledExtents(of: steps[index])
            step.tiles = []
            step.tilesLost = true
            readProblem = "undo history tiles could not be read back: \(error)"
        }
        try apply(&step)
        steps[index] = step
        // Only now is the space on disk no longer the step's: a read or an apply that failed
        // leaves the step pointing at it.
        for extent in read { spill?.release(offset: extent.offset, count: extent.count) }
        residentBytes += step.residentBytes - stepBytes[index]
        stepBytes[index] = step.residentBytes
        if step.residentBytes > 0 { lowWater = min(lowWater, index) }
    }

    /// Brings the step's tiles into memory; returns the extents they were read from.
    private func load(_ step: inout HistoryStep) throws -> [(offset: UInt64, count: Int)] {
        var read: [(offset: UInt64, count: Int)] = []
        for i in step.tiles.indices {
            if case .spilled(let offset, let count) = step.tiles[i].payload {
                guard let spill else { throw SpillError(message: "history tiles are on disk but the spill file is gone") }
                step.tiles[i].payload = .pixels(try spill.read(offset: offset, count: count))
                read.append((offset, count))
            }
        }
        return read
    }

    private func releaseSpilled(_ step: HistoryStep) {
        for extent in Self.spilledExtents(of: step) { spill?.release(offset: extent.offset, count: extent.count) }
    }

    /// Where the step's tiles lie on disk.
    private static func spilledExtents(of step: HistoryStep) -> [(offset: UInt64, count: Int)] {
        step.tiles.compactMap { tile in
            if case .spilled(let offset, let count) = tile.payload { return (offset, count) }
            return nil
        }
    }

    /// Moves the tiles of the steps farthest from the cursor to disk until the rest fit.
    private func enforceBudget() {
        while residentBytes > options.memoryBudget, spillProblem == nil {
            guard let victim = farthestSpillableStep() else { return }
            spillTiles(of: victim)
        }
    }

    /// The step with tile pixels in memory that lies farthest from the cursor, leaving alone
    /// the two steps next to it.
    private func farthestSpillableStep() -> Int? {
        while lowWater < steps.count, !hasResidentTiles(lowWater) { lowWater += 1 }
        var best: Int? = lowWater < cursor - 1 ? lowWater : nil
        var high = steps.count - 1
        while high > cursor, !hasResidentTiles(high) { high -= 1 }
        if high > cursor, high - cursor > cursor - (best ?? cursor) {
            best = high
        }
        return best
    }

    private func hasResidentTiles(_ index: Int) -> Bool {
        steps[index].tiles.contains { $0.payload.residentBytes > 0 }
    }

    private func spillTiles(of index: Int) {
        var written: [(offset: UInt64, count: Int)] = []
        do {
            if spill == nil {
                guard let directory = options.spillDirectory else {
                    spillProblem = "no spill folder configured"
                    return
                }
                spill = try SpillFile(directory: directory)
            }
            guard let spill else { return }
            var step = steps[index]
            for i in step.tiles.indices {
                if case .pixels(let pixels) = step.tiles[i].payload {
                    let place = try spill.write(pixels)
                    written.append(place)
                    step.tiles[i].payload = .spilled(offset: place.offset, count: place.count)
                }
            }
            steps[index] = step
            residentBytes += step.residentBytes - stepBytes[index]
            stepBytes[index] = step.residentBytes
        } catch {
            // The step keeps its tiles in memory: what was written for it is free again.
            for extent in written { spill?.release(offset: extent.offset, count: extent.count) }
            // A full disk or an unwritable cache: keep the history in memory rather than lose it.
            spillProblem = "cannot move undo history to disk: \(error)"
        }
    }
}
