import CSDL2
import DrawingBoardCore
import WaylandTablet

/// Pens on Wayland under SDL 2, which reads no pressure: the tablet protocol bound on SDL's
/// own wl_display (`WaylandTablet`), its objects dispatched by SDL's own pumping, so the pens'
/// events come in the compositor's order with SDL's. While a tool is in range over the window,
/// SDL's mouse events are its copies (SDL 2.26 binds the tablet protocol too, and makes a mouse
/// of each tool) and an SDL event filter drops them, but for the release of a mouse button
/// pressed before the tool came.
final class WaylandPens {
    private var tablets: OpaquePointer?
    let queue: PenEventQueue
    private var translation = WaylandTabletTranslation()
    private var passed = PassedButtons()
    /// Window pixels per point now.
    private let ratio: () -> Double

    /// Starts reading pens for SDL's window, or nil when the compositor has no tablets.
    init?(window handle: OpaquePointer, ratio: @escaping () -> Double = { 1 }) {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(handle, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_WAYLAND,
              let display = info.info.wl.display, let surface = info.info.wl.surface, let queue = PenEventQueue() else { return nil }
        self.queue = queue
        self.ratio = ratio
        tablets = wt_start(display, surface, Self.frame, Unmanaged.passUnretained(self).toOpaque())
        guard tablets != nil else { return nil }
        SDLEventFilter.set(Self.filter, Unmanaged.passUnretained(self).toOpaque())
    }

    func stop() {
        guard let tablets else { return }
        SDLEventFilter.set(nil, nil)
        wt_stop(tablets)
        self.tablets = nil
    }

    deinit { stop() }

    private static let frame: wt_frame_callback = { frame, userdata in
        guard let frame, let userdata else { return }
        let pens = Unmanaged<WaylandPens>.fromOpaque(userdata).takeUnretainedValue()
        pens.queue.post(pens.translation.translate(frame.pointee, ratio: pens.ratio(), time: Double(SDL_GetTicks64()) / 1000))
    }

    private static let filter: SDL_EventFilter = { userdata, event in
        guard let userdata, let event else { return 1 }
        switch SDL_EventType(event.pointee.type) {
        case SDL_MOUSEMOTION:
            guard event.pointee.motion.which != MouseTranslation.touchMouseID else { return 1 }
            let pens = Unmanaged<WaylandPens>.fromOpaque(userdata).takeUnretainedValue()
            return wt_in_proximity(pens.tablets) != 0 ? 0 : 1
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            guard event.pointee.button.which != MouseTranslation.touchMouseID else { return 1 }
            let pens = Unmanaged<WaylandPens>.fromOpaque(userdata).takeUnretainedValue()
            // A mouse button pressed before the pen came keeps its release.
            return pens.passed.decide(event.pointee.button.button, down: event.pointee.type == SDL_MOUSEBUTTONDOWN.rawValue,
                                      copy: wt_in_proximity(pens.tablets) != 0) ? 1 : 0
        default:
            return 1
        }
    }
}
