import DrawingBoardCore
import Foundation

/// Paints notebook pages' canvases off the event loop (the window's): a page scrolled into
/// view whose pixels the shelf let go is painted here from its model, a value taken when it
/// was asked for, while the window goes on drawing and shows the page blank meanwhile. The
/// canvas is taken when it is ready only if the page is still that value; a page changed
/// meanwhile is painted again. Each canvas is painted with its own store of decoded images
/// (the editor's is the event loop's) and handed over whole.
final class PagePainter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "drawingboard.pages", qos: .userInitiated)
    private let lock = NSLock()
    private let finished = NSCondition()
    /// Pages asked for and not done yet, by id.
    private var waiting: [UInt64: Page] = [:]
    /// Pages painted, by id: the page they were painted from and the canvas, or why not.
    private var done: [UInt64: (page: Page, canvas: Result<PageCanvas, RenderError>)] = [:]

    /// Whether a page asked for is still being painted.
    var busy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !waiting.isEmpty
    }

    /// Whether canvases are ready to be taken.
    var hasPainted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !done.isEmpty
    }

    /// The canvas of page `id` painted from `page`, if it is ready (taken: the caller keeps it);
    /// otherwise nil, and it is being painted. A page that cannot be painted (out of memory)
    /// throws, once.
    func canvas(_ id: UInt64, page: Page, assets: AssetStore) throws(RenderError) -> PageCanvas? {
        lock.lock()
        if let painted = done.removeValue(forKey: id), painted.page == page {
            lock.unlock()
            let canvas = try painted.canvas.get()
            canvas.adopt(assets)
            return canvas
        }
        if waiting[id] != page {
            waiting[id] = page
            queue.async { [self] in paint(id, page) }
        }
        lock.unlock()
        return nil
    }

    /// Waits until page `id` is painted if it is being painted, and gives its canvas when it
    /// was painted from `page` (the page about to be drawn on: painting it again would take
    /// longer than the rest of the wait).
    func wait(for id: UInt64, page: Page, assets: AssetStore) throws(RenderError) -> PageCanvas? {
        finished.lock()
        while isWaiting(id) { finished.wait() }
        finished.unlock()
        lock.lock()
        let painted = done.removeValue(forKey: id)
        lock.unlock()
        guard let painted, painted.page == page else { return nil }
        let canvas = try painted.canvas.get()
        canvas.adopt(assets)
        return canvas
    }

    /// Every canvas painted and not taken yet, with the page it was painted from (taken: the
    /// caller keeps them or lets them go).
    func takePainted() -> [(id: UInt64, page: Page, canvas: Result<PageCanvas, RenderError>)] {
        lock.lock()
        defer { lock.unlock() }
        let painted = done.map { (id: $0.key, page: $0.value.page, canvas: $0.value.canvas) }
        done.removeAll()
        return painted
    }

    private func isWaiting(_ id: UInt64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiting[id] != nil
    }

    private func paint(_ id: UInt64, _ page: Page) {
        lock.lock()
        // Asked for again with another value since: that request paints it.
        guard waiting[id] == page else {
            lock.unlock()
            return
        }
        lock.unlock()
        let canvas: Result<PageCanvas, RenderError>
        do {
            canvas = .success(try CanvasLoading.paint(page, assets: AssetStore()))
        } catch {
            canvas = .failure(error)
        }
        lock.lock()
        if waiting[id] == page {
            waiting[id] = nil
            done[id] = (page, canvas)
        }
        lock.unlock()
        finished.lock()
        finished.broadcast()
        finished.unlock()
    }
}
