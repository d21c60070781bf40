import CSDL2
import Foundation

/// An image on the clipboard, on X11: the CLIPBOARD selection asked for as `image/png` on a
/// connection of our own (SDL 2 reads only text from the clipboard), the answer waited for at
/// most two seconds and read in pieces when it is large (the INCR protocol). Wayland has no
/// such way through SDL 2: the message says to drop the file or insert it instead.
public enum ClipboardImage {
    public enum Outcome {
        case png(Data)
        case nothing(String)
    }

    /// Largest image taken from the clipboard.
    public static let maxBytes = 256 << 20

    public static func read() -> Outcome {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        guard driver == "x11" else {
            return .nothing("Pasting an image works on X11 only for now; drop the image file on the page or use Insert image (Ctrl+I)")
        }
        guard let display = XOpenDisplay(nil) else { return .nothing("The clipboard cannot be reached") }
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display)
        let window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, window) }
        XSelectInput(display, window, PropertyChangeMask)
        let clipboard = XInternAtom(display, "CLIPBOARD", 0), png = XInternAtom(display, "image/png", 0)
        let property = XInternAtom(display, "DRAWINGBOARD_PASTE", 0), incr = XInternAtom(display, "INCR", 0)
        XConvertSelection(display, clipboard, png, property, window, UInt(CurrentTime))
        XFlush(display)
        let deadline = Date().addingTimeInterval(2)
        var event = XEvent()
        guard wait(display, window, SelectionNotify, until: deadline, into: &event) else { return .nothing("The clipboard did not answer") }
        guard event.xselection.property != 0 else { return .nothing("The clipboard holds no image (copy an image, or drop its file on the page)") }
        var (type, data) = take(display, window, property)
        if type == incr {
            // Pieces follow, each announced by a new value of the property; an empty one ends.
            data = Data()
            while Date() < deadline.addingTimeInterval(8) {
                guard wait(display, window, PropertyNotify, until: Date().addingTimeInterval(2), into: &event) else { break }
                guard event.xproperty.atom == property, event.xproperty.state == PropertyNewValue else { continue }
                let (_, piece) = take(display, window, property)
                if piece.isEmpty { return data.isEmpty ? .nothing("The clipboard's image was empty") : .png(data) }
                data.append(piece)
                guard data.count <= maxBytes else { return .nothing("The clipboard's image is larger than \(maxBytes >> 20) MB") }
            }
            return .nothing("The clipboard's image did not arrive whole")
        }
        return data.isEmpty ? .nothing("The clipboard holds no image") : .png(data)
    }

    private static func wait(_ display: OpaquePointer, _ window: CSDL2.Window, _ type: Int32, until deadline: Date, into event: inout XEvent) -> Bool {
        while Date() < deadline {
            if XCheckTypedWindowEvent(display, window, type, &event) != 0 { return true }
            usleep(5000)
        }
        return false
    }

    /// The property's value (deleted once read, which asks an INCR sender for the next piece).
    private static func take(_ display: OpaquePointer, _ window: CSDL2.Window, _ property: Atom) -> (Atom, Data) {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var bytes: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, property, 0, maxBytes / 4, 1, 0, &type, &format, &count, &after, &bytes) == Success else {
            return (0, Data())
        }
        defer { if let bytes { XFree(bytes) } }
        guard let bytes, format == 8 else { return (type, Data()) }
        return (type, Data(bytes: bytes, count: Int(count)))
    }
}
