import DrawingBoardCore
import Foundation

/// Threads that paint view tiles off the event loop, one per core, each with its own decoded
/// images and poppler documents (`PaintResources`). Jobs wait in one list; a thread takes the
/// one asked for last (the latest zoom or scroll first), nearest the middle of the window
/// among those; what it paints goes into the finished list and the loop is woken to take it.
final class TileWorkers: @unchecked Sendable {
    struct Job {
        var key: ViewTiles.Key
        var version: Int
        var scene: PageScene
        /// When it was asked for (a counter: the newest first), and its distance from the
        /// middle of the window (the nearest first among those).
        var asked: UInt64
        var distance: Double
    }

    struct Painted {
        var key: ViewTiles.Key
        var version: Int
        var surface: CairoSurface
    }

    private let condition = NSCondition()
    private var jobs: [ViewTiles.Key: Job] = [:]
    /// The jobs being painted now.
    private var busy: Set<ViewTiles.Key> = []
    private var finished: [Painted] = []
    /// The version each tile being painted was started at.
    private var lastStarted: [ViewTiles.Key: Int] = [:]
    private var stopped = false
    /// Wakes the event loop (set by the window; nil: the loop looks on its own, as tests do).
    var wake: (@Sendable () -> Void)?

    private let threads: Int
    private var started = false

    /// `threads` painting threads, started with the first job.
    init(threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        self.threads = threads
    }

    private func start() {
        started = true
        for i in 0..<threads {
            let thread = Thread { [weak self] in
                let resources = PaintResources()
                while let job = self?.next() {
                    self?.paint(job, with: resources)
                }
            }
            thread.name = "drawingboard.tiles.\(i)"
            thread.qualityOfService = .userInitiated
            thread.start()
        }
    }

    deinit { stop() }

    /// The threads end once their tile is painted.
    func stop() {
        condition.lock()
        stopped = true
        jobs.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Asks for `job`'s tile (again, with its newer place in the order, if it waits already);
    /// nothing when it is being painted at that version.
    func ask(_ job: Job) {
        condition.lock()
        defer { condition.unlock() }
        if busy.contains(job.key), jobs[job.key] == nil, job.version <= lastStarted[job.key] ?? -1 { return }
        if !started { start() }
        jobs[job.key] = job
        condition.signal()
    }

    /// Forgets the jobs waiting that `drop` picks (tiles no longer wanted: another scale).
    func cancel(where drop: (ViewTiles.Key) -> Bool) {
        condition.lock()
        jobs = jobs.filter { !drop($0.key) }
        condition.unlock()
    }

    /// Whether tiles are waiting or being painted.
    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !jobs.isEmpty || !busy.isEmpty
    }

    /// The tiles painted since the last call.
    func takeFinished() -> [Painted] {
        condition.lock()
        defer { condition.unlock() }
        let done = finished
        finished.removeAll()
        return done
    }

    private func next() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            // (A tile being painted waits for that to end before it is painted again.)
            if let best = jobs.values.filter({ !busy.contains($0.key) }).max(by: { ($0.asked, -$0.distance) < ($1.asked, -$1.distance) }) {
                jobs[best.key] = nil
                busy.insert(best.key)
                lastStarted[best.key] = best.version
                return best
            }
            condition.wait()
        }
        return nil
    }

    private func paint(_ job: Job, with resources: PaintResources) {
        let t = ViewTiles.side
        let region = PixelRect(x: job.key.x * t, y: job.key.y * t, width: t, height: t)
        let painter = ScaledPainter(scene: job.scene, scale: job.key.scale, resources: resources)
        var painted: Painted?
        if let visible = region.intersection(PixelRect(size: painter.size)), let surface = try? CairoSurface(format: .argb32, size: PixelSize(width: t, height: t)) {
            surface.place(atX: region.x, y: region.y)
            if (try? painter.paint(visible, on: surface)) != nil {
                surface.flush()
                painted = Painted(key: job.key, version: job.version, surface: surface)
            }
        }
        condition.lock()
        busy.remove(job.key)
        lastStarted[job.key] = nil
        if let painted { finished.append(painted) }
        // A newer version of this tile may be waiting for it.
        if jobs[job.key] != nil { condition.signal() }
        let wake = self.wake
        condition.unlock()
        wake?()
    }
}
