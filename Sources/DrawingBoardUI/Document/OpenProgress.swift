import DrawingBoardCore
import DrawingBoardFiles
import Foundation

/// Files opened as the window follows them (each one an `OpenJob`, read and made ready off the
/// event loop): a word in the window when one takes long, then the question about unsaved
/// changes, then the drawing replaced by it (`openNow`).
final class OpenProgress {
    unowned let document: DocumentController

    init(document: DocumentController) {
        self.document = document
    }

    private var app: AppController { document.app }

    /// Once the file is ready, the question about unsaved changes (or its opening); a word in
    /// the window when it takes long.
    func follow() {
        guard let job = document.session.opening else { return }
        let name = DocumentState.fileName(job.path)
        if !job.announced, app.now - job.started >= WriteProgress.announceAfter {
            job.announced = true
            app.chrome.show(info: "Opening “\(name)”…")
        }
        // While a question waits for an answer, the file waits too (asking now would replace it).
        guard let outcome = job.outcome, document.pendingQuestion == nil else { return }
        document.session.opening = nil
        switch outcome {
        case .failure(let error as DocumentError):
            app.chrome.show(error: "\(error)")  // it names the file already
            nameAfterOpen()
        case .failure(let error):
            app.chrome.show(error: "Could not open “\(name)”: \(error)")
            nameAfterOpen()
        case .success(let prepared):
            document.session.preparedOpen = (job.path, prepared)
            document.questions.whenChangesAreSafe(.open(job.path))
        }
        app.invalidateChrome()
    }

    /// Opens `path` now (any question about unsaved changes was answered): the file made
    /// ready off the loop, or read here when it was written meanwhile.
    func openNow(_ path: String) {
        let name = DocumentState.fileName(path)
        let prepared = document.session.preparedOpen?.path == path ? document.session.preparedOpen?.prepared : nil
        document.session.preparedOpen = nil
        let ready: PreparedOpen
        do {
            ready = try prepared ?? PreparedOpen.prepare(path, decoder: app.decoder)
        } catch let error as DocumentError {
            app.chrome.show(error: "\(error)")
            return
        } catch {
            app.chrome.show(error: "Could not open “\(name)”: \(error)")
            return
        }
        let next = ready.editor
        switch ready.kind {
        case .document:
            app.replaceEditor(next, restartJournalFrom: path)
            document.session.state.replaced(path: path, at: next.history.stateID)
            app.chrome.show(info: "Opened “\(name)”")
        case .pdf(let pages):
            app.replaceEditor(next, page: ready.sessionPage, importedFrom: path)
            document.session.state.replaced(path: nil, importedFrom: path, at: next.history.stateID)
            app.chrome.show(info: "Opened “\(name)”: \(pages) page\(pages == 1 ? "" : "s") to write on. Save makes a document of \(pages == 1 ? "it" : "them") with the PDF inside")
        case .notebook(let pages, let leftOut):
            app.replaceEditor(next, page: ready.sessionPage, importedFrom: path)
            document.session.state.replaced(path: nil, importedFrom: path, at: next.history.stateID)
            let dropped = leftOut.isEmpty ? "" : "; left out: \(leftOut.joined(separator: ", "))"
            app.chrome.show(info: "Opened “\(name)”, \(pages) page\(pages == 1 ? "" : "s"); Save writes it as a DrawingBoard document\(dropped)")
        case .image(let size):
            app.replaceEditor(next, page: ready.sessionPage, importedFrom: path)
            document.session.state.replaced(path: nil, importedFrom: path, at: next.history.stateID)
            app.chrome.show(info: "Opened “\(name)” as a new page (\(size.width)x\(size.height)); Save writes it as a document")
        }
        document.session.noteRecent(path)
        // Where it was left: its page and zoom.
        if let place = document.lastPlaces?.place(of: path), place.page < app.editor.pages.count {
            app.viewport.zoom(to: place.zoom)
            app.pages.go(to: place.page)
        }
        nameAfterOpen()
    }

    /// The name `--save-to` gave, once the file opened is in place.
    private func nameAfterOpen() {
        guard let name = document.session.nameAfterOpen else { return }
        document.session.nameAfterOpen = nil
        document.nameDocument(name)
    }
}
