import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The document behind the window, as the user works with it. Save writes the document
/// (OpenRaster, with layers and strokes) and is the only thing that marks the picture saved;
/// Export writes a copy (PNG, JPEG, WebP, SVG, PDF) and changes nothing else: not the
/// document's name, its saved state, the title or the journal. Open reads a document or an
/// image first and asks about unsaved changes after (`Questions`). Autosave journals every
/// step; a window that died leaves its session to restore.
public final class DocumentController {
    unowned let app: AppController
    /// The files: where Save writes, the journal, the recent files.
    let session = DocumentSession(state: DocumentState())

    /// The desktop's recent files (nil: not kept, as in tests).
    /// Where each notebook was left (nil: not noted, as in tests).
    public var lastPlaces: LastPlaces?

    /// Notes where the notebook shown is left: its page and zoom, by its file (the document,
    /// or the PDF or notebook it was made from).
    func rememberPlace() {
        guard let lastPlaces, let path = state.path ?? state.importedFrom else { return }
        lastPlaces.remember(LastPlaces.Place(page: editor.pages.index, zoom: app.viewport.zoom), for: path)
    }

    public var recentFiles: RecentFiles? {
        get { session.recentFiles }
        set { session.recentFiles = newValue }
    }
    public private(set) lazy var questions = Questions(app: app)

    init(app: AppController) {
        self.app = app
    }

    var editor: Editor { app.editor }
    var chrome: Chrome { app.chrome }

    /// The document Save writes, the file Export writes, and whether changes are saved.
    public var state: DocumentState { session.state }
    /// The .ora document Save writes (nil until the first save).
    public var path: String? { session.state.path }
    public var isModified: Bool { session.state.isModified(at: editor.history.stateID) }
    public var name: String { session.state.name }
    /// The question waiting for an answer, if one is asked.
    public var pendingQuestion: PendingAction? { questions.pending }
    var questionText: String { questions.text }

    // MARK: - Saving the document

    /// Ctrl+S writes the document, asking for a name the first time; Ctrl+Shift+S always asks.
    public func save(choosingName: Bool) {
        // While the first save is being written, the document's name is the one it is given.
        if let path = path ?? session.saving?.path, !choosingName {
            write(to: path)
            return
        }
        app.request(.chooseFile(FileRequest(purpose: .saveDrawing, title: "Save Drawing", suggestedName: state.suggestedName,
                                            folder: session.chooserFolder)))
    }

    /// Starts writing the document, off the event loop (`WriteProgress`).
    func write(to path: String) { writes.save(path) }

    /// Saves and exports under way: their ends, and a word in the window when one takes long.
    func followWrites() { writes.follow() }

    lazy var writes = WriteProgress(document: self)

    /// Whether a file (the document, or a copy) is being written.
    public var isWriting: Bool { session.saving != nil || session.exporting != nil }

    /// What waited on a save (quitting, opening) goes on once it succeeded; if more was done
    /// while it was being written, the question is asked again.
    func runAfterSave() {
        guard let action = session.afterSave else { return }
        session.afterSave = nil
        questions.whenChangesAreSafe(action)
    }

    /// A name chosen for Save: the document, or a question when it ends in another extension.
    private func chosenSaveName(_ path: String) {
        switch DocumentState.saveName(for: path) {
        case .document(let target):
            saveDocument(to: target, typed: path)
        case .ask(let chosen, let target, let format):
            questions.ask(.saveName(chosen: chosen, document: target, export: format))
        }
    }

    /// Names the document Save writes (`--save-to`), when none is named yet.
    public func nameDocument(_ path: String) {
        if isOpening {
            // Named once the file being opened is in place.
            session.nameAfterOpen = path
            return
        }
        guard self.path == nil else { return }
        session.state.name(path)
    }

    /// Writes the document to `target`, asking first when the app completed the name typed
    /// (the chooser only confirmed replacing the name as typed) and `target` exists.
    func saveDocument(to target: String, typed: String) {
        if target != typed, FileManager.default.fileExists(atPath: target) {
            questions.ask(.replace(path: target, export: false))
        } else {
            write(to: target)
        }
    }

    // MARK: - The chooser's answers

    /// The platform's answer to a `chooseFile` request: a path, or nil when cancelled.
    public func fileChosen(_ purpose: FileRequest.Purpose, path: String?) {
        guard let path, !path.isEmpty else {
            session.afterSave = nil
            session.preparedOpen = nil
            return
        }
        session.lastFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        switch purpose {
        case .saveDrawing: chosenSaveName(path)
        case .export: chosenExportName(path)
        case .backgroundImage: loadBackground(path)
        case .insertImage: app.selection.insertImage(path)
        case .openFile: open(path)
        case .insertPDF: app.pages.insertPDF(path)
        }
    }

    /// The platform could not show a file chooser.
    public func fileChooserFailed(_ reason: String) {
        session.afterSave = nil
        chrome.show(error: reason)
    }

    // MARK: - Opening

    /// Ctrl+O: a document or an image to open in place of the page.
    public func chooseFileToOpen(insertingPDF: Bool = false) {
        app.request(.chooseFile(insertingPDF ? FileRequest(purpose: .insertPDF, title: "Insert the Pages of a PDF", folder: session.chooserFolder)
                                             : FileRequest(purpose: .openFile, title: "Open a Drawing, a PDF or an Image", folder: session.chooserFolder)))
    }

    /// Opens `path` in place of the page, asking first about unsaved changes: an .ora is the
    /// document; an image becomes a new page of its size with the image as its background.
    public func open(_ path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "svg" {
            chrome.show(error: "“\(DocumentState.fileName(path))” is an SVG image, not a document: Insert Image (Ctrl+I) places it on the page. Open takes .ora documents, Xournal++ notebooks, PDFs and PNG, JPEG or WebP images")
            return
        }
        // Read and made ready off the event loop first (`followOpen`): a file that cannot be
        // opened says so before any question about unsaved changes, and the drawing stays.
        session.opening = OpenJob(path, decoder: app.decoder, now: app.now)
    }

    /// A file being opened: once it is ready, the question about unsaved changes (or its
    /// opening). The window calls this as it ticks.
    func followOpen() { opens.follow() }

    /// Opens `path` now (any question about unsaved changes was answered).
    func openNow(_ path: String) { opens.openNow(path) }

    private lazy var opens = OpenProgress(document: self)

    /// Whether a file is being opened.
    public var isOpening: Bool { session.opening != nil }

    /// Starts a new blank page of `spec` (any question about unsaved changes was answered).
    func newPageNow(_ spec: PageSpec) {
        do {
            let next = try Editor(size: spec.size, background: spec.pageBackground)
            app.replaceEditor(next)
            session.state.replaced(path: nil, at: next.history.stateID)
            app.brush.backgroundColor = spec.background
            // A dark page gets a light pen and a light page a dark one, when the pen would
            // hardly show on it.
            let pen = app.brush.rules.penColor(editor.toolState)
            if abs(pen.luminance - spec.background.luminance) < 0.35 {
                app.brush.setPenColor(spec.background.luminance < 0.5 ? .white : .black)
            }
            chrome.show(info: "New drawing, one page of \(spec.size.width)x\(spec.size.height)")
        } catch {
            chrome.show(error: "A \(spec.size.width)x\(spec.size.height) page cannot be made: \(error)")
        }
    }

    /// The Background panel's "Choose image…": an image for the background of this page.
    public func chooseBackgroundImage() {
        app.request(.chooseFile(FileRequest(purpose: .backgroundImage, title: "Choose a Background Image", folder: session.chooserFolder)))
    }

    /// A file dropped on the window: a document opens; an image is placed on the page where it
    /// was dropped (`at`, window pixels; the middle of the view when the platform cannot say).
    public func dropped(_ path: String, at: Point? = nil) {
        // While a question or a sheet waits for an answer, a drop would change what it is about.
        guard pendingQuestion == nil, chrome.sheet == nil else {
            if pendingQuestion == nil { chrome.show(error: "Close the sheet first, then drop the file again") }
            return
        }
        if ["ora", "pdf", "xopp", "xoj"].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) {
            open(path)
        } else {
            app.selection.insertImage(path, at: at.map(app.view.toCanvas))
        }
    }

    /// Decodes an image and makes it the background, as one undoable step. A bad file leaves
    /// everything as it was and says why.
    public func loadBackground(_ path: String) {
        let name = DocumentState.fileName(path), decoder = app.decoder, into = ObjectIdentifier(editor)
        // Decoded off the event loop (a big photo takes a while); set when ready, on the
        // drawing it was chosen for.
        app.background.run({ try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels) },
                           announcing: "Reading “\(name)”…") { [weak self] result in
            guard let self, ObjectIdentifier(editor) == into else { return }
            do {
                try editor.setBackground(.image(try result.get(), name: name))
            } catch {
                chrome.show(error: "Could not open “\(name)”: \(error)")
            }
            app.invalidateChrome()
        }
    }

    // MARK: - Quitting, autosave, recovery

    /// Ctrl+Q or the window's close button: asks first when the document has changes that are
    /// not saved to it (an export saves nothing).
    public func requestQuit() {
        // A new page size under way is part of what may be unsaved.
        app.followReplacement(wait: true)
        if let job = session.saving ?? session.exporting {
            // The window waits for the files being written, then closes (or asks, if more
            // was done meanwhile).
            writes.quitWhenWritten()
            let name = DocumentState.fileName(job.path)
            if case .save = job.kind {
                chrome.show(info: "Saving “\(name)”: the window closes once it is saved")
            } else {
                chrome.show(info: "Exporting “\(name)”: the window closes once it is written")
            }
            return
        }
        if !app.background.isEmpty {
            // An image or a PDF being read for insertion goes in first.
            writes.quitWhenWritten()
            let doing = (app.background.underWay ?? "Reading a file").replacingOccurrences(of: "…", with: "")
            chrome.show(info: "\(doing): the window closes once it is done")
            return
        }
        questions.whenChangesAreSafe(.quit)
    }

    /// Quitting now (the question answered): if files are being written, the window waits.
    func quitNow() {
        if isWriting || !app.background.isEmpty {
            requestQuit()
        } else {
            app.request(.quit)
        }
    }

    /// The window is closing: the journal goes when nothing unsaved is in it (the document
    /// was saved, or the user answered Discard); otherwise it stays for the next start.
    public func sessionEnded() {
        rememberPlace()
        session.ended(modified: isModified)
    }

    /// The system ended the app (logout, a signal): no question can be asked, so unsaved work
    /// stays in the journal, to be offered back at the next start; with nothing unsaved, the
    /// journal goes as on a normal quit.
    public func terminated() {
        app.followReplacement(wait: true)
        // Files being written end first (complete, or the old ones as they were); nothing
        // asked for meanwhile starts.
        writes.dropQueued()
        session.saving?.wait()
        session.exporting?.wait()
        followWrites()
        if !isModified { session.journal?.remove() }
        session.journal = nil
    }

    /// Starts journaling every committed step to `journal`.
    public func attach(journal: Journal) {
        session.journal = journal
        wireJournal()
    }

    func wireJournal() {
        session.record(editor) { [weak self] outcome in self?.report(outcome) }
    }

    /// Says when autosave falls behind (once) and when it has caught up again.
    func report(_ outcome: Journal.Outcome) {
        switch outcome {
        case .written:
            break
        case .behind(let problem):
            session.autosave.lastRetry = app.now
            guard !session.autosave.reportedProblem else { return }
            session.autosave.reportedProblem = true
            chrome.show(error: "Autosave failed (your drawing is still here; it will try again): \(problem)")
        case .caughtUp:
            session.autosave.reportedProblem = false
            chrome.show(info: "Autosave works again: every step is saved")
        }
    }

    /// While steps wait to be written, the next time to try again.
    public var autosaveRetryTime: Double? { session.autosaveRetryTime }

    /// Tries the waiting steps again when it is time (from `tick`).
    func retryAutosave() {
        guard let due = autosaveRetryTime, app.now >= due - 1e-6, let journal = session.journal else { return }
        session.autosave.lastRetry = app.now
        report(journal.retry())
    }

    /// At start: a window died with unsaved work; ask whether to bring it back.
    public func offerRecovery(_ orphan: Journal.Orphan) {
        session.recoverable = orphan
        questions.ask(.restore(orphan.directory.path))
    }

    /// Brings back the dead window's session (the user answered Restore).
    func restoreNow() {
        guard let orphan = session.recoverable else { return }
        do {
            guard let restored = try session.restore() else { return }
            app.replaceEditor(restored.editor, restartJournal: false)
            // The brush takes the colour the last stroke was drawn with, so the swatch and the
            // next stroke match the work that came back.
            if let last = editor.strokes.last(where: { !$0.tool.isEraser && $0.tool != .highlighter }) {
                app.brush.setPenColor(last.style.color)
            }
            if let reason = restored.skipReason {
                let n = restored.skipped
                chrome.show(error: "Restored the drawing, but \(n) line\(n == 1 ? "" : "s") of its journal could not come back (\(reason))")
            } else if let problem = restored.startProblem {
                chrome.show(error: "Restored the drawing over a blank page (\(problem))")
            } else {
                chrome.show(info: orphan.changes == 0 ? "Restored the drawing" : "Restored the drawing (\(Questions.describe(changes: orphan.changes)))")
            }
        } catch {
            chrome.show(error: "The drawing could not be restored: \(error)")
        }
    }
}
