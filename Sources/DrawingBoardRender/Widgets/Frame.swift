import DrawingBoardCore

/// What the window shows: pixels the platform layer owns (an X11 window surface) or a buffer
/// it uploads (a streaming texture), in 32-bit XRGB/ARGB. The compositor and the widgets paint
/// into it; the platform presents its dirty rectangles.
public final class Frame {
    let surface: CairoSurface
    /// One context for the frame's life (the compositor uses it for every dirty rectangle).
    lazy var context: CairoContext? = try? CairoContext(surface)
    public var size: PixelSize { surface.size }
    /// What strokes' provisional tails cover (see `TailSaves`).
    let tails = TailSaves()

    /// A frame over pixels someone else owns, which must stay valid while the frame lives.
    public init(wrapping pixels: UnsafeMutableRawPointer, size: PixelSize, stride: Int) throws(RenderError) {
        surface = try CairoSurface(wrapping: pixels, format: .rgb24, size: size, stride: stride)
    }

    /// A frame that owns its pixels.
    public init(size: PixelSize) throws(RenderError) {
        surface = try CairoSurface(format: .argb32, size: size)
    }

    /// `rect` was painted again from the page (an area composed again, the interface over
    /// it): it is what lies under the strokes' provisional tails there (`TailSaves`).
    public func composed(_ rect: PixelRect) {
        tails.refresh(from: surface, over: rect)
    }

    /// Makes pending drawing visible in memory before the platform reads the pixels.
    public func flush() {
        surface.flush()
    }

    /// The pixels of `rect`, for tests and screenshots (top byte forced opaque).
    public func read(_ rect: PixelRect) -> [UInt32] {
        surface.read(rect).map { $0 | 0xFF00_0000 }
    }
}
