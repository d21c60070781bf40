import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Exporting a copy: the chooser's proposal (never the lecture's own PDF), the name chosen, the
/// resolution asked, and the copy written off the event loop. The document is never touched.
extension DocumentController {
    /// Ctrl+E exports again to the last export's file, at its resolution (asking the first
    /// time); Ctrl+Shift+E always asks.
    public func export(choosingName: Bool) {
        if let path = state.exportPath, !choosingName {
            exportCopy(to: path, scale: state.exportScale)
            return
        }
        var suggested = state.suggestedExportName(notebookFormat)
        // Never the lecture's own file: "course (annotated).pdf".
        if sourcePDFNames.contains(suggested) {
            suggested = "\(URL(fileURLWithPath: suggested).deletingPathExtension().lastPathComponent) (annotated).\(URL(fileURLWithPath: suggested).pathExtension)"
        }
        app.request(.chooseFile(FileRequest(purpose: .export, title: "Export a Copy", suggestedName: suggested, folder: session.chooserFolder)))
    }

    /// The names of the PDF files the notebook's pages came from.
    var sourcePDFNames: Set<String> {
        Set((0..<editor.pages.count).compactMap { i -> String? in
            if case .pdf(let pdf) = editor.pages.entry(i).page.background { return pdf.file.name }
            return nil
        })
    }

    /// What a notebook is exported as when nothing else is said: PDF, every page (PNG would
    /// be the page drawn on only), for a notebook of several pages or a PDF's pages.
    var notebookFormat: ExportFormat {
        if editor.pages.count > 1 { return .pdf }
        if case .pdf = editor.background { return .pdf }
        return .png
    }

    /// A name chosen for Export: a bare name gets .png; a name that is no export format is
    /// refused with the formats there are.
    func chosenExportName(_ path: String) {
        switch DocumentState.exportName(for: path, bare: notebookFormat) {
        case .success(let target) where target.path != path && FileManager.default.fileExists(atPath: target.path):
            questions.ask(.replace(path: target.path, export: true))
        case .success(let target): exportCopy(to: target.path)
        case .failure(let problem): chrome.show(error: problem.description)
        }
    }

    /// Writes a copy of the picture as the extension says, off the event loop; the document is
    /// left as it is. A picture (PNG, JPEG, WebP) asks its resolution first, unless `scale` is
    /// given (Export again keeps the last one).
    /// `overSource`: the user agreed to replace the PDF the notebook's pages came from (asked
    /// before any export writes there).
    func exportCopy(to path: String, scale: Double? = nil, overSource: Bool = false) {
        if !overSource, sourcePDFNames.contains(DocumentState.fileName(path)), FileManager.default.fileExists(atPath: path) {
            return questions.ask(.replaceSource(path: path))
        }
        guard let format = ExportFormat(pathExtension: URL(fileURLWithPath: path).pathExtension) else {
            chrome.show(error: DocumentState.ExportNameError(name: DocumentState.fileName(path)).description)
            return
        }
        guard let scale else {
            if [.png, .jpeg, .webp].contains(format) { return chrome.sheets.open(.exportResolution(path: path, format: format)) }
            return writes.export(path, as: format)
        }
        exportCopy(to: path, as: format, scale: scale)
    }

    /// Writes a copy in `format`, a picture drawn at `scale`.
    func exportCopy(to path: String, as format: ExportFormat, scale: Double) {
        writes.export(path, as: format, scale: scale)
    }
}
