import DrawingBoardCore
import Foundation
import Testing
import TestPDFs
@testable import DrawingBoardRender

/// A stroke reaching over a big page is painted one band of rows at a time, in a mask the
/// band's size: the pixels are exactly those of the stroke painted whole, for every tool, and
/// a part of the page painted again (after an undo) comes out the same.
@Suite struct BandedInkTests {
    static let size = PixelSize(width: 640, height: 520)

    /// Pens of several widths and opacities, a highlighter and an eraser, wandering over the page.
    static func strokes() -> [Stroke] {
        var rng = SeededRandom(state: 11)
        let tools: [(Tool, Double)] = [(.pencil, 1), (.pencil, 0.5), (.highlighter, 0.4), (.eraser, 1), (.pencil, 1)]
        return (0..<24).map { i in
            let (tool, opacity) = tools[i % tools.count]
            var p = Point(Double.random(in: 0...600, using: &rng), Double.random(in: 0...480, using: &rng))
            let points = (0..<Int.random(in: 2...60, using: &rng)).map { _ -> Point in
                p = Point(p.x + Double.random(in: -40...45, using: &rng), p.y + Double.random(in: -30...38, using: &rng))
                return p
            }
            let width = [1.0, 2.5, 7, 19, 33][i % 5]
            return Stroke(id: UInt64(i + 1), tool: tool, style: StrokeStyle(color: RGBColor(red: UInt8(i * 37 % 256), green: 40, blue: 200),
                                                                           width: width, opacity: opacity), points: points)
        }
    }

    /// The ink and highlights layers after painting every stroke within `area`.
    static func paint(_ strokes: [Stroke], within area: PixelRect, bandedAbove: Int) throws -> (ink: [UInt32], marks: [UInt32]) {
        let ink = try CairoSurface(format: .argb32, size: size), marks = try CairoSurface(format: .argb32, size: size)
        let mask = try CairoSurface(format: .a8, size: size)
        let page = PixelRect(size: size)
        ink.fill(page, with: 0xFF80_8080)
        for stroke in strokes {
            let outline = stroke.outline
            guard let whole = outline.bounds?.pixelRect(clippedTo: size), let part = whole.intersection(area) else { continue }
            try InkCompositing.composite(outline, tool: stroke.tool, style: stroke.style, within: part, of: whole, limit: page,
                                         mask: mask, ink: ink, highlights: marks, bandedAbove: bandedAbove)
        }
        return (ink.read(page), marks.read(page))
    }

    @Test func bandsPaintTheSamePixels() throws {
        let strokes = Self.strokes()
        let page = PixelRect(size: Self.size)
        let whole = try Self.paint(strokes, within: page, bandedAbove: .max)
        // Bands of 64 rows (the fewest), and of a few hundred.
        for limit in [1, 40_000] {
            let banded = try Self.paint(strokes, within: page, bandedAbove: limit)
            #expect(banded.ink == whole.ink, "bands over \(limit) pixels: \(zip(banded.ink, whole.ink).filter { $0 != $1 }.count) ink pixels differ")
            #expect(banded.marks == whole.marks, "bands over \(limit) pixels: the highlights differ")
        }
        #expect(whole.ink.contains { $0 != 0xFF80_8080 } && whole.marks.contains { $0 != 0 }, "the strokes painted something")
    }

    @Test func aPartPaintedAgainMatches() throws {
        let strokes = Self.strokes()
        let page = PixelRect(size: Self.size)
        let whole = try Self.paint(strokes, within: page, bandedAbove: .max)
        // A rectangle that starts and ends inside bands, as a region repainted after an undo does.
        let part = PixelRect(x: 77, y: 101, width: 333, height: 290)
        let banded = try Self.paint(strokes, within: part, bandedAbove: 1)
        var differing = 0
        for y in part.y..<(part.y + part.height) {
            let row = y * Self.size.width
            differing += zip(banded.ink[(row + part.x)..<(row + part.x + part.width)], whole.ink[(row + part.x)..<(row + part.x + part.width)])
                .filter { $0 != $1 }.count
        }
        #expect(differing == 0, "\(differing) pixels of the part differ")
    }
}
