import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation
import Testing
import TestPDFs
@testable import DrawingBoardUI

/// A notebook made from a lecture PDF never has its export written over that PDF unasked: the
/// Export chooser proposes "course (annotated).pdf", and a name that is the PDF's own asks a
/// question naming it; cancelled, the PDF is as it was.
@Suite struct ExportSourceTests {
    @Test func theLecturesOwnFileIsNeverProposedNorWrittenUnasked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("course.pdf")
        let bytes = TestPDF.lecture(pages: 2)
        try bytes.write(to: course)
        let c = try makeController()
        c.document.open(course.path)
        c.finishOpening()
        #expect(c.editor.pages.count == 2)
        _ = c.takeEffects()
        c.document.export(choosingName: true)
        let asked = c.takeEffects().compactMap { effect -> String? in
            if case .chooseFile(let request) = effect { return request.suggestedName }
            return nil
        }
        #expect(asked == ["course (annotated).pdf"])
        // The PDF's own name chosen: a question that names it; cancelled, nothing is written.
        c.exportChosen(course.path)
        #expect(c.document.pendingQuestion == .replaceSource(path: course.path))
        #expect(c.document.questionText.contains("“course.pdf” is the PDF this notebook's pages came from"))
        c.document.questions.answer(.cancel)
        c.finishSaving()
        #expect(try Data(contentsOf: course) == bytes, "the lecture is as it was")
        // Replace, answered: the annotated copy takes its place.
        c.exportChosen(course.path)
        c.document.questions.answer(.replace)
        c.finishSaving()
        #expect(try Data(contentsOf: course) != bytes)
        // Any other name is written as asked.
        let other = folder.appendingPathComponent("course (annotated).pdf")
        c.exportChosen(other.path)
        c.finishSaving()
        #expect(FileManager.default.fileExists(atPath: other.path))
    }
}

/// A notebook reopens where it was left: the page and the zoom last shown, noted when another
/// file takes its place or the window closes; a places file that is not such a list is ignored.
@Suite struct LastPlacesTests {
    @Test func aNotebookReopensAtItsPageAndZoom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let course = folder.appendingPathComponent("course.pdf"), other = folder.appendingPathComponent("other.pdf")
        try TestPDF.lecture(pages: 4).write(to: course)
        try TestPDF.lecture(pages: 1).write(to: other)
        let places = folder.appendingPathComponent("state/places.json")
        let c = try makeController()
        c.document.lastPlaces = LastPlaces(url: places)
        c.document.open(course.path)
        c.finishOpening()
        #expect(c.editor.pages.index == 0)
        c.pages.go(to: 2)
        c.viewport.zoom(to: 2)
        // Another file in its place: where the course was left is noted.
        c.document.open(other.path)
        c.finishOpening()
        #expect(FileManager.default.fileExists(atPath: places.path))
        c.document.open(course.path)
        c.finishOpening()
        #expect(c.editor.pages.index == 2 && abs(c.viewport.zoom - 2) < 1e-9, "page 3 at 200%: \(c.editor.pages.index), \(c.viewport.zoom)")
        // Read by another window; a damaged file is ignored and then replaced.
        #expect(LastPlaces(url: places).place(of: course.path)?.page == 2 && LastPlaces(url: places).place(of: course.path)?.zoom == 2)
        try Data("{ not json".utf8).write(to: places)
        let fresh = LastPlaces(url: places)
        #expect(fresh.place(of: course.path) == nil)
        try Data(#"{"/a.pdf": {"page": -3, "zoom": 1, "time": 0}, "/b.pdf": {"page": 1, "zoom": 1e300, "time": 0}, "/c.pdf": {"page": 1, "zoom": 2, "time": 0}}"#.utf8).write(to: places)
        let checked = LastPlaces(url: places)
        #expect(checked.place(of: "/a.pdf") == nil && checked.place(of: "/b.pdf") == nil && checked.place(of: "/c.pdf")?.page == 1)
    }
}
