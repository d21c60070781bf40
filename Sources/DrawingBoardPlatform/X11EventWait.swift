import CSDL2
import Glibc

/// Waits for events on X11 the cheap way: one poll on the X connection and a wake-up
/// pipe, then one pump of SDL's queue.
///
/// SDL 2.26's own wait (SDL_WaitEvent, then SDL_PollEvent until the queue is empty) pumps the
/// X connection four times for each batch, and each empty pump reads the socket four times:
/// about 23 reads that find nothing for each motion event. Other threads wake the wait through
/// `wake()`, which pushes SDL's user event and then writes the pipe.
final class X11EventWait {
    private let display: OpaquePointer
    private let connection: Int32
    private let wakeDescriptor: Int32

    /// Nil when `window` is not on X11 or no descriptor can be made.
    init?(window handle: OpaquePointer) {
        guard let x11 = X11Handles(handle) else { return nil }
        let display = x11.display
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.display = display
        connection = XConnectionNumber(display)
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
    }

    private let wakeWriter: Int32

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// A closure that ends a wait from any thread, once `event` is in SDL's queue.
    func waker(pushing type: UInt32) -> @Sendable () -> Void {
        let descriptor = wakeWriter
        return {
            var event = SDL_Event()
            event.type = type
            SDL_PushEvent(&event)
            var one: UInt8 = 1
            _ = write(descriptor, &one, 1)
        }
    }

    /// Waits until the X server or another thread has something (up to `timeout` seconds;
    /// forever when nil), pumps SDL once, and returns whether SDL's queue has events.
    func wait(timeout: Double?) -> Bool {
        if !SDLQueue.hasEvents && XEventsQueued(display, QueuedAlready) == 0 {
            // Requests SDL left in Xlib's buffer go out first; the flush may read events.
            XFlush(display)
            if XEventsQueued(display, QueuedAlready) == 0 {
                var fds = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
                let milliseconds = timeout.map { Int32(min(max($0 * 1000, 0), 60_000).rounded(.up)) } ?? -1
                _ = poll(&fds, 2, milliseconds)
                if fds[1].revents & Int16(POLLIN) != 0 {
                    var drained = [UInt8](repeating: 0, count: 64)
                    while read(wakeDescriptor, &drained, drained.count) > 0 {}
                }
            }
        }
        SDL_PumpEvents()
        return SDLQueue.hasEvents
    }
}

/// SDL's event queue, read without pumping it again.
enum SDLQueue {
    static var hasEvents: Bool {
        SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_TRUE
    }

    /// Every event queued now, in order.
    static func takeAll() -> [SDL_Event] {
        var all: [SDL_Event] = []
        var batch = [SDL_Event](repeating: SDL_Event(), count: 64)
        while true {
            let got = SDL_PeepEvents(&batch, Int32(batch.count), SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            guard got > 0 else { break }
            all += batch.prefix(Int(got))
            if got < batch.count { break }
        }
        return all
    }
}
