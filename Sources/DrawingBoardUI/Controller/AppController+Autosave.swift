import DrawingBoardCore
import DrawingBoardFiles

/// What the window knows of its journal's writing.
struct AutosaveState {
    /// The failure was said (once, until writing works again).
    var reportedProblem = false
    /// When waiting steps were last tried again.
    var lastRetry = 0.0
    /// How often waiting steps are tried again (a full disk may get space back).
    static let retryInterval = 2.0
}

extension AppController {
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
            session.autosave.lastRetry = now
            guard !session.autosave.reportedProblem else { return }
            session.autosave.reportedProblem = true
            show(error: "Autosave failed (your drawing is still here; it will try again): \(problem)")
        case .caughtUp:
            session.autosave.reportedProblem = false
            show(info: "Autosave works again: every step is saved")
        }
    }

    /// While steps wait to be written, the next time to try again.
    var autosaveRetryTime: Double? { session.autosaveRetryTime }

    /// Tries the waiting steps again when it is time (from `tick`).
    func retryAutosave(at time: Double) {
        guard let due = autosaveRetryTime, time >= due - 1e-6, let journal else { return }
        session.autosave.lastRetry = time
        report(journal.retry())
    }
}
