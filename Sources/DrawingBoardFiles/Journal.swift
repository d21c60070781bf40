import DrawingBoardCore
import DrawingBoardRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The autosave journal of one window: every committed step is appended as it happens (and
/// flushed to the disk off the event loop, `JournalSync`), after where the session started from, in
/// `$XDG_STATE_HOME/drawingboard/sessions/<random id>/`. The window holds an exclusive lock on
/// its session while it runs, so several windows never share a journal, and a session whose
/// lock nobody holds is one whose window died: the next start offers to restore it, replaying
/// the steps to rebuild the drawing and its undo history. Process ids are never used (in a
/// flatpak sandbox they repeat).
///
/// The file only ever holds complete lines: a write that fails (a full disk) is cut back off,
/// and the step waits in memory, in order with those after it, until a write works again.
public final class Journal {
    public let directory: URL
    private var lock: Int32
    private var fd: Int32
    private let sync: JournalSync
    /// A flush to the disk failed: the lines are written but may not outlast a crash of the
    /// system until a flush works again.
    private var unflushed = false
    /// The lines written that no flush that worked has covered yet (where each starts).
    private var uncovered: [(start: off_t, line: Data)] = []
    /// Bytes of complete lines in the file.
    private var length: off_t = 0
    private var images = 0
    /// Steps not on disk yet, oldest first (the disk was full).
    private var pending: [Pending] = []
    /// Why the last write failed, while steps wait to be written.
    public private(set) var problem: String?
    /// For tests: each write puts down half its line and then fails with this errno, as a
    /// disk that fills up in the middle of a line does.
    var simulatedFailure: Int32?
    /// For tests: the flushes to the disk.
    var flushes: JournalSync { sync }

    struct Pending {
        /// Files the line refers to (a background image), written first.
        var files: [(path: String, data: Data)] = []
        var line: Data
        /// Flushed to the disk before the next line is written (a page shown is not: the next
        /// step's flush carries it, so scrolling through a notebook waits for no disk).
        var sync = true
    }

    /// What a write did.
    public enum Outcome: Equatable, Sendable {
        case written
        /// Steps wait in memory: the reason.
        case behind(String)
        /// Steps that waited are on disk now.
        case caughtUp
    }

    /// Whether steps wait in memory to be written (or on the disk's flush).
    public var isBehind: Bool { !pending.isEmpty || unflushed || sync.failed }

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
        self.fd = try Self.openJournal(directory, truncate: true)
        sync = JournalSync(fd: self.fd)
        try writeStart(size: size, background: background, documentPath: documentPath)
    }

    /// Takes over a dead window's session (after restoring it) and goes on appending to it,
    /// after its last complete line: a line a crash cut short is cut off first.
    public init(adopting directory: URL) throws {
        self.directory = directory
        guard let fd = Self.takeLock(directory) else { throw DocumentError("the session is in use by another window") }
        lock = fd
        self.fd = try Self.openJournal(directory, truncate: false)
        sync = JournalSync(fd: self.fd)
        let data = (try? Data(contentsOf: directory.appendingPathComponent("journal.jsonl"))) ?? Data()
        length = off_t(JournalFormat.completeLength(data))
        guard ftruncate(self.fd, length) == 0 else { throw DocumentError("cannot tidy the journal: \(String(cString: strerror(errno)))") }
        // The next image takes the number after the highest there, never one a line names.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("images").path)) ?? []
        // (A number no session reaches is not counted on: it is no image of ours.)
        images = names.compactMap { Int($0.split(separator: ".").first ?? "") }.filter { (0..<Self.maxImageNumber).contains($0) }.max() ?? 0
    }

    deinit {
        sync.wait()
        close(fd)
        close(lock)
    }

    /// Starts over from a newly opened document (or a new drawing): the old steps are dropped.
    /// `page`: the page's first state as a document (an image opened as a new page), kept as
    /// the start when there is no document file to copy.
    /// `paper`: a new page of ruled paper (its colour is the paper's).
    /// `importedFrom`: the file `page` was imported from (the drawing is named after it when it comes back).
    public func restart(size: PixelSize, background: RGBColor, paper: Paper? = nil, documentPath: String?, page: Data? = nil,
                        importedFrom: String? = nil) throws {
        pending = []
        problem = nil
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("images"))
        images = 0
        guard ftruncate(fd, 0) == 0 else { throw DocumentError("cannot empty the journal: \(String(cString: strerror(errno)))") }
        length = 0
        uncovered = []
        unflushed = false
        sync.reset()
        try writeStart(size: size, background: background, paper: paper, documentPath: documentPath, page: page, importedFrom: importedFrom)
    }

    /// Image files are numbered below this.
    static let maxImageNumber = 1 << 53

    private func writeStart(size: PixelSize, background: RGBColor, paper: Paper? = nil, documentPath: String?, page: Data? = nil,
                            importedFrom: String? = nil) throws {
        // The old start goes first: a start that fails half-way (a full disk) must not leave
        // the last document's start under the new steps, for recovery would replay them over
        // it and Save would write them into that document.
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("start.json"))
        let start = directory.appendingPathComponent("start.ora")
        try? FileManager.default.removeItem(at: start)
        var info = JournalFormat.StartInfo(width: size.width, height: size.height, background: background.hex, document: documentPath, paper: paper,
                                           imported: importedFrom)
        if let documentPath {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: documentPath), to: start)
            info.background = nil
        } else if let page {
            try AtomicFile.write(page, toPath: start.path, mode: 0o600)
            info.background = nil
            info.page = true
        }
        try AtomicFile.write(try JSONEncoder().encode(info), toPath: directory.appendingPathComponent("start.json").path, mode: 0o600)
    }

    /// Appends one committed step (an edit, an undo, a redo) and flushes it to disk (with any
    /// that wait before it). The line is the edit's own coding; an image it carries becomes a
    /// file of the session, written first.
    @discardableResult
    public func append(_ event: HistoryEvent) -> Outcome {
        // A stroke's line, the step the window takes most, is written directly (`StrokeLine`).
        if case .edit(let edit) = event, var line = StrokeLine.bytes(for: edit) {
            line.append(UInt8(ascii: "\n"))
            return enqueue(Data(line))
        }
        let archive = SessionImages(directory: directory, after: images)
        let encoder = JSONEncoder()
        encoder.userInfo[.imageArchive] = archive
        guard var data = try? encoder.encode(JournalFormat.Line.event(event)) else { return .behind(problem ?? "cannot encode a step") }
        images = archive.next
        data.append(UInt8(ascii: "\n"))
        if case .show = event { return enqueue(data, sync: false) }
        return enqueue(data, files: archive.files)
    }

    /// Notes that the drawing was saved to `path`.
    @discardableResult
    public func noteSaved(_ path: String) -> Outcome {
        guard var data = try? JSONEncoder().encode(JournalFormat.Line.saved(path)) else { return .behind(problem ?? "cannot encode a note") }
        data.append(UInt8(ascii: "\n"))
        return enqueue(data)
    }

    /// Writes the steps that wait (call now and then while `isBehind`).
    @discardableResult
    public func retry() -> Outcome {
        guard isBehind else { return .written }
        return flush(wasBehind: true)
    }

    private func enqueue(_ data: Data, files: [(path: String, data: Data)] = [], sync: Bool = true) -> Outcome {
        let wasBehind = isBehind
        pending.append(Pending(files: files, line: data, sync: sync))
        return flush(wasBehind: wasBehind)
    }

    private func flush(wasBehind: Bool) -> Outcome {
        do {
            let covered = sync.coveredLength
            uncovered.removeAll { $0.start + off_t($0.line.count) <= covered }
            if sync.takeFailure() != nil { unflushed = true }
            if unflushed {
                // A flush failed off the loop, and what it did not cover may be lost (the
                // system says so once): those lines are written again and flushed here.
                for (start, line) in uncovered { try rewrite(line, at: start) }
                if let code = sync.flushNow() { throw DocumentError("cannot flush the journal to the disk: \(String(cString: strerror(code)))") }
                sync.coveredAll(length)
                uncovered = []
                unflushed = false
            }
            while let next = pending.first {
                for file in next.files {
                    try FileManager.default.createDirectory(atPath: (file.path as NSString).deletingLastPathComponent,
                                                            withIntermediateDirectories: true)
                    try AtomicFile.write(file.data, toPath: file.path, mode: 0o600)
                }
                try writeLine(next.line, sync: next.sync)
                pending.removeFirst()
            }
        } catch {
            problem = "\(error)"
            return .behind("\(error)")
        }
        problem = nil
        return wasBehind ? .caughtUp : .written
    }

    /// Writes one line after the last complete one; on failure the file is cut back to it.
    private func writeLine(_ data: Data, sync: Bool = true) throws {
        func fail(_ code: Int32) -> DocumentError {
            _ = ftruncate(fd, length)
            return DocumentError("cannot write the journal: \(String(cString: strerror(code)))")
        }
        if let code = simulatedFailure {
            _ = data.prefix(data.count / 2).withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, length) }
            throw fail(code)
        }
        guard writeAll(data, at: length) else { throw fail(errno) }
        uncovered.append((length, data))
        length += off_t(data.count)
        if sync { self.sync.request(upTo: length) }
    }

    /// Writes `data` again where it was written (a flush that failed may have lost it).
    private func rewrite(_ data: Data, at start: off_t) throws {
        guard writeAll(data, at: start) else { throw DocumentError("cannot write the journal: \(String(cString: strerror(errno)))") }
    }

    /// Writes all of `data` at `start`; false (errno set) when the system refuses.
    private func writeAll(_ data: Data, at start: off_t) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = pwrite(fd, raw.baseAddress! + offset, raw.count - offset, start + off_t(offset))
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    /// Ends the session for good (a clean quit): the journal is deleted.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private static func openJournal(_ dir: URL, truncate: Bool) throws -> Int32 {
        let path = dir.appendingPathComponent("journal.jsonl").path
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0o600)
        guard fd >= 0 else { throw DocumentError("cannot open \(path): \(String(cString: strerror(errno)))") }
        return fd
    }

    /// An exclusive lock on the session, or nil when another window holds it.
    static func takeLock(_ dir: URL) -> Int32? {
        let fd = open(dir.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
