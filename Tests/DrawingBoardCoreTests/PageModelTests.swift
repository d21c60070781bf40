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
    var pdfs: [String: PDFFile] = [:]
    func storePDF(_ file: PDFFile) throws -> String {
        pdfs["pdf/\(file.digest)"] = file
        return "pdf/\(file.digest)"
    }
    func loadPDF(_ name: String) throws -> PDFFile {
        guard let file = pdfs[name] else { throw ValidationError(name, "no such PDF") }
        return file
    }
}

/// `edit` applied to `page`, required to change it.
private func applied(_ page: inout Page, _ edit: Edit, sourceLocation: SourceLocation = #_sourceLocation) throws -> Page.Applied {
    let done = page.apply(edit)
    return try #require(done, sourceLocation: sourceLocation)
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
        let undo = try applied(&page, (.items([.remove([.init(index: 2, item: c), .init(index: 0, item: a)])]))).undo
        #expect(page.items == [b])
        let redo = try applied(&page, (undo)).undo
        #expect(page == before)
        _ = page.apply(redo)
        #expect(page.items == [b])
    }

    static let photo = Element(id: 5, source: .text(TextStyle(text: "photo")),
                               placement: Element.Placement(center: Point(4, 4), width: 6, natural: Size(width: 3, height: 1)))

    /// Every edit a user makes, applied to a page and then undone by the edit `apply` returned,
    /// gives the page back exactly; redone by what the undo returned, the page after it.
    @Test(arguments: [
        Edit.stroke(Stroke(id: 9, tool: .pencil, style: StrokeStyle(), points: [Point(1, 1), Point(8, 8)])),
        .eraseStrokes(path: [Point(0, 0), Point(10, 10)], width: 4),
        .clear,
        .background(.paper(Paper(.lined))),
        .grow(PixelSize(width: 30, height: 12)),
        .page(PixelSize(width: 6, height: 20), anchor: 4),
        .place(Element(id: 9, source: .text(TextStyle(text: "new")), placement: PageModelTests.photo.placement.moved(by: Point(2, 2)))),
        .change(Element(id: 5, source: .text(TextStyle(text: "photo")), placement: PageModelTests.photo.placement.moved(by: Point(3, 0)))),
        .delete(5),
        .reorder(5, top: false),
        .batch([.clear, .background(.color(.black))]),
    ])
    func everyEditIsUndoneByWhatItReturns(_ edit: Edit) throws {
        let line = PageItem.stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(width: 2), points: [Point(2, 2), Point(9, 9)]))
        let dot = PageItem.stroke(Stroke(id: 2, tool: .highlighter, style: StrokeStyle(width: 8), points: [Point(5, 1)]))
        let original = Page(size: PixelSize(width: 12, height: 10), items: [line, .element(Self.photo), dot])
        var page = original
        let done = try applied(&page, (edit))
        let after = page
        #expect(after != original)
        let undone = try applied(&page, (done.undo))
        #expect(page == original)
        _ = page.apply(undone.undo)
        #expect(page == after)
    }

    /// What an applied edit says it changed: the items inserted and removed at their indices, the
    /// background, or the whole page.
    @Test func anAppliedEditSaysWhatItChanged() throws {
        let line = PageItem.stroke(Stroke(id: 1, tool: .pencil, style: StrokeStyle(width: 2), points: [Point(2, 2), Point(9, 9)]))
        var page = Page(size: PixelSize(width: 12, height: 10), items: [line, .element(Self.photo)])
        var moved = Self.photo
        moved.placement = moved.placement.moved(by: Point(1, 0))
        let change = try applied(&page, (.change(moved))).change
        #expect(change.elementMovedInPlace?.index == 1 && change.elementMovedInPlace?.old == Self.photo)
        #expect(try applied(&page, (.background(.color(.black)))).change == PageChange(background: true))
        #expect(try applied(&page, (.grow(PixelSize(width: 20, height: 10)))).change == PageChange(whole: true))
        let erased = try applied(&page, (.eraseStrokes(path: [Point(5, 5)], width: 4))).change
        #expect(erased.items == [.remove([.init(index: 0, item: line)])])
        let erasedAgain = page.apply(.eraseStrokes(path: [Point(5, 5)], width: 4)), unmoved = page.apply(.change(moved))
        #expect(erasedAgain == nil, "nothing left to erase: no change")
        #expect(unmoved == nil, "the element is so already")
    }

    /// A drag's inverse stays short however long the drag: a background or an element changed
    /// again needs no second inverse, item changes join into one list.
    @Test func aDragsInverseStaysShort() {
        let white = Edit.background(.color(.white)), black = Edit.background(.color(.black))
        #expect(white.preceded(by: black) == white)
        var moved = Self.photo
        moved.placement.width = 9
        #expect(Edit.change(Self.photo).preceded(by: .change(moved)) == .change(Self.photo))
        let a = ItemChange.insert([.init(index: 0, item: .element(Self.photo))])
        let b = ItemChange.remove([.init(index: 3, item: .element(moved))])
        #expect(Edit.items([a]).preceded(by: .items([b])) == .items([b, a]))
        #expect(Edit.items([a]).preceded(by: white) == .batch([white, .items([a])]))
    }

    /// A page with elements as a vector file writes it: the eraser's passes are not items of
    /// the file; a stroke before a pass carries it as a hole, one after it does not; an element
    /// is never taken by a pass; another app's pixels carry the passes after them that are not
    /// in those pixels already (a baked pass is, with the strokes baked with it).
    @Test func aPageWithElementsIsWrittenWithThePassesAsHoles() throws {
        let size = PixelSize(width: 40, height: 40)
        let base = PageItem.base(BasePixels(image: RasterImage(width: 40, height: 40, pixels: [UInt32](repeating: 0, count: 1600))!, baked: [1, 2]))
        func stroke(_ id: UInt64, _ tool: Tool, _ a: Point, _ b: Point) -> PageItem {
            .stroke(Stroke(id: id, tool: tool, style: StrokeStyle(width: 4), points: [a, b]))
        }
        let bakedInk = stroke(1, .pencil, Point(0, 5), Point(40, 5)), bakedPass = stroke(2, .eraser, Point(20, 0), Point(20, 10))
        let below = stroke(3, .pencil, Point(0, 20), Point(40, 20)), far = stroke(4, .pencil, Point(0, 38), Point(5, 38))
        let pass = stroke(6, .eraser, Point(20, 0), Point(20, 30)), above = stroke(7, .pencil, Point(0, 22), Point(40, 22))
        let page = Page(size: size, items: [base, bakedInk, bakedPass, below, .element(Self.photo), far, pass, above])
        let written = page.itemsAsWritten
        #expect(written.map(\.item.stroke?.id) == [nil, 3, nil, 4, 7])
        #expect(written[0].item == base && written[0].erased.map(\.tool) == [.eraser] && written[0].erased.first?.points == pass.stroke?.points)
        #expect(written[1].item.stroke?.holes?.map(\.points) == [pass.stroke!.points], "the ink under the pass carries it")
        #expect(written[2].item == .element(Self.photo) && written[2].erased.isEmpty)
        #expect(written[3].item.stroke?.holes == nil, "a pass that does not reach a stroke is no hole of it")
        #expect(written[4].item == above, "ink after the pass is as drawn")
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

    /// Steps squashed together undo both: the later step's edit is undone first.
    @Test func absorbingKeepsTheEarliestState() {
        let remove = ItemChange.remove([.init(index: 0, item: .stroke(Self.stroke))])
        let insert = ItemChange.insert([.init(index: 0, item: .stroke(Self.stroke))])
        var merged = HistoryStep(kind: .strokeErase, edit: .items([remove]))
        merged.absorb(HistoryStep(kind: .strokeErase, edit: .items([insert])))
        #expect(merged.edit == .items([insert, remove]))
        var background = HistoryStep(kind: .background, edit: .background(.color(.white)))
        background.absorb(HistoryStep(kind: .background, edit: .background(.color(.black))))
        #expect(background.edit == .background(.color(.white)))
    }
}
