import Foundation

/// Who has the process's standard error sent elsewhere: poppler's quiet sections (any number,
/// on any threads, stderr sent to /dev/null by the first and back by the last) or one capture
/// of an image decoder's messages (stderr sent to a file of its own). Both swap file
/// descriptor 2 for the whole process, so they take turns here: quiet sections wait while a
/// capture runs (a decode takes milliseconds), and a capture asked for while quiet sections are
/// open (a PDF page that takes poppler seconds) does without (stderr goes to /dev/null then, and
/// the decoder's own message says why a file is refused). Otherwise one could keep what the
/// other put there, and the app's standard error would stay pointed at /dev/null or at a
/// deleted file.
public final class StandardErrorSwitch: @unchecked Sendable {
    public static let shared = StandardErrorSwitch()
    private let condition = NSCondition()
    private var quiet = 0
    private var capturing = false

    /// A quiet section begins (before it sends stderr away): it waits while a capture runs.
    public func enterQuiet() {
        condition.lock()
        defer { condition.unlock() }
        while capturing { condition.wait() }
        quiet += 1
    }

    /// A quiet section has ended (after it brought stderr back).
    public func leaveQuiet() {
        condition.lock()
        defer { condition.unlock() }
        quiet -= 1
        if quiet == 0 { condition.broadcast() }
    }

    /// Runs `body` as the only capture; `plain` instead while a quiet section is open. A plain
    /// run counts as a quiet section itself: what it prints goes to whatever stderr is, so no
    /// capture may begin before it ends (the capture would take its words).
    public func capturing<T>(_ body: () -> T, whileQuiet plain: () -> T) -> T {
        condition.lock()
        while capturing { condition.wait() }
        guard quiet == 0 else {
            quiet += 1
            condition.unlock()
            defer { leaveQuiet() }
            return plain()
        }
        capturing = true
        condition.unlock()
        defer {
            condition.lock()
            capturing = false
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
