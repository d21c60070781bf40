import DrawingBoardCore
import DrawingBoardFiles
import Foundation

/// The in-window questions: unsaved changes before quitting, opening or starting a new page; a
/// Save name with another extension; restoring a session a crash left. Nothing happens until
/// the question is answered.
public final class Questions {
    unowned let app: AppController
    /// What waits on the answer, while a question is asked.
    public private(set) var pending: PendingAction?

    init(app: AppController) {
        self.app = app
    }

    private var document: DocumentController { app.document }
    private var session: DocumentSession { app.document.session }

    /// Asks `action`'s question.
    func ask(_ action: PendingAction) {
        pending = action
        // A drag under way ends as when the window loses the keyboard: a slider keeps where it
        // is, a stroke in progress goes, a held button or page card is let go without acting.
        // Nothing goes on under the question.
        app.focusLost()
        app.chrome.menu.close()
        app.chrome.showBars()
        app.invalidateChrome()
    }

    /// Carries `action` out now when nothing unsaved would be lost, or asks first.
    func whenChangesAreSafe(_ action: PendingAction) {
        // A new page size under way counts among the changes.
        app.followReplacement(wait: true)
        if document.isModified { ask(action) } else { carryOut(action) }
    }

    func carryOut(_ action: PendingAction) {
        switch action {
        case .quit: document.quitNow()
        case .open(let path): document.openNow(path)
        case .newPage(let spec): document.newPageNow(spec)
        case .restore: document.restoreNow()
        case .saveName, .replace, .replaceSource, .openLink: break
        }
    }

    /// The open question's words.
    /// "1 change", "5 changes": what a session to restore holds since its last save.
    static func describe(changes: Int) -> String { "\(changes) change\(changes == 1 ? "" : "s")" }

    public var text: String {
        let name = document.name
        switch pending {
        case .open(let path)?:
            return "Save changes to “\(name)” before opening “\(URL(fileURLWithPath: path).lastPathComponent)”?"
        case .restore?:
            let changes = session.recoverable?.changes ?? 0
            let damaged = session.recoverable?.startProblem == nil ? "" : " Its start is damaged: the steps come back over a blank page."
            let count = changes == 0 ? "" : " (\(Questions.describe(changes: changes)))"
            return "DrawingBoard closed before a drawing was saved\(count).\(damaged) Restore it?"
        case .newPage?:
            return "Save changes to “\(name)” before starting a new drawing?"
        case .saveName(let chosen, let doc, let format)?:
            let chosenName = URL(fileURLWithPath: chosen).lastPathComponent, docName = URL(fileURLWithPath: doc).lastPathComponent
            return format.map { "“\(chosenName)” is a \($0.title) name. Save the document as “\(docName)”, or export a \($0.title) copy to “\(chosenName)”?" }
                ?? "Documents are saved as .ora. Save the document as “\(docName)”?"
        case .replace(let path, _)?:
            let url = URL(fileURLWithPath: path)
            return "“\(url.lastPathComponent)” already exists in “\(url.deletingLastPathComponent().lastPathComponent)”. Replace it?"
        case .openLink(let address)?:
            return "Open “\(address)” in the browser?"
        case .replaceSource(let path)?:
            let name = URL(fileURLWithPath: path).lastPathComponent
            return "“\(name)” is the PDF this notebook's pages came from. Replace it with the annotated copy? (The notebook keeps its pages either way.)"
        case .quit?, nil:
            return "Save changes to “\(name)” before closing?"
        }
    }

    /// The answer: one of the dialog's buttons, Enter (the first) or Esc (cancel).
    func answer(_ button: DialogButton) {
        guard let action = pending else { return }
        pending = nil
        app.invalidateChrome()
        if case .openLink(let address) = action {
            if button == .openLink { app.request(.openURI(address)) }
            return
        }
        if case .replaceSource(let path) = action {
            if button == .replace { document.exportCopy(to: path, overSource: true) }
            return
        }
        if case .replace(let path, let export) = action {
            if button == .replace {
                if export { document.exportCopy(to: path) } else { document.write(to: path) }
            } else {
                session.afterSave = nil
            }
            return
        }
        if case .saveName(let chosen, let target, _) = action {
            switch button {
            case .saveDocument:
                document.saveDocument(to: target, typed: chosen)
            case .exportCopy:
                // A copy saves nothing: whatever waited on a save (quitting) waits on.
                session.afterSave = nil
                document.exportCopy(to: chosen)
            default:
                session.afterSave = nil
            }
            return
        }
        switch button {
        case .save, .saveDocument:
            session.afterSave = action
            document.save(choosingName: false)
        case .discard:
            if case .restore = action {
                session.discardRecoverable()
            } else {
                if case .quit = action { session.discardedOnQuit = true }
                carryOut(action)
            }
        case .cancel, .exportCopy, .replace, .openLink:
            session.afterSave = nil
            session.preparedOpen = nil
        case .restore:
            carryOut(action)
        }
    }
}
