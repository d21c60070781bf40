import DrawingBoardCore
import DrawingBoardFiles
import Foundation

/// Saves and exports as the window follows them (each one a `FileJob`, written off the event
/// loop): one save and one export at a time, one asked for meanwhile starting when the one
/// under way ends (from the document as it then is); a word in the window when one takes long;
/// and at the end, what happened (a failure says why: the drawing stays as it is), then what
/// waited on a save.
final class WriteProgress {
    unowned let document: DocumentController
    /// A save and an export asked for while another ran.
    private var saveAgain: String?
    private var exportAgain: (path: String, scale: Double)?
    /// A file that has been written this long says so in the window.
    static let announceAfter = 0.3

    init(document: DocumentController) {
        self.document = document
    }

    private var app: AppController { document.app }
    private var session: DocumentSession { document.session }

    func save(_ path: String) {
        guard session.saving == nil else {
            saveAgain = path
            return
        }
        // What is saved, and the state it is marked saved at, include a new page size under way.
        app.followReplacement(wait: true)
        do {
            session.saving = try FileJob.save(app.editor, to: path, now: app.now)
        } catch {
            session.afterSave = nil
            app.chrome.show(error: "Could not save “\(DocumentState.fileName(path))”: \(error)")
        }
    }

    /// `scale`: a picture's, drawn again from the page at it (1: the page's own pixels).
    func export(_ path: String, as format: ExportFormat, scale: Double = 1) {
        guard session.exporting == nil else {
            exportAgain = (path, scale)
            return
        }
        app.followReplacement(wait: true)
        do {
            session.exporting = try FileJob.export(app.editor, to: path, as: format, scale: scale, encoder: app.encoder, now: app.now)
        } catch {
            app.chrome.show(error: "Could not export “\(DocumentState.fileName(path))”: \(error)")
        }
    }

    func follow() {
        // Called on every tick: nothing to do is the common case.
        guard session.saving != nil || session.exporting != nil || quitAskedAt != nil else { return }
        for job in [session.saving, session.exporting].compactMap({ $0 }) where !job.announced && app.now - job.started >= Self.announceAfter {
            job.announced = true
            let name = DocumentState.fileName(job.path)
            if case .save = job.kind { app.chrome.show(info: "Saving “\(name)”…") } else { app.chrome.show(info: "Exporting “\(name)”…") }
        }
        if let (job, result) = session.finishSave(current: app.editor) {
            let name = DocumentState.fileName(job.path)
            let same = job.source == ObjectIdentifier(app.editor)
            if !same { saveAgain = nil }
            // An open of the file just written read it before: it is read again.
            if let opening = session.opening, opening.path == job.path, case .success = result { document.open(job.path) }
            switch result {
            case .failure(let error):
                app.chrome.show(error: "Could not save “\(name)”: \(error) (the drawing is as it was)")
                // A save asked for meanwhile (another name, perhaps) is still wanted.
                if let path = saveAgain {
                    saveAgain = nil
                    save(path)
                }
            case .success(let outcome):
                if let outcome { document.report(outcome) }
                app.chrome.show(info: "Saved “\(name)”")
                if let path = saveAgain {
                    saveAgain = nil
                    save(path)
                } else if same {
                    document.runAfterSave()
                }
            }
            app.invalidateChrome()
        }
        if let (job, result) = session.finishExport() {
            let name = DocumentState.fileName(job.path)
            switch result {
            case .failure(let error):
                app.chrome.show(error: "Could not export “\(name)”: \(error)")
                exportQueued()
            case .success:
                app.chrome.show(info: document.isModified ? "Exported a copy to “\(name)” (the document itself is not saved: Ctrl+S)"
                                                          : "Exported a copy to “\(name)”")
                exportQueued()
            }
            app.invalidateChrome()
        }
        // A quit that waited for the files goes on once none is being written (nor any file
        // read for insertion): it asks if anything was done since Ctrl+Q, or is still under
        // way (a stroke held, a text being typed), else it closes as a quit does.
        if let asked = quitAskedAt, session.saving == nil, session.exporting == nil, app.background.isEmpty {
            quitAskedAt = nil
            if app.editor.history.stateID != asked || app.input.isPointerDown || app.text.typed != nil {
                document.questions.ask(.quit)
            } else {
                document.questions.whenChangesAreSafe(.quit)
            }
        }
    }

    /// Starts the export asked for while the last one ran.
    private func exportQueued() {
        guard let again = exportAgain, let format = ExportFormat(pathExtension: URL(fileURLWithPath: again.path).pathExtension) else { return }
        exportAgain = nil
        export(again.path, as: format, scale: again.scale)
    }

    /// When a quit asked to wait for the files being written: the history's state then.
    var quitAskedAt: UInt64?

    /// Quitting waits for the files being written.
    func quitWhenWritten() {
        quitAskedAt = app.editor.history.stateID
    }

    /// Nothing asked for meanwhile starts any more (the app is being ended).
    func dropQueued() {
        saveAgain = nil
        exportAgain = nil
        session.afterSave = nil
    }
}
