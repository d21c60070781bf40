import Foundation

/// A scratch file that holds tile pixels the history moved out of memory. The file is unlinked
/// as soon as it is open, so nothing is left behind, even after a crash. Space that tiles
/// leave (read back by undo, or dropped with their steps) is reused by the next tiles of the
/// same size (tiles are nearly all one size), so the file stays near what the history holds.
public final class SpillFile {
    private let handle: FileHandle
    private var end: UInt64 = 0
    /// Free extents by pixel count.
    private var free: [Int: [UInt64]] = [:]
    /// Bytes in free extents.
    public private(set) var freeBytes: UInt64 = 0

    /// Opens a new spill file in `directory`, creating the directory if needed.
    public init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("history-\(UUID().uuidString).tiles")
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw SpillError(message: "cannot create \(url.path)")
        }
        handle = try FileHandle(forUpdating: url)
        try? FileManager.default.removeItem(at: url)
    }

    deinit {
        try? handle.close()
    }

    /// Bytes written so far.
    public var size: UInt64 { end }

    /// Writes `pixels` into a free extent of their size, or at the end, and returns where.
    public func write(_ pixels: [UInt32]) throws -> (offset: UInt64, count: Int) {
        let data = pixels.withUnsafeBytes { Data($0) }
        if let offset = free[pixels.count]?.popLast() {
            freeBytes -= UInt64(data.count)
            do {
                try handle.seek(toOffset: offset)
                try handle.write(contentsOf: data)
            } catch {
                release(offset: offset, count: pixels.count)
                throw error
            }
            return (offset, pixels.count)
        }
        try handle.seek(toOffset: end)
        try handle.write(contentsOf: data)
        let offset = end
        end += UInt64(data.count)
        return (offset, pixels.count)
    }

    /// Gives back the extent of `count` pixels at `offset` (its tile left the file).
    public func release(offset: UInt64, count: Int) {
        free[count, default: []].append(offset)
        freeBytes += UInt64(count * 4)
    }

    /// Reads back `count` pixels written at `offset`.
    public func read(offset: UInt64, count: Int) throws -> [UInt32] {
        try handle.seek(toOffset: offset)
        guard let data = try handle.read(upToCount: count * 4), data.count == count * 4 else {
            throw SpillError(message: "spill file is shorter than expected")
        }
        return data.withUnsafeBytes { raw in Array(raw.bindMemory(to: UInt32.self)) }
    }

    /// Where spill files go by default: the cache folder (`CacheFolder`).
    public static var defaultDirectory: URL { CacheFolder.url }
}

public struct SpillError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
