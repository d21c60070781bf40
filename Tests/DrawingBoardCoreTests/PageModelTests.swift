import DrawingBoardCore
import Foundation
import Testing

/// Images an edit carries, kept in memory under numbered names.
final class MemoryImages: ImageArchive, @unchecked Sendable {
    var images: [String: RasterImage] = [:]
    func store(_ image: RasterImage) throws -> String {
        let name = "images/\(images.count + 1).png"
        images[name] = image
        return name
    }
    func load(_ name: String) throws -> RasterImage {
        guard let image = images[name] else { throw ValidationError(name, "no such image") }
        return image
    }
    var files: [String: ImageAsset] = [:]
    func storeFile(_ asset: ImageAsset) throws -> String {
        let name = "files/\(asset.digestText)"
        files[name] = asset
        return name
    }
    func loadFile(_ file: String, name: String, kind: ImageAsset.Kind, size: PixelSize) throws -> ImageAsset {
        guard let asset = files[file], asset.kind == kind, asset.size == size else { throw ValidationError(file, "no such file") }
        return ImageAsset(name: name, bytes: asset.bytes, kind: kind, size: size)
    }
}

@Suite struct PageModelTests {
    static let stroke = Stroke(id: 7, tool: .highlighter, style: StrokeStyle(color: RGBColor(hex: "#102030")!, width: 12, opacity: 0.5),
                               points: [Point(1, 2), Point(3.5, -4)], clip: PixelSize(width: 640, height: 480))

    static let edits: [Edit] = [
        .stroke(stroke),
        .eraseStrokes(path: [Point(5, 5), Point(9, 9)], width: 16),
        .clear,
        .background(.color(RGBColor(hex: "#f4efe1")!)),
        .background(.image(RasterImage(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF])!, name: "two.png")),
        .background(.paper(Paper(.lined, color: RGBColor(hex: "#fff8e0")!, spacing: 24, line: RGBColor(hex: "#806040")!))),
        .grow(PixelSize(width: 800, height: 600)),
        .page(PixelSize(width: 300, height: 200), anchor: 4),
    ]

    /// Every edit comes back from its coding as it went in (images through the archive).
    @Test(arguments: edits)
    func editsRoundTripThroughTheirCoding(_ edit: Edit) throws {
        let images = MemoryImages()
        let encoder = JSONEncoder()
        encoder.userInfo[.imageArchive] = images
        let decoder = JSONDecoder()
        decoder.userInfo[.imageArchive] = images
        #expect(try decoder.decode(Edit.self, from: encoder.encode(edit)) == edit)
    }

    /// The keys are the file format's, fixed in the coding (journals written before this
    /// model read the same).
    @Test func theCodingUsesTheFormatsKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(Edit.stroke(Self.stroke)), as: UTF8.self)
        #expect(text == #"{"stroke":{"clip":{"height":480,"width":640},"id":7,"points":[{"x":1,"y":2},{"x":3.5,"y":-4}],"style":{"color":{"blue":48,"green":32,"red":16},"opacity":0.5,"width":12},"tool":"highlighter"}}"#)
        #expect(String(decoding: try encoder.encode(Edit.page(PixelSize(width: 3, height: 2), anchor: 8)), as: UTF8.self) == #"{"page":[3,2,8]}"#)
        let eraser = String(decoding: try encoder.encode(Edit.eraseStrokes(path: [Point(1, 1)], width: 10)), as: UTF8.self)
        #expect(eraser.contains(#""tool":"stroke-eraser""#) && eraser.contains(#""id":0"#))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Edit.self, from: Data(#"{"spray": true}"#.utf8)) }
    }

    /// An item change applied and its inverse applied give the items back, in their order.
    @Test func anItemChangeAndItsInverseCancel() throws {
        let a = PageItem.stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(0, 0)]))
        let b = PageItem.stroke(Stroke(id: 2, tool: .pencil, style: StrokeStyle(), points: [Point(1, 1)]))
        let c = PageItem.stroke(Stroke(id: 3, tool: .eraser, style: StrokeStyle(), points: [Point(2, 2)]))
        var page = Page(size: PixelSize(width: 10, height: 10), items: [a, b, c])
        let before = page
        let undo = page.apply([.remove([.init(index: 2, item: c), .init(index: 0, item: a)])])
        #expect(page.items == [b])
        let redo = page.apply(undo)
        #expect(page == before)
        _ = page.apply(redo)
        #expect(page.items == [b])
    }

    /// The page's own checks: the base only at the bottom and of the page's size, ids once.
    @Test func thePageIsCheckedAsAWhole() throws {
        let base = PageItem.base(BasePixels(image: RasterImage(width: 4, height: 4, pixels: [UInt32](repeating: 0, count: 16))!))
        let s = PageItem.stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(0, 0)]))
        let size = PixelSize(width: 4, height: 4)
        try Page(size: size, items: [base, s]).validate()
        #expect(throws: ValidationError("items[1]", "the base pixels can only be at the bottom")) { try Page(size: size, items: [s, base]).validate() }
        #expect(throws: ValidationError("items[0]", "the base pixels are 4x4, not the page's 5x4")) {
            try Page(size: PixelSize(width: 5, height: 4), items: [base]).validate()
        }
        #expect(throws: ValidationError("items[1].id", "1 is used by an earlier stroke too")) { try Page(size: size, items: [s, s]).validate() }
        #expect(throws: ValidationError("size.width", "0 is outside 1...16384")) { try Page(size: PixelSize(width: 0, height: 4)).validate() }
    }

    /// One check, one wording, whatever file the value came from.
    @Test func editsAreCheckedWithTheirPlace() throws {
        #expect(throws: ValidationError("l.page", "the anchor 9 is outside 0...8")) {
            try Edit.page(PixelSize(width: 10, height: 10), anchor: 9).validate(at: "l")
        }
        #expect(throws: ValidationError("l.grow.height", "99999 is outside 1...16384")) {
            try Edit.grow(PixelSize(width: 10, height: 99999)).validate(at: "l")
        }
        #expect(throws: ValidationError("l.stroke.points[1]", "coordinates must be finite numbers")) {
            try Edit.eraseStrokes(path: [Point(1, 1), Point(.nan, 1)], width: 4).validate(at: "l")
        }
        #expect(throws: ValidationError("l.stroke.style.width", "300 is outside 1...200")) {
            try Edit.eraseStrokes(path: [Point(1, 1)], width: 300).validate(at: "l")
        }
    }

    /// Steps squashed together undo both: the earliest saved tiles and background win, the
    /// later step's item changes are undone first.
    @Test func absorbingKeepsTheEarliestState() {
        let t0 = TileRecord(tile: TileIndex(column: 0, row: 0), payload: .empty)
        let t1 = TileRecord(tile: TileIndex(column: 1, row: 0), payload: .empty)
        let first = HistoryStep(kind: .background, tiles: [t0], background: .color(.white),
                                items: [.remove([.init(index: 0, item: .stroke(Self.stroke))])])
        var merged = first
        let later = HistoryStep(kind: .background, tiles: [t0, t1], background: .color(.black),
                                items: [.insert([.init(index: 0, item: .stroke(Self.stroke))])])
        merged.absorb(later)
        #expect(merged.tiles.map(\.tile) == [t0.tile, t1.tile])
        #expect(merged.background == .color(.white))
        #expect(merged.items == later.items + first.items)
    }
}
