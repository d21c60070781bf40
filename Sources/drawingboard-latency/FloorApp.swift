import CCairo
import CXTest
import Foundation

/// The least an X11 app can do to show ink at each motion, for the cost pass to measure beside
/// the real apps (`drawingboard-latency --floor-app`): a plain Xlib window of white paper that,
/// for each pointer motion with the left button held, sends one small square of black pixels
/// (`XPutImage`, 18x16 pixels, about what DrawingBoard presents per motion) and flushes. No
/// toolkit, no drawing library, nothing kept. What it costs is what waking for the event,
/// reading it and sending one request cost here; what an app spends above it is its own.
/// `DRAWINGBOARD_FLOOR_WORK_US=N` has it spin for N µs of CPU before each put, as an app
/// busy with the motion would: the X server's share grows with how long the app takes.
///
/// `cairo`: the least an app that strokes its ink with Cairo can do. The window's pixels are
/// kept in a Cairo image; each motion strokes one line from the last point, 4 px wide with
/// round caps, and puts the line's box. One stroke per motion, nothing else: what DrawingBoard
/// does per motion beyond this is the stroke's shape, its tail, the page and the interface.
func runFloorApp(cairo: Bool) -> Never {
    guard let display = XOpenDisplay(nil) else {
        FileHandle.standardError.write(Data("drawingboard-latency: cannot open the display (is DISPLAY set?)\n".utf8))
        exit(2)
    }
    let number = XDefaultScreen(display)
    let window = XCreateSimpleWindow(display, XRootWindow(display, number), 0, 0, 1000, 700, 0, 0, XWhitePixel(display, number))
    XSelectInput(display, window, ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
    XStoreName(display, window, "floor")
    XMapWindow(display, window)
    let gc = XCreateGC(display, window, 0, nil)
    if cairo { strokeWithCairo(display, window, gc, number) }
    let (width, height) = (18, 16)
    // Black in any 24- or 32-bit visual: every byte zero. Kept for the image's whole life.
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 4)
    pixels.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
    guard let image = XCreateImage(display, XDefaultVisual(display, number), UInt32(XDefaultDepth(display, number)), ZPixmap, 0,
                                   pixels.bindMemory(to: CChar.self, capacity: width * height * 4),
                                   UInt32(width), UInt32(height), 32, 0) else {
        FileHandle.standardError.write(Data("drawingboard-latency: the floor app cannot make its image\n".utf8))
        exit(2)
    }
    let work = ProcessInfo.processInfo.environment["DRAWINGBOARD_FLOOR_WORK_US"].flatMap(Double.init) ?? 0
    var event = XEvent()
    while true {
        XNextEvent(display, &event)
        guard event.type == MotionNotify, event.xmotion.state & UInt32(Button1Mask) != 0 else { continue }
        if work > 0 {
            var t0 = timespec(), t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
            repeat { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) } while Double(t.tv_sec - t0.tv_sec) * 1e6 + Double(t.tv_nsec - t0.tv_nsec) / 1e3 < work
        }
        XPutImage(display, window, gc, image, 0, 0, event.xmotion.x - Int32(width / 2), event.xmotion.y - Int32(height / 2),
                  UInt32(width), UInt32(height))
        XFlush(display)
    }
}

/// The `cairo` and `sdl` floors' one stroke per motion: the line from `from` to `to` stroked
/// onto `surface` (the context's target) and flushed; the box it covers within `size`, to be
/// presented, nil when that is empty.
func strokeFloorLine(_ cr: OpaquePointer, _ surface: OpaquePointer, from: (x: Int32, y: Int32), to: (x: Int32, y: Int32),
                     within size: (width: Int32, height: Int32)) -> (x: Int32, y: Int32, width: Int32, height: Int32)? {
    cairo_move_to(cr, Double(from.x), Double(from.y))
    cairo_line_to(cr, Double(to.x), Double(to.y))
    cairo_stroke(cr)
    cairo_surface_flush(surface)
    let x0 = max(0, min(from.x, to.x) - 3), y0 = max(0, min(from.y, to.y) - 3)
    let x1 = min(size.width, max(from.x, to.x) + 3), y1 = min(size.height, max(from.y, to.y) + 3)
    return x1 > x0 && y1 > y0 ? (x0, y0, x1 - x0, y1 - y0) : nil
}

/// The `cairo` floor's loop: the window is a Cairo image of white paper, each held motion is
/// stroked onto it from the last point, and the stroke's box is put.
private func strokeWithCairo(_ display: OpaquePointer, _ window: Window, _ gc: GC?, _ screen: Int32) -> Never {
    let (width, height) = (1000, 700)
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
          cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface),
          let data = cairo_image_surface_get_data(surface) else {
        FileHandle.standardError.write(Data("drawingboard-latency: the Cairo floor cannot make its image\n".utf8))
        exit(2)
    }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    cairo_surface_flush(surface)
    let stride = cairo_image_surface_get_stride(surface)
    guard let image = XCreateImage(display, XDefaultVisual(display, screen), UInt32(XDefaultDepth(display, screen)), ZPixmap, 0,
                                   UnsafeMutableRawPointer(data).bindMemory(to: CChar.self, capacity: Int(stride) * height),
                                   UInt32(width), UInt32(height), 32, stride) else {
        FileHandle.standardError.write(Data("drawingboard-latency: the Cairo floor cannot make its image\n".utf8))
        exit(2)
    }
    cairo_set_source_rgb(cr, 0, 0, 0)
    cairo_set_line_width(cr, 4)
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    var last: (x: Int32, y: Int32)?
    var event = XEvent()
    while true {
        XNextEvent(display, &event)
        switch event.type {
        case ButtonPress: last = (event.xbutton.x, event.xbutton.y)
        case ButtonRelease: last = nil
        case Expose: XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
        case MotionNotify:
            guard event.xmotion.state & UInt32(Button1Mask) != 0, let from = last else { continue }
            let to = (x: event.xmotion.x, y: event.xmotion.y)
            last = to
            guard let box = strokeFloorLine(cr, surface, from: from, to: to, within: (Int32(width), Int32(height))) else { continue }
            XPutImage(display, window, gc, image, box.x, box.y, box.x, box.y, UInt32(box.width), UInt32(box.height))
            XFlush(display)
        default: continue
        }
    }
}
