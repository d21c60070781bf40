import DrawingBoardCore
import Foundation

/// PDF files a script names, each read once however many steps name it.
final class PDFCache {
    private var files: [String: PDFFile] = [:]

    func file(_ name: String, at path: String, base: URL) throws(ScriptError) -> PDFFile {
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : base.appendingPathComponent(name)
        if let known = files[url.path] { return known }
        do {
            let file = try PDFReader.read(path: url.path, name: name)
            files[url.path] = file
            return file
        } catch {
            throw ScriptError(path, error.message)
        }
    }
}

/// The contract's "Pages": a notebook from a PDF, and the `page` steps.
extension ScriptRunner {
    /// A notebook of one page per page of the PDF, each the PDF page's size at 96 per inch.
    func notebook(ofPDF name: String, base: URL, pdfs: PDFCache) throws(ScriptError) -> Editor {
        let file = try pdfs.file(name, at: "pdf", base: base)
        do {
            return try Editor(notebook: Notebook(file.pages))
        } catch {
            throw ScriptError("pdf", error.message)
        }
    }

    func applyPageStep(_ step: DrawingScript.PageStep, to editor: Editor, at path: String, base: URL, pdfs: PDFCache) throws(ScriptError) {
        let count = editor.pages.count
        func check(_ n: Int, at place: String) throws(ScriptError) {
            guard n <= count else {
                throw ScriptError(place, "there is no page \(n); the notebook has \(count) page\(count == 1 ? "" : "s")")
            }
        }
        if count >= Notebook.maxPages, step.adds {
            throw ScriptError(path, "the notebook has \(count) pages, the most it may have")
        }
        do {
            switch step {
            case .add(let spec):
                var background = editor.background
                var size = editor.size
                if let source = spec.background {
                    background = try load(source, at: "\(path).add.background", base: base, pdfs: pdfs)
                    if case .pdf(let pdf) = background { size = pdf.pageSize.pixelSize }
                }
                if let given = spec.size { size = given }
                try editor.perform(.pages(.add(at: editor.pages.index + 1, page: Page(size: size, background: background))))
            case .go(let n):
                try check(n, at: path)
                try editor.pages.show(n - 1)
            case .duplicate:
                try editor.perform(.pages(.duplicate(editor.pages.index)))
            case .move(let n):
                try check(n, at: "\(path).move")
                try editor.perform(.pages(.move(from: editor.pages.index, to: n - 1)))
            case .delete:
                guard count > 1 else { throw ScriptError(path, "cannot delete the only page of the notebook") }
                try editor.perform(.pages(.delete(editor.pages.index)))
            }
        } catch let error as ScriptError {
            throw error
        } catch {
            throw ScriptError(path, "\(error)")
        }
    }
}

extension DrawingScript.PageStep {
    /// Whether the step adds a page.
    var adds: Bool {
        switch self {
        case .add, .duplicate: return true
        default: return false
        }
    }
}
