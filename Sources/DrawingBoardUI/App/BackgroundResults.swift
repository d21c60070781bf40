/// Work going on off the event loop (`BackgroundWork`) whose results the window takes as it
/// ticks, each with what to do with it: an image decoded for Insert Image, a PDF read for Insert
/// PDF Pages.
final class BackgroundResults {
    private var pending: [(done: () -> Bool, wait: () -> Void)] = []

    var isEmpty: Bool { pending.isEmpty }

    /// Runs `work` off the loop; `then` gets its result on the loop.
    func run<Value>(_ work: @escaping @Sendable () throws -> Value, then: @escaping (Result<Value, any Error>) -> Void) {
        let job = BackgroundWork(work)
        pending.append((done: {
            guard let outcome = job.outcome else { return false }
            then(outcome)
            return true
        }, wait: job.wait))
    }

    /// Hands over every result that is ready (in the order the work was asked for).
    func follow() {
        guard !pending.isEmpty else { return }
        var still: [(done: () -> Bool, wait: () -> Void)] = []
        let taken = pending
        pending = []
        for entry in taken where !entry.done() { still.append(entry) }
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
