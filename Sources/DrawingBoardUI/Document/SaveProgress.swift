import DrawingBoardFiles
import Foundation

/// Saves as the window follows them (each one a `SaveJob`, written off the event loop): one at
/// a time, a save asked for meanwhile starting when it ends (from the document as it then
/// is); a word in the window when one takes long; and at the end, "Saved", or why not (the
/// drawing stays as it is), then what waited on it.
final class SaveProgress {
    unowned let document: DocumentController
    /// A save asked for while another ran.
    private var again: String?
    /// A save that has run this long says so in the window.
    static let announceAfter = 0.3

    init(document: DocumentController) {
        self.document = document
    }

    private var app: AppController { document.app }

    func start(_ path: String) {
        guard document.session.saving == nil else {
            again = path
            return
        }
        document.session.startWrite(app.editor, to: path, now: app.now)
    }

    func follow() {
        if let job = document.session.saving, !job.announced, app.now - job.started >= Self.announceAfter {
            job.announced = true
            app.chrome.show(info: "Saving “\(DocumentState.fileName(job.path))”…")
        }
        guard let (job, result) = document.session.finishWrite(current: app.editor.history.stateID) else { return }
        let name = DocumentState.fileName(job.path)
        switch result {
        case .failure(let error):
            again = nil
            app.chrome.show(error: "Could not save “\(name)”: \(error) (the drawing is as it was)")
        case .success(let outcome):
            if let outcome { document.report(outcome) }
            app.chrome.show(info: "Saved “\(name)”")
            if let path = again {
                again = nil
                start(path)
            } else {
                document.runAfterSave()
            }
        }
        app.invalidateChrome()
    }
}
