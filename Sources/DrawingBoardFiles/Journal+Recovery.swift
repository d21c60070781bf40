import DrawingBoardCore
import DrawingBoardRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Journal {
    /// A session whose window is gone, with something to restore.
    public struct Orphan: Sendable {
        public var directory: URL
        public var modified: Date
        public var steps: Int
        public var documentPath: String?
        /// Why the session's start cannot be read (its steps then come back over a blank page).
        public var startProblem: String?
    }

    /// What came back from a dead session.
    public struct Restored {
        public var editor: Editor
        public var savedTo: String?
        /// Steps that could not come back, and why (the first reason).
        public var skipped = 0
        public var skipReason: String?
        /// Set when the start was damaged and the steps were laid on a blank page.
        public var startProblem: String?
    }

    /// Sessions no window holds, newest first. Those with nothing in them are deleted; those
    /// whose start is damaged are kept and offered (with the reason).
    public static func orphans(root: URL = Journal.root) -> [Orphan] {
        guard let dirs = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) else { return [] }
        var result: [Orphan] = []
        for dir in dirs {
            guard let fd = takeLock(dir) else { continue }
            defer { close(fd) }
            let data = (try? RegularFile.read(dir.appendingPathComponent("journal.jsonl").path, limit: 1 << 30)) ?? Data()
            let lines = JournalFormat.readLines(data).lines
            // Steps since the last save, not counting the canvas growing with the window.
            let sinceSave = lines.split { $0.saved != nil }.last.map(Array.init) ?? (lines.last?.saved != nil ? [] : lines)
            let steps = lines.last?.saved != nil ? 0 : sinceSave.filter { $0.grow == nil }.count
            if steps == 0 {
                try? FileManager.default.removeItem(at: dir)
                continue
            }
            let start = readStart(dir)
            let modified = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("journal.jsonl").path)[.modificationDate] as? Date) ?? Date.distantPast
            result.append(Orphan(directory: dir, modified: modified, steps: steps, documentPath: start.info?.document,
                                 startProblem: start.problem))
        }
        return result.sorted { $0.modified > $1.modified }
    }

    /// `start.json`, checked; or why it cannot be used.
    static func readStart(_ dir: URL) -> (info: JournalFormat.StartInfo?, problem: String?) {
        let data: Data
        do {
            data = try RegularFile.read(dir.appendingPathComponent("start.json").path, limit: 1 << 20)
        } catch {
            return (nil, "start.json: \(error.message)")
        }
        do {
            let info = try JSONDecoder().decode(JournalFormat.StartInfo.self, from: data)
            try info.validate()
            return (info, nil)
        } catch let error as ValidationError {
            return (nil, "start.json: \(error)")
        } catch {
            return (nil, "start.json: \(DecodingProblem.describe(error, data: data))")
        }
    }

    /// Rebuilds a dead session's drawing and history. A line that cannot be read or whose
    /// values are out of the contract's ranges is skipped (and counted); the lines after it
    /// still come back. A damaged start gives a blank page of a size that holds the steps.
    public static func restore(_ orphan: Orphan, history: UndoHistory.Options = .init()) throws -> Restored {
        let dir = orphan.directory
        let data = try RegularFile.read(dir.appendingPathComponent("journal.jsonl").path, limit: 1 << 30)
        let (lines, unreadable) = JournalFormat.readLines(data)
        let start = readStart(dir)
        let editor: Editor
        var startProblem = start.problem
        let startDocument = dir.appendingPathComponent("start.ora")
        if let info = start.info, info.document != nil || info.page == true {
            do {
                editor = try Editor(document: try OpenRaster.read(startDocument), history: history)
            } catch {
                // The copy of the document is damaged: the steps still come back.
                startProblem = "start.ora: \(error)"
                editor = try Editor(size: JournalFormat.pageSize(for: lines, atLeast: PixelSize(width: info.width, height: info.height)),
                                    background: .color(.white), history: history)
            }
        } else if let info = start.info {
            editor = try Editor(size: PixelSize(width: info.width, height: info.height),
                                background: .color(RGBColor(hex: info.background ?? "#ffffff") ?? .white), history: history)
        } else if FileManager.default.fileExists(atPath: startDocument.path), let document = try? OpenRaster.read(startDocument) {
            editor = try Editor(document: document, history: history)
            startProblem = (startProblem ?? "") + "; the document it started from is in start.ora and came back"
        } else {
            editor = try Editor(size: JournalFormat.pageSize(for: lines), background: .color(.white), history: history)
        }
        var result = Restored(editor: editor, savedTo: start.info?.document, skipped: unreadable,
                              skipReason: unreadable > 0 ? "\(unreadable) line\(unreadable == 1 ? "" : "s") of journal.jsonl cannot be read" : nil,
                              startProblem: startProblem)
        for (n, line) in lines.enumerated() {
            do {
                try line.validate(at: "journal.jsonl line \(n + 1)")
                try replay(line, on: editor, in: dir, savedTo: &result.savedTo)
            } catch {
                result.skipped += 1
                if result.skipReason == nil { result.skipReason = "\(error)" }
                // A step that is not there would shift every undo and redo after it.
                if line.makesStep { editor.replayPlaceholder() }
            }
        }
        return result
    }

    private static func replay(_ line: JournalFormat.Line, on editor: Editor, in dir: URL, savedTo: inout String?) throws {
        if let s = line.stroke {
            try editor.replay(.stroke(s))
        } else if line.undo == true {
            try editor.replay(.undo)
        } else if line.redo == true {
            try editor.replay(.redo)
        } else if line.clear == true {
            try editor.replay(.clear)
        } else if let g = line.grow {
            try editor.replay(.grow(PixelSize(width: g[0], height: g[1])))
        } else if let p = line.page {
            try editor.replay(.page(PixelSize(width: p[0], height: p[1]), anchor: p[2]))
        } else if let hex = line.color, let c = RGBColor(hex: hex) {
            try editor.replay(.background(.color(c)))
        } else if let image = line.image {
            guard OpenRaster.isSafe(image) else { throw DocumentError("journal image path \"\(image)\" leaves the session") }
            let data = try RegularFile.read(dir.appendingPathComponent(image).path, limit: Int(OpenRaster.maxEntryBytes), noun: "image")
            try editor.replay(.background(.image(try PNGFile.decode(data, name: image), name: line.name ?? "image")))
        } else if let path = line.saved {
            savedTo = path
        }
    }

    /// Deletes a dead session the user chose not to restore.
    public static func discard(_ orphan: Orphan) {
        guard let fd = takeLock(orphan.directory) else { return }
        close(fd)
        try? FileManager.default.removeItem(at: orphan.directory)
    }
}
