import DrawingBoardCore
import Foundation

/// The pages as the window shows them at any scale but 1: square tiles of a page drawn at the
/// view's scale (zoom x the screen's scale), each painted whole from the page's model off the
/// event loop (`TileWorkers`), on the grid `ScaledPicture` uses, so the window shows exactly
/// what `render --scale` draws. A cache, the page being the truth:
///
/// - a tile is keyed by page, scale and place, and remembers the version of its page it was
///   painted from; the editor reports every change to a page (`changed`), with where it
///   reached, so a tile knows what it lacks;
/// - a tile that lacks only strokes laid on top (drawing) is shown with those strokes drawn
///   over it as vectors until it is painted again; one that lacks anything else has that part
///   painted from the model on the loop when it is small, and is shown as it was meanwhile
///   otherwise;
/// - a tile the scale has none of yet (a zoom under way) is stood in for by the tiles of the
///   nearest scale there are, scaled, or by the page's 1x pixels;
/// - the least recently shown go when the tiles pass a budget in bytes (the window's: a few
///   screens' worth).
public final class ViewTiles {
    /// The side of a tile in pixels, at its scale.
    public static let side = ScaledPicture.tile

    struct Key: Hashable {
        var page: UInt64
        var scale: Double
        var x: Int
        var y: Int
    }

    final class Tile {
        let surface: CairoSurface
        var version: Int
        var used: UInt64

        init(surface: CairoSurface, version: Int, used: UInt64) {
            self.surface = surface
            self.version = version
            self.used = used
        }
    }

    /// What changed on a page, for the tiles painted before it.
    enum Change {
        /// A stroke laid on top of everything (its box on the page): shown over the tiles
        /// that lack it until they are painted again.
        case stroke(Stroke, Rect?)
        /// Anything else, within this box of the page (nil: all of it).
        case area(Rect?)

        var box: Rect? {
            switch self {
            case .stroke(_, let box): return box
            case .area(let box): return box
            }
        }
    }

    /// A page's version and its latest changes.
    private struct PageLog {
        var version = 0
        var changes: [(version: Int, change: Change)] = []
        /// The scene of the page at `version`, once made.
        var scene: PageScene?
    }

    private var tiles: [Key: Tile] = [:]
    private var logs: [UInt64: PageLog] = [:]
    private let workers: TileWorkers
    private var clock: UInt64 = 0
    /// The scale each page's tiles were last asked for at.
    private var askedScale: [UInt64: Double] = [:]
    public private(set) var bytes = 0
    /// Bytes of tiles kept at most (never fewer than what the window shows).
    public var budget = 64 << 20

    /// The budget for a window of `area` pixels: three windows' worth (the window, a scroll's
    /// worth around it, and the scale a zoom comes from).
    public static func budget(forWindow area: Int) -> Int { max(8 << 20, 3 * area * 4) }
    /// The changes kept per page: a tile older than all of them is painted again whole.
    static let kept = 64

    public init(threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)) {
        workers = TileWorkers(threads: threads)
    }

    deinit { workers.stop() }

    /// Wakes the event loop when a tile is painted (the window's; nil: the loop looks).
    public var wake: (@Sendable () -> Void)? {
        get { workers.wake }
        set { workers.wake = newValue }
    }

    // MARK: - Pages changing

    /// Page `id`, of `size`, changed: `change` says where. A stroke laid on top is painted
    /// at once into the tiles that were up to date (the tile painted afresh would hold the
    /// same, but for a level's rounding here and there): drawing needs no tile painted again.
    func changed(_ id: UInt64, _ change: Change, size: PixelSize) {
        var log = logs[id] ?? PageLog()
        if case .stroke(let stroke, let box?) = change { lay(stroke, within: box, onPage: id, size: size, upTo: log.version) }
        log.version += 1
        log.changes.append((log.version, change))
        if log.changes.count > Self.kept { log.changes.removeFirst(log.changes.count - Self.kept) }
        log.scene = nil
        logs[id] = log
    }

    /// Paints `stroke` into the tiles of page `id` painted at `version` that it reaches, and
    /// counts them at the next version.
    private func lay(_ stroke: Stroke, within box: Rect, onPage id: UInt64, size: PixelSize, upTo version: Int) {
        let t = Self.side
        for (key, tile) in tiles where key.page == id && tile.version == version {
            let s = key.scale
            guard Self.onPage(key).intersects(box) else { continue }
            let region = PixelRect(x: key.x * t, y: key.y * t, width: t, height: t).intersection(PixelRect(size: ScaledPainter.size(of: size, at: s)))
            guard let region, let cr = try? CairoContext(tile.surface) else { continue }
            TileComposer.draw([stroke], within: region, scale: s, on: cr)
            tile.surface.flush()
            tile.version = version + 1
        }
    }

    /// The part of its page a tile covers, in the page's own pixels.
    static func onPage(_ key: Key) -> Rect {
        let t = Double(side), s = key.scale
        return Rect(minX: Double(key.x) * t / s, minY: Double(key.y) * t / s, maxX: Double(key.x + 1) * t / s, maxY: Double(key.y + 1) * t / s)
    }

    /// The version page `id` is at.
    func version(of id: UInt64) -> Int { logs[id]?.version ?? 0 }

    /// The scene of page `id` as it is now (made by `make` once per version).
    func scene(of id: UInt64, _ make: () -> PageScene) -> PageScene {
        if let scene = logs[id]?.scene { return scene }
        let scene = make()
        var log = logs[id] ?? PageLog()
        log.scene = scene
        logs[id] = log
        return scene
    }

    /// What a tile of page `id` painted at `version` lacks within `box` (page pixels): nothing,
    /// strokes laid on top since (in order), or other changes (their area on the page; nil:
    /// all of it, when the changes since are no longer known).
    enum Lack {
        case nothing
        case strokes([Stroke])
        case area(Rect?)
    }

    func lack(of id: UInt64, since version: Int, within box: Rect) -> Lack {
        guard let log = logs[id], log.version > version else { return .nothing }
        guard let first = log.changes.first, first.version <= version + 1 else { return .area(nil) }
        var strokes: [Stroke] = []
        var boxes: [Rect] = []
        var area: Rect?
        for (v, change) in log.changes where v > version {
            // A change of the whole page meets every tile.
            guard let reach = change.box else { return .area(nil) }
            guard reach.intersects(box) else { continue }
            switch change {
            case .stroke(let stroke, _):
                strokes.append(stroke)
                boxes.append(reach)
            case .area:
                area = area.map { $0.union(reach) } ?? reach
            }
        }
        // With other changes, the strokes laid since are painted again with them (drawn over
        // a part painted from the page, a translucent stroke would be laid twice).
        if let area { return .area(boxes.reduce(area) { $0.union($1) }) }
        return strokes.isEmpty ? .nothing : .strokes(strokes)
    }

    // MARK: - Tiles

    /// The tile at `key`, marked as shown now.
    func tile(_ key: Key) -> Tile? {
        guard let tile = tiles[key] else { return nil }
        clock += 1
        tile.used = clock
        return tile
    }

    /// The scales page `id` has tiles at, nearest `scale` first (by ratio), without `scale`.
    func otherScales(of id: UInt64, near scale: Double) -> [Double] {
        Set(tiles.keys.filter { $0.page == id && $0.scale != scale }.map(\.scale)).sorted { abs(log($0 / scale)) < abs(log($1 / scale)) }
    }

    /// A new round of asking (a frame composing a page): its tiles come before those asked
    /// in earlier rounds, the nearest the window's middle first among them.
    func newRound() -> UInt64 {
        clock += 1
        return clock
    }

    /// Has the tile at `key` painted from `scene` (at `version`), if it is not being painted
    /// already; `round`: when it was asked for (`newRound`); `distance`: from the middle of the
    /// window. When a page is first asked for at another scale, its jobs at the scale before
    /// are dropped (a zoom moved on).
    func ask(_ key: Key, version: Int, scene: PageScene, round: UInt64, distance: Double) {
        if askedScale[key.page] != key.scale {
            askedScale[key.page] = key.scale
            workers.cancel { $0.page == key.page && $0.scale != key.scale }
        }
        workers.ask(TileWorkers.Job(key: key, version: version, scene: scene, asked: round, distance: distance))
    }

    /// Takes in the tiles painted since the last call; the keys of those that came (to show).
    func takeArrived() -> [Key] {
        var arrived: [Key] = []
        for painted in workers.takeFinished() {
            if let held = tiles[painted.key], held.version >= painted.version { continue }
            if let held = tiles.removeValue(forKey: painted.key) { bytes -= held.surface.stride * held.surface.size.height }
            clock += 1
            tiles[painted.key] = Tile(surface: painted.surface, version: painted.version, used: clock)
            bytes += painted.surface.stride * painted.surface.size.height
            arrived.append(painted.key)
        }
        trim()
        return arrived
    }

    /// Whether tiles are being painted.
    public var painting: Bool { workers.isBusy }

    /// Whether `region` of page `id` drawn at `scale` (its pixels at that scale) has every tile
    /// painted, and painted from the page as it is now (or before changes that all lie
    /// elsewhere): shown sharp, nothing standing in, nothing drawn over.
    public func isSharp(page id: UInt64, scale: Double, region: PixelRect) -> Bool {
        let t = Self.side
        return ScaledPicture.tiles(covering: region).allSatisfy { part in
            let key = Key(page: id, scale: scale, x: part.x / t, y: part.y / t)
            guard let tile = tiles[key] else { return false }
            if case .nothing = lack(of: id, since: tile.version, within: Self.onPage(key)) { return true }
            return false
        }
    }

    /// Drops the least recently shown tiles until they fit the budget (the window's budget is
    /// a few windows' worth, so the tiles it shows are the last to go). A page left with no
    /// tiles lets its scene go too (its item boxes and decoded pictures: a notebook scrolled
    /// through at a zoom would otherwise keep every page's).
    private func trim() {
        guard bytes > budget else { return }
        var emptied = Set<UInt64>()
        for (key, tile) in tiles.sorted(by: { $0.value.used < $1.value.used }) {
            guard bytes > budget else { break }
            tiles[key] = nil
            bytes -= tile.surface.stride * tile.surface.size.height
            emptied.insert(key.page)
        }
        emptied.subtract(tiles.keys.map(\.page))
        for id in emptied { logs[id]?.scene = nil }
    }

    /// Forgets the tiles of pages not in `ids` (pages gone from the notebook).
    func keepPages(_ ids: Set<UInt64>) {
        for (key, tile) in tiles where !ids.contains(key.page) {
            tiles[key] = nil
            bytes -= tile.surface.stride * tile.surface.size.height
        }
        logs = logs.filter { ids.contains($0.key) }
        askedScale = askedScale.filter { ids.contains($0.key) }
    }

    /// How many tiles are held (for tests and the benchmark).
    public var count: Int { tiles.count }
    /// How many pages' scenes are kept (for tests).
    var scenes: Int { logs.values.filter { $0.scene != nil }.count }
}
