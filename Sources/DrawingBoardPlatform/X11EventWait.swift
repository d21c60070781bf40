import CSDL2
import Glibc

/// Waits for events on X11 the cheap way: one poll on the X connection and a wake-up
/// pipe, then one pump of SDL's queue.
///
/// SDL 2.26's own wait (SDL_WaitEvent, then SDL_PollEvent until the queue is empty) pumps the
/// X connection four times for each batch, and each empty pump reads the socket four times:
/// about 23 reads that find nothing for each motion event. Other threads wake the wait through
/// `waker`, which pushes SDL's user event and then writes the pipe. Every thread that pushes an
/// SDL event must wake the loop that way (`Window.waker`): a bare SDL_PushEvent waits for the
/// next X event.
final class X11EventWait: @unchecked Sendable {
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
    /// Another connection the wait ends for (the clipboard's offer), -1 for none.
    var alsoWatched: Int32 = -1

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// A closure that ends a wait from any thread, once `event` is in SDL's queue. It holds
    /// the wait, so the pipe stays open as long as anything can still write to it.
    func waker(pushing type: UInt32) -> @Sendable () -> Void {
        { [self] in
            var event = SDL_Event()
            event.type = type
            SDL_PushEvent(&event)
            var one: UInt8 = 1
            _ = write(wakeWriter, &one, 1)
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
                           pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: alsoWatched, events: Int16(POLLIN), revents: 0)]
                let milliseconds = timeout.map { Int32(min(max($0 * 1000, 0), 60_000).rounded(.up)) } ?? -1
                _ = poll(&fds, alsoWatched >= 0 ? 3 : 2, milliseconds)
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

    /// Every event queued now, in order (taken a few at a time: a motion event's batch is one
    /// or two).
    static func takeAll() -> [SDL_Event] {
        var all: [SDL_Event] = []
        var batch = (SDL_Event(), SDL_Event(), SDL_Event(), SDL_Event(), SDL_Event(), SDL_Event(), SDL_Event(), SDL_Event())
        let room = 8
        while true {
            let got = withUnsafeMutableBytes(of: &batch) { raw -> Int in
                let events = raw.baseAddress!.assumingMemoryBound(to: SDL_Event.self)
                let got = Int(SDL_PeepEvents(events, Int32(room), SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue))
                if got > 0 { all.append(contentsOf: UnsafeBufferPointer(start: events, count: got)) }
                return got
            }
            if got < room { break }
        }
        return all
    }
}
