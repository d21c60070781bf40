import DrawingBoardCore
import Testing
@testable import DrawingBoardRender

/// The fonts the text tool steps through: families that write letters, no symbol fonts, no
/// aliases.
@Suite struct FontListTests {
    @Test func onlyFamiliesThatWriteLetters() {
        let families = TextArt.families()
        #expect(!families.isEmpty)
        #expect(families == families.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending })
        for symbols in ["Standard Symbols PS", "D050000L", "System-ui", "Emoji"] {
            #expect(!families.contains(symbols), "\(symbols) is not a family to write text in: \(families)")
        }
    }
}
