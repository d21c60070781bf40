import Testing
@testable import DrawingBoardCore

@Suite struct ColorTests {
    @Test func parsesAndFormatsHex() {
        #expect(RGBColor(hex: "#d01010") == RGBColor(red: 0xD0, green: 0x10, blue: 0x10))
        #expect(RGBColor(hex: "#FFaa00") == RGBColor(red: 255, green: 170, blue: 0))
        #expect(RGBColor(red: 1, green: 171, blue: 255).hex == "#01abff")
        #expect(RGBColor(red: 1, green: 2, blue: 3).argb == 0xFF01_0203)
    }

    @Test(arguments: ["", "#", "d01010", "#d0101", "#d010100", "#gg0000", "red", "#d0 010"])
    func rejectsMalformedHex(_ text: String) {
        #expect(RGBColor(hex: text) == nil)
    }
}

@Suite struct OutlineTests {
    @Test func rectangleSpansTheBoxEitherWay() {
        let forward = StrokeOutline(tool: .rectangle, width: 4, points: [Point(20, 10), Point(50, 70), Point(100, 50)])
        let backward = StrokeOutline(tool: .rectangle, width: 4, points: [Point(100, 50), Point(20, 10)])
        let expected: [VectorPath.Element] = [
            .move(Point(20, 10)), .line(Point(100, 10)), .line(Point(100, 50)), .line(Point(20, 50)), .close,
        ]
        #expect(forward.path.elements == expected)
        #expect(backward.path.elements == expected)
        #expect(forward.dashes.isEmpty)
    }

    @Test func ellipseTouchesTheBoxAtItsSides() {
        let outline = StrokeOutline(tool: .ellipse, width: 2, points: [Point(300, 200), Point(100, 100)])
        let ends = outline.path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p): return p
            case .curve(_, _, let p): return p
            default: return nil
            }
        }
        #expect(ends == [Point(300, 150), Point(200, 200), Point(100, 150), Point(200, 100), Point(300, 150)])
        let box = outline.path.controlBounds!
        #expect(box == Rect(minX: 100, minY: 100, maxX: 300, maxY: 200))
    }

    @Test func lineUsesPressAndReleaseOnly() {
        let outline = StrokeOutline(tool: .line, width: 3, points: [Point(1, 2), Point(50, 80), Point(9, 9)])
        #expect(outline.path.elements == [.move(Point(1, 2)), .line(Point(9, 9))])
    }

    @Test func dashesAndGapsLookThreeWidthsLong() {
        let outline = StrokeOutline(tool: .dashedLine, width: 5, points: [Point(0, 0), Point(100, 0)])
        // Round caps add half a width to each end of a dash.
        #expect(outline.dashes == [10, 20])
        #expect(outline.dashes[0] + outline.width == 15)
        #expect(outline.dashes[1] - outline.width == 15)
    }

    @Test func pencilCurvePassesThroughEverySample() {
        let samples = [Point(0, 0), Point(10, 5), Point(20, 0), Point(30, 10)]
        let path = StrokeOutline(tool: .pencil, width: 2, points: samples).path
        var onCurve: [Point] = []
        for element in path.elements {
            switch element {
            case .move(let p): onCurve.append(p)
            case .curve(_, _, let p): onCurve.append(p)
            case .line: Issue.record("a freehand stroke of four samples should be curves, not lines")
            case .close: Issue.record("unexpected close")
            }
        }
        #expect(onCurve == samples)
        // Tangent at an inner sample is parallel to its neighbours' chord (Catmull-Rom).
        guard case .curve(_, let c2, let end) = path.elements[1], case .curve(let c1next, _, _) = path.elements[2] else {
            Issue.record("expected curves")
            return
        }
        #expect(end == Point(10, 5))
        #expect(end - c2 == (Point(20, 0) - Point(0, 0)) * (1.0 / 6.0))
        #expect(abs((c1next - end).x - 20.0 / 6) < 1e-12 && (c1next - end).y == 0)
    }

    @Test func aTapIsADot() {
        let path = StrokeOutline(tool: .pencil, width: 8, points: [Point(5, 5), Point(5, 5)]).path
        #expect(path.elements == [.move(Point(5, 5)), .line(Point(5, 5))])
        let outline = StrokeOutline(tool: .pencil, width: 8, points: [Point(5, 5)])
        #expect(outline.bounds == Rect(minX: 0, minY: 0, maxX: 10, maxY: 10))
    }

    @Test func repeatedSamplesAreDropped() {
        let path = StrokeOutline.smoothPath(through: [Point(0, 0), Point(0, 0), Point(4, 4), Point(4, 4)])
        #expect(path.elements == [.move(Point(0, 0)), .line(Point(4, 4))])
    }

    @Test func shapeToolsAndBlends() {
        #expect(Tool.allCases.filter(\.isShape) == [.line, .dashedLine, .rectangle, .ellipse])
        #expect(Tool.eraser.blend == .clear)
        #expect(Tool.allCases.filter { $0.blend == .clear } == [.eraser])
        #expect(Tool(rawValue: "dashed-line") == .dashedLine)
    }
}

@Suite struct TileGridTests {
    @Test func tilesCoverARectangleAndEdgeTilesAreCut() {
        let grid = TileGrid(canvas: PixelSize(width: 200, height: 100), tileSize: 64)
        #expect(grid.columns == 4 && grid.rows == 2)
        #expect(grid.rect(of: TileIndex(column: 3, row: 1)) == PixelRect(x: 192, y: 64, width: 8, height: 36))
        let tiles = grid.tiles(overlapping: PixelRect(x: 60, y: 10, width: 10, height: 60))
        #expect(tiles == [TileIndex(column: 0, row: 0), TileIndex(column: 1, row: 0),
                          TileIndex(column: 0, row: 1), TileIndex(column: 1, row: 1)])
        #expect(grid.tiles(overlapping: PixelRect(x: 300, y: 0, width: 5, height: 5)).isEmpty)
        #expect(grid.allTiles.count == 8)
    }

    @Test func rectangleToPixels() {
        let canvas = PixelSize(width: 100, height: 50)
        #expect(Rect(minX: -5.5, minY: 10.2, maxX: 20.1, maxY: 80).pixelRect(clippedTo: canvas) == PixelRect(x: 0, y: 10, width: 21, height: 40))
        #expect(Rect(minX: 120, minY: 0, maxX: 130, maxY: 5).pixelRect(clippedTo: canvas) == nil)
    }
}
