import CSDL2
import Foundation
import WaylandClipboard

/// What other apps get from the clipboard after a copy of ink: a PNG and an SVG of it. On X11
/// `ClipboardOffer`, on Wayland `WaylandClipboardOffer`; the window has the one for its
/// display (`Window.pictureClipboard()`).
public protocol PictureOffer: AnyObject {
    /// Takes the clipboard with a PNG and an SVG of what was copied.
    func offer(png: Data, svg: Data)
    /// A connection of its own that the loop's wait watches, calling `serve()` (X11).
    var watched: Int32? { get }
    /// Answers what other apps asked of the clipboard since the last call.
    func serve()
}

extension ClipboardOffer: PictureOffer {
    public var watched: Int32? { descriptor }
}

/// The clipboard's pictures on Wayland, where SDL 2.26's clipboard carries text only: a data
/// source of our own on SDL's display (`WaylandClipboard`), dispatched by SDL's own pumping,
/// set with the serial of the window's newest key, button or touch. Made as the window opens,
/// so it has heard that input by the first copy.
final class WaylandClipboardOffer: PictureOffer {
    private var clipboard: OpaquePointer?

    /// Nil when the window is not on Wayland, or the compositor has no seat or clipboard.
    init?(window handle: OpaquePointer) {
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(handle, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_WAYLAND, let display = info.info.wl.display,
              let started = wc_start(display) else { return nil }
        clipboard = started
    }

    deinit { wc_stop(clipboard) }

    func offer(png: Data, svg: Data) {
        // (wc_offer copies the bytes.)
        png.withUnsafeBytes { pngBytes in
            svg.withUnsafeBytes { svgBytes in
                var types: [UnsafePointer<CChar>?] = [("image/png" as StaticString).utf8Start, ("image/svg+xml" as StaticString).utf8Start]
                    .map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
                var bytes: [UnsafeRawPointer?] = [pngBytes.baseAddress, svgBytes.baseAddress]
                var lengths = [pngBytes.count, svgBytes.count]
                _ = wc_offer(clipboard, &types, &bytes, &lengths, 2)
            }
        }
    }

    var watched: Int32? { nil }
    /// (Requests are answered as SDL's pumping dispatches them.)
    func serve() {}
}

extension Window {
    /// What other apps get from the clipboard after a copy of ink: the Wayland one made as
    /// the window opened, or an X11 one made now (nil when neither can be had).
    public func pictureClipboard() -> (any PictureOffer)? {
        if pictureOffer == nil, videoDriver == "x11" { pictureOffer = ClipboardOffer() }
        return pictureOffer
    }
}
