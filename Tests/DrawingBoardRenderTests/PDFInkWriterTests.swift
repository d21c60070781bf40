import CDeflate
import DrawingBoardCore
@testable import DrawingBoardRender
import Foundation
import Testing

/// The pieces of the PDF out's own ink writer: its numbers, its operators, and the pages made
/// ahead on other threads and taken in order.
@Suite struct PDFInkWriterTests {
    func text(_ write: (inout ContentWriter) -> Void) -> String {
        var out = ContentWriter()
        write(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func numbersAreFixedPointWithoutTrailingZeros() {
        let cases: [(Double, Int, String)] = [
            (0, 2, "0"), (1.5, 2, "1.5"), (123.456, 2, "123.46"), (-0.004, 2, "0"), (-2.25, 2, "-2.25"), (0.05, 2, "0.05"),
            (1000, 3, "1000"), (0.0001, 4, "0.0001"), (0.50196, 4, "0.502"), (0.7497, 6, "0.7497"), (1e15, 2, "0"),
            (.nan, 2, "0"), (.infinity, 3, "0"), (-.infinity, 3, "0"), (99.999, 2, "100"),
        ]
        for (value, decimals, expected) in cases {
            #expect(text { $0.number(value, decimals: decimals) } == expected, "\(value) to \(decimals) places")
        }
        #expect(text { $0.integer(0); $0.op(" "); $0.integer(-17); $0.op(" "); $0.integer(12345) } == "0 -17 12345")
        #expect(text { $0.point(Point(10.125, -3)) } == "10.13 -3 ")
    }

    @Test func aPageOfInkAsOperators() {
        let size = PixelSize(width: 800, height: 1000)
        let strokes = [
            Stroke(id: 1, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#ff0000")!, width: 4), points: [Point(10, 20), Point(30, 40)]),
            Stroke(id: 2, tool: .highlighter, style: StrokeStyle(color: RGBColor(hex: "#ffee00")!, width: 20, opacity: 0.5),
                   points: [Point(0, 0), Point(100, 0)]),
        ]
        let states = PDFInk.states(strokes)
        #expect(states == [PDFInk.State(alpha: 0.5, multiply: true)])
        let content = String(decoding: PDFInk.content(VectorStrokes.plan(strokes), size: size, box: (600, 750), states: states), as: UTF8.self)
        let lines = content.split(separator: "\n").map(String.init)
        // Pixels into points, y downwards: 600 / 800 and 750 / 1000.
        #expect(lines.first == "0.75 0 0 -0.75 0 750 cm", "\(content)")
        #expect(lines.contains("1 0 0 RG") && lines.contains("4 w 1 J 1 j") && lines.contains("10 20 m") && lines.contains("30 40 l"), "\(content)")
        #expect(lines.contains("/g0 gs") && lines.contains("20 w 1 J 1 j"), "\(content)")
        #expect(lines.filter { $0 == "q" }.count == 2 && lines.filter { $0 == "Q" }.count == 2 && lines.filter { $0 == "S" }.count == 2, "\(content)")
        // Deflated, it inflates back to the same bytes.
        let raw = PDFInk.content(VectorStrokes.plan(strokes), size: size, box: (600, 750), states: states)
        let deflated = PDFInk.deflated(raw)
        #expect(deflated.map { inflate($0, size: raw.count) } == raw)
        // Another app's line with a fill is not written here.
        #expect(PDFInk.writes(strokes))
        #expect(!PDFInk.writes(strokes + [Stroke(id: 3, tool: .pencil, style: StrokeStyle(), points: [Point(0, 0), Point(5, 5)], form: PolylineForm(fill: 0.3))]))
    }

    @Test func piecesMadeAheadAreTakenInOrderAndOutOfOrder() {
        final class Count: @unchecked Sendable {
            let lock = NSLock()
            var made: [Int] = []
            func add(_ i: Int) { lock.lock(); made.append(i); lock.unlock() }
        }
        let count = Count()
        let work = OrderedWork<Int>(count: 50, threads: 2, ahead: 4) { i in
            count.add(i)
            return i * i
        }
        defer { work.stop() }
        func made() -> [Int] {
            count.lock.lock()
            defer { count.lock.unlock() }
            return count.made
        }
        #expect((0..<20).map { work.take($0) } == (0..<20).map { $0 * $0 })
        // No more than `ahead` past the first piece not taken (20) are made.
        #expect(made().allSatisfy { $0 < 24 }, "\(made().sorted())")
        // Asked again, or far ahead: made by the one asking.
        #expect(work.take(3) == 9 && work.take(45) == 2025)
        #expect((20..<45).map { work.take($0) } == (20..<45).map { $0 * $0 })
        // Every piece taken was made once (3 twice: it was asked for twice), by one thread.
        let times = Dictionary(made().map { ($0, 1) }, uniquingKeysWith: +)
        #expect((0..<46).allSatisfy { times[$0] == ($0 == 3 ? 2 : 1) }, "\(times.sorted { $0.key < $1.key })")
    }

    @Test func stoppedEarlyPiecesAreStillAnswered() {
        let work = OrderedWork<Int>(count: 1000, threads: 2, ahead: 8) { $0 }
        #expect(work.take(0) == 0)
        work.stop()
        // What no thread made (they stop) is made by the one asking.
        #expect(work.take(500) == 500 && work.take(1) == 1)
    }
}

/// zlib's inflate of `data`, which is `size` bytes inflated.
private func inflate(_ data: [UInt8], size: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: size)
    var length = uLong(size)
    let status = out.withUnsafeMutableBufferPointer { o in data.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, uLong($0.count)) } }
    return status == Z_OK ? Array(out.prefix(Int(length))) : []
}
