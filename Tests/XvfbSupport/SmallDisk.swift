import Foundation

/// Mounts a tmpfs of `size` at `folder` (root only) and unmounts it when released: a disk
/// that fills, for the tests of what a full disk does.
public final class SmallDisk {
    public struct NotMounted: Error, CustomStringConvertible {
        public var description: String
    }

    public let folder: URL

    public init(size: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path]) == 0 else {
            throw NotMounted(description: "cannot mount a tmpfs at \(folder.path)")
        }
    }

    deinit {
        _ = try? Self.run("/bin/umount", [folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a file until the disk has not one byte left.
    public func fill() throws {
        let filler = folder.appendingPathComponent("filler")
        guard FileManager.default.createFile(atPath: filler.path, contents: nil) else { throw NotMounted(description: "cannot create \(filler.path)") }
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        while (try? handle.write(contentsOf: Data(count: 1))) != nil {}
        try? handle.close()
    }

    public func free() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("filler"))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }
}
