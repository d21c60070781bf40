import CSDL2

/// The X display connection and X window under an SDL window (nil when it is not on X11).
struct X11Handles {
    let display: OpaquePointer
    let window: CSDL2.Window

    init?(_ handle: OpaquePointer) {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(handle, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        self.display = display
        window = info.info.x11.window
    }
}
