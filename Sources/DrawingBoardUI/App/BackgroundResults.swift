/// Work going on off the event loop (`BackgroundWork`) whose results the window takes as it
/// ticks, each with what to do with it: an image decoded for Insert Image, a PDF read for Insert
/// PDF Pages.
final class BackgroundResults {
    private struct Entry {
        let done: () -> Bool
        let wait: () -> Void
        /// What the window says while it takes long, and when it was first followed.
        let announcing: String?
        var started: Double?
        var announced = false
    }
    private var pending: [Entry] = []

    /// Work that has run this long says so (its `announcing`).
    static let announceAfter = 0.3

    var isEmpty: Bool { pending.isEmpty }

    /// What the first piece of work that says what it does is doing ("Inserting “a.svg”…").
    var underWay: String? { pending.lazy.compactMap(\.announcing).first }

    /// Runs `work` off the loop; `then` gets its result on the loop. `announcing`: what the
    /// window says if it takes longer than `announceAfter` ("Inserting “a.svg”…").
    func run<Value>(_ work: @escaping @Sendable () throws -> Value, announcing: String? = nil,
                    then: @escaping (Result<Value, any Error>) -> Void) {
        let job = BackgroundWork(work)
        pending.append(Entry(done: {
            guard let outcome = job.outcome else { return false }
            then(outcome)
            return true
        }, wait: job.wait, announcing: announcing))
    }

    /// Hands over every result that is ready (in the order the work was asked for);
    /// `announce`s what has taken long, and says when announced work is `finished` (after its
    /// result was handed over: the window takes the word down unless the result said more).
    func follow(now: Double = 0, announce: (String) -> Void = { _ in }, finished: (String) -> Void = { _ in }) {
        guard !pending.isEmpty else { return }
        var still: [Entry] = []
        let taken = pending
        pending = []
        for var entry in taken {
            if entry.done() {
                if entry.announced, let words = entry.announcing { finished(words) }
                continue
            }
            let started = entry.started ?? now
            entry.started = started
            if let words = entry.announcing, !entry.announced, now - started >= Self.announceAfter {
                entry.announced = true
                announce(words)
            }
            still.append(entry)
        }
        // What a result's handler asked for meanwhile comes after.
        pending = still + pending
    }

    /// Waits for every piece of work (the app is being ended; tests), then hands the results over.
    func finish() {
        while !pending.isEmpty {
            for entry in pending { entry.wait() }
            follow()
        }
    }
}
