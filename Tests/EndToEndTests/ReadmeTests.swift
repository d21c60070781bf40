import DrawingBoardUI
import Foundation
import Testing

/// The README's and the user guide's promises that code can check.
@Suite struct ReadmeTests {
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every key in the user guide's table is in the shortcuts sheet (F1), and the other way round.
    @Test func theShortcutsSheetListsEveryKeyOfTheUserGuidesTable() throws {
        let text = try String(contentsOf: repo.appendingPathComponent("docs/user-guide.md"), encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| keys | action |").dropFirst().first)
        let rows = table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let cells = rows.map { String($0.split(separator: "|")[0]).trimmingCharacters(in: .whitespaces) }
        #expect(cells.count > 15, "the table was found: \(cells)")
        let sheet = Set(Shortcuts.groups.flatMap(\.rows).map(\.keys))
        var inReadme = Set<String>()
        for cell in cells {
            for part in cell.components(separatedBy: " / ") {
                inReadme.insert(part)
                #expect(sheet.contains(part), "the shortcuts sheet lists “\(part)”")
            }
        }
        for keys in sheet { #expect(inReadme.contains(keys), "the user guide's table lists “\(keys)”") }
    }

    /// Every link of the README and the documents to a file of the repository leads to one.
    @Test func linksBetweenTheDocumentsLeadSomewhere() throws {
        for page in ["README.md", "docs/user-guide.md", "docs/scripts.md", "docs/design.md", "docs/performance.md", "docs/development.md"] {
            let url = repo.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            let links = text.components(separatedBy: "](").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
            #expect(!links.isEmpty || page != "README.md", "\(page) has links")
            for link in links where !link.hasPrefix("http") && !link.hasPrefix("#") {
                let target = url.deletingLastPathComponent().appendingPathComponent(String(link.split(separator: "#")[0]))
                #expect(FileManager.default.fileExists(atPath: target.path), "\(page) links to \(link), which is not there")
            }
        }
    }
}
