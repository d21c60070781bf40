import CCairo
import CSDL2
import Foundation

/// `drawingboard-latency --floor-app sdl`: the least an app on DrawingBoard's stack (SDL 2 for
/// the window and its events, Cairo for the ink) can do to show ink at each motion, with SDL
/// as it ships. An SDL window whose surface is a Cairo image of white paper; SDL's own wait for
/// events; for each motion with the left button held, one line stroked from the last point (4 px,
/// round caps, as the `cairo` floor) and its box presented with SDL_UpdateWindowSurfaceRects.
/// Against the `cairo` floor (the same stroke from a bare Xlib window), it is what SDL's event
/// pump and present cost per motion; what DrawingBoard spends above it is its own.
func runSDLFloor() -> Never {
    func fail(_ what: String) -> Never {
        FileHandle.standardError.write(Data("drawingboard-latency: the SDL floor \(what)\n".utf8))
        exit(2)
    }
    // The window's pixels in memory, presented with X11 puts, as DrawingBoard's window does
    // (SDL's default on X11 is an OpenGL texture, which Xvfb renders in software).
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("cannot start SDL: \(String(cString: SDL_GetError()))") }
    let (width, height): (Int32, Int32) = (1000, 700)
    guard let window = SDL_CreateWindow("floor", 0, 0, width, height, 0),
          let surface = SDL_GetWindowSurface(window), surface.pointee.format.pointee.BytesPerPixel == 4,
          let pixels = surface.pointee.pixels else { fail("cannot make its window: \(String(cString: SDL_GetError()))") }
    guard let image = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                          surface.pointee.w, surface.pointee.h, surface.pointee.pitch),
          cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(image) else { fail("cannot make its image") }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_surface_flush(image)
    SDL_UpdateWindowSurface(window)
    cairo_set_source_rgb(cr, 0, 0, 0)
    cairo_set_line_width(cr, 4)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    var last: (x: Int32, y: Int32)?
    var event = SDL_Event()
    while SDL_WaitEvent(&event) != 0 {
        switch SDL_EventType(event.type) {
        case SDL_QUIT: exit(0)
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT): last = (event.button.x, event.button.y)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT): last = nil
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue): SDL_UpdateWindowSurface(window)
        case SDL_MOUSEMOTION:
            // 1: SDL_BUTTON_LMASK, a macro Swift does not import.
            guard event.motion.state & 1 != 0, let from = last else { continue }
            let to = (x: event.motion.x, y: event.motion.y)
            last = to
            guard let line = strokeFloorLine(cr, image, from: from, to: to, within: (width, height)) else { continue }
            var box = SDL_Rect(x: line.x, y: line.y, w: line.width, h: line.height)
            SDL_UpdateWindowSurfaceRects(window, &box, 1)
        default: continue
        }
    }
    fail("lost its events: \(String(cString: SDL_GetError()))")
}
