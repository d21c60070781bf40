import CSDL2

/// Pen events read beside SDL wait here, each batch under a number that a user event carries
/// through SDL's queue: they keep their place among SDL's own events, and they wake a loop
/// that waits for SDL events.
final class PenEventQueue {
    let eventType: UInt32
    private var pending: [Int32: [PlatformEvent]] = [:]
    private var next: Int32 = 0

    init?() {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { return nil }
        eventType = type
    }

    /// Queues `events` behind what SDL has queued so far (on the thread that pumps SDL).
    func post(_ events: [PlatformEvent]) {
        guard !events.isEmpty else { return }
        next &+= 1
        pending[next] = events
        var wake = SDL_Event()
        wake.type = eventType
        wake.user.code = next
        if SDL_PushEvent(&wake) != 1 { pending[next] = nil }
    }

    /// The events the user event `e` stands for.
    func take(_ e: SDL_UserEvent) -> [PlatformEvent] {
        pending.removeValue(forKey: e.code) ?? []
    }
}
