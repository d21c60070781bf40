import CSDL2

/// Installs (or removes) SDL's one event filter. SDL_SetEventFilter throws away every event
/// already queued (SDL 2.26), which at start are the window's first shown, resized and exposed
/// events: they are taken out first and put back after, past the filter, in their order.
enum SDLEventFilter {
    static func set(_ filter: SDL_EventFilter?, _ userdata: UnsafeMutableRawPointer?) {
        var kept: [SDL_Event] = []
        var batch = [SDL_Event](repeating: SDL_Event(), count: 64)
        while true {
            let got = SDL_PeepEvents(&batch, Int32(batch.count), SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            guard got > 0 else { break }
            kept += batch.prefix(Int(got))
        }
        SDL_SetEventFilter(filter, userdata)
        if !kept.isEmpty { SDL_PeepEvents(&kept, Int32(kept.count), SDL_ADDEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
    }
}
