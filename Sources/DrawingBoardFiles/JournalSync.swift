import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts the journal's lines on the disk off the event loop: each line is written into the
/// file at once (the system holds it, so a crash of the app loses nothing), and the `fsync`
/// that makes it outlast a crash of the system runs on a thread of its own, one at a time, the
/// lines written meanwhile going with the next. A slow disk (a network home, a USB stick) then
/// never holds the window up at the end of a stroke. The journal keeps the lines no flush has
/// covered yet: a flush that fails may have lost them (the system reports such a failure only
/// once), so they are written again and flushed on the loop (`Journal.flush`).
final class JournalSync: @unchecked Sendable {
    private let fd: Int32
    private let queue = DispatchQueue(label: "drawingboard.journal-sync", qos: .utility)
    private let lock = NSLock()
    /// A flush is asked for and has not begun.
    private var asked = false
    /// How much of the file `length` asked for, at the latest request.
    private var wanted: off_t = 0
    /// How much of the file the last flush that worked covered (in this generation).
    private var covered: off_t = 0
    /// The file was cut back (`restart`): flushes of before say nothing of it.
    private var generation = 0
    /// The errno of a flush that failed, until it is taken.
    private var failure: Int32?
    /// For tests: flushes fail with this errno; and each flush off the loop waits for `gate`.
    nonisolated(unsafe) var simulatedFailure: Int32?
    nonisolated(unsafe) var gate: DispatchSemaphore?

    init(fd: Int32) {
        self.fd = fd
    }

    /// Flushes the file's first `length` bytes (and whatever is written by then), soon.
    func request(upTo length: off_t) {
        lock.lock()
        defer { lock.unlock() }
        wanted = max(wanted, length)
        guard !asked else { return }
        asked = true
        let gate = gate
        queue.async { [self] in
            lock.lock()
            asked = false
            let target = wanted, ofGeneration = generation
            lock.unlock()
            gate?.wait()
            let code = flushNow()
            lock.lock()
            if let code {
                failure = code
            } else if ofGeneration == generation {
                covered = max(covered, target)
            }
            lock.unlock()
        }
    }

    /// How much of the file flushes that worked have covered.
    var coveredLength: off_t {
        lock.lock()
        defer { lock.unlock() }
        return covered
    }

    /// Whether a flush failed and nobody took it yet.
    var failed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failure != nil
    }

    /// Why a flush failed since the last call, if one did.
    func takeFailure() -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        defer { failure = nil }
        return failure
    }

    /// The file was cut back to nothing: what was covered before no longer counts.
    func reset() {
        lock.lock()
        defer { lock.unlock() }
        generation += 1
        covered = 0
        wanted = 0
    }

    /// Notes that the whole file, `length` bytes, is flushed (a flush here worked).
    func coveredAll(_ length: off_t) {
        lock.lock()
        defer { lock.unlock() }
        covered = max(covered, length)
    }

    /// Flushes here and now; the errno when it fails.
    func flushNow() -> Int32? {
        if let code = simulatedFailure { return code }
        return fsync(fd) == 0 ? nil : errno
    }

    /// Waits for the flushes asked for (the file is about to be closed; tests).
    func wait() {
        queue.sync {}
    }
}
