import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

/// Other apps' OpenRaster, shown as they show it: groups with their visibility, opacity,
/// offsets and operations, and MyPaint's background tile. Each rule has a hand-made file.
@Suite struct ForeignOpenRasterTests {
    static let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF

    /// An .ora of `stack` (the inside of `<image w="10" h="10">`) and `pictures` by path.
    func ora(_ stack: String, _ pictures: [String: RasterImage], size: Int = 10) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("foreign-\(UUID().uuidString).ora")
        let archive = try Archive(url: url, accessMode: .create)
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { (pos: Int64, size: Int) in
                data.subdata(in: Data.Index(pos)..<Data.Index(pos) + size)
            }
        }
        try add("mimetype", Data("image/openraster".utf8))
        try add("stack.xml", Data(#"<?xml version="1.0"?><image w="\#(size)" h="\#(size)">\#(stack)</image>"#.utf8))
        for (path, image) in pictures { try add(path, try PNGFile.encode(image)) }
        return url
    }

    func solid(_ color: UInt32, _ w: Int = 10, _ h: Int = 10) -> RasterImage {
        RasterImage(width: w, height: h, pixels: [UInt32](repeating: color, count: w * h))!
    }

    /// The page as shown: the drawing over the background.
    func shown(_ url: URL) throws -> (DocumentContents, (Int, Int) -> UInt32) {
        defer { try? FileManager.default.removeItem(at: url) }
        let contents = try OpenRaster.read(url)
        let picture = try Editor(document: contents).image.flattened()
        return (contents, { picture.pixel(x: $0, y: $1) })
    }

    func near(_ a: UInt32, _ b: UInt32, _ tolerance: Int = 2) -> Bool {
        [0, 8, 16, 24].allSatisfy { abs(Int((a >> UInt32($0)) & 0xFF) - Int((b >> UInt32($0)) & 0xFF)) <= tolerance }
    }

    @Test func aHiddenGroupAndEverythingInItIsLeftOut() throws {
        let (_, pixel) = try shown(try ora("""
            <stack><stack visibility="hidden"><layer src="r.png"/></stack><layer src="b.png" x="5"/></stack>
            """, ["r.png": solid(Self.red), "b.png": solid(Self.blue, 5, 10)]))
        #expect(pixel(2, 2) == Self.white, "the hidden group's red is not shown")
        #expect(pixel(7, 2) == Self.blue)
    }

    /// Two opaque layers in a group at 50%: the group is one picture, faded, so where they
    /// overlap only the top one shows through (not the red under it).
    @Test func aGroupsOpacityFadesTheGroupAsOnePicture() throws {
        let (_, pixel) = try shown(try ora("""
            <stack><stack opacity="0.5"><layer src="b.png" x="3"/><layer src="r.png"/></stack></stack>
            """, ["r.png": solid(Self.red, 6, 10), "b.png": solid(Self.blue, 7, 10)]))
        #expect(near(pixel(4, 4), 0xFF80_80FF), "blue at half over white: \(String(pixel(4, 4), radix: 16))")
        #expect(near(pixel(1, 4), 0xFFFF_8080), "red at half over white: \(String(pixel(1, 4), radix: 16))")
    }

    /// A group neither faded, nor with an operation, nor asked to be isolated passes its
    /// layers through: a multiply layer in it multiplies what is under the group (red times
    /// cyan is black). Isolated, it multiplies nothing, and its cyan goes over the red.
    @Test func anOrdinaryGroupPassesThroughAndAnIsolatedOneDoesNot() throws {
        for (attributes, expected) in [("", 0xFF00_0000 as UInt32), (#"isolation="isolate""#, 0xFF00_FFFF)] {
            let (_, pixel) = try shown(try ora("""
                <stack><stack \(attributes)><layer src="c.png" composite-op="svg:multiply"/></stack><layer src="r.png"/></stack>
                """, ["c.png": solid(0xFF00_FFFF), "r.png": solid(Self.red)]))
            #expect(pixel(5, 5) == expected, "\(attributes.isEmpty ? "pass-through" : attributes): \(String(pixel(5, 5), radix: 16))")
        }
    }

    /// Each group composited on its own holds a picture the size of the page: on the largest
    /// page, two inside each other are refused before any is made.
    @Test func groupsThatWouldHoldTooManyPixelsAreRefused() throws {
        let url = try ora(#"<stack><stack opacity="0.5"><stack opacity="0.5"><layer src="b.png"/></stack></stack></stack>"#,
                          ["b.png": solid(Self.blue, 2, 2)], size: 16384)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try OpenRaster.read(url)
            Issue.record("a file whose groups would hold 3 pages' pixels opened")
        } catch {
            #expect(error.message.contains("its groups would hold more than") && error.message.contains("2 groups composited on their own, 2 inside each other"),
                    "\(error.message)")
        }
    }

    @Test func groupOffsetsMoveTheirLayers() throws {
        let (_, pixel) = try shown(try ora("""
            <stack><stack x="4" y="2"><stack x="1" y="1"><layer src="b.png" x="1"/></stack></stack></stack>
            """, ["b.png": solid(Self.blue, 2, 2)]))
        #expect(pixel(6, 3) == Self.blue && pixel(7, 4) == Self.blue)
        #expect(pixel(5, 3) == Self.white && pixel(6, 2) == Self.white)
    }

    @Test func compositeOperationsAreCairosOfTheSameName() throws {
        // White with difference over red is cyan; screen of red and blue is magenta; an
        // operation this app does not know (MyPaint's pigment mode) is src-over.
        for (op, expected) in [("svg:difference", 0xFF00_FFFF as UInt32), ("svg:screen", 0xFFFF_00FF), ("mypaint:spectral-wgm", 0xFF00_00FF)] {
            let top = op == "svg:difference" ? solid(Self.white) : solid(Self.blue)
            let (_, pixel) = try shown(try ora("""
                <stack><layer src="t.png" composite-op="\(op)"/><layer src="r.png"/></stack>
                """, ["t.png": top, "r.png": solid(Self.red)]))
            #expect(pixel(5, 5) == expected, "\(op): \(String(pixel(5, 5), radix: 16))")
        }
    }

    /// MyPaint's background is a small tile, repeated over the whole page under what the
    /// other layers show (hidden groups left out).
    @Test func myPaintsBackgroundTileIsRepeatedOverThePage() throws {
        let tile = RasterImage(width: 2, height: 2, pixels: [0xFFCC_BB99, 0xFF99_BBCC, 0xFF99_BBCC, 0xFFCC_BB99])!
        let (contents, pixel) = try shown(try ora("""
            <stack isolation="isolate" name="Root"><stack visibility="hidden"><layer src="r.png"/></stack>
            <layer src="b.png" composite-op="mypaint:spectral-wgm" x="8"/>
            <layer background_tile="data/tile.png" src="data/tile.png" composite-op="mypaint:spectral-wgm" name="background"/></stack>
            """, ["r.png": solid(Self.red), "b.png": solid(Self.blue, 2, 10), "data/tile.png": tile]))
        #expect(contents.page.background == .color(.white))
        for (x, y) in [(0, 0), (3, 1), (6, 7), (9, 9)] {
            #expect(pixel(x, y) == (x >= 8 ? Self.blue : tile.pixel(x: x % 2, y: y % 2)), "at \(x),\(y)")
        }
    }

    /// A tile in a group at half opacity: repeated, then faded with its group.
    @Test func aTileInAFadedGroupIsFadedWithIt() throws {
        let tile = solid(0xFF99_BBCC, 2, 2)
        let (_, pixel) = try shown(try ora("""
            <stack opacity="0.5"><layer background_tile="t.png" src="t.png"/></stack>
            """, ["t.png": tile]))
        #expect(near(pixel(5, 5), 0xFFCC_DDE5), "\(String(pixel(5, 5), radix: 16))")
    }

    @Test func groupsNestedTooDeepOrPlacedTooFarAreRefused() throws {
        let deep = String(repeating: "<stack>", count: 70) + #"<layer src="b.png"/>"# + String(repeating: "</stack>", count: 70)
        let url = try ora(deep, ["b.png": solid(Self.blue, 2, 2)])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: DocumentError("“\(url.lastPathComponent)” cannot be opened: stack.xml is not valid: groups are nested more than 64 deep")) {
            _ = try OpenRaster.read(url)
        }
        let far = try ora(#"<stack><stack x="9223372036854775807"><layer src="b.png" x="1"/></stack></stack>"#, ["b.png": solid(Self.blue, 2, 2)])
        defer { try? FileManager.default.removeItem(at: far) }
        #expect(throws: DocumentError("“\(far.lastPathComponent)” cannot be opened: stack.xml: group \"\" is placed at 9223372036854775807, 0, too far outside the image")) {
            _ = try OpenRaster.read(far)
        }
    }
}
