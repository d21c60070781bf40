import DrawingBoardCore
import Foundation

/// The page drawn on, painted again whole off the event loop (the window's editors, a heavy
/// page): after an edit that changes what lies under the top run of ink everywhere (an element
/// raised or lowered, one deleted from under others), or its undo. It paints a new canvas from
/// the page's value with its own decoded images; meanwhile frames show the canvas as it was
/// with the page it showed (`shown`), and anything that needs the canvas itself (a stroke, the
/// next edit, a file) waits for it (`Editor.canvas`).
final class WholeRepaint: @unchecked Sendable {
    /// The page painted.
    let page: Page
    /// The page the canvas showed before the edit: what frames show until the new one comes
    /// (or the page of an older repaint that came meanwhile).
    var shown: Page
    /// The repaint this one replaced, while it may still come: shown when it comes first.
    private var older: WholeRepaint?
    private let painting: PaintedLater<PageCanvas>
    /// A newer repaint took this one's place: if it has not begun, it paints nothing.
    private let replaced = Flag()
    /// It has begun painting (for tests).
    let began = Flag()
    /// One page painted at a time: a repaint replaced before it begins is skipped.
    private static let queue = DispatchQueue(label: "drawingboard.whole-repaint", qos: .userInitiated)

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// For tests: when set, each repaint waits for a signal before it paints.
    nonisolated(unsafe) static var gate: DispatchSemaphore?

    /// `replacing`: the repaint under way this one takes the place of.
    init(_ page: Page, shown: Page, replacing older: WholeRepaint? = nil) {
        self.page = page
        self.shown = shown
        older?.replaced.set()
        self.older = older
        let gate = Self.gate, replaced = replaced, began = began
        painting = PaintedLater(on: Self.queue) { () throws(RenderError) in
            guard !replaced.isSet else { throw RenderError("replaced by a newer repaint") }
            began.set()
            gate?.wait()
            return try CanvasLoading.paint(page, assets: AssetStore())
        }
    }

    var isDone: Bool { painting.isDone }

    /// The newest of the repaints this one replaced that came with a canvas (one that had
    /// begun before it was replaced), taken: a slider dragged shows the pages it passes
    /// through as they come, not only where it stops.
    func takeOlderCanvas() -> (page: Page, canvas: PageCanvas)? {
        var job = older
        while let candidate = job {
            if candidate.isDone, case .success(let canvas) = candidate.canvas() {
                older = nil
                return (candidate.page, canvas)
            }
            job = candidate.older
        }
        return nil
    }

    /// The canvas painted (waiting for it).
    func canvas() -> Result<PageCanvas, RenderError> { painting.result() }
}

/// The canvas of the page drawn on, and the whole-page repaint that may be under way for it
/// (`WholeRepaint`): taken in when it is done, or waited for by what needs the canvas itself.
final class CurrentCanvas {
    /// The canvas as it stands (during a repaint: the one showing the page before the edit).
    private(set) var canvas: PageCanvas
    /// The repaint under way, if one is.
    var repaint: WholeRepaint?
    /// Whether a page painted again whole is painted off the event loop (the window's
    /// editors), and above how many items (lighter pages are painted at once).
    var paintsLater = false
    var laterAbove = 150
    /// Whether an edit on this page took longer than a frame to follow on the event loop: a
    /// page that slow is painted again whole off the loop too, whatever its number of items
    /// (a few large photos cost more than many strokes).
    private(set) var slow = false
    static let frameSeconds = 1.0 / 60

    /// Whether a whole repaint of `page` goes off the event loop.
    func repaintsLater(_ page: Page) -> Bool {
        paintsLater && (slow || page.items.count > laterAbove)
    }

    /// Runs `follow` (the canvas following an edit on the loop), noting whether it was slow.
    func timing(_ follow: () throws(RenderError) -> Bool) throws(RenderError) -> Bool {
        let start = ContinuousClock.now
        defer { if !slow, ContinuousClock.now - start > .seconds(Self.frameSeconds) { slow = true } }
        return try follow()
    }

    init(_ canvas: PageCanvas) {
        self.canvas = canvas
    }

    /// A canvas that replaces this one whole (a page shown, a page resized): a repaint under
    /// way is dropped.
    func replace(with next: PageCanvas) {
        repaint = nil
        canvas = next
    }

    /// Takes in the repaint if it is done (`wait`: waiting for it). Nil when there was none to
    /// take; otherwise the problem, if the canvas had to be painted here and could not be (a
    /// canvas that could not be painted there, or a page that moved on meanwhile, is painted
    /// here: `page`, the page drawn on now).
    func settle(_ page: Page, assets: AssetStore, wait: Bool) -> String?? {
        guard let job = repaint else { return nil }
        guard wait || job.isDone else {
            // An older repaint that came meanwhile is shown until the newest comes.
            guard let came = job.takeOlderCanvas() else { return nil }
            came.canvas.adopt(assets)
            canvas = came.canvas
            job.shown = came.page
            canvas.invalidateAll()
            return .some(nil)
        }
        repaint = nil
        var problem: String?
        if job.page == page, case .success(let fresh) = job.canvas() {
            fresh.adopt(assets)
            canvas = fresh
        } else {
            do {
                canvas = try CanvasLoading.paint(page, assets: assets)
            } catch {
                problem = error.message
            }
        }
        canvas.invalidateAll()
        return .some(problem)
    }
}
