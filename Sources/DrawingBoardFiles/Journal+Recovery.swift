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
        /// How many steps the drawing is from the one last saved (or started): edits, less those
        /// undone, with those redone; an edit after undoing past the save counts from there.
        /// `steps` counts undo and redo lines too: 23 after some undoing, for a page of 5 strokes.
        public var changes: Int
        public var documentPath: String?
        /// Why the session's start cannot be read (its steps then come back over a blank page).
        public var startProblem: String?
    }

    /// What came back from a dead session.
    public struct Restored {
        public var editor: Editor
        public var savedTo: String?
        /// The file the session's start was imported from, when it was (a PDF, a notebook).
        public var importedFrom: String?
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
            let saved = lines.map { (try? $0.get())?.isSaved == true }
            let lastSave = saved.lastIndex(of: true)
            let steps = lines.indices.filter { i in
                guard lastSave.map({ i > $0 }) ?? true else { return false }
                if case .success(.event(.edit(.grow))) = lines[i] { return false }
                return true
            }.count
            var depth = 0, away = 0
            for line in lines[((lastSave ?? -1) + 1)...] {
                switch line {
                case .success(.event(.edit(.grow))), .success(.event(.show)), .success(.saved): break
                case .success(.event(.edit)), .failure:
                    // (A damaged line was a step: it replays as a placeholder one.)
                    if depth < 0 { (away, depth) = (away - depth, 0) }
                    depth += 1
                case .success(.event(.undo)): depth -= 1
                case .success(.event(.redo)): depth += 1
                }
            }
            if steps == 0 {
                try? FileManager.default.removeItem(at: dir)
                continue
            }
            let start = readStart(dir)
            let modified = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("journal.jsonl").path)[.modificationDate] as? Date) ?? Date.distantPast
            result.append(Orphan(directory: dir, modified: modified, steps: steps, changes: away + abs(depth), documentPath: start.info?.document,
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

    /// What a dead session holds, read and checked: the document it started from and its
    /// steps, in order (a step that cannot be used is kept as the reason, in its place).
    public struct Session {
        public var start: DocumentContents
        public var steps: [Step]
        public var savedTo: String?
        public var importedFrom: String?
        /// Lines that could not be read at all, and why (the first reason).
        public var unreadable = 0
        public var startProblem: String?
    }

    /// A line of the journal that is a step: the event, or why it cannot be used.
    public struct Step {
        public var event: Result<HistoryEvent, ValidationError>
        /// Whether it was a step of the history (an edit other than the canvas growing).
        public var makesStep: Bool
    }

    /// Reads a dead session: its start (a damaged start gives a blank page of a size that holds
    /// the steps) and every line, each checked against the contract.
    public static func read(_ orphan: Orphan) throws -> Session {
        let dir = orphan.directory
        let data = try RegularFile.read(dir.appendingPathComponent("journal.jsonl").path, limit: 1 << 30)
        let (lines, unreadable) = JournalFormat.readLines(data, images: SessionImages(directory: dir, after: 0))
        let start = readStart(dir)
        var startProblem = start.problem
        let startDocument = dir.appendingPathComponent("start.ora")
        func blank(_ size: PixelSize, _ background: Background = .color(.white)) -> DocumentContents {
            DocumentContents(page: Page(size: size, background: background),
                             drawing: RasterImage(width: size.width, height: size.height, pixels: [UInt32](repeating: 0, count: size.area))!)
        }
        let first: DocumentContents
        if let info = start.info, info.document != nil || info.page == true {
            do {
                first = try OpenRaster.read(startDocument)
            } catch {
                // The copy of the document is damaged: the steps still come back.
                startProblem = "start.ora: \(error)"
                first = blank(JournalFormat.pageSize(for: lines, atLeast: PixelSize(width: info.width, height: info.height)))
            }
        } else if let info = start.info {
            let color = RGBColor(hex: info.background ?? "#ffffff") ?? .white
            first = blank(PixelSize(width: info.width, height: info.height), info.paper.map { .paper($0) } ?? .color(color))
        } else if FileManager.default.fileExists(atPath: startDocument.path), let document = try? OpenRaster.read(startDocument) {
            first = document
            startProblem = (startProblem ?? "") + "; the document it started from is in start.ora and came back"
        } else {
            first = blank(JournalFormat.pageSize(for: lines))
        }
        var session = Session(start: first, steps: [], savedTo: start.info?.document, importedFrom: startProblem == nil ? start.info?.importedPath : nil,
                              unreadable: unreadable, startProblem: startProblem)
        for (n, line) in lines.enumerated() {
            let place = "journal.jsonl line \(n + 1), edit"
            switch line {
            case .success(.saved(let path)):
                session.savedTo = path
            case .success(.event(let event)):
                var makesStep = false
                do {
                    if case .edit(let edit) = event {
                        makesStep = edit.makesStep
                        try edit.validate(at: place)
                    }
                    session.steps.append(Step(event: .success(event), makesStep: makesStep))
                } catch {
                    session.steps.append(Step(event: .failure(error), makesStep: makesStep))
                }
            case .failure(let broken):
                session.steps.append(Step(event: .failure(ValidationError(place, broken.reason)), makesStep: broken.makesStep))
            }
        }
        return session
    }

    /// Rebuilds a dead session's drawing and history: its steps replayed on its start. A step
    /// that cannot come back is counted and an empty step takes its place, so the undos and
    /// redos after it act on the steps they did.
    /// `drawsPDFsLater`: PDF pages are drawn off the event loop (a window's restore).
    public static func restore(_ orphan: Orphan, drawsPDFsLater: Bool = false) throws -> Restored {
        let session = try read(orphan)
        let editor = try Editor(document: session.start, drawsPDFsLater: drawsPDFsLater)
        let unreadable = session.unreadable
        var result = Restored(editor: editor, savedTo: session.savedTo, importedFrom: session.importedFrom, skipped: unreadable,
                              skipReason: unreadable > 0 ? "\(unreadable) line\(unreadable == 1 ? "" : "s") of journal.jsonl cannot be read" : nil,
                              startProblem: session.startProblem)
        for step in session.steps {
            do {
                try editor.replay(try step.event.get())
            } catch {
                result.skipped += 1
                if result.skipReason == nil { result.skipReason = "\(error)" }
                if step.makesStep { editor.replayPlaceholder() }
            }
        }
        return result
    }

    /// Deletes a dead session the user chose not to restore.
    public static func discard(_ orphan: Orphan) {
        guard let fd = takeLock(orphan.directory) else { return }
        close(fd)
        try? FileManager.default.removeItem(at: orphan.directory)
    }
}
