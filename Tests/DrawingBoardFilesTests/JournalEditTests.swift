import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardFiles

/// Each kind of edit goes through a real journal on disk and comes back from it: the same
/// page, the same pixels, the same history.
@Suite struct JournalEditTests {
    static func stroke(_ tool: Tool, _ hex: String, width: Double, opacity: Double = 1, _ points: [(Double, Double)]) -> Edit {
        .stroke(Stroke(id: 0, tool: tool, style: StrokeStyle(color: RGBColor(hex: hex)!, width: width, opacity: opacity),
                       points: points.map { Point($0.0, $0.1) }))
    }

    static let kinds: [(String, Edit)] = [
        ("pencil", stroke(.pencil, "#d01010", width: 8, [(10, 10), (120, 90), (150, 20)])),
        ("pencil with pressure", .stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#2040c0")!, width: 20),
                                                points: [Point(10, 60), Point(80, 40), Point(150, 70)], pressures: [0.1, 0.6, 1]))),
        ("dashed line", stroke(.dashedLine, "#1010d0", width: 3, [(0, 100), (160, 5)])),
        ("translucent rectangle", stroke(.rectangle, "#10a010", width: 9, opacity: 0.4, [(20, 20), (140, 100)])),
        ("highlighter", stroke(.highlighter, "#ffe03c", width: 24, opacity: 0.6, [(0, 60), (160, 60)])),
        ("eraser", stroke(.eraser, "#000000", width: 20, [(80, 0), (80, 120)])),
        ("stroke eraser", .eraseStrokes(path: [Point(30, 25), Point(40, 35)], width: 12)),
        ("clear", .clear),
        ("background colour", .background(.color(RGBColor(hex: "#203040")!))),
        ("background image", .background(.image(RasterImage(width: 3, height: 2, pixels: [
            0xFF11_2233, 0xFF44_5566, 0xFF77_8899, 0xFFAA_BBCC, 0xFFDD_EEFF, 0xFF00_0000])!, name: "tiny.png"))),
        ("paper", .background(.paper(Paper(.dotted, color: RGBColor(hex: "#fff8e0")!, spacing: 12.5, line: RGBColor(hex: "#806040")!)))),
        ("grow", .grow(PixelSize(width: 220, height: 150))),
        ("page size", .page(PixelSize(width: 100, height: 180), anchor: 7)),
    ]

    @Test(arguments: kinds.map(\.0))
    func anEditComesBackFromTheJournal(_ kind: String) throws {
        let edit = Self.kinds.first { $0.0 == kind }!.1
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let editor = try Editor(size: PixelSize(width: 160, height: 120))
        var journal: Journal? = try Journal(root: root, size: editor.size, background: .white, documentPath: nil)
        editor.recorder = { journal?.append($0) }
        // Something for the edit to act on, and a step after it to undo and redo.
        try editor.perform(Self.stroke(.pencil, "#000000", width: 6, [(20, 30), (140, 30)]))
        try editor.perform(Self.stroke(.ellipse, "#a010a0", width: 4, [(30, 40), (130, 110)]))
        #expect(try editor.perform(edit), "the \(kind) changed something")
        try editor.perform(Self.stroke(.pencil, "#1030c0", width: 5, [(5, 110), (150, 15)]))
        try editor.undo()
        try editor.redo()
        journal = nil // the window dies

        let restored = try Journal.restore(try #require(Journal.orphans(root: root).first))
        #expect(restored.skipped == 0, "\(restored.skipReason ?? "")")
        let back = restored.editor
        #expect(back.page == editor.page, "the page model")
        #expect(try back.image.flattened() == editor.image.flattened(), "the pixels")
        #expect(back.history.steps.count == editor.history.steps.count && back.history.cursor == editor.history.cursor)
        while try editor.undo() {
            #expect(try back.undo())
            #expect(back.page == editor.page)
            #expect(try back.image.flattened() == editor.image.flattened(), "undo goes back the same way")
        }
    }
}
