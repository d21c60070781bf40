import CSystem
import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// A save under way off the event loop. The document is taken at once on the loop (its
/// pages' models: values), then its first page's layers are painted from the model
/// (`PagePicture(painting:)`), encoded and written atomically on a thread of its own while the
/// user goes on drawing; the window looks for the
/// outcome (`outcome`) and marks the document saved as it was when it was taken. The thread
/// runs at a lower priority, on one core, so the window's thread is never kept waiting.
final class SaveJob: @unchecked Sendable {
    let path: String
    /// The history's state the snapshot was taken at: what the document is saved as.
    let stateID: UInt64
    /// When it started (a long save shows that it is under way).
    let started: Double
    /// Whether the window said the save is under way (said once).
    var announced = false
    private let lock = NSLock()
    private var result: Result<Void, any Error>?

    /// Takes the document from `editor` now and starts writing it to `path`.
    init(_ editor: Editor, to path: String, now: Double) {
        self.path = path
        stateID = editor.history.stateID
        started = now
        // The models alone are taken here (values): the first page's layers are painted from
        // its model on the save's thread, on a canvas of its own.
        let pages = editor.pages.notebook.pages.map(\.page)
        let first = pages[0], otherPages = Array(pages.dropFirst())
        let thread = Thread { [self] in
            // Below the window's thread, on one core: ink stays at the pointer meanwhile.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(drawingboard_thread_id()), 10)
            let outcome: Result<Void, any Error>
            do {
                let picture = try PagePicture(painting: first)
                try AtomicFile.write(try OpenRaster.encode(picture, otherPages: otherPages, parallel: false), toPath: path)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            lock.lock()
            result = outcome
            lock.unlock()
        }
        thread.start()
    }

    /// How the save went, once it is done (nil while it runs).
    var outcome: Result<Void, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }

    /// Waits for the save to end (the app is being ended and cannot wait for the loop).
    func wait() {
        while outcome == nil { usleep(5_000) }
    }
}
