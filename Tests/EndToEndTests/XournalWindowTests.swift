import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs
import Testing

/// A Xournal++ notebook in the real window and through `render`, held against Xournal++'s own
/// pictures of its pages (`Tests/Fixtures/xournal`, made by `scripts/make-xournal-fixtures.py`).
@Suite(.serialized) struct XournalWindowTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xournal")

    /// Xournal++'s picture of a page, over white.
    static func expected(_ name: String) throws -> RasterImage {
        let image = try PNGFile.decode(try Data(contentsOf: fixtures.appendingPathComponent("expected/\(name).png")), name: name)
        return RasterImage(width: image.width, height: image.height, pixels: image.pixels.map { p in
            let a = 255 - (p >> 24)
            return 0xFF00_0000 | (((p >> 16) & 0xFF) + a) << 16 | (((p >> 8) & 0xFF) + a) << 8 | ((p & 0xFF) + a)
        })!
    }

    /// The lecture notebook and its PDF, copied where the notebook names it (beside it).
    static func lecture() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-xopp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["lecture.xopp", "slides.pdf"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// Whether the page shows at one of the places centring may put it (half a pixel either
    /// way) exactly as Xournal++ draws it.
    func shows(_ shot: RasterImage, _ page: RasterImage, near x: Int, _ y: Int) -> Bool {
        [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)].contains { ox, oy in
            PictureMatch.misses(width: page.width, height: page.height, ours: { shot.pixel(x: ox + $0, y: oy + $1) },
                                theirs: { page.pixel(x: $0, y: $1) }).isEmpty
        }
    }

    @Test func aLectureNotebookOpensAsXournalPlusPlusShowsItAndTakesNewInk() throws {
        let folder = try Self.lecture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", folder.appendingPathComponent("lecture.xopp").path])
        #expect(eventually { app.title == "lecture.xopp (imported) - DrawingBoard" }, "\(app.title)")
        // The pointer's cross would be in the picture: it goes over the grey beside the page.
        _ = try x.xdotool(["mousemove", "--window", app.windowID, "100", "300"])
        // The 533x400 page at 100%, in the middle of the space between the bars.
        let first = try Self.expected("lecture-1"), second = try Self.expected("lecture-2")
        #expect(try eventually { shows(try app.screenshot(), first, near: 233, 150) }, "page 1 as Xournal++ draws it")
        try app.screenshot("xournal-lecture-page-1")
        try app.key("Next")
        _ = try x.xdotool(["mousemove", "--window", app.windowID, "100", "300"])
        #expect(try eventually { shows(try app.screenshot(), second, near: 233, 150) }, "page 2 as Xournal++ draws it")
        // New ink on the imported page.
        try app.drag([(300, 330), (400, 332), (500, 330)])
        #expect(try eventually {
            let p = try app.screenshot("xournal-lecture-new-ink").rgb(400, 331)
            return (p >> 16 & 0xFF) < 0x60 && (p >> 8 & 0xFF) < 0x60 && (p & 0xFF) < 0x60
        }, "the new stroke shows")
    }

    /// `render` of a page of a notebook: Xournal++'s picture of it.
    @Test(arguments: [("lecture.xopp", 2, "lecture-2"), ("journal.xoj", 1, "journal-1")])
    func renderDrawsANotebookPageAsXournalPlusPlusDoes(_ name: String, _ page: Int, _ expected: String) throws {
        let folder = try Self.lecture()
        defer { try? FileManager.default.removeItem(at: folder) }
        if name == "journal.xoj" {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data(#"{"open": "\#(name)"}"#.utf8).write(to: folder.appendingPathComponent("open.json"))
        let out = folder.appendingPathComponent("page.png").path
        let result = try BinaryRunner.run(["render", folder.appendingPathComponent("open.json").path, "--page", "\(page)", "--output", out])
        #expect(result.status == 0, "\(result.stderr)")
        let ours = try PNGFile.decode(try Data(contentsOf: URL(fileURLWithPath: out)), name: "page.png")
        let theirs = try Self.expected(expected)
        #expect(ours.size == theirs.size)
        let missed = PictureMatch.misses(width: ours.width, height: ours.height, ours: { ours.pixel(x: $0, y: $1) | 0xFF00_0000 },
                                         theirs: { theirs.pixel(x: $0, y: $1) })
        #expect(missed.isEmpty, "\(missed.count) pixels differ, the first at \(missed.prefix(4))")
    }

    /// `render --page N` of a script that only opens a notebook draws that page while the rest
    /// is read: the very bytes the full path (open, then a step, then the page) writes.
    @Test func aPageDrawnWhileTheRestIsReadIsTheSamePicture() throws {
        let folder = try Self.lecture()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("ink.xopp"), to: folder.appendingPathComponent("ink.xopp"))
        for (name, page) in [("lecture.xopp", 2), ("ink.xopp", 1)] {
            try Data(#"{"open": "\#(name)"}"#.utf8).write(to: folder.appendingPathComponent("early.json"))
            try Data(#"{"open": "\#(name)", "steps": [{"tool": "pencil"}]}"#.utf8).write(to: folder.appendingPathComponent("full.json"))
            for script in ["early", "full"] {
                let result = try BinaryRunner.run(["render", "\(script).json", "--page", "\(page)", "--output", "\(script).png"], in: folder)
                #expect(result.status == 0, "\(result.stderr)")
            }
            let early = try Data(contentsOf: folder.appendingPathComponent("early.png"))
            let full = try Data(contentsOf: folder.appendingPathComponent("full.png"))
            #expect(!early.isEmpty && early == full, "\(name) page \(page)")
        }
        let beyond = try BinaryRunner.run(["render", "early.json", "--page", "9", "--output", "beyond.png"], in: folder)
        #expect(beyond.status == 2 && beyond.stderr == "drawingboard: --page: there is no page 9; the notebook has 1 page\n", "\(beyond.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("beyond.png").path))
    }

    /// A notebook whose PDF is gone: one clear line naming it, and the drawing as it was.
    @Test func aNotebookWithoutItsPDFIsRefusedAndNothingChanges() throws {
        let folder = try Self.lecture()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("slides.pdf"))
        try Data(#"{"open": "lecture.xopp"}"#.utf8).write(to: folder.appendingPathComponent("open.json"))
        let result = try BinaryRunner.run(["render", "open.json", "--output", "x.png"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("“lecture.xopp” cannot be opened: its PDF “slides.pdf” was not found (looked for \(folder.path)/slides.pdf)\n"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path), "nothing written")
    }
}
