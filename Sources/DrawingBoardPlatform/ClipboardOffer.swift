import CSDL2
import Foundation
import Glibc

/// What DrawingBoard offers other apps on the clipboard, on X11: the CLIPBOARD selection owned
/// by a window on a connection of our own (SDL 2 offers only text), answering `TARGETS`,
/// `image/png` and `image/svg+xml` until another app takes the clipboard. The window's loop
/// watches the connection (`descriptor`) and calls `serve()`; everything happens on that
/// thread. A request larger than the server takes in one property is refused (no INCR).
/// On Wayland `WaylandClipboardOffer` does the same.
public final class ClipboardOffer {
    private let display: OpaquePointer
    private let window: CSDL2.Window
    private let clipboard: Atom, targets: Atom, png: Atom, svg: Atom, atom: Atom
    private var offered: [Atom: Data] = [:]

    /// The connection's descriptor, for the loop's wait.
    public let descriptor: Int32

    /// Nil when the window is not on X11 or the server cannot be reached.
    public init?() {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        guard driver == "x11", let display = XOpenDisplay(nil) else { return nil }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        clipboard = XInternAtom(display, "CLIPBOARD", 0)
        targets = XInternAtom(display, "TARGETS", 0)
        png = XInternAtom(display, "image/png", 0)
        svg = XInternAtom(display, "image/svg+xml", 0)
        atom = XInternAtom(display, "ATOM", 0)
        descriptor = XConnectionNumber(display)
        XFlush(display)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// The most bytes one property can carry on this server.
    private var largest: Int {
        let words = XExtendedMaxRequestSize(display)
        return (words > 0 ? words : XMaxRequestSize(display)) * 4 - 1024
    }

    /// Takes the clipboard with a PNG and an SVG of what was copied.
    public func offer(png pngData: Data, svg svgData: Data) {
        offered = [png: pngData, svg: svgData]
        XSetSelectionOwner(display, clipboard, window, UInt(CurrentTime))
        XFlush(display)
    }

    /// Answers what other apps asked of the clipboard since the last call.
    public func serve() {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            switch event.type {
            case SelectionRequest:
                answer(event.xselectionrequest)
            case SelectionClear:
                // Another app took the clipboard.
                offered = [:]
            default:
                break
            }
        }
        XFlush(display)
    }

    private func answer(_ request: XSelectionRequestEvent) {
        var property = request.property != 0 ? request.property : request.target
        if request.target == targets {
            var list: [Atom] = [targets] + offered.keys.sorted()
            XChangeProperty(display, request.requestor, property, atom, 32, PropModeReplace,
                            list.withUnsafeMutableBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }, Int32(list.count))
        } else if let data = offered[request.target], data.count <= largest {
            data.withUnsafeBytes { raw in
                _ = XChangeProperty(display, request.requestor, property, request.target, 8, PropModeReplace,
                                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(data.count))
            }
        } else {
            property = 0
        }
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = property
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
    }
}
