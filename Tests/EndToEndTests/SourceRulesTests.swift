import Foundation
import Testing

/// The rules the code keeps: every source file does one job, and none is over 400 lines.
@Suite struct SourceRulesTests {
    private let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func noSourceFileIsOver400Lines() throws {
        let sources = repo.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 400, "\(file.path.replacingOccurrences(of: repo.path + "/", with: "")) has \(lines) lines")
        }
    }
}
