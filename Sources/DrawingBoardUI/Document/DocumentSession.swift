import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The document behind a window: where Save writes and the state it last saved
/// (`DocumentState`), the autosave journal, a dead window's session offered back, the recent
/// files and the folder choosers start in, a file read for Open while a question waits, and
/// what waits on a save. It reads and writes the files; the controller says what happened.
final class DocumentSession {
    var state: DocumentState
    /// The autosave journal, when this window keeps one.
    var journal: Journal?
    /// A dead window's session, while the user is asked whether to restore it.
    var recoverable: Journal.Orphan?
    /// Whether the user was told autosave failed, and when writing was last tried again.
    var autosave = AutosaveState()
    /// The user answered Discard to the quit question: the journal may go.
    var discardedOnQuit = false
    /// The desktop's recent files (nil: not kept, as in tests).
    var recentFiles: RecentFiles?
    /// The folder of the last file chosen in a chooser: the next chooser starts there when the
    /// document has no folder of its own.
    var lastFolder: String?
    /// A file read for Open, kept while the question about unsaved changes is asked.
    var preparedOpen: (path: String, prepared: PreparedOpen)?
    /// A file being opened off the event loop, and the name Save is to use once it is in
    /// place (`--save-to`).
    var opening: OpenJob?
    var nameAfterOpen: String?
    /// What to do once a save asked for by the question succeeds.
    var afterSave: PendingAction?

    init(state: DocumentState) {
        self.state = state
    }

    /// What an opened file holds, read and checked, waiting for the answer about changes.
    enum OpenedFile {
        case document(DocumentContents)
        case image(RasterImage)
        /// A PDF: a notebook to write on, one page per PDF page.
        case pdf(PDFFile)
        /// Another app's notebook (Xournal++, Xournal).
        case notebook(ImportedNotebook)
    }

    /// The folder a chooser starts in.
    var chooserFolder: String? { state.folder ?? lastFolder }

    /// The save under way, if one is, and the export.
    var saving: FileJob?
    var exporting: FileJob?

    /// The save's end, once it has ended: the document is marked saved as it was when it was
    /// taken (edits made meanwhile leave it modified). The journal notes the save only when
    /// nothing was done meanwhile: a note after those steps would count them saved, and a
    /// crash would lose them. A save of a drawing that another has replaced meanwhile marks
    /// nothing (`current`: the drawing in the window). Nil while the save runs.
    func finishSave(current editor: Editor) -> (job: FileJob, result: Result<Journal.Outcome?, any Error>)? {
        guard let job = saving, let outcome = job.outcome, case .save(let saved) = job.kind else { return nil }
        saving = nil
        // A file read for Open before this save may be the one just written: read it again.
        if preparedOpen?.path == job.path { preparedOpen = nil }
        let same = job.source == ObjectIdentifier(editor)
        switch outcome {
        case .failure(let error):
            if same { afterSave = nil }
            return (job, .failure(error))
        case .success:
            noteRecent(job.path)
            guard same else { return (job, .success(nil)) }
            state.saved(to: job.path, at: saved)
            return (job, .success(editor.history.stateID == saved ? journal?.noteSaved(job.path) : nil))
        }
    }

    /// The export's end, once it has ended: the copy is noted (the document is left as it is).
    /// It is not a recent file: opening an exported PDF or PNG would make its ink part of a
    /// background, no longer strokes, and the recent files are the documents to go back to.
    func finishExport() -> (job: FileJob, result: Result<Void, any Error>)? {
        guard let job = exporting, let outcome = job.outcome else { return nil }
        exporting = nil
        if case .success = outcome, case .export(_, let scale) = job.kind { state.exported(to: job.path, scale: scale) }
        return (job, outcome)
    }

    /// Reads a PDF, checked (its message names the file).
    static func readPDF(_ path: String) throws -> PDFFile {
        do {
            return try PDFReader.read(path: path, name: DocumentState.fileName(path))
        } catch {
            throw DocumentError("“\(DocumentState.fileName(path))” cannot be opened: \(error.message.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces))")
        }
    }

    /// Reads `path` as a document (.ora), a PDF, a Xournal++ or Xournal notebook or an image,
    /// checked, changing nothing (on any thread).
    static func read(_ path: String, decoder: any ImageDecoding) throws -> OpenedFile {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "ora": return .document(try OpenRaster.read(URL(fileURLWithPath: path)))
        case "pdf": return .pdf(try Self.readPDF(path))
        case "xopp", "xoj": return .notebook(try XournalImport.read(URL(fileURLWithPath: path), decoder: decoder))
        default: break
        }
        let image = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
        guard image.width <= CanvasLimits.maxSide, image.height <= CanvasLimits.maxSide else {
            throw DocumentError("“\(DocumentState.fileName(path))” is \(image.width)x\(image.height): a page can be at most \(CanvasLimits.maxSide) pixels a side")
        }
        return .image(image)
    }

    /// Sends every step of `editor` to the journal; `report` hears how each write went.
    func record(_ editor: Editor, report: @escaping (Journal.Outcome) -> Void) {
        editor.recorder = { [weak self] event in
            guard let journal = self?.journal else { return }
            report(journal.append(event))
        }
    }

    /// The journal starts over from `next` (an opened document, a new page).
    func restartJournal(for next: Editor, documentPath: String?, page: Data?, importedFrom: String? = nil) throws {
        guard let journal else { return }
        switch next.background {
        case .paper(let paper):
            try journal.restart(size: next.size, background: paper.color, paper: paper, documentPath: documentPath, page: page, importedFrom: importedFrom)
        case .color(let color):
            try journal.restart(size: next.size, background: color, documentPath: documentPath, page: page, importedFrom: importedFrom)
        case .xournal(let paper):
            try journal.restart(size: next.size, background: paper.color, documentPath: documentPath, page: page, importedFrom: importedFrom)
        case .image, .pdf:
            try journal.restart(size: next.size, background: .white, documentPath: documentPath, page: page, importedFrom: importedFrom)
        }
    }

    /// Brings back the dead session on offer, taking over its journal.
    func restore() throws -> Journal.Restored? {
        guard let orphan = recoverable else { return nil }
        recoverable = nil
        let restored = try Journal.restore(orphan, drawsPDFsLater: true)
        let adopted = try Journal(adopting: orphan.directory)
        journal?.remove()
        journal = adopted
        // Only a document is something Save writes again (older sessions noted exports too).
        state.restored(path: restored.savedTo.flatMap { URL(fileURLWithPath: $0).pathExtension.lowercased() == "ora" ? $0 : nil },
                       importedFrom: restored.importedFrom)
        return restored
    }

    /// The user chose not to restore the dead session: it goes.
    func discardRecoverable() {
        if let orphan = recoverable { Journal.discard(orphan) }
        recoverable = nil
    }

    /// The window is closing: the journal goes when nothing unsaved is in it (the document
    /// was saved, or the user answered Discard); otherwise it stays for the next start.
    func ended(modified: Bool) {
        if !modified || discardedOnQuit { journal?.remove() }
        journal = nil
    }

    /// While steps wait to be written, the next time to try again.
    var autosaveRetryTime: Double? {
        guard let journal, journal.isBehind else { return nil }
        return autosave.lastRetry + AutosaveState.retryInterval
    }

    /// Remembers a file in the recent files (the desktop's list and the menu's).
    func noteRecent(_ path: String) {
        try? recentFiles?.add(path)
    }
}

/// What the window knows of its journal's writing.
struct AutosaveState {
    /// The failure was said (once, until writing works again).
    var reportedProblem = false
    /// When waiting steps were last tried again.
    var lastRetry = 0.0
    /// How often waiting steps are tried again (a full disk may get space back).
    static let retryInterval = 2.0
}
