import Foundation
import Testing
@testable import DrawingBoardCore

func parse(_ json: String) throws(ScriptError) -> DrawingScript {
    try ScriptParser.parse(Data(json.utf8))
}

/// The message a script gets, or nil when it parses (for every suite of this target).
func problem(_ json: String) -> String? {
    do {
        _ = try parse(json)
        return nil
    } catch {
        return error.description
    }
}

/// A script of a 100x80 canvas with these steps.
func withSteps(_ steps: String) -> String {
    #"{"version": 1, "canvas": {"width": 100, "height": 80}, "steps": [\#(steps)]}"#
}

@Suite struct ScriptParserTests {
    /// The example in shared/script-format.md, kept once in Tests/Fixtures for every test target.
    static let contractExample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/contract-example.json")

    @Test func readsTheDocumentedExample() throws {
        let script = try ScriptParser.parse(try Data(contentsOf: Self.contractExample))
        #expect(script.canvas == PixelSize(width: 640, height: 480))
        #expect(script.background == .color(.white))
        #expect(script.steps.count == 9)
        #expect(script.steps[0] == .init(change: .init(tool: .pencil, color: RGBColor(hex: "#d01010"), width: 8)))
        #expect(script.steps[1].action == .stroke([Point(40, 40), Point(120, 60), Point(200, 140)]))
        #expect(script.steps[2].change == .init(tool: .eraser, width: 30))
        #expect(script.steps[4].action == .undo(1))
        #expect(script.steps[5].action == .redo(1))
        #expect(script.steps[6].action == .touch([
            .init(id: 1, points: [Point(300, 50), Point(300, 150)]),
            .init(id: 2, points: [Point(400, 50), Point(400, 150)]),
        ]))
        #expect(script.steps[7].action == .background(.image("photo.jpg")))
        #expect(script.steps[8].action == .clear)
    }

    @Test func defaultsAndOptionalParts() throws {
        let script = try parse(#"{"canvas": {"width": 3, "height": 2}}"#)
        #expect(script.background == .color(.white))
        #expect(script.steps.isEmpty)
        let withState = try parse(withSteps(#"{"tool": "ellipse", "opacity": 0.25, "stroke": [[1, 2]]}"#))
        #expect(withState.steps[0].change == .init(tool: .ellipse, opacity: 0.25))
        #expect(withState.steps[0].action == .stroke([Point(1, 2)]))
        #expect(try parse(withSteps(#"{"clear": false}"#)).steps[0].action == nil)
    }

    @Test func fingersGoInNumericOrder() throws {
        let script = try parse(withSteps(#"{"touch": {"10": [[1, 1]], "2": [[2, 2]], "1": [[3, 3]]}}"#))
        guard case .touch(let fingers) = script.steps[0].action else {
            Issue.record("expected a touch step")
            return
        }
        #expect(fingers.map(\.id) == [1, 2, 10])
    }

    @Test(arguments: [
        (withSteps(#"{"width": 8}, {"width": 9}, {"width": 0}"#), "steps[2].width: 0 is outside 1...200"),
        (withSteps(#"{"width": 200.5}"#), "steps[0].width: 200.5 is outside 1...200"),
        (withSteps(#"{"width": "8"}"#), #"steps[0].width: "8" is not a number"#),
        (withSteps(#"{"opacity": 1.5}"#), "steps[0].opacity: 1.5 is outside 0...1"),
        (withSteps(#"{"tool": "brush"}"#), #"steps[0].tool: "brush" is not a tool (one of pencil, line, dashed-line, rectangle, ellipse, eraser, stroke-eraser, highlighter, select, text)"#),
        (withSteps(#"{"color": "red"}"#), #"steps[0].color: "red" is not a colour; write #rrggbb"#),
        (withSteps(#"{"stroke": [[1, 2], [3]]}"#), "steps[0].stroke[1]: [3] is not a point [x, y] of two numbers"),
        (withSteps(#"{"stroke": [[1, 2], ["a", 3]]}"#), "steps[0].stroke[1]: [\"a\", 3] is not a point [x, y] of two numbers"),
        (withSteps(#"{"stroke": [[1, 2], [3, null]]}"#), "steps[0].stroke[1]: [3, null] is not a point [x, y] of two numbers"),
        (withSteps(#"{"stroke": [[1, 2], 7]}"#), "steps[0].stroke[1]: 7 is not a point [x, y] of two numbers"),
        (withSteps(#"{"stroke": [[1e9, 2]]}"#), "steps[0].stroke[0]: [1000000000, 2] is too far outside the canvas (limit 1000000)"),
        (withSteps(#"{"stroke": []}"#), "steps[0].stroke: needs at least one point"),
        (withSteps(#"{"stroke": {"x": 1}}"#), "steps[0].stroke: an object is not an array"),
        (withSteps(#"{"touch": {}}"#), "steps[0].touch: needs at least one finger"),
        (withSteps(#"{"touch": {"1": [[0, 0]], "2": [[1]]}}"#), "steps[0].touch.2[0]: [1] is not a point [x, y] of two numbers"),
        (withSteps(#"{"undo": -1}"#), "steps[0].undo: -1 is negative"),
        (withSteps(#"{"undo": 1.5}"#), "steps[0].undo: 1.5 is not a whole number"),
        (withSteps(#"{"clear": "yes"}"#), #"steps[0].clear: "yes" is not true or false"#),
        (withSteps(#"{"stroke": [[0, 0]], "undo": 1}"#), #"steps[0]: has "stroke" and "undo"; one action per step"#),
        (withSteps(#"{"strok": [[0, 0]]}"#), "steps[0].strok: unknown key (expected one of tool, color, width, opacity, smoothing, stroke, touch, undo, redo, clear, background, pick, page, place, double-tap, delete, raise, lower, edit, select, selection, paste, recognize, ruler, highlight-text, modifiers)"),
        (withSteps(#"{}"#), "steps[0]: does nothing (give a tool setting or one of stroke, touch, undo, redo, clear, background, pick, page, place, double-tap, delete, raise, lower, edit, select, selection, paste, recognize, ruler, highlight-text)"),
        (withSteps(##"{"background": {"color": "#fff"}}"##), ##"steps[0].background.color: "#fff" is not a colour; write #rrggbb"##),
        (withSteps(##"{"background": {"color": "#ffffff", "image": "a.png"}}"##), ##"steps[0].background: has both "color" and "image"; give one"##),
        (withSteps(#"{"background": {}}"#), #"steps[0].background: needs "color" or "image""#),
        (withSteps(#"3"#), "steps[0]: 3 is not a step object"),
        (#"{"canvas": {"width": 100, "height": 80}, "steps": {}}"#, "steps: an object is not an array"),
        (#"{"steps": []}"#, #"canvas: missing (write "canvas": {"width": 640, "height": 480})"#),
        (#"{"canvas": {"width": 0, "height": 80}}"#, "canvas.width: 0 is outside 1...16384"),
        (#"{"canvas": {"width": 100000, "height": 80}}"#, "canvas.width: 100000 is outside 1...16384"),
        (#"{"canvas": {"width": 100.5, "height": 80}}"#, "canvas.width: 100.5 is not a whole number"),
        (#"{"canvas": {"width": 100}}"#, "canvas.height: missing"),
        (#"{"version": 2, "canvas": {"width": 1, "height": 1}}"#, "version: 2 is not supported (this DrawingBoard reads version 1)"),
        (#"{"canvas": {"width": 1, "height": 1}, "colour": 1}"#, "colour: unknown key (expected one of version, canvas, background, steps, open, pdf)"),
        (#"{"canvas": {"width": 1, "height": 1}, "background": {"image": ""}}"#, "background.image: is empty"),
        (#"[1, 2]"#, "[1, 2] is not a script"),
        ("", "not valid JSON: the file is empty"),
        ("{\n  \"canvas\": {\"width\": 1,, \"height\": 1}\n}", "not valid JSON: syntax error at line 2, column 25"),
        (#"{"canvas": {"width": 1, "height": 1}} trailing"#, "not valid JSON: syntax error at line 1, column 39"),
    ])
    func reportsTheProblemAndWhere(_ json: String, _ expected: String) {
        #expect(problem(json) == expected)
    }

    /// Foundation's reader lets these through; JSON does not, or one value would silently be lost.
    @Test(arguments: [
        (withSteps(#"{"width": 8, "width": 9}"#), #"steps[0]: has "width" twice (at line 1, column 79); give each key once"#),
        (#"{"canvas": {"width": 10, "height": 10}, "canvas": {"width": 20, "height": 20}}"#,
         #"has "canvas" twice (at line 1, column 41); give each key once"#),
        (withSteps(#"{"touch": {"1": [[0, 0]], "1": [[5, 5]]}}"#), #"steps[0].touch: has "1" twice (at line 1, column 92); give each key once"#),
        ("{\n  \"canvas\": {\"width\": 1, \"height\": 1,}\n}", #"not valid JSON: a comma before "}" at line 2, column 37 (JSON allows no trailing comma)"#),
        (withSteps(#"{"stroke": [[1, 2], [3, 4],]}"#), #"not valid JSON: a comma before "]" at line 1, column 92 (JSON allows no trailing comma)"#),
    ])
    func refusesWhatJSONDoesNotAllow(_ json: String, _ expected: String) {
        #expect(problem(json) == expected)
    }

    @Test func refusesCanvasesAboveThePixelLimit() {
        // Within the side limit but one pixel row too many for the area limit is impossible at
        // 16384 x 16384 exactly, so check the limit itself is what the message names.
        #expect(problem(#"{"canvas": {"width": 16384, "height": 16384}}"#) == nil)
        #expect(problem(#"{"canvas": {"width": 16385, "height": 10}}"#) == "canvas.width: 16385 is outside 1...16384")
    }

    @Test func readsTheNewToolsSmoothingModifiersAndPick() throws {
        let script = try parse(withSteps(#"""
            {"tool": "stroke-eraser", "width": 12},
            {"tool": "highlighter", "color": "#ffee00", "opacity": 0.5, "smoothing": "strong"},
            {"tool": "rectangle", "stroke": [[1, 2], [3, 4]], "modifiers": ["shift", "alt"]},
            {"touch": {"1": [[5, 5]]}, "modifiers": ["alt"]},
            {"pick": [10, 20]},
            {"smoothing": "off"}
            """#))
        #expect(script.steps[0].change == .init(tool: .strokeEraser, width: 12))
        #expect(script.steps[1].change == .init(tool: .highlighter, color: RGBColor(hex: "#ffee00"), opacity: 0.5, smoothing: .strong))
        #expect(script.steps[2].modifiers == [.constrain, .fromCentre])
        #expect(script.steps[3].modifiers == .fromCentre)
        #expect(script.steps[4].action == .pick(Point(10, 20)))
        #expect(script.steps[5].change.smoothing == .off)
    }

    @Test func reportsMistakesInTheNewKeys() {
        #expect(problem(withSteps(#"{"tool": "marker"}"#))?.contains("steps[0].tool: \"marker\" is not a tool (one of pencil, line, dashed-line, rectangle, ellipse, eraser, stroke-eraser, highlighter, select, text)") == true)
        #expect(problem(withSteps(#"{"smoothing": "heavy"}"#)) == #"steps[0].smoothing: "heavy" is not a smoothing (one of off, light, strong)"#)
        #expect(problem(withSteps(#"{"stroke": [[1, 1]], "modifiers": ["ctrl"]}"#)) == #"steps[0].modifiers[0]: "ctrl" is not a modifier (shift or alt)"#)
        #expect(problem(withSteps(#"{"undo": 1, "modifiers": ["shift"]}"#)) == #"steps[0].modifiers: only goes with "stroke" or "touch" (keys held while dragging)"#)
        #expect(problem(withSteps(#"{"pick": [1]}"#)) == "steps[0].pick: [1] is not a point [x, y] of two numbers")
        #expect(problem(withSteps(#"{"pick": [10, 50, 3]}"#)) == "steps[0].pick: [10, 50, 3] is not a point [x, y] of two numbers")
        #expect(problem(withSteps(#"{"tool": "line", "stroke": [[1, 1]], "modifiers": ["shift", "shift"]}"#)) == #"steps[0].modifiers[1]: "shift" is given twice"#)
        #expect(problem(withSteps(#"{"tool": "line", "stroke": [[1, 1]], "modifiers": "shift"}"#)) == #"steps[0].modifiers: "shift" is not an array; write ["shift"]"#)
        // Shift and Alt shape lines, boxes and ellipses; on a freehand tool they would do nothing.
        #expect(problem(withSteps(#"{"stroke": [[1, 1], [9, 9]], "modifiers": ["shift"]}"#))
                == "steps[0].modifiers: the pencil has no shape for them to change (they go with line, dashed-line, rectangle, ellipse)")
        #expect(problem(withSteps(#"{"tool": "line"}, {"undo": 1}, {"stroke": [[1, 1], [9, 9]], "modifiers": ["alt"]}, {"tool": "highlighter"}, {"stroke": [[1, 1]], "modifiers": []}"#)) == nil,
                "the tool set by an earlier step counts; an empty list holds nothing")
        #expect(problem(withSteps(#"{"tool": "ellipse"}, {"tool": "eraser", "stroke": [[1, 1], [9, 9]], "modifiers": ["shift"]}"#))
                == "steps[1].modifiers: the eraser has no shape for them to change (they go with line, dashed-line, rectangle, ellipse)")
        #expect(problem(withSteps(#"{"pick": [1, 2], "stroke": [[1, 1]]}"#))?.contains("one action per step") == true)
    }
}
