import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardFiles

/// A stroke's journal line, written directly, reads back as the very stroke, as the line
/// Foundation's encoder writes for it does.
@Suite struct StrokeLineTests {
    /// Numbers that catch a careless writer: fractions with no short binary form, tiny and huge
    /// values (written with an exponent), negative zero, the largest and smallest finite.
    static let awkward: [Double] = [0, -0.0, 0.1, 1.0 / 3, -2.5, 1e-7, .leastNonzeroMagnitude, 123_456.789_012_345_6, 1e21, -3.4e38,
                                    .greatestFiniteMagnitude, -.leastNormalMagnitude, 16_383.999_999_999_998, 0.30000000000000004]

    static func decoded(_ bytes: [UInt8]) throws -> Edit? {
        let line = try JSONDecoder().decode(JournalFormat.Line.self, from: Data(bytes))
        return line.edit
    }

    /// The same numbers every run (SplitMix64), so a failure can be run again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static var strokes: [Stroke] {
        var generator = Seeded(state: 2026)
        var result = [
            Stroke(id: 7, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#d01a2b")!, width: 3.25, opacity: 0.5),
                   points: awkward.indices.map { Point(awkward[$0], awkward[awkward.count - 1 - $0]) }),
            Stroke(id: .max, tool: .dashedLine, style: StrokeStyle(width: 200), points: [Point(1, 2), Point(3, 4)],
                   clip: PixelSize(width: 640, height: 480)),
            Stroke(id: 3, tool: .highlighter, style: StrokeStyle(color: .white, width: 1, opacity: 0), points: [Point(5, 5)],
                   pressures: [0.123_456_789]),
            Stroke(id: 12, tool: .pencil, style: StrokeStyle(), points: (0..<5).map { Point(Double($0), 1) },
                   pressures: [0, 0.25, 1e-9, 0.999_999_999_999, 1]),
            Stroke(id: 1, tool: .eraser, style: StrokeStyle(width: 40), points: []),
        ]
        for id in 100..<140 {
            // (A stroke eraser's stroke reads back as its gesture: its own test below.)
            let tool = [Tool.pencil, .line, .dashedLine, .rectangle, .ellipse, .eraser, .highlighter].randomElement(using: &generator)!
            let points = (0..<Int.random(in: 1...80, using: &generator)).map { _ in
                Point(Double.random(in: -5000...5000, using: &generator), Double.random(in: -1e-3...1e6, using: &generator))
            }
            let pressures = Bool.random(using: &generator) ? points.map { _ in Double.random(in: 0...1, using: &generator) } : nil
            let style = StrokeStyle(color: RGBColor(rgb: UInt32.random(in: 0...0xFFFFFF, using: &generator)),
                                    width: Double.random(in: 1...200, using: &generator), opacity: Double.random(in: 0...1, using: &generator))
            result.append(Stroke(id: UInt64(id), tool: tool, style: style, points: points, pressures: pressures))
        }
        return result
    }

    @Test func aStrokesLineReadsBackAsTheSameStrokeAsFoundationsLineDoes() throws {
        for stroke in Self.strokes {
            let direct = try #require(StrokeLine.bytes(for: .stroke(stroke)))
            let general = try JSONEncoder().encode(JournalFormat.Line.event(.edit(.stroke(stroke))))
            let fromDirect = try Self.decoded(direct), fromGeneral = try Self.decoded(Array(general))
            #expect(fromDirect == .stroke(stroke))
            #expect(fromDirect == fromGeneral)
            // Bit for bit: Hashable's == takes -0.0 for 0.0.
            guard case .stroke(let back)? = fromDirect else { continue }
            #expect(back.points.map(\.x.bitPattern) == stroke.points.map(\.x.bitPattern))
            #expect(back.points.map(\.y.bitPattern) == stroke.points.map(\.y.bitPattern))
            #expect(back.pressures?.map(\.bitPattern) == stroke.pressures?.map(\.bitPattern))
            #expect(back.style.width.bitPattern == stroke.style.width.bitPattern)
            // Recovery finds a line's start after a torn write by its first key.
            #expect(direct.starts(with: Array(#"{"stroke":"#.utf8)))
            #expect(!direct.contains(UInt8(ascii: "\n")))
        }
    }

    /// The same JSON object, key for key, as Foundation's line (a field added to a stroke and
    /// not to the direct line would be missing here), for a stroke with every field set.
    @Test func theLineIsTheSameObjectAsFoundationsKeyForKey() throws {
        let stroke = Stroke(id: 42, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: "#102030")!, width: 6.5, opacity: 0.75),
                            points: [Point(1.5, 2), Point(3, 4.25), Point(5, 6)], clip: PixelSize(width: 320, height: 200),
                            pressures: [0.25, 0.5, 1])
        let direct = try #require(StrokeLine.bytes(for: .stroke(stroke)))
        let general = try JSONEncoder().encode(JournalFormat.Line.event(.edit(.stroke(stroke))))
        let a = try #require(try JSONSerialization.jsonObject(with: Data(direct)) as? NSDictionary)
        let b = try #require(try JSONSerialization.jsonObject(with: general) as? NSDictionary)
        #expect(a == b)
        let inner = try #require(a["stroke"] as? NSDictionary)
        #expect(Set(inner.allKeys.compactMap { $0 as? String }) == ["id", "tool", "style", "points", "clip", "pressure"])
    }

    @Test func theStrokeErasersGestureIsWrittenAsJournalsAlwaysHadIt() throws {
        let edit = Edit.eraseStrokes(path: [Point(30, 25), Point(40.5, 35)], width: 12)
        let direct = try #require(StrokeLine.bytes(for: edit))
        let general = try JSONEncoder().encode(JournalFormat.Line.event(.edit(edit)))
        #expect(try Self.decoded(direct) == Self.decoded(Array(general)))
        #expect(String(decoding: direct, as: UTF8.self).contains(#""id":0,"tool":"stroke-eraser""#))
    }

    @Test func whatTheDirectLineCannotHoldGoesTheGeneralWay() throws {
        // Another app's stroke keeps its line form; a number JSON cannot hold is never written.
        let foreign = Stroke(id: 2, tool: .pencil, style: StrokeStyle(), points: [Point(0, 0), Point(5, 5)],
                             form: PolylineForm(widths: [2, 3]))
        #expect(StrokeLine.bytes(for: .stroke(foreign)) == nil)
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(StrokeLine.bytes(for: .stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(bad, 0)]))) == nil)
            #expect(StrokeLine.bytes(for: .stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(0, 0)],
                                                         pressures: [bad]))) == nil)
        }
        #expect(StrokeLine.bytes(for: .clear) == nil)
        #expect(StrokeLine.bytes(for: .grow(PixelSize(width: 5, height: 5))) == nil)
    }
}
