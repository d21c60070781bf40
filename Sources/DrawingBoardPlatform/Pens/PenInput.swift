import CSDL2
import DrawingBoardCore

/// The pens the window reads beside SDL 2, which has no pen API: XInput2 on X11
/// (`X11Pens`). Under sdl2-compat (SDL 3 standing in for SDL 2, as in the flatpak runtime)
/// SDL 3 reads the pens itself and hands them on as fingers and mice of id -2
/// (`TouchTranslation`, `MouseTranslation`), so nothing is read here: each pen event must
/// come once.
final class PenInput {
    private let x11: X11Pens?
    let eventType: UInt32
    let name: String

    init?(window: OpaquePointer, driver: String) {
        guard !Self.isSDL2Compat else { return nil }
        guard driver == "x11", let x11 = X11Pens(window: window) else { return nil }
        self.x11 = x11
        eventType = x11.eventType
        name = "XInput2"
    }

    /// The pens' events that the user event `e` stands for.
    func take(_ e: SDL_UserEvent, ratio: Double) -> [PlatformEvent] {
        x11?.ratio = ratio
        return x11?.take(e) ?? []
    }

    func stop() {
        x11?.stop()
    }

    /// Whether SDL 2 is sdl2-compat: its versions are 2.x.50 and up (SDL 2's own stay below).
    static var isSDL2Compat: Bool {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return version.major == 2 && version.patch >= 50
    }
}
