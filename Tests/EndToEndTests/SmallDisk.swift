import Foundation

/// Mounts a tmpfs of `size` at `folder` (root only) and unmounts it when released.
final class SmallDisk {
    let folder: URL

    init(size: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path]) == 0 else {
            throw DesktopError("cannot mount a tmpfs at \(folder.path)")
        }
    }

    deinit {
        _ = try? Self.run("/bin/umount", [folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a file until the disk has not one byte left.
    func fill() throws {
        let filler = folder.appendingPathComponent("filler")
        guard FileManager.default.createFile(atPath: filler.path, contents: nil) else { throw DesktopError("cannot create \(filler.path)") }
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        while (try? handle.write(contentsOf: Data(count: 1))) != nil {}
        try? handle.close()
    }

    func free() throws {
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
