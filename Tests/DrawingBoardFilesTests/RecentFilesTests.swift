import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DrawingBoardFiles

/// The desktop's recently-used.xbel: DrawingBoard adds and refreshes its own entries and never
/// changes another app's; a damaged file is left alone.
@Suite final class RecentFilesTests {
    /// Each test's folders, gone when it ends.
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-recent-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: root) }

    func file(_ text: String? = nil) throws -> URL {
        let dir = root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("recently-used.xbel")
        if let text { try text.write(to: url, atomically: true, encoding: .utf8) }
        return url
    }

    static let gtkFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
          <bookmark href="file:///home/u/notes.txt" added="2026-01-01T10:00:00.000000Z" modified="2026-01-01T10:00:00.000000Z" visited="2026-01-01T10:00:00.000000Z">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="text/plain"/>
                <bookmark:groups>
                  <bookmark:group>gedit</bookmark:group>
                </bookmark:groups>
                <bookmark:applications>
                  <bookmark:application name="gedit" exec="&apos;gedit %u&apos;" modified="2026-01-01T10:00:00Z" count="3"/>
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>
        </xbel>

        """

    @Test func addsItsEntryAndKeepsOtherAppsEntriesByteForByte() throws {
        let url = try file(Self.gtkFile)
        let dir = url.deletingLastPathComponent()
        let doc = dir.appendingPathComponent("a & b.ora")
        try Data().write(to: doc)
        let recent = RecentFiles(url: url)
        try recent.add(doc.path, now: Date(timeIntervalSince1970: 1_800_000_000))
        let text = try String(contentsOf: url, encoding: .utf8)
        let gedit = Self.gtkFile.components(separatedBy: "  <bookmark href=\"file:///home/u/notes.txt\"")[1].components(separatedBy: "</bookmark>")[0]
        #expect(text.contains(gedit), "the other app's entry is unchanged")
        #expect(text.contains("<mime:mime-type type=\"image/openraster\"/>"))
        #expect(text.contains("href=\"file://\(dir.path)/a%20&amp;%20b.ora\""), "the href is a URI, escaped for XML")
        #expect(XMLParser(data: Data(text.utf8)).parse(), "still well-formed")
        #expect(recent.list() == [doc.path])
        // Used again: the same entry, counted twice, with the newer time.
        try recent.add(doc.path, now: Date(timeIntervalSince1970: 1_800_000_100))
        let again = try String(contentsOf: url, encoding: .utf8)
        #expect(again.components(separatedBy: "a%20&amp;%20b.ora").count == 2, "one entry")
        #expect(again.contains("count=\"2\"") && again.contains("2027-01-15T08:01:40"))
        #expect(again.contains(gedit))
    }

    /// Another app's count for our entry is not trusted: the largest number Swift can hold
    /// (one past it trapped), a negative one, or words.
    @Test func anyCountWrittenByAnotherAppIsCountedOnSafely() throws {
        for (written, counted) in [("9223372036854775807", "1000000"), ("-5", "1"), ("many", "1"), ("41", "42")] {
            let url = try file()
            let dir = url.deletingLastPathComponent()
            let doc = dir.appendingPathComponent("d.ora")
            try Data().write(to: doc)
            let ours = "<bookmark:application name=\"DrawingBoard\" exec=\"x\" modified=\"2026-01-01T10:00:00Z\" count=\"\(written)\"/>"
            try Self.gtkFile.replacingOccurrences(of: "file:///home/u/notes.txt", with: "file://" + doc.path)
                .replacingOccurrences(of: "<bookmark:application name=\"gedit\"", with: ours + "\n<bookmark:application name=\"gedit\"")
                .write(to: url, atomically: true, encoding: .utf8)
            try RecentFiles(url: url).add(doc.path)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains("name=\"DrawingBoard\" exec=\"&apos;drawingboard %u&apos;\"") && text.contains("count=\"\(counted)\""),
                    "\(written) counted on as \(counted): \(text)")
        }
    }

    /// GLib writes an apostrophe as `&#39;`: the same file must be found, not added twice
    /// (a second entry for one address makes GLib drop the whole list).
    @Test func anEntryIsFoundHoweverItsWriterEscapedIt() throws {
        let url = try file()
        let dir = url.deletingLastPathComponent()
        let doc = dir.appendingPathComponent("Tom's.ora")
        try Data().write(to: doc)
        let href = "file://" + dir.path + "/Tom&#39;s.ora"
        try Self.gtkFile.replacingOccurrences(of: "file:///home/u/notes.txt", with: href).write(to: url, atomically: true, encoding: .utf8)
        try RecentFiles(url: url).add(doc.path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.components(separatedBy: "<bookmark ").count == 2, "one entry for the file, refreshed: \(text)")
        #expect(text.contains("name=\"gedit\"") && text.contains("name=\"DrawingBoard\""))
        #expect(RecentFiles.unescaped("a&#39;b&#x27;c&amp;d&bogus;") == "a'b'c&d&bogus;")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o644, "the file keeps its permissions")
    }

    @Test func startsAFileAndListsNewestFirstOnlyFilesThatExist() throws {
        let url = try file()
        let dir = url.deletingLastPathComponent()
        let recent = RecentFiles(url: url)
        for (i, name) in ["one.ora", "two.png", "gone.ora"].enumerated() {
            try Data().write(to: dir.appendingPathComponent(name))
            try recent.add(dir.appendingPathComponent(name).path, now: Date(timeIntervalSince1970: 1_800_000_000 + Double(i)))
        }
        try FileManager.default.removeItem(at: dir.appendingPathComponent("gone.ora"))
        #expect(recent.list() == [dir.appendingPathComponent("two.png").path, dir.appendingPathComponent("one.ora").path])
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600, "a new list is private")
    }

    @Test(arguments: ["<xbel><bookmark href=\"file:///x\">", "not xml at all",
                      "<!DOCTYPE x [<!ENTITY a \"b\">]><xbel>&a;</xbel>"])
    func aDamagedFileIsNeverRewritten(_ text: String) throws {
        let url = try file(text)
        #expect(throws: DocumentError.self) { try RecentFiles(url: url).add("/tmp/x.ora") }
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
        #expect(RecentFiles(url: url).list().isEmpty)
    }
}
