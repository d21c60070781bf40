import DrawingBoardCore
import Foundation
import Testing
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
}
