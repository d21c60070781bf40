import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardFiles

/// A notebook page's strokes in their binary entry: back exactly as written, and a damaged
/// entry refused with its reason, never read past its end.
@Suite struct StrokeRecordsTests {
    static let strokes = [
        Stroke(id: 7, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#d01010")!, width: 6.5, opacity: 0.4),
               points: [Point(1.25, -3), Point(1e5, 0.1 + 0.2)], clip: PixelSize(width: 640, height: 480)),
        Stroke(id: 9, tool: .highlighter, style: StrokeStyle(width: 20), points: [Point(5, 5)], pressures: [0.3]),
        Stroke(id: 12, tool: .dashedLine, style: StrokeStyle(), points: [Point(0, 0), Point(10, 10), Point(20, 0)]),
    ]

    @Test func strokesComeBackExactly() throws {
        let data = StrokeRecords.encode(Self.strokes)
        #expect(try StrokeRecords.decode(data, name: "p") == Self.strokes)
        #expect(try StrokeRecords.decode(StrokeRecords.encode([]), name: "p").isEmpty)
    }

    @Test func everyCutShortEntryIsRefused() throws {
        let data = StrokeRecords.encode(Self.strokes)
        for n in 0..<data.count {
            #expect(throws: (any Error).self, "cut at \(n)") { _ = try StrokeRecords.decode(data.prefix(n), name: "p") }
        }
        var longer = data
        longer.append(0)
        #expect(throws: (any Error).self) { _ = try StrokeRecords.decode(longer, name: "p") }
    }

    @Test func damagedValuesAreNamed() throws {
        func message(_ data: Data) -> String {
            do {
                _ = try StrokeRecords.decode(data, name: "drawingboard/pages/2.strokes")
                return ""
            } catch {
                return "\(error)"
            }
        }
        var bad = StrokeRecords.encode([Self.strokes[2]])
        bad[0] = UInt8(ascii: "X")
        #expect(message(bad) == "drawingboard/pages/2.strokes is not a page's strokes")
        var count = StrokeRecords.encode([])
        count.replaceSubrange(10..<14, with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(message(count) == "drawingboard/pages/2.strokes says 2147483647 strokes, more than 1000000")
        var tool = StrokeRecords.encode([Self.strokes[0]])
        let name = tool.range(of: Data("pencil".utf8))!
        tool.replaceSubrange(name, with: Data("pencol".utf8))
        #expect(message(tool) == "drawingboard/pages/2.strokes: \"pencol\" is not a tool")
    }
}
