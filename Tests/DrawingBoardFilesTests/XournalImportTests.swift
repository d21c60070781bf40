import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs
import Testing
@testable import DrawingBoardFiles

/// Xournal++ and Xournal notebooks, opened as Xournal++ 1.1.3 draws them. The fixtures
/// (`Tests/Fixtures/xournal`, made by `scripts/make-xournal-fixtures.py`) hold the notebooks
/// and Xournal++'s own pictures of every page (`xournalpp NOTEBOOK -i OUT.png
/// --export-png-dpi=96`); each page of ours must match its picture within antialiasing and a
/// pixel (`PictureMatch`).
@Suite struct XournalImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xournal")

    struct DecodeOnly: ImageDecoding {
        func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage {
            try PNGFile.decode(try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
        }
        func decodeImage(data: Data, fileExtension: String, maxPixels: Int) throws -> RasterImage {
            try PNGFile.decode(data, name: "image")
        }
    }

    static func open(_ url: URL) throws -> ImportedNotebook { try XournalImport.read(url, decoder: DecodeOnly()) }

    /// Every page of `notebook`, as our pictures.
    static func pictures(_ notebook: ImportedNotebook) throws -> [RasterImage] {
        let editor = try Editor(notebook: Notebook(notebook.pages))
        return try (0..<editor.pages.count).map { i in
            try editor.pages.show(i)
            return try editor.image.flattened()
        }
    }

    /// Xournal++'s picture, over white (its PNG's last row and column may be partly clear).
    static func expected(_ name: String) throws -> RasterImage {
        let image = try PNGFile.decode(try Data(contentsOf: folder.appendingPathComponent("expected/\(name).png")), name: name)
        let white = image.pixels.map { p -> UInt32 in
            let a = 255 - (p >> 24)
            return 0xFF00_0000 | (((p >> 16) & 0xFF) + a) << 16 | (((p >> 8) & 0xFF) + a) << 8 | ((p & 0xFF) + a)
        }
        return RasterImage(width: image.width, height: image.height, pixels: white)!
    }

    static func misses(_ ours: RasterImage, _ theirs: RasterImage) -> [(Int, Int)] {
        guard ours.size == theirs.size else { return [(-1, -1)] }
        return PictureMatch.misses(width: ours.width, height: ours.height, ours: { ours.pixel(x: $0, y: $1) }, theirs: { theirs.pixel(x: $0, y: $1) })
    }

    @Test(arguments: ["papers.xopp", "ink.xopp", "lecture.xopp", "attached.xopp", "journal.xoj"])
    func everyPageIsDrawnAsXournalPlusPlusDrawsIt(_ name: String) throws {
        let notebook = try Self.open(Self.folder.appendingPathComponent(name))
        let stem = String(name.split(separator: ".")[0])
        let ours = try Self.pictures(notebook)
        let count = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("expected").path)
            .filter { $0.hasPrefix(stem + "-") }.count
        #expect(ours.count == count, "pages")
        for (i, picture) in ours.enumerated() {
            let theirs = try Self.expected("\(stem)-\(i + 1)")
            #expect(picture.size == theirs.size, "page \(i + 1)'s size")
            let missed = Self.misses(picture, theirs)
            #expect(missed.isEmpty, "page \(i + 1): \(missed.count) pixels differ, the first at \(missed.prefix(5))")
        }
    }

    /// At scale 2 every page is Xournal++'s own picture at 192 dpi: drawn again from the
    /// notebook (papers, pens, highlighters, texts, LaTeX, the PDF), not its 1x pixels scaled
    /// up. Photos are resampled by another filter than Xournal++'s, so their boxes are left out;
    /// the pictures may differ by a row or column in size (Xournal++ rounds the points, we the
    /// page's pixels), and are compared where both are.
    @Test(arguments: ["papers.xopp", "ink.xopp", "lecture.xopp", "journal.xoj"])
    func atScaleTwoEveryPageIsXournalPlusPlusAt192Dpi(_ name: String) throws {
        let notebook = try Self.open(Self.folder.appendingPathComponent(name))
        let stem = String(name.split(separator: ".")[0])
        let editor = try Editor(notebook: Notebook(notebook.pages))
        for i in 0..<editor.pages.count {
            try editor.pages.show(i)
            let ours = try editor.picture(atScale: 2).image()
            let theirs = try Self.expected("2x/\(stem)-\(i + 1)")
            #expect(abs(ours.width - theirs.width) <= 1 && abs(ours.height - theirs.height) <= 1, "page \(i + 1): \(ours.size) against \(theirs.size)")
            let photos = editor.page.elements.filter { $0.source.asset?.kind == .raster }.map { $0.placement.bounds.insetBy(-2) }
            let missed = PictureMatch.misses(width: min(ours.width, theirs.width), height: min(ours.height, theirs.height),
                                             ours: { ours.pixel(x: $0, y: $1) }, theirs: { theirs.pixel(x: $0, y: $1) })
                .filter { p in !photos.contains { $0.contains(Point(Double(p.0) / 2, Double(p.1) / 2)) } }
            #expect(missed.isEmpty, "page \(i + 1): \(missed.count) pixels differ, the first at \(missed.prefix(5))")
            if name == "ink.xopp" {
                // The page at 1x scaled up is not it: the comparison tells them apart.
                let small = try editor.image.flattened()
                let blocky = PictureMatch.misses(width: min(ours.width, theirs.width), height: min(ours.height, theirs.height),
                                                 ours: { small.pixel(x: min($0 / 2, small.width - 1), y: min($1 / 2, small.height - 1)) },
                                                 theirs: { theirs.pixel(x: $0, y: $1) })
                #expect(blocky.count > 100, "\(name): the 1x page doubled differs from Xournal++ at 192 dpi in \(blocky.count) pixels")
            }
        }
    }

    /// The comparison can fail: lined paper is not ruled paper, and an imported page drawn
    /// as our own paper of the same name is not Xournal++'s.
    @Test func theComparisonTellsPapersApart() throws {
        let papers = try Self.pictures(try Self.open(Self.folder.appendingPathComponent("papers.xopp")))
        #expect(!Self.misses(papers[1], try Self.expected("papers-3")).isEmpty, "lined against ruled")
        let ours = try Editor(size: papers[1].size, background: .paper(Paper(.lined)))
        #expect(!Self.misses(try ours.image.flattened(), try Self.expected("papers-2")).isEmpty, "our lined paper against Xournal++'s")
    }

    /// The settings Xournal++ 1.2 and later write into a paper's `config`, negative numbers
    /// included (its page for right-to-left writing, `m1=-72`, was refused as "not a number"):
    /// each drawn where its writer put it.
    @Test func paperSettingsOfNewerXournalPlusPlusAreDrawn() throws {
        let pages = try Self.pictures(try Self.open(Self.folder.appendingPathComponent("settings.xopp")))
        #expect(pages.count == 5)
        func pink(_ p: RasterImage, _ x: Int, _ y: Int) -> Bool {
            let c = p.pixel(x: x, y: y)
            return (c >> 16) & 0xFF > 0xC0 && (c >> 8) & 0xFF < 0x80 && c & 0xFF > 0x40
        }
        func column(_ p: RasterImage, _ y: Int) -> [Int] { (0..<p.width).filter { pink(p, $0, y) } }
        // The margin's line, 72 points in from the right (400 - 72 = 328 points: 437.3 px), none on the left.
        #expect(column(pages[0], 40) == [437], "\(column(pages[0], 40))")
        #expect(column(pages[1], 40) == [133], "moved in to 100 points: \(column(pages[1], 40))")
        // Ruled lines 30 points apart from the header at 80 points: 106.7, 146.7 px.
        func blue(_ p: RasterImage, _ y: Int) -> Bool { (p.pixel(x: 200, y: y) >> 16) & 0xFF < 0xF0 }
        #expect(blue(pages[2], 106) || blue(pages[2], 107))
        #expect(blue(pages[2], 146) || blue(pages[2], 147))
        #expect(!blue(pages[2], 138) && !blue(pages[2], 139), "no line 24 points after the first")
        // A negative margin on a graph page is none: its lines reach the page's edges.
        func grey(_ p: RasterImage, _ x: Int, _ y: Int) -> Bool { p.pixel(x: x, y: y) & 0xFF < 0xF8 }
        #expect((0..<12).contains { grey(pages[3], $0, 100) } || (0..<30).contains { grey(pages[3], 100 + $0, 10) })
        // Bold lines every fifth: the fifth vertical line (5 x 14.17 points, 94.5 px) is darker
        // or wider than the fourth (75.6 px).
        func ink(_ p: RasterImage, around x: Int) -> Int { (x - 3...x + 3).reduce(0) { $0 + 255 - Int(p.pixel(x: $1, y: 300) & 0xFF) } }
        #expect(ink(pages[4], around: 94) > ink(pages[4], around: 76) * 2, "\(ink(pages[4], around: 94)) against \(ink(pages[4], around: 76))")
    }

    @Test(arguments: [("m1=-", "\"m1=-\" is not a number"), ("lw=nan", "\"lw=nan\" is not a number"),
                      ("m1=1e999", "\"m1=1e999\" is not a number"), ("r1=-4", "\"r1=-4\" is outside 0...")])
    func paperSettingsOutOfRangeAreRefused(_ config: String, _ expected: String) throws {
        do {
            _ = try XournalPaper(.lined, config: config).settings()
            Issue.record("\(config) was read")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    /// What the notebook's elements became: texts, an image and LaTeX pictures as movable
    /// elements; strokes with their forms.
    @Test func inkBecomesStrokesAndElements() throws {
        let page = try Self.open(Self.folder.appendingPathComponent("ink.xopp")).pages[0]
        let texts = page.elements.compactMap { $0.source.content as? TextStyle }
        #expect(texts.map(\.text) == ["Lecture 4: integrals", "Two lines\nof text"])
        #expect(texts.allSatisfy { $0.layout == .xournal })
        #expect(texts[1].font == "Serif Bold Italic" && texts[1].color == RGBColor(red: 0xD0, green: 0x10, blue: 0x10))
        #expect(page.elements.filter { $0.source.kind == "image" }.count == 3, "the image and two LaTeX pictures")
        let tex = try #require(page.elements.last)
        #expect(tex.source.asset?.kind == .svg, "a LaTeX PDF is kept as vectors")
        #expect(abs(tex.placement.width - 90 * 4 / 3) < 1e-9 && abs(tex.placement.height - 30 * 4 / 3) < 1e-9, "stretched to its box")
        let strokes = page.strokes
        #expect(strokes.count == 14)
        #expect(strokes[0].style.color == RGBColor(red: 0x33, green: 0x33, blue: 0xCC), "Xournal's named blue")
        let widths = try #require(strokes[2].form?.widths)
        #expect(zip(widths, [0.5, 1, 2, 3, 4, 5]).allSatisfy { abs($0 - $1 * 4 / 3) < 1e-9 } && widths.count == 6, "one width per segment")
        #expect(strokes[3].tool == .highlighter && abs(strokes[3].style.opacity - 120.0 / 255) < 1e-9)
        #expect(strokes[5].form?.fill == 128.0 / 255)
        #expect(strokes[7].form?.dashes == [8, 4], "dash, in pixels")
    }

    /// Saving writes our own document with everything in it; it opens to the same pixels.
    @Test func aSavedNotebookOpensToTheSamePixels() throws {
        let notebook = try Self.open(Self.folder.appendingPathComponent("ink.xopp"))
        let editor = try Editor(notebook: Notebook(notebook.pages + [try Self.open(Self.folder.appendingPathComponent("lecture.xopp")).pages[0]]))
        let before = try Self.pictures(ImportedNotebook(pages: editor.pages.notebook.pages.map(\.page), leftOut: [], pageCount: 2))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imported-\(UUID().uuidString).ora")
        defer { try? FileManager.default.removeItem(at: url) }
        try OpenRaster.encode(notebook: editor.pages.notebook).write(to: url)
        let reopened = try OpenRaster.read(url)
        #expect(reopened.pages.count == 2)
        #expect(reopened.page.strokes.map(\.form) == notebook.pages[0].strokes.map(\.form))
        let again = try Editor(document: reopened)
        try again.pages.show(0)
        #expect(try again.image.flattened() == before[0])
        try again.pages.show(1)
        #expect(try again.image.flattened() == before[1])
    }

    /// A stroke from a newer Xournal++ with butt caps ends where its points end.
    @Test func capStylesAreKept() throws {
        let url = try Self.notebook(page: """
            <stroke tool="pen" color="#000000ff" width="6" capStyle="butt">30 30 60 30</stroke>
            <stroke tool="pen" color="#000000ff" width="6">30 60 60 60</stroke>
            """)
        defer { try? FileManager.default.removeItem(at: url) }
        let picture = try Self.pictures(try Self.open(url))[0]
        #expect(picture.pixel(x: 38, y: 40) == 0xFFFF_FFFF, "nothing before a butt end")
        #expect(picture.pixel(x: 41, y: 40) == 0xFF00_0000)
        #expect(picture.pixel(x: 38, y: 80) == 0xFF00_0000, "a round end reaches half the width beyond")
    }

    /// A reader that wants one page keeps only that one, every page read and checked all the
    /// same; a page whose background is an earlier page's image still finds it.
    @Test func onePageKeptIsTheSamePage() throws {
        let url = Self.folder.appendingPathComponent("attached.xopp")
        var heard: [Int] = []
        let one = try XournalImport.read(url, decoder: DecodeOnly(), keeps: { $0 == 3 }) { number, _ in heard.append(number) }
        let all = try Self.open(url)
        #expect(one.pageCount == 3 && one.pages.count == 1 && heard == [1, 2, 3])
        #expect(one.pages[0] == all.pages[2])
        guard case .image = one.pages[0].background else { Issue.record("the cloned image background"); return }
        let broken = try Self.notebook(page: "<stroke tool=\"pen\" color=\"#000000ff\" width=\"2\">1 nan</stroke>")
        #expect(throws: DocumentError.self) { try XournalImport.read(broken, decoder: DecodeOnly(), keeps: { _ in false }) }
        try? FileManager.default.removeItem(at: broken)
    }

    @Test func whatNoPictureShowsIsNamed() throws {
        let url = try Self.notebook(page: """
            <stroke tool="pen" color="#000000ff" width="2" ts="12" fn="rec.ogg">10 10 50 50</stroke>
            <link font="Sans" size="12" x="20" y="100" color="#0000ffff" url="https://example.org" align="0">Slides</link>
            """, layer: #"<layer name="Notes">"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let notebook = try Self.open(url)
        #expect(notebook.leftOut == ["audio recordings", "layer names", "link addresses"])
        #expect((notebook.pages[0].elements.first?.source.content as? TextStyle)?.text == "Slides", "a link shows its text")
    }

    // MARK: Hostile notebooks

    static func notebook(page: String, layer: String = "<layer>", width: String = "200", height: String = "200",
                         before: String = "", gzip: Bool = true) throws -> URL {
        let xml = """
            <?xml version="1.0" standalone="no"?>\(before)
            <xournal creator="Xournal++ 1.1.3" fileversion="4">
            <page width="\(width)" height="\(height)"><background type="solid" color="#ffffffff" style="plain"/>
            \(layer)\(page)</layer></page></xournal>
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).xopp")
        try (gzip ? try Self.gzip(Data(xml.utf8)) : Data(xml.utf8)).write(to: url)
        return url
    }

    static func gzip(_ data: Data) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x")
        try data.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", file.path]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: folder.appendingPathComponent("x.gz"))
    }

    static func refusal(_ url: URL) -> String {
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try open(url)
            return "opened"
        } catch let error as DocumentError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aDocumentTypeDeclarationIsNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString).txt")
        try Data("SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let external = try Self.notebook(page: "<text font=\"Sans\" size=\"12\" x=\"10\" y=\"10\" color=\"#000000ff\">&x;</text>",
                                         before: "<!DOCTYPE xournal [<!ENTITY x SYSTEM \"file://\(secret.path)\">]>")
        let message = Self.refusal(external)
        #expect(message.contains("document type declaration (DTD), which DrawingBoard never reads"), "\(message)")
        let laughs = (1...9).map { "<!ENTITY l\($0) \"&l\($0 - 1);&l\($0 - 1);&l\($0 - 1);&l\($0 - 1);&l\($0 - 1);\">" }.joined()
        #expect(Self.refusal(try Self.notebook(page: "", before: "<!DOCTYPE x [<!ENTITY l0 \"ha\">\(laughs)]>")).contains("(DTD)"))
        // An entity never declared is an error, not an empty text.
        #expect(Self.refusal(try Self.notebook(page: "<text font=\"Sans\" size=\"12\" x=\"1\" y=\"1\" color=\"#000000ff\">&nope;</text>"))
            .contains("entity"))
    }

    @Test(arguments: [
        (##"<stroke tool="pen" color="#000000ff" width="2">10 10 nan 20</stroke>"##, "\"nan\", which is not a finite number"),
        (##"<stroke tool="pen" color="#000000ff" width="2">10 10 1e999 20</stroke>"##, "\"1e999\", which is not a finite number"),
        (##"<stroke tool="pen" color="#000000ff" width="inf">10 10 20 20</stroke>"##, "\"inf\", which is not a finite number"),
        (##"<stroke tool="pen" color="#000000ff" width="2">10 10 20</stroke>"##, "3 coordinates, not pairs of x and y"),
        (##"<stroke tool="pen" color="#000000ff" width="2">10 10 9000000 20</stroke>"##, "too far outside the page"),
        (##"<stroke tool="pen" color="chartreuse" width="2">10 10 20 20</stroke>"##, "\"chartreuse\" is not a colour"),
        (##"<text font="Sans" size="1e400" x="1" y="1" color="#000000ff">a</text>"##, "a text's size"),
        (##"<image left="0" top="0" right="10" bottom="10">bm90IGFuIGltYWdl</image>"##, "an image on page 1 cannot be read"),
    ])
    func badValuesAreRefusedWithWhereTheyAre(_ page: String, _ expected: String) throws {
        let message = Self.refusal(try Self.notebook(page: page))
        #expect(message.hasPrefix("“hostile-") && message.contains("cannot be opened: "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    @Test func pagesBeyondTheLimitAndBrokenFilesAreRefused() throws {
        #expect(Self.refusal(try Self.notebook(page: "", width: "20000")).contains("beyond the page-size limit"))
        #expect(Self.refusal(try Self.notebook(page: "", width: "-5")).contains("not a page"))
        // Truncated and damaged gzip.
        let whole = try Self.gzip(Data(String(repeating: "<xournal>", count: 200).utf8))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).xopp")
        try whole.prefix(whole.count / 2).write(to: url)
        #expect(Self.refusal(url).contains("truncated"))
        var damaged = whole
        for i in 12..<min(40, damaged.count - 8) { damaged[i] ^= 0x5A }
        try damaged.write(to: url)
        #expect(Self.refusal(url).contains("damaged"))
        try Data("<html><body/></html>".utf8).write(to: url)
        #expect(Self.refusal(url).contains("not a Xournal++ or Xournal notebook (its root is <html>)"))
        try Data("not gzip".utf8).write(to: url)
        #expect(Self.refusal(url).hasSuffix("cannot be opened: it is neither a Xournal++ notebook (gzip) nor XML"))
        try Data().write(to: url)
        #expect(Self.refusal(url).hasSuffix("cannot be opened: the file is empty"))
    }

    /// A stroke of a million points opens; one more is refused before anything is made of it.
    @Test func aStrokeOfAMillionPointsIsBounded() throws {
        let points = String(repeating: "1 2 ", count: PageLimits.pointsPerStroke)
        let url = try Self.notebook(page: "<stroke tool=\"pen\" color=\"#000000ff\" width=\"1\">\(points)</stroke>")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try Self.open(url).pages[0].strokes[0].points.count == PageLimits.pointsPerStroke)
        let more = try Self.notebook(page: "<stroke tool=\"pen\" color=\"#000000ff\" width=\"1\">\(points)3 4</stroke>")
        #expect(Self.refusal(more).contains("more than 2000000 numbers"))
    }

    /// A notebook of more than 10 MB of XML (a hundred pages of handwriting) opens: libxml2
    /// refuses one given in a single piece.
    @Test func aNotebookOfManyMegabytesOpens() throws {
        let stroke = "<stroke tool=\"pen\" color=\"#000000ff\" width=\"1\">" + String(repeating: "10.25 20.5 ", count: 5_000) + "</stroke>\n"
        let url = try Self.notebook(page: String(repeating: stroke, count: 220))
        defer { try? FileManager.default.removeItem(at: url) }
        let page = try Self.open(url).pages[0]
        #expect(page.strokes.count == 220 && page.strokes.allSatisfy { $0.points.count == 5_000 })
        #expect(page.strokes[219].points[4_999] == Point(10.25 * 4 / 3, 20.5 * 4 / 3))
    }

    /// A missing PDF is named as the notebook names it, with where it was looked for.
    @Test func aMissingPDFIsNamedWithWhereItWasLookedFor() throws {
        let url = try Self.notebook(page: "", layer: "<layer>")
        defer { try? FileManager.default.removeItem(at: url) }
        let xml = """
            <?xml version="1.0"?><xournal><page width="100" height="100">
            <background type="pdf" domain="absolute" filename="lectures/week1.pdf" pageno="1"/><layer/></page></xournal>
            """
        try Data(xml.utf8).write(to: url)
        let message = Self.refusal(url)
        let folder = url.deletingLastPathComponent().path
        let here = FileManager.default.currentDirectoryPath
        #expect(message.hasSuffix("its PDF “lectures/week1.pdf” was not found (looked for \(here)/lectures/week1.pdf, \(folder)/lectures/week1.pdf, \(folder)/week1.pdf)"),
                "\(message)")
        let attached = xml.replacingOccurrences(of: ##"domain="absolute" filename="lectures/week1.pdf""##, with: ##"domain="attach" filename="bg.pdf""##)
        try Data(attached.utf8).write(to: url)
        #expect(Self.refusal(url).contains("its PDF “bg.pdf” was not found (looked for \(url.path).bg.pdf)"))
    }

    /// Each page's background image is stretched to its page: pages may name one small image
    /// many times, but their images together stay within a budget (a document's; here a small
    /// one), counted before each is read. A page of the same size as the page it clones
    /// shares its pixels and costs nothing.
    @Test func backgroundImagesStayWithinTheirBudget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xopp-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGFile.encode(RasterImage(width: 2, height: 2, pixels: [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFF00_0000])!)
            .write(to: folder.appendingPathComponent("bg.png"))
        func notebook(_ pages: [String]) throws -> URL {
            let url = folder.appendingPathComponent("n.xopp")
            try Data(("<?xml version=\"1.0\"?><xournal>" + pages.joined() + "</xournal>").utf8).write(to: url)
            return url
        }
        // 150x150 points: 200x200 pixels, 40,000 a page; the budget is 100,000.
        let own = #"<page width="150" height="150"><background type="pixmap" domain="absolute" filename="bg.png"/><layer/></page>"#
        let clone = #"<page width="150" height="150"><background type="pixmap" domain="clone" filename="0"/><layer/></page>"#
        let url = try notebook([own] + Array(repeating: clone, count: 5) + [own])
        #expect(try XournalImport.read(url, decoder: DecodeOnly(), imageBudget: 100_000).pages.count == 7, "clones are free")
        let three = try notebook([own, own, own])
        #expect(throws: DocumentError("“n.xopp” cannot be opened: page 3's background image takes its pages' images past 100000 pixels in all (the limit for a notebook)")) {
            _ = try XournalImport.read(three, decoder: DecodeOnly(), imageBudget: 100_000)
        }
    }
}
