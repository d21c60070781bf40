import CSDL2
import DrawingBoardCore

/// Sends small pieces of the window's surface to the X server inside the request itself
/// (XPutImage), with nothing to wait for.
///
/// SDL 2.26 sends every update of a window surface through shared memory and then waits for
/// the server (XSync), since the memory must not change before the server has read it: a
/// round trip, and a sleep and a wake-up, for each motion event's few hundred pixels. A small
/// piece costs less sent as bytes, after which the surface may change at once; large ones
/// (a scroll, a new page) still go through shared memory.
final class X11SmallUpdates {
    /// Pixels in one present up to which the pieces go as bytes (256 KB).
    static let limit = 65_536

    private let display: OpaquePointer
    private let window: CSDL2.Window
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let gc: GC
    /// An image over the surface's pixels (nil until first used, and after a resize).
    private var image: UnsafeMutablePointer<XImage>?
    private var imageFrame: (pixels: UnsafeMutableRawPointer, generation: Int)?

    /// Nil when `window` is not on X11, or its visual is not 24 or 32 bits deep (the surface's
    /// pixels are 32-bit XRGB).
    init?(window handle: OpaquePointer) {
        guard let x11 = X11Handles(handle) else { return nil }
        let display = x11.display
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, x11.window, &attributes) != 0,
              attributes.depth == 24 || attributes.depth == 32, let visual = attributes.visual,
              let gc = XCreateGC(display, x11.window, 0, nil) else { return nil }
        self.display = display
        window = x11.window
        self.visual = visual
        depth = attributes.depth
        self.gc = gc
    }

    deinit {
        dropImage()
        XFreeGC(display, gc)
    }

    /// Whether `rects` are small enough to go as bytes.
    func takes(_ rects: [PixelRect]) -> Bool {
        rects.reduce(0) { $0 + $1.area } <= Self.limit
    }

    /// Sends `rects` of `frame` (the window's surface) and flushes; false when they could not
    /// go this way (the caller sends them through SDL).
    func send(_ rects: [PixelRect], of frame: FrameBuffer) -> Bool {
        if imageFrame?.pixels != frame.pixels || imageFrame?.generation != frame.generation { dropImage() }
        if image == nil {
            image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0, frame.pixels.assumingMemoryBound(to: CChar.self),
                                 UInt32(frame.size.width), UInt32(frame.size.height), 32, Int32(frame.stride))
            // The surface holds 32-bit words in this machine's order: say so, and Xlib swaps them
            // for a server of the other.
            image?.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst
            imageFrame = (frame.pixels, frame.generation)
        }
        guard let image, image.pointee.bits_per_pixel == 32 else {
            dropImage()
            return false
        }
        for r in rects where r.width > 0 && r.height > 0 {
            let x = Int32(r.x), y = Int32(r.y), w = UInt32(r.width), h = UInt32(r.height)
            XPutImage(display, window, gc, image, x, y, x, y, w, h)
        }
        XFlush(display)
        return true
    }

    private func dropImage() {
        guard let image else { return }
        // The pixels are SDL's: the image must not free them.
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image(image)
        self.image = nil
    }
}
