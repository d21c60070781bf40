import CSystem
import Foundation

/// Work done on a thread of its own, at a lower priority than the window's, its result looked
/// for from the event loop (`outcome`). What the work makes is touched by nothing else until
/// the loop takes it.
final class BackgroundWork<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    init(_ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            // Below the window's thread: ink stays at the pointer meanwhile.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(drawingboard_thread_id()), 10)
            let outcome = Result { try work() }
            lock.lock()
            result = outcome
            lock.unlock()
        }
        thread.start()
    }

    /// How it went, once it is done (nil while it runs).
    var outcome: Result<Value, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }

    /// Waits for it to end (the app is being ended and cannot wait for the loop; tests).
    func wait() {
        while outcome == nil { usleep(5_000) }
    }
}
