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
func runFloorApp() -> Never {
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
