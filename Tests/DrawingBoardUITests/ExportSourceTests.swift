import DrawingBoardCore
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
