import CCairo
import DrawingBoardCore
import Foundation

/// Draws PDF pages for the window off its event loop: a page poppler takes seconds to draw
/// shows white meanwhile, the window keeps taking input, and the page appears when it is ready
/// (`BackgroundLayer.catchUp`). One worker thread, with poppler documents of its own (poppler's
/// documents are not shared between threads); the pictures it made last are kept, so a page
/// shown again, or asked for by two canvases, is drawn once. Files and the headless renderer
/// draw synchronously, without it.
public final class PDFPageDrawer: @unchecked Sendable {
    /// What is drawn: a PDF page at a pixel size.
    struct Request: Hashable, @unchecked Sendable {
        var background: PDFBackground
        /// The page's size in pixels: the picture's.
        var size: PixelSize
    }

    private let queue = DispatchQueue(label: "drawingboard.pdf-pages")
    private let documents = OpenPDFs()
    private let lock = NSLock()
    private var done: [(request: Request, picture: RasterImage?)] = []
    private var waiting: Set<Request> = []
    /// Pictures kept (each a page's pixels: a few pages' worth).
    private let keep = 6

    public init() {}

    /// Whether a picture asked for is still being drawn.
    public var busy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !waiting.isEmpty
    }

    /// The picture for `request` when it is drawn; otherwise nil, and it is being drawn (a page
    /// poppler cannot draw comes back white, as it would have been drawn in place).
    func picture(_ request: Request) -> RasterImage? {
        lock.lock()
        defer { lock.unlock() }
        if let i = done.firstIndex(where: { $0.request == request }) {
            let hit = done.remove(at: i)
            done.append(hit)
            return hit.picture ?? RasterImage(width: 1, height: 1, pixels: [0xFFFF_FFFF])
        }
        if waiting.insert(request).inserted {
            queue.async { [self] in
                let picture = draw(request)
                lock.lock()
                waiting.remove(request)
                done.append((request, picture))
                if done.count > keep { done.removeFirst() }
                lock.unlock()
            }
        }
        return nil
    }

    private func draw(_ request: Request) -> RasterImage? {
        guard let surface = try? CairoSurface(format: .argb32, size: request.size), let cr = try? CairoContext(surface) else { return nil }
        guard (try? PDFPainter.draw(request.background, on: cr.handle, size: request.size, documents: documents)) != nil else { return nil }
        surface.flush()
        return surface.rasterImage()
    }
}
