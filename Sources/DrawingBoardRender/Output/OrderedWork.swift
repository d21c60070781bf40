import Foundation

/// Numbered pieces of work (a notebook's pages) done on background threads a little ahead of
/// the one who takes their results, so the making and the taking run side by side while at
/// most `ahead` pieces past the first one not taken are made. The one taking helps: while the
/// piece it asks for is being made, it makes the next ones nobody has started. A piece asked
/// for that nobody has started (out of order, or a second time) is made by the one asking, and
/// by nobody else then.
final class OrderedWork<Result>: @unchecked Sendable {
    private enum State {
        case making
        case made(Result)
    }

    private let condition = NSCondition()
    /// Pieces started and not yet taken.
    private var states: [Int: State] = [:]
    /// Pieces taken past the first not yet taken (those before it are all taken).
    private var taken = Set<Int>()
    /// The next piece a thread considers, and the first not yet taken (the threads stay within
    /// `ahead` of it).
    private var next = 0, low = 0
    private var stopped = false
    private let count: Int, ahead: Int
    private let make: @Sendable (Int) -> Result

    /// `make(i)` makes piece `i` on one of `threads` threads. The taker calls `stop` when it is
    /// done, whatever happened.
    init(count: Int, threads: Int, ahead: Int, make: @escaping @Sendable (Int) -> Result) {
        self.count = count
        self.ahead = max(ahead, threads)
        self.make = make
        for _ in 0..<max(threads, 1) {
            Thread { [self] in work() }.start()
        }
    }

    private func work() {
        condition.lock()
        while true {
            while !stopped, next < count, next - low >= ahead { condition.wait() }
            guard !stopped, next < count else {
                condition.unlock()
                return
            }
            if let i = claim() { makeAndKeep(i) }
        }
    }

    /// The next piece nobody has started, within `ahead` of the first not taken, marked as
    /// being made (the lock held).
    private func claim() -> Int? {
        next = max(next, low)
        while next < count, next - low < ahead {
            let i = next
            next += 1
            if states[i] == nil, !taken.contains(i) {
                states[i] = .making
                return i
            }
        }
        return nil
    }

    /// Makes piece `i` without the lock and keeps its result (the lock held on entry and exit).
    private func makeAndKeep(_ i: Int) {
        condition.unlock()
        let result = make(i)
        condition.lock()
        // (Asked for while it was made: the one asking waits for it.)
        states[i] = stopped ? nil : .made(result)
        condition.broadcast()
    }

    /// The result of piece `i`. While a thread makes it, the one asking makes the next pieces
    /// nobody has started rather than wait.
    func take(_ i: Int) -> Result {
        condition.lock()
        while case .making = states[i] {
            if !stopped, let j = claim() {
                makeAndKeep(j)
            } else {
                condition.wait()
            }
        }
        if case .made(let result) = states[i] {
            states[i] = nil
            markTaken(i)
            condition.unlock()
            return result
        }
        states[i] = .making
        condition.unlock()
        let result = make(i)
        condition.lock()
        states[i] = nil
        markTaken(i)
        condition.unlock()
        return result
    }

    private func markTaken(_ i: Int) {
        taken.insert(i)
        while taken.remove(low) != nil { low += 1 }
        condition.broadcast()
    }

    /// Lets the threads end (early, when the file failed part-way).
    func stop() {
        condition.lock()
        stopped = true
        states = states.filter { if case .making = $0.value { return true } else { return false } }
        condition.broadcast()
        condition.unlock()
    }
}
