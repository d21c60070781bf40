import Foundation

/// Numbered pieces of work (a notebook's pages) done on background threads a little ahead of
/// the one who takes their results in order, so the making and the taking run side by side
/// while at most `ahead` results wait in memory. A result asked for out of order, or a second
/// time, that no thread is making is made by the one asking.
final class OrderedWork<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Int: Result] = [:]
    private var making = Set<Int>()
    /// The next piece a thread takes up, and the one after the last taken (the threads stay
    /// within `ahead` of it).
    private var next = 0, taken = 0
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
        while true {
            condition.lock()
            while !stopped, next < count, next - taken >= ahead { condition.wait() }
            guard !stopped, next < count else {
                condition.unlock()
                return
            }
            let i = next
            next += 1
            making.insert(i)
            condition.unlock()
            let result = make(i)
            condition.lock()
            making.remove(i)
            if !stopped { results[i] = result }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The result of piece `i`.
    func take(_ i: Int) -> Result {
        condition.lock()
        while results[i] == nil, making.contains(i) { condition.wait() }
        taken = max(taken, i + 1)
        condition.broadcast()
        if let result = results.removeValue(forKey: i) {
            condition.unlock()
            return result
        }
        condition.unlock()
        return make(i)
    }

    /// Lets the threads end (early, when the file failed part-way).
    func stop() {
        condition.lock()
        stopped = true
        results.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
