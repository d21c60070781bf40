import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts the journal's lines on the disk off the event loop: each line is written into the
/// file at once (the system holds it, so a crash of the app loses nothing), and the `fsync`
/// that makes it outlast a crash of the system runs on a thread of its own, one at a time, the
/// lines written meanwhile going with the next. A slow disk (a network home, a USB stick) then
/// never holds the window up at the end of a stroke.
final class JournalSync: @unchecked Sendable {
    private let fd: Int32
    private let queue = DispatchQueue(label: "drawingboard.journal-sync", qos: .utility)
    private let lock = NSLock()
    /// A flush is asked for and has not begun.
    private var asked = false
    /// The errno of a flush that failed, until it is taken.
    private var failure: Int32?
    /// For tests: flushes fail with this errno; and each flush off the loop waits for `gate`.
    nonisolated(unsafe) var simulatedFailure: Int32?
    nonisolated(unsafe) var gate: DispatchSemaphore?

    init(fd: Int32) {
        self.fd = fd
    }

    /// Flushes what is written so far, soon.
    func request() {
        lock.lock()
        defer { lock.unlock() }
        guard !asked else { return }
        asked = true
        let gate = gate
        queue.async { [self] in
            lock.lock()
            asked = false
            lock.unlock()
            gate?.wait()
            if let code = flushNow() {
                lock.lock()
                failure = code
                lock.unlock()
            }
        }
    }

    /// Flushes here and now; the errno when it fails.
    func flushNow() -> Int32? {
        if let code = simulatedFailure { return code }
        return fsync(fd) == 0 ? nil : errno
    }

    /// Why a flush failed since the last call, if one did.
    func takeFailure() -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        defer { failure = nil }
        return failure
    }

    /// Waits for the flushes asked for (the file is about to be closed; tests).
    func wait() {
        queue.sync {}
    }
}
