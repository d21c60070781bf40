import CSDL2
import Foundation

/// The screen's scale where the window system gives none (X11): what the user or the desktop
/// asks of apps, through our variable, GTK's, or the X resources' `Xft.dpi` (what GNOME, KDE
/// and Xfce set for 150% or 200%). On Wayland the window's pixel ratio is the scale.
public enum ScreenScale {
    /// `DRAWINGBOARD_SCALE`, then `GDK_SCALE`, then the X resources' scale (`resources`), the
    /// first within 0.5 to 4; else 1. Never rounded.
    public static func asked(environment env: [String: String], resources: Double?) -> Double {
        let asked = [env["DRAWINGBOARD_SCALE"].flatMap(Double.init), env["GDK_SCALE"].flatMap(Double.init), resources]
        return asked.compactMap { $0 }.first { $0.isFinite && $0 >= 0.5 && $0 <= 4 } ?? 1
    }

    /// `Xft.dpi` in an X resource string, over 96.
    public static func scale(fromResources text: String) -> Double? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi.isFinite, dpi > 0 else { continue }
            return dpi / 96
        }
        return nil
    }

    /// The scale in the root window's resources as they are now (Xlib's own copy is what the
    /// display had when it opened, which SDL's connection may not have).
    static func resourceScale(display: OpaquePointer) -> Double? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let atom = XInternAtom(display, "RESOURCE_MANAGER", 1)
        guard atom != 0, XGetWindowProperty(display, XDefaultRootWindow(display), atom, 0, 1 << 16, 0, 31 /* XA_STRING */,
                                            &type, &format, &count, &after, &data) == 0, let data else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        return scale(fromResources: String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self))
    }
}
