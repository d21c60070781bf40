import Foundation
import Testing
@testable import DrawingBoardCore

/// The contract's "Paper" extension, as scripts write it.
@Suite struct PaperParserTests {
    private func background(_ json: String) throws(ScriptError) -> DrawingScript.BackgroundSource {
        try ScriptParser.parse(Data(#"{"version": 1, "canvas": {"width": 100, "height": 80}, "background": \#(json)}"#.utf8)).background
    }

    @Test func paperWithAndWithoutItsSettings() throws {
        #expect(try background(#"{"paper": "lined"}"#) == .paper(Paper(.lined)))
        #expect(try background(##"{"paper": "dotted", "color": "#FFF8E0", "spacing": 20.5, "line": "#806040"}"##)
                == .paper(Paper(.dotted, color: RGBColor(hex: "#fff8e0")!, spacing: 20.5, line: RGBColor(hex: "#806040")!)))
        let step = try ScriptParser.parse(Data(#"{"version": 1, "canvas": {"width": 10, "height": 10}, "steps": [{"background": {"paper": "squared", "spacing": 8}}]}"#.utf8))
        #expect(step.steps[0].action == .background(.paper(Paper(.squared, spacing: 8))))
    }

    @Test(arguments: [
        (#"{"paper": "graph"}"#, ##"background.paper: "graph" is not a paper (one of lined, squared, dotted; a plain page is {"color": "#rrggbb"})"##),
        (#"{"paper": "lined", "spacing": 4}"#, "background.spacing: 4 is outside 8...512"),
        (#"{"paper": "lined", "spacing": 513}"#, "background.spacing: 513 is outside 8...512"),
        (#"{"paper": "lined", "line": "blue"}"#, #"background.line: "blue" is not a colour; write #rrggbb"#),
        (#"{"paper": "lined", "image": "a.png"}"#, "background.image: unknown key (expected one of paper, color, spacing, line)"),
        (#"{"paper": 3}"#, "background.paper: 3 is not a string"),
    ])
    func badPaperIsNamed(_ json: String, _ expected: String) {
        #expect(throws: ScriptError.self) { try background(json) }
        do { _ = try background(json) } catch { #expect(error.description == expected) }
    }
}
