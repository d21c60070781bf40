import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardFiles

/// The strokes of a notebook's later pages in their binary entry: back exactly as written, and a
/// damaged entry refused with its reason, never read past its end.
@Suite struct StrokeRecordsTests {
    static let strokes = [
        Stroke(id: 7, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 6.5, opacity: 0.4),
               points: [Point(1.25, -3), Point(1e5, 0.1 + 0.2)], clip: PixelSize(width: 640, height: 480)),
        Stroke(id: 9, tool: .highlighter, style: StrokeStyle(width: 20), points: [Point(5, 5)], pressures: [0.3]),
        Stroke(id: 12, tool: .dashedLine, style: StrokeStyle(), points: [Point(0, 0), Point(10, 10), Point(20, 0)]),
    ]
    static let pages = [strokes, [], [strokes[2]]]

    @Test func strokesComeBackExactly() throws {
        let data = StrokeRecords.encode(Self.pages)
        #expect(try StrokeRecords.decode(data, name: "p", pages: 3) == Self.pages)
        #expect(try StrokeRecords.decode(StrokeRecords.encode([]), name: "p", pages: 0).isEmpty)
    }

    @Test func everyCutShortEntryIsRefused() throws {
        let data = StrokeRecords.encode(Self.pages)
        for n in 0..<data.count {
            #expect(throws: (any Error).self, "cut at \(n)") { _ = try StrokeRecords.decode(data.prefix(n), name: "p", pages: 3) }
        }
        var longer = data
        longer.append(0)
        #expect(throws: (any Error).self) { _ = try StrokeRecords.decode(longer, name: "p", pages: 3) }
    }

    @Test func damagedValuesAreNamed() throws {
        func message(_ data: Data, pages: Int = 1) -> String {
            do {
                _ = try StrokeRecords.decode(data, name: "drawingboard/pages.strokes", pages: pages)
                return ""
            } catch {
                return "\(error)"
            }
        }
        var bad = StrokeRecords.encode([[Self.strokes[2]]])
        bad[0] = UInt8(ascii: "X")
        #expect(message(bad) == "drawingboard/pages.strokes is not a notebook's strokes")
        #expect(message(StrokeRecords.encode([[], []])) == "drawingboard/pages.strokes says 2 pages, more than 1")
        #expect(message(StrokeRecords.encode([[]]), pages: 2) == "drawingboard/pages.strokes has the strokes of 1 pages, not 2")
        // A count of strokes the bytes left cannot hold is refused before anything is made for it.
        var count = StrokeRecords.encode([[]])
        count.replaceSubrange(14..<18, with: [0x40, 0x42, 0x0F, 0x00])
        #expect(message(count) == "drawingboard/pages.strokes ends in the middle of a stroke")
        var tool = StrokeRecords.encode([[Self.strokes[0]]])
        let name = tool.range(of: Data("pencil".utf8))!
        tool.replaceSubrange(name, with: Data("pencol".utf8))
        #expect(message(tool) == "drawingboard/pages.strokes: \"pencol\" is not a tool")
    }
}
