import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// The in-window questions: unsaved changes before quitting, opening or starting a new page; a
/// Save name with another extension; restoring a session a crash left.
extension AppController {
    /// Asks `action`'s question; nothing happens until it is answered.
    func ask(_ action: PendingAction) {
        pendingQuestion = action
        menuOpen = false
        bars.show(at: now)
        invalidateChrome()
    }

    /// Carries `action` out now when nothing unsaved would be lost, or asks first.
    func whenChangesAreSafe(_ action: PendingAction) {
        if isModified { ask(action) } else { carryOut(action) }
    }

    func carryOut(_ action: PendingAction) {
        switch action {
        case .quit: request(.quit)
        case .open(let path): openNow(path)
        case .newPage(let spec): newPageNow(spec)
        case .restore: restoreNow()
        case .saveName, .replace: break
        }
    }

    /// The open question's words.
    public var questionText: String {
        switch pendingQuestion {
        case .open(let path)?:
            return "Save changes to “\(documentName)” before opening “\(URL(fileURLWithPath: path).lastPathComponent)”?"
        case .restore?:
            let steps = recoverable?.steps ?? 0
            let damaged = recoverable?.startProblem == nil ? "" : " Its start is damaged: the steps come back over a blank page."
            return "DrawingBoard closed before a drawing was saved (\(steps) step\(steps == 1 ? "" : "s")).\(damaged) Restore it?"
        case .newPage?:
            return "Save changes to “\(documentName)” before starting a new page?"
        case .saveName(let chosen, let doc, let format)?:
            let name = URL(fileURLWithPath: chosen).lastPathComponent, docName = URL(fileURLWithPath: doc).lastPathComponent
            return format.map { "“\(name)” is a \($0.title) name. Save the document as “\(docName)”, or export a \($0.title) copy to “\(name)”?" }
                ?? "Documents are saved as .ora. Save the document as “\(docName)”?"
        case .replace(let path, _)?:
            let url = URL(fileURLWithPath: path)
            return "“\(url.lastPathComponent)” already exists in “\(url.deletingLastPathComponent().lastPathComponent)”. Replace it?"
        case .quit?, nil:
            return "Save changes to “\(documentName)” before closing?"
        }
    }

    /// Lines the question takes in its dialog (the dialog is as tall as its words need).
    var questionLines: Int {
        let width = Layout.dialogWidth(window: window, scale: scale) - 32 * scale
        let text = questionText
        if let m = questionMeasure, m.text == text, m.width == width { return m.lines }
        let lines = min(4, TextMetrics.lineCount(text, width: width, size: Theme.textSize * scale, bold: true))
        questionMeasure = (text, width, lines)
        return lines
    }

    // MARK: - Quitting

    /// Ctrl+Q or the window's close button: asks first when the document has changes that are
    /// not saved to it (an export saves nothing).
    public func requestQuit() {
        whenChangesAreSafe(.quit)
    }

    /// The window is closing: the journal goes when nothing unsaved is in it (the document
    /// was saved, or the user answered Discard); otherwise it stays for the next start.
    public func sessionEnded() {
        session.ended(modified: isModified)
    }

    func answerQuestion(_ button: DialogButton) {
        guard let action = pendingQuestion else { return }
        pendingQuestion = nil
        invalidateChrome()
        if case .replace(let path, let export) = action {
            if button == .replace {
                if export { exportCopy(to: path) } else if writeDocument(to: path) { runAfterSave() }
            } else {
                session.afterSave = nil
            }
            return
        }
        if case .saveName(let chosen, let target, _) = action {
            switch button {
            case .saveDocument:
                saveDocument(to: target, typed: chosen)
            case .exportCopy:
                // A copy saves nothing: whatever waited on a save (quitting) waits on.
                session.afterSave = nil
                exportCopy(to: chosen)
            default:
                session.afterSave = nil
            }
            return
        }
        switch button {
        case .save, .saveDocument:
            session.afterSave = action
            save(choosingName: false)
        case .discard:
            if case .restore = action {
                session.discardRecoverable()
            } else {
                if case .quit = action { session.discardedOnQuit = true }
                carryOut(action)
            }
        case .cancel, .exportCopy, .replace:
            session.afterSave = nil
            session.preparedOpen = nil
        case .restore:
            carryOut(action)
        }
    }

    // MARK: - Recovery

    /// At start: a window died with unsaved work; ask whether to bring it back.
    public func offerRecovery(_ orphan: Journal.Orphan) {
        session.recoverable = orphan
        ask(.restore(orphan.directory.path))
    }

    func restoreNow() {
        guard let orphan = recoverable else { return }
        do {
            guard let restored = try session.restore(history: editor.history.options) else { return }
            replaceEditor(restored.editor, restartJournal: false)
            // The brush takes the colour the last stroke was drawn with, so the swatch and the
            // next stroke match the work that came back.
            if let last = editor.strokes.last(where: { !$0.tool.isEraser && $0.tool != .highlighter }) {
                setPenColor(last.style.color)
            }
            if let reason = restored.skipReason {
                let n = restored.skipped
                show(error: "Restored the drawing, but \(n) step\(n == 1 ? "" : "s") could not come back (\(reason))")
            } else if let problem = restored.startProblem {
                show(error: "Restored \(orphan.steps) step\(orphan.steps == 1 ? "" : "s") over a blank page (\(problem))")
            } else {
                show(info: "Restored \(orphan.steps) step\(orphan.steps == 1 ? "" : "s")")
            }
        } catch {
            show(error: "The drawing could not be restored: \(error)")
        }
    }
}
