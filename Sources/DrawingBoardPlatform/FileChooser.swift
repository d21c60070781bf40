import Foundation

/// Asks the user for a file without blocking the window: first through the xdg-desktop-portal
/// FileChooser (the desktop's dialog, and the one that works inside a flatpak sandbox); when no
/// portal answers, with zenity, then kdialog, as their own processes. The answer arrives later
/// through `takeAnswers` (the window is woken). When none exists, the answer says so.
public final class FileChooser: @unchecked Sendable {
    public struct Request: Sendable {
        public var id: Int
        public var title: String
        public var saving: Bool
        public var suggestedName: String?
        /// (name, patterns) pairs, e.g. ("PNG images", ["*.png"]).
        public var filters: [(String, [String])]
        /// The folder the chooser starts in (nil: the chooser's own choice).
        public var folder: String?

        public init(id: Int, title: String, saving: Bool, suggestedName: String? = nil, filters: [(String, [String])] = [],
                    folder: String? = nil) {
            self.id = id
            self.title = title
            self.saving = saving
            self.suggestedName = suggestedName
            self.filters = filters
            self.folder = folder
        }

        /// The suggested name inside the starting folder, or the folder alone.
        var startPath: String? {
            guard let folder else { return suggestedName }
            return URL(fileURLWithPath: folder).appendingPathComponent(suggestedName ?? "").path + (suggestedName == nil ? "/" : "")
        }
    }

    public struct Answer: Sendable {
        public var id: Int
        /// The chosen file; nil when the user cancelled or the chooser failed.
        public var path: String?
        /// Why no chooser could be shown.
        public var error: String?
    }

    /// The parent window as the portal names it (`x11:XID`), or empty.
    public var parentWindow = ""
    /// Where the portal is looked for (the session bus), and where chooser programs are.
    public var busAddress = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
    public var searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    private let lock = NSLock()
    private var answers: [Answer] = []
    private var busy = false
    private let wake: @Sendable () -> Void

    public init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Whether a chooser is open now (a second one is not started).
    public var isOpen: Bool { lock.withLock { busy } }

    public func takeAnswers() -> [Answer] {
        lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }

    private func finish(_ answer: Answer) {
        lock.withLock {
            answers.append(answer)
            busy = false
        }
        wake()
    }

    /// Shows a chooser for `request`; its answer comes through `takeAnswers`.
    public func ask(_ request: Request) {
        guard lock.withLock({ () -> Bool in
            if busy { return false }
            busy = true
            return true
        }) else { return }
        let parent = parentWindow
        let bus = busAddress
        Thread.detachNewThread { [self] in
            switch PortalFileChooser.run(request, parentWindow: parent, busAddress: bus) {
            case .chosen(let path): finish(Answer(id: request.id, path: path, error: nil))
            case .cancelled: finish(Answer(id: request.id, path: nil, error: nil))
            case .unavailable: askWithProgram(request)
            }
        }
    }

    private func askWithProgram(_ request: Request) {
        if find("zenity") == nil, let kdialog = find("kdialog") {
            askWithKdialog(request, kdialog)
            return
        }
        guard let zenity = find("zenity") else {
            finish(Answer(id: request.id, path: nil, error: "No file chooser is available: there is no desktop portal, and neither zenity nor kdialog is installed."))
            return
        }
        var arguments = ["--file-selection", "--title=\(request.title)"]
        if request.saving {
            arguments += ["--save", "--confirm-overwrite"]
        }
        if let start = request.startPath, request.saving || request.folder != nil { arguments.append("--filename=\(start)") }
        for (name, patterns) in request.filters {
            arguments.append("--file-filter=\(name) | \(patterns.joined(separator: " "))")
        }
        run(zenity, arguments, id: request.id)
    }

    private func askWithKdialog(_ request: Request, _ kdialog: String) {
        let filter = request.filters.map { "\($0.1.joined(separator: " "))|\($0.0)" }.joined(separator: "\n")
        let start = request.startPath ?? FileManager.default.currentDirectoryPath
        run(kdialog, ["--title", request.title, request.saving ? "--getsavefilename" : "--getopenfilename", start, filter], id: request.id)
    }

    /// Runs a chooser program; its first line of output is the chosen path.
    private func run(_ program: String, _ arguments: [String], id: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { [weak self] finished in
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let path = finished.terminationStatus == 0 && !text.isEmpty ? text.components(separatedBy: "\n")[0] : nil
            let error = finished.terminationStatus > 1 ? "The file chooser failed (exit status \(finished.terminationStatus))." : nil
            self?.finish(Answer(id: id, path: path, error: error))
        }
        do {
            try process.run()
        } catch {
            finish(Answer(id: id, path: nil, error: "Cannot start the file chooser: \(error.localizedDescription)"))
        }
    }

    /// The first executable named `name` on the search path.
    func find(_ name: String) -> String? {
        for dir in searchPath.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
