import DrawingBoardCore
import DrawingBoardRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The autosave journal of one window: every committed step is appended (and flushed to disk)
/// as it happens, after where the session started from, in
/// `$XDG_STATE_HOME/drawingboard/sessions/<random id>/`. The window holds an exclusive lock on
/// its session while it runs, so several windows never share a journal, and a session whose
/// lock nobody holds is one whose window died: the next start offers to restore it, replaying
/// the steps to rebuild the drawing and its undo history. Process ids are never used (in a
/// flatpak sandbox they repeat).
public final class Journal {
    public let directory: URL
    private var lock: Int32
    private var file: FileHandle
    private var images = 0
    /// Why the last append failed, if it did (the drawing goes on; the journal is behind).
    public private(set) var problem: String?

    /// `$XDG_STATE_HOME/drawingboard/sessions`, by default `~/.local/state/drawingboard/sessions`.
    public static var root: URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: env["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/state")
        return base.appendingPathComponent("drawingboard/sessions")
    }

    /// A new session for a new drawing of `size` on `background`, or for the document at
    /// `documentPath` (copied, so later changes to that file do not change what is restored).
    public init(root: URL = Journal.root, size: PixelSize, background: RGBColor, documentPath: String?) throws {
        directory = root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard let fd = Self.takeLock(directory) else { throw DocumentError("cannot lock \(directory.path)") }
        lock = fd
        file = try Self.openJournal(directory, truncate: true)
        try writeStart(size: size, background: background, documentPath: documentPath)
    }

    /// Takes over a dead window's session (after restoring it) and goes on appending to it.
    public init(adopting directory: URL) throws {
        self.directory = directory
        guard let fd = Self.takeLock(directory) else { throw DocumentError("the session is in use by another window") }
        lock = fd
        file = try Self.openJournal(directory, truncate: false)
        images = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("images").path).count) ?? 0
    }

    deinit {
        try? file.close()
        close(lock)
    }

    /// Starts over from a newly opened document (or a new drawing): the old steps are dropped.
    /// `page`: the page's first state as a document (an image opened as a new page), kept as
    /// the start when there is no document file to copy.
    public func restart(size: PixelSize, background: RGBColor, documentPath: String?, page: Data? = nil) throws {
        try? file.close()
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("images"))
        images = 0
        file = try Self.openJournal(directory, truncate: true)
        try writeStart(size: size, background: background, documentPath: documentPath, page: page)
    }

    private func writeStart(size: PixelSize, background: RGBColor, documentPath: String?, page: Data? = nil) throws {
        let start = directory.appendingPathComponent("start.ora")
        try? FileManager.default.removeItem(at: start)
        var info = StartInfo(width: size.width, height: size.height, background: background.hex, document: documentPath)
        if let documentPath {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: documentPath), to: start)
            info.background = nil
        } else if let page {
            try AtomicFile.write(page, toPath: start.path)
            info.background = nil
            info.page = true
        }
        try AtomicFile.write(try JSONEncoder().encode(info), toPath: directory.appendingPathComponent("start.json").path)
    }

    /// Appends one committed step and flushes it to disk.
    public func append(_ record: EditRecord) {
        do {
            var line = Line()
            switch record {
            case .stroke(let s): line.stroke = s
            case .undo: line.undo = true
            case .redo: line.redo = true
            case .clear: line.clear = true
            case .grow(let size): line.grow = [size.width, size.height]
            case .page(let size, let anchor): line.page = [size.width, size.height, anchor]
            case .background(.color(let c)): line.color = c.hex
            case .background(.image(let image, let name)):
                images += 1
                let relative = "images/\(images).png"
                try FileManager.default.createDirectory(at: directory.appendingPathComponent("images"), withIntermediateDirectories: true)
                try AtomicFile.write(try PNGFile.encode(image), toPath: directory.appendingPathComponent(relative).path)
                line.image = relative
                line.name = name
            }
            try write(line)
        } catch {
            problem = "\(error)"
        }
    }

    /// Notes that the drawing was saved to `path`.
    public func noteSaved(_ path: String) {
        var line = Line()
        line.saved = path
        do { try write(line) } catch { problem = "\(error)" }
    }

    private func write(_ line: Line) throws {
        var data = try JSONEncoder().encode(line)
        data.append(UInt8(ascii: "\n"))
        try file.write(contentsOf: data)
        try file.synchronize()
    }

    /// Ends the session for good (a clean quit): the journal is deleted.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Recovery

    /// A session whose window is gone, with something to restore.
    public struct Orphan: Sendable {
        public var directory: URL
        public var modified: Date
        public var steps: Int
        public var documentPath: String?
    }

    /// Sessions no window holds, newest first. Those with nothing in them are deleted.
    public static func orphans(root: URL = Journal.root) -> [Orphan] {
        guard let dirs = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) else { return [] }
        var result: [Orphan] = []
        for dir in dirs {
            guard let fd = takeLock(dir) else { continue }
            defer { close(fd) }
            let lines = (try? readLines(dir)) ?? []
            // Steps since the last save, not counting the canvas growing with the window.
            let sinceSave = lines.split { $0.saved != nil }.last.map(Array.init) ?? (lines.last?.saved != nil ? [] : lines)
            let steps = lines.last?.saved != nil ? 0 : sinceSave.filter { $0.grow == nil }.count
            let info = try? JSONDecoder().decode(StartInfo.self, from: Data(contentsOf: dir.appendingPathComponent("start.json")))
            if steps == 0 || info == nil {
                try? FileManager.default.removeItem(at: dir)
                continue
            }
            let modified = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("journal.jsonl").path)[.modificationDate] as? Date) ?? Date.distantPast
            result.append(Orphan(directory: dir, modified: modified, steps: steps, documentPath: info?.document))
        }
        return result.sorted { $0.modified > $1.modified }
    }

    /// Rebuilds a dead session's drawing and history. A damaged last step (the window died
    /// while writing it) is left out; everything before it comes back.
    public static func restore(_ orphan: Orphan, history: UndoHistory.Options = .init()) throws -> (editor: Editor, savedTo: String?) {
        let dir = orphan.directory
        let info = try JSONDecoder().decode(StartInfo.self, from: Data(contentsOf: dir.appendingPathComponent("start.json")))
        let editor: Editor
        if info.document != nil || info.page == true {
            editor = try Editor(document: try OpenRaster.read(dir.appendingPathComponent("start.ora")), history: history)
        } else {
            editor = try Editor(size: PixelSize(width: info.width, height: info.height),
                                background: .color(RGBColor(hex: info.background ?? "#ffffff") ?? .white), history: history)
        }
        var savedTo = info.document
        for line in try readLines(dir) {
            if let s = line.stroke, !s.points.isEmpty {
                try editor.replay(.stroke(s))
            } else if line.undo == true {
                try editor.replay(.undo)
            } else if line.redo == true {
                try editor.replay(.redo)
            } else if line.clear == true {
                try editor.replay(.clear)
            } else if let g = line.grow, g.count == 2 {
                try editor.replay(.grow(PixelSize(width: g[0], height: g[1])))
            } else if let p = line.page, p.count == 3, (0...8).contains(p[2]) {
                try editor.replay(.page(PixelSize(width: p[0], height: p[1]), anchor: p[2]))
            } else if let hex = line.color, let c = RGBColor(hex: hex) {
                try editor.replay(.background(.color(c)))
            } else if let image = line.image, OpenRaster.isSafe(image) {
                let data = try Data(contentsOf: dir.appendingPathComponent(image))
                try editor.replay(.background(.image(try PNGFile.decode(data, name: image), name: line.name ?? "image")))
            } else if let path = line.saved {
                savedTo = path
            }
        }
        return (editor, savedTo)
    }

    /// Deletes a dead session the user chose not to restore.
    public static func discard(_ orphan: Orphan) {
        guard let fd = takeLock(orphan.directory) else { return }
        close(fd)
        try? FileManager.default.removeItem(at: orphan.directory)
    }

    // MARK: - Files

    private struct StartInfo: Codable {
        var width: Int
        var height: Int
        var background: String?
        var document: String?
        /// The start is `start.ora`, a page that was never a file (an image opened as a page).
        var page: Bool?
    }

    private struct Line: Codable {
        var stroke: Stroke?
        var undo: Bool?
        var redo: Bool?
        var clear: Bool?
        var grow: [Int]?
        /// The page's new size and anchor.
        var page: [Int]?
        var color: String?
        var image: String?
        var name: String?
        var saved: String?
    }

    private static func readLines(_ dir: URL) throws -> [Line] {
        let data = try Data(contentsOf: dir.appendingPathComponent("journal.jsonl"))
        var lines: [Line] = []
        for raw in data.split(separator: UInt8(ascii: "\n")) {
            // A line cut short by a crash is the last one: stop there.
            guard let line = try? JSONDecoder().decode(Line.self, from: Data(raw)) else { break }
            lines.append(line)
        }
        return lines
    }

    private static func openJournal(_ dir: URL, truncate: Bool) throws -> FileHandle {
        let path = dir.appendingPathComponent("journal.jsonl").path
        if truncate || !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw DocumentError("cannot create \(path)")
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        return handle
    }

    /// An exclusive lock on the session, or nil when another window holds it.
    private static func takeLock(_ dir: URL) -> Int32? {
        let fd = open(dir.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
