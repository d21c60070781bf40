import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

extension AppController {
    // MARK: - Keyboard

    /// Keyboard shortcuts. Returns true when the key did something.
    @discardableResult
    public func key(_ input: KeyInput, time: Double) -> Bool {
        now = max(now, time)
        if dialogOpen {
            switch input.key {
            case .escape: answerQuitQuestion(.cancel)
            case .enter: answerQuitQuestion(.save)
            default: return false
            }
            return true
        }
        if hexEntry != nil, hexKey(input) { return true }
        if input.ctrl {
            switch input.key {
            case .character("z") where input.shift, .character("y"): redo()
            case .character("z"): undo()
            case .character("s"): save(choosingName: input.shift)
            case .character("o"): chooseFileToOpen()
            case .character("q"): requestQuit()
            case .character("0"): setView(.identity)
            default: return false
            }
            return true
        }
        switch input.key {
        case .character(let c) where ("1"..."9").contains(c) && Int(String(c))! <= Tool.allCases.count:
            select(Tool.allCases[Int(String(c))! - 1])
        case .character(let c) where Tool.allCases.contains { $0.letter == c }:
            select(Tool.allCases.first { $0.letter == c }!)
        case .character("i"): togglePicking()
        case .character("s"): cycleSmoothing()
        case .character("["): nudgeWidth(up: false)
        case .character("]"): nudgeWidth(up: true)
        case .escape:
            if picking { togglePicking() } else if message != nil { message = nil } else if panel != nil { panel = nil } else { return false }
            invalidateChrome()
        case .f11:
            request(.setFullscreen(!isFullscreen))
        default:
            return false
        }
        return true
    }

    // MARK: - Saving

    /// Ctrl+S: writes the current file, asking for a name the first time (or always, for
    /// "save as"). An .ora keeps the layers and strokes; a .png is the flattened picture.
    public func save(choosingName: Bool) {
        if let path = documentPath, !choosingName {
            if write(to: path) { runAfterSave() }
            return
        }
        let base = URL(fileURLWithPath: documentName).deletingPathExtension().lastPathComponent
        let folder = documentPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        request(.chooseFile(FileRequest(purpose: .saveDrawing, title: "Save Drawing", suggestedName: "\(base).ora", folder: folder)))
    }

    /// Writes the document (.ora) or the picture (.png) atomically: a failure leaves any old
    /// file as it was.
    @discardableResult
    func write(to path: String) -> Bool {
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            let bytes: Data
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png": bytes = Data(try editor.pngData())
            case "svg": bytes = try VectorExport.export(editor, as: .svg)
            case "pdf": bytes = try VectorExport.export(editor, as: .pdf)
            default: bytes = try OpenRaster.encode(editor)
            }
            try AtomicFile.write(bytes, toPath: path)
        } catch {
            afterSave = nil
            show(error: "Could not save “\(name)”: \(error)")
            return false
        }
        documentPath = path
        savedState = editor.history.stateID
        journal?.noteSaved(path)
        show(info: "Saved “\(name)”")
        return true
    }

    private func runAfterSave() {
        guard let action = afterSave else { return }
        afterSave = nil
        perform(action)
    }

    private func perform(_ action: PendingAction) {
        switch action {
        case .quit: request(.quit)
        case .open(let path): openNow(path)
        case .restore: restoreNow()
        }
    }

    /// The platform's answer to a `chooseFile` request: a path, or nil when cancelled.
    public func fileChosen(_ purpose: FileRequest.Purpose, path: String?) {
        guard let path, !path.isEmpty else {
            afterSave = nil
            return
        }
        switch purpose {
        case .saveDrawing:
            let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
            let target = ["png", "ora", "svg", "pdf"].contains(ext) ? path : path + ".ora"
            if write(to: target) { runAfterSave() }
        case .backgroundImage:
            loadBackground(path)
        case .openFile:
            open(path)
        }
    }

    /// The platform could not show a file chooser.
    public func fileChooserFailed(_ reason: String) {
        afterSave = nil
        show(error: reason)
    }

    // MARK: - Opening

    /// Ctrl+O: a document to open, or an image for the background.
    public func chooseFileToOpen() {
        request(.chooseFile(FileRequest(purpose: .openFile, title: "Open a Drawing or an Image")))
    }

    /// Opens `path`: an .ora replaces the drawing (asking first if there are unsaved changes);
    /// an image becomes the background, as one undoable step.
    public func open(_ path: String) {
        guard URL(fileURLWithPath: path).pathExtension.lowercased() == "ora" else {
            loadBackground(path)
            return
        }
        if isModified {
            pendingQuestion = .open(path)
            bars.show(at: now)
            invalidateChrome()
        } else {
            openNow(path)
        }
    }

    private func openNow(_ path: String) {
        do {
            let contents = try OpenRaster.read(URL(fileURLWithPath: path))
            let next = try Editor(document: contents, history: editor.history.options)
            replaceEditor(next, restartJournalFrom: path)
            documentPath = path
            canvasFollowsWindow = false
            show(info: "Opened “\(URL(fileURLWithPath: path).lastPathComponent)”")
        } catch {
            show(error: "\(error)")
        }
    }

    public func chooseBackgroundImage() {
        request(.chooseFile(FileRequest(purpose: .backgroundImage, title: "Choose a Background Image")))
    }

    /// Decodes an image and makes it the background, as one undoable step. A bad file leaves
    /// everything as it was and says why.
    public func loadBackground(_ path: String) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            let image = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
            try editor.setBackground(.image(image, name: name))
        } catch {
            show(error: "Could not open “\(name)”: \(error)")
        }
        invalidateChrome()
    }

    // MARK: - Recovery

    /// At start: a window died with unsaved work; ask whether to bring it back.
    public func offerRecovery(_ orphan: Journal.Orphan) {
        recoverable = orphan
        pendingQuestion = .restore(orphan.directory.path)
        bars.show(at: now)
        invalidateChrome()
    }

    private func restoreNow() {
        guard let orphan = recoverable else { return }
        recoverable = nil
        do {
            let restored = try Journal.restore(orphan, history: editor.history.options)
            let adopted = try Journal(adopting: orphan.directory)
            journal?.remove()
            journal = adopted
            replaceEditor(restored.editor, restartJournal: false)
            savedState = UInt64.max
            documentPath = restored.savedTo
            canvasFollowsWindow = restored.savedTo == nil
            show(info: "Restored \(orphan.steps) step\(orphan.steps == 1 ? "" : "s")")
        } catch {
            show(error: "The drawing could not be restored: \(error)")
        }
    }

    // MARK: - Quitting

    /// Ctrl+Q or the window's close button: asks first when there are unsaved changes.
    public func requestQuit() {
        if isModified {
            pendingQuestion = .quit
            bars.show(at: now)
            invalidateChrome()
        } else {
            request(.quit)
        }
    }

    func answerQuitQuestion(_ button: DialogButton) {
        guard let action = pendingQuestion else { return }
        pendingQuestion = nil
        invalidateChrome()
        switch button {
        case .save:
            afterSave = action
            save(choosingName: false)
        case .discard:
            if case .restore = action {
                if let orphan = recoverable { Journal.discard(orphan) }
                recoverable = nil
            } else {
                perform(action)
            }
        case .cancel:
            afterSave = nil
        case .restore:
            perform(action)
        }
    }
}
