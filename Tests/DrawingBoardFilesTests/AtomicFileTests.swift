import DrawingBoardCore
import Foundation
import Testing
import XvfbSupport
@testable import DrawingBoardRender

private func permissions(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
}

/// Saving replaces a file's bytes, nothing else: its mode stays, new files follow the umask,
/// and a symbolic link keeps pointing at the file that now has the new bytes.
@Suite struct AtomicFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-atomic-\(UUID().uuidString)")

    @Test func aReplacedFileKeepsItsMode() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("private.ora").path
        for mode in [0o600, 0o640, 0o444] {
            try? FileManager.default.removeItem(atPath: path)
            #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: mode]))
            try AtomicFile.write(Data("new".utf8), toPath: path)
            #expect(try permissions(path) == mode)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        }
    }

    @Test func aNewFileFollowsTheUmask() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new.png").path
        try AtomicFile.write(Data("new".utf8), toPath: path)
        let mask = Int(AtomicFile.currentUmask())
        #expect(try permissions(path) == 0o666 & ~mask)
        // Read without changing it: the value from /proc agrees with umask(2).
        let set = umask(0o022)
        umask(set)
        #expect(mask == Int(set))
    }

    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let other = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = other.appendingPathComponent("drawing.ora").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600]))
        let link = folder.appendingPathComponent("link.ora").path
        let chain = folder.appendingPathComponent("chain.ora").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere/drawing.ora")
        try FileManager.default.createSymbolicLink(atPath: chain, withDestinationPath: link)
        try AtomicFile.write(Data("new".utf8), toPath: chain)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: chain) == link, "the links are still links")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "elsewhere/drawing.ora")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try permissions(target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["drawing.ora"], "no temporary file left")
    }

    /// A file made as it is written (a PDF export, page by page) arrives whole, in pieces of
    /// any size; a maker that fails part-way leaves the old file and no temporary one.
    @Test func aStreamedFileIsWholeOrNotThere() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.pdf").path
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        try AtomicFile.write(toPath: path) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
            var offset = 0, size = 1
            while offset < bytes.count {
                let n = min(size, bytes.count - offset)
                #expect(bytes[offset..<offset + n].withUnsafeBytes { write($0) })
                offset += n
                size = size % 100_000 * 3 + 1
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        do {
            try AtomicFile.write(toPath: path) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
                _ = Data(count: 100_000).withUnsafeBytes { write($0) }
                throw RenderError("page 3 cannot be drawn")
            }
            Issue.record("a failed export was written")
        } catch {
            #expect(error.message == "page 3 cannot be drawn")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "the old file is as it was")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.pdf"], "no temporary file left")
    }

    /// On a full disk (a 256 KB tmpfs, root only, as in CI) the reason is the disk's, the
    /// old file stays, and nothing else is left there.
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aStreamedFileOnAFullDiskSaysWhy() throws {
        let disk = try SmallDisk(size: "256k")
        let path = disk.folder.appendingPathComponent("notes.pdf").path
        try AtomicFile.write(Data("old".utf8), toPath: path)
        var refused = false
        do {
            try AtomicFile.write(toPath: path) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
                let page = Data(count: 4096)
                // The writer goes on as a PDF writer would after a failed write, then gives up.
                for _ in 0..<256 where !page.withUnsafeBytes({ write($0) }) { refused = true }
                if refused { throw RenderError("cannot write the pdf file: error while writing to output stream") }
            }
            Issue.record("a megabyte was written to a 256 KB disk")
        } catch {
            #expect(error.message == "cannot write \(path): No space left on device")
        }
        #expect(refused)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path) == ["notes.pdf"])
    }
}
