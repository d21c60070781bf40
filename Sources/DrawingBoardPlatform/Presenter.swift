import CSDL2
import DrawingBoardCore

/// The window's pixels: 32-bit XRGB/ARGB, `stride` bytes a row. Valid until the window is
/// resized (its `generation` changes then).
public struct FrameBuffer {
    public var pixels: UnsafeMutableRawPointer
    public var size: PixelSize
    public var stride: Int
    public var generation: Int
}

/// Shows frames in the window, presenting only dirty rectangles.
protocol Presenter: AnyObject {
    /// The pixels to paint into, sized to the window.
    var frame: FrameBuffer { get }
    /// The window changed size: the next frame matches it.
    func resize() throws
    /// Puts `rects` of the frame on the screen.
    func present(_ rects: [PixelRect])
    /// Pixels uploaded to the screen so far (for measurements and regression guards).
    var uploadedPixels: Int { get }
    var name: String { get }
}

/// X11: paints straight into the window's own surface and sends only the dirty rectangles to
/// the X server (`SDL_UpdateWindowSurfaceRects`, no OpenGL): about 45x less CPU per frame than a
/// streaming texture under a software GL.
final class SurfacePresenter: Presenter {
    private let window: OpaquePointer
    private(set) var frame: FrameBuffer
    private(set) var uploadedPixels = 0
    let name = "window surface"

    /// Small updates go as bytes, without SDL's wait for the server.
    private let small: X11SmallUpdates?

    init(window: OpaquePointer) throws {
        self.window = window
        frame = try Self.makeFrame(window, generation: 0)
        small = X11SmallUpdates(window: window)
    }

    private static func makeFrame(_ window: OpaquePointer, generation: Int) throws -> FrameBuffer {
        guard let surface = SDL_GetWindowSurface(window) else { throw PlatformError.sdl("no window surface") }
        let format = surface.pointee.format.pointee.format
        guard format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue,
              let pixels = surface.pointee.pixels else {
            throw PlatformError("the window surface has pixel format \(String(cString: SDL_GetPixelFormatName(format)))")
        }
        return FrameBuffer(pixels: pixels, size: PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h)),
                           stride: Int(surface.pointee.pitch), generation: generation)
    }

    func resize() throws {
        frame = try Self.makeFrame(window, generation: frame.generation + 1)
    }

    func present(_ given: [PixelRect]) {
        guard !given.isEmpty else { return }
        let rects = UploadRects.merged(given)
        uploadedPixels += rects.reduce(0) { $0 + $1.area }
        if let small, small.takes(rects), small.send(rects, of: frame) { return }
        var sdlRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        SDL_UpdateWindowSurfaceRects(window, &sdlRects, Int32(sdlRects.count))
    }
}

/// Wayland (and any driver without a plain window surface): a streaming texture that receives
/// only the dirty rectangles, then one present.
final class TexturePresenter: Presenter {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private var texture: OpaquePointer
    private(set) var frame: FrameBuffer
    private(set) var uploadedPixels = 0
    let name: String

    init(window: OpaquePointer) throws {
        self.window = window
        guard let renderer = SDL_CreateRenderer(window, -1, 0) else { throw PlatformError.sdl("cannot create a renderer") }
        self.renderer = renderer
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        name = "streaming texture (\(info.name.map { String(cString: $0) } ?? "?"))"
        let size = Self.pixelSize(renderer)
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                              Int32(size.width), Int32(size.height)) else {
            SDL_DestroyRenderer(renderer)
            throw PlatformError.sdl("cannot create a texture")
        }
        self.texture = texture
        frame = Self.allocate(size, generation: 0)
    }

    deinit {
        frame.pixels.deallocate()
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
    }

    private static func allocate(_ size: PixelSize, generation: Int) -> FrameBuffer {
        let stride = size.width * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * size.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * size.height)
        return FrameBuffer(pixels: pixels, size: size, stride: stride, generation: generation)
    }

    private static func pixelSize(_ renderer: OpaquePointer) -> PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return PixelSize(width: max(Int(w), 1), height: max(Int(h), 1))
    }

    func resize() throws {
        let size = Self.pixelSize(renderer)
        guard size != frame.size else { return }
        guard let next = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                           Int32(size.width), Int32(size.height)) else {
            throw PlatformError.sdl("cannot create a texture")
        }
        SDL_DestroyTexture(texture)
        texture = next
        frame.pixels.deallocate()
        frame = Self.allocate(size, generation: frame.generation + 1)
    }

    func present(_ given: [PixelRect]) {
        guard !given.isEmpty else { return }
        let rects = UploadRects.merged(given)
        for r in rects {
            var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            SDL_UpdateTexture(texture, &rect, frame.pixels + r.y * frame.stride + r.x * 4, Int32(frame.stride))
        }
        uploadedPixels += rects.reduce(0) { $0 + $1.area }
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
    }
}
