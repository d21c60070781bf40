import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs
import Testing
import ZIPFoundation
@testable import DrawingBoardFiles

/// Notebooks in documents (format 5): every page comes back as it was, the PDF's bytes are kept
/// inside the file once, other apps see the first page, and a one-page drawing is still
/// written in the oldest format that holds it.
@Suite struct NotebookDocumentTests {
    static func draw(_ editor: Editor, _ color: String, _ points: [(Double, Double)]) throws {
        try editor.perform(.stroke(Stroke(id: 0, tool: .pencil, style: StrokeStyle(color: RGBColor(hex: color)!, width: 6),
                                          points: points.map { Point($0.0, $0.1) })))
    }

    /// Page 1 of a lecture PDF, a squared page, page 2 of the PDF and a photo page; ink on each.
    static func notebook() throws -> Editor {
        let pdf = try PDFReader.read(TestPDF.lecture([(595, 842), (842, 595)]), name: "lecture.pdf")
        let photo = RasterImage(width: 4, height: 2, pixels: [UInt32](repeating: 0xFF33_6699, count: 8))!
        let pages = [
            Page(size: pdf.pageSizes[0].pixelSize, background: .pdf(PDFBackground(file: pdf, index: 0))),
            Page(size: PixelSize(width: 300, height: 200), background: .paper(Paper(.squared))),
            Page(size: pdf.pageSizes[1].pixelSize, background: .pdf(PDFBackground(file: pdf, index: 1))),
            Page(size: PixelSize(width: 120, height: 90), background: .image(photo, name: "photo.png")),
        ]
        let editor = try Editor(notebook: Notebook(pages))
        for i in 0..<4 {
            try editor.pages.show(i)
            try draw(editor, "#d01010", [(10, 10), (100, 60 + Double(i * 5))])
        }
        try editor.pages.show(2)
        return editor
    }

    static func write(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-\(UUID().uuidString).ora")
        try data.write(to: url)
        return url
    }

    @Test func everyPageComesBackAsItWasWithThePDFInsideTheFile() throws {
        let editor = try Self.notebook()
        let url = try Self.write(try OpenRaster.encode(notebook: editor.pages.notebook))
        defer { try? FileManager.default.removeItem(at: url) }
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(reopened.pages.count == 4 && reopened.pages.index == 0)
        #expect(reopened.pages.notebook.pages.map(\.page) == editor.pages.notebook.pages.map(\.page))
        for i in 0..<4 {
            try editor.pages.show(i)
            try reopened.pages.show(i)
            #expect(try reopened.image.flattened() == (try editor.image.flattened()), "page \(i + 1)")
        }
        // One copy of the PDF, named by its digest; other apps see the first page.
        let archive = try Archive(url: url, accessMode: .read)
        let pdfs = archive.filter { $0.path.hasPrefix("drawingboard/pdf/") }
        #expect(pdfs.count == 1)
        let stack = String(decoding: try OpenRaster.extract(try #require(archive["stack.xml"]), from: archive, limit: 1 << 20), as: UTF8.self)
        #expect(stack.contains(#"w="793""#) && stack.contains(#"h="1123""#), "\(stack)")
        let json = String(decoding: try OpenRaster.extract(try #require(archive[OpenRaster.documentEntry]), from: archive, limit: 1 << 24), as: UTF8.self)
        #expect(json.contains(#""format":8"#))
    }

    @Test func theNotebookNeedsNotTheOriginalPDF() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = folder.appendingPathComponent("lecture.pdf")
        try TestPDF.lecture(pages: 2).write(to: original)
        let pdf = try PDFReader.read(path: original.path)
        let editor = try Editor(notebook: Notebook([Page(size: pdf.pageSizes[0].pixelSize, background: .pdf(PDFBackground(file: pdf, index: 0)))]))
        let expected = try editor.image.flattened()
        let url = folder.appendingPathComponent("notes.ora")
        try OpenRaster.encode(notebook: editor.pages.notebook).write(to: url)
        try FileManager.default.removeItem(at: original)
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(try reopened.image.flattened() == expected)
    }

    /// A notebook of thousands of pages is one document like any other (its pages' strokes are
    /// one entry, not one each).
    @Test func fiveThousandPagesSaveAndOpenAgain() throws {
        let pages = (0..<5000).map { i in Page(size: PixelSize(width: 20 + i % 7, height: 30), background: .paper(Paper(.lined))) }
        let editor = try Editor(notebook: Notebook(pages))
        try editor.pages.show(4999)
        try Self.draw(editor, "#1010d0", [(2, 2), (15, 20)])
        let url = try Self.write(try OpenRaster.encode(notebook: editor.pages.notebook))
        defer { try? FileManager.default.removeItem(at: url) }
        let reopened = try Editor(document: try OpenRaster.read(url))
        #expect(reopened.pages.count == 5000)
        #expect(reopened.pages.notebook.pages.map(\.page) == editor.pages.notebook.pages.map(\.page))
    }

    /// A drawing of one page is written as one page (format 7 says its strokes are the
    /// drawing; other apps read its layers as ever).
    @Test func aOnePageDrawingIsWrittenAsOnePage() throws {
        let editor = try Editor(size: PixelSize(width: 60, height: 40))
        try Self.draw(editor, "#000000", [(5, 5), (50, 30)])
        let archive = try Archive(data: try OpenRaster.encode(notebook: editor.pages.notebook), accessMode: .read)
        let json = String(decoding: try OpenRaster.extract(try #require(archive[OpenRaster.documentEntry]), from: archive, limit: 1 << 24), as: UTF8.self)
        #expect(json.contains(#""format":8"#) && !json.contains("pages"), "\(json)")
    }

    /// A PDF inside a document is checked like one opened from disk: its bytes must be the ones
    /// its name's digest says, and it must be there.
    @Test(arguments: [("bytes", "is damaged (its bytes are not the ones it names)"), ("missing", "is missing")])
    func aDamagedOrMissingPDFInsideIsNamed(_ damage: String, _ message: String) throws {
        let editor = try Self.notebook()
        let source = try Archive(data: try OpenRaster.encode(notebook: editor.pages.notebook), accessMode: .read)
        let damaged = try Archive(data: Data(), accessMode: .create)
        for entry in source {
            var bytes = try OpenRaster.extract(entry, from: source, limit: 1 << 30)
            if entry.path.hasPrefix("drawingboard/pdf/") {
                if damage == "missing" { continue }
                bytes = TestPDF.lecture(pages: 2)
                bytes.append(contentsOf: Array("%changed\n".utf8))
            }
            try damaged.addEntry(with: entry.path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .none) { position, size in
                bytes.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            }
        }
        let url = try Self.write(try #require(damaged.data))
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try OpenRaster.read(url)
            Issue.record("a damaged notebook opened")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// The journal records page changes and which page is drawn on; a crash brings back every page.
    @Test func crashRecoveryBringsBackEveryPage() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let editor = try Self.notebook()
        try editor.pages.show(0)
        var journal: Journal? = try Journal(root: root, size: editor.size, background: .white, documentPath: nil)
        try journal?.restart(size: editor.size, background: .white, documentPath: nil, page: try OpenRaster.encode(notebook: editor.pages.notebook, forSession: true))
        editor.recorder = { journal?.append($0) }
        let earlier = editor.history.steps.count
        try editor.pages.show(2)
        try Self.draw(editor, "#1010d0", [(30, 30), (200, 150)])
        try editor.perform(.pages(.duplicate(2)))
        try Self.draw(editor, "#10a010", [(60, 20), (20, 160)])
        try editor.perform(.pages(.move(from: 3, to: 0)))
        try editor.perform(.pages(.add(at: 5, page: Page(size: PixelSize(width: 90, height: 70), background: .paper(Paper(.dotted))))))
        try editor.pages.show(4)
        try editor.perform(.pages(.delete(4)))
        try editor.pages.show(1)
        try Self.draw(editor, "#000000", [(5, 5), (80, 80)])
        try editor.undo()
        let pages = editor.pages.notebook.pages.map(\.page)
        let current = editor.pages.index
        let steps = editor.history.steps.count
        journal = nil

        let orphans = Journal.orphans(root: root)
        let restored = try Journal.restore(try #require(orphans.first)).editor
        #expect(restored.pages.notebook.pages.map(\.page) == pages)
        #expect(restored.pages.index == current)
        #expect(restored.history.steps.count == steps - earlier, "the steps since the journal began")
        for i in 0..<pages.count {
            try editor.pages.show(i)
            try restored.pages.show(i)
            #expect(try restored.image.flattened() == (try editor.image.flattened()), "page \(i + 1)")
        }
        try restored.undo()
        try editor.undo()
        #expect(restored.pages.notebook.pages.map(\.page) == editor.pages.notebook.pages.map(\.page))
    }
}
