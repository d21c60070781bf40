import DrawingBoardUI
import Foundation
import Testing

/// The README's promises that code can check.
@Suite struct ReadmeTests {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// Every key in the README's table is in the shortcuts sheet (F1), and the other way round.
    @Test func theShortcutsSheetListsEveryKeyOfTheReadmesTable() throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
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
        for keys in sheet { #expect(inReadme.contains(keys), "the README's table lists “\(keys)”") }
    }
}
