import Foundation

/// Pixels painted on a queue beside the event loop (a page painted again whole, a page made
/// to take another's place): the result is looked at without waiting (`isDone`) or waited for
/// (`result`). What the work makes is touched by nothing else until it is taken.
final class PaintedLater<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var outcome: Result<Value, RenderError>?

    /// Runs `work` on `queue`, after `gate` (tests hold the painting there) is signalled.
    init(on queue: DispatchQueue, gate: DispatchSemaphore? = nil, _ work: @escaping @Sendable () throws(RenderError) -> Value) {
        group.enter()
        queue.async { [self] in
            gate?.wait()
            do throws(RenderError) {
                outcome = .success(try work())
            } catch {
                outcome = .failure(error)
            }
            group.leave()
        }
    }

    var isDone: Bool { group.wait(timeout: .now()) == .success }

    /// What the work made, or why it could not (waiting for it).
    func result() -> Result<Value, RenderError> {
        group.wait()
        return outcome ?? .failure(RenderError("the page could not be painted"))
    }
}
