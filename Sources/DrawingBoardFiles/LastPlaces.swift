import DrawingBoardCore
import Foundation

/// Where each notebook was left: the page and the zoom last shown, by the file's path, so a
/// notebook reopens there (as Xournal++'s do). Kept in `$XDG_STATE_HOME/drawingboard/places.json`
/// (the 200 newest), read once and checked: an entry that is not a page number and a zoom the
/// window can show is left out; a file that is not such a list is never read and is written
/// over only with a good one.
public final class LastPlaces {
    public struct Place: Codable, Sendable, Hashable {
        public var page: Int
        public var zoom: Double
        /// When it was noted (seconds since 1970), to keep the newest.
        public var time: Double

        public init(page: Int, zoom: Double, time: Double = Date().timeIntervalSince1970) {
            self.page = page
            self.zoom = zoom
            self.time = time
        }

        var isValid: Bool {
            (0..<Notebook.maxPages).contains(page) && zoom.isFinite && ViewTransform.zoomRange.contains(zoom) && time.isFinite
        }
    }

    public let url: URL
    public static let maxEntries = 200
    /// Larger files are not read (200 entries are a few tens of kilobytes).
    static let maxBytes = 1 << 20
    private var places: [String: Place]?

    public init(url: URL = LastPlaces.defaultURL) {
        self.url = url
    }

    public static var defaultURL: URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: env["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/state")
        return base.appendingPathComponent("drawingboard/places.json")
    }

    private func loaded() -> [String: Place] {
        if let places { return places }
        var read: [String: Place] = [:]
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size <= Self.maxBytes,
           let data = try? Data(contentsOf: url), let all = try? JSONDecoder().decode([String: Place].self, from: data) {
            read = all.filter { $0.key.hasPrefix("/") && $0.value.isValid }
        }
        places = read
        return read
    }

    /// Where the file at `path` was left, if it was noted.
    public func place(of path: String) -> Place? { loaded()[path] }

    /// Notes where the file at `path` is left, and writes the list (atomically).
    public func remember(_ place: Place, for path: String) {
        guard path.hasPrefix("/"), place.isValid else { return }
        var all = loaded()
        guard all[path].map({ $0.page != place.page || $0.zoom != place.zoom }) ?? true else { return }
        all[path] = place
        if all.count > Self.maxEntries {
            for (key, _) in all.sorted(by: { $0.value.time < $1.value.time }).prefix(all.count - Self.maxEntries) { all[key] = nil }
        }
        places = all
        guard let data = try? JSONEncoder().encode(all) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }
}
