import CSDL2
import DrawingBoardCore

/// The pens the window reads beside SDL 2, which has no pen API: XInput2 on X11 (`X11Pens`),
/// the tablet protocol on Wayland (`WaylandPens`). Under sdl2-compat (SDL 3 standing in for
/// SDL 2, as in the flatpak runtime) SDL 3 reads the pens itself and hands them on as fingers
/// and mice of id -2 (`TouchTranslation`, `MouseTranslation`), so nothing is read here: each
/// pen event must come once.
final class PenInput {
    private let x11: X11Pens?
    private let wayland: WaylandPens?
    private let queue: PenEventQueue
    /// "XInput2" or "tablet protocol".
    let name: String

    /// `ratio`: window pixels per point now (Wayland; on X11 SDL 2 does not scale).
    init?(window: OpaquePointer, driver: String, ratio: @escaping () -> Double) {
        guard !Self.isSDL2Compat else { return nil }
        if driver == "x11", let x11 = X11Pens(window: window) {
            self.x11 = x11
            wayland = nil
            queue = x11.queue
            name = "XInput2"
        } else if driver == "wayland", let wayland = WaylandPens(window: window, ratio: ratio) {
            self.wayland = wayland
            x11 = nil
            queue = wayland.queue
            name = "tablet protocol"
        } else {
            return nil
        }
    }

    var eventType: UInt32 { queue.eventType }

    /// The pens' events that the user event `e` stands for.
    func take(_ e: SDL_UserEvent) -> [PlatformEvent] {
        queue.take(e)
    }

    func stop() {
        x11?.stop()
        wayland?.stop()
    }

    /// Whether SDL 2 is sdl2-compat: its versions are 2.x.50 and up (SDL 2's own stay below).
    static var isSDL2Compat: Bool {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return version.major == 2 && version.patch >= 50
    }
}
