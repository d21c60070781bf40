import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// Save, Export and Open. Save writes the document (OpenRaster, with layers and strokes) and is
/// the only thing that marks the picture saved; Export writes a copy (PNG, JPEG, WebP, SVG, PDF)
/// and changes nothing else: not the document's name, its saved state, the title or the journal.
extension AppController {
    // MARK: - Saving the document

    /// Ctrl+S writes the document, asking for a name the first time; Ctrl+Shift+S always asks.
    public func save(choosingName: Bool) {
        if let path = document.path, !choosingName {
            if writeDocument(to: path) { runAfterSave() }
            return
        }
        request(.chooseFile(FileRequest(purpose: .saveDrawing, title: "Save Drawing", suggestedName: document.suggestedName,
                                        folder: session.chooserFolder)))
    }

    /// Writes the document atomically: a failure leaves any old file as it was.
    @discardableResult
    func writeDocument(to path: String) -> Bool {
        let name = DocumentState.fileName(path)
        do {
            if let outcome = try session.write(editor, to: path) { report(outcome) }
        } catch {
            show(error: "Could not save “\(name)”: \(error)")
            return false
        }
        show(info: "Saved “\(name)”")
        return true
    }

    func runAfterSave() {
        guard let action = session.afterSave else { return }
        session.afterSave = nil
        carryOut(action)
    }

    /// A name chosen for Save: the document, or a question when it ends in another extension.
    func chosenSaveName(_ path: String) {
        switch DocumentState.saveName(for: path) {
        case .document(let target):
            saveDocument(to: target, typed: path)
        case .ask(let chosen, let target, let format):
            ask(.saveName(chosen: chosen, document: target, export: format))
        }
    }

    /// Names the document Save writes (`--save-to`), when none is named yet.
    public func nameDocument(_ path: String) {
        guard document.path == nil else { return }
        document.name(path)
    }

    /// Writes the document to `target`, asking first when the app completed the name typed
    /// (the chooser only confirmed replacing the name as typed) and `target` exists.
    func saveDocument(to target: String, typed: String) {
        if target != typed, FileManager.default.fileExists(atPath: target) {
            ask(.replace(path: target, export: false))
        } else if writeDocument(to: target) {
            runAfterSave()
        }
    }

    // MARK: - Exporting a copy

    /// Ctrl+E exports again to the last export's file (asking the first time); Ctrl+Shift+E
    /// always asks.
    public func export(choosingName: Bool) {
        if let path = document.exportPath, !choosingName {
            exportCopy(to: path)
            return
        }
        request(.chooseFile(FileRequest(purpose: .export, title: "Export a Copy", suggestedName: document.suggestedExportName(),
                                        folder: session.chooserFolder)))
    }

    /// A name chosen for Export: a bare name gets .png; a name that is no export format is
    /// refused with the formats there are.
    func chosenExportName(_ path: String) {
        switch DocumentState.exportName(for: path) {
        case .success(let target) where target.path != path && FileManager.default.fileExists(atPath: target.path):
            ask(.replace(path: target.path, export: true))
        case .success(let target): exportCopy(to: target.path)
        case .failure(let problem): show(error: problem.description)
        }
    }

    /// Writes a copy of the picture as the extension says; the document is left as it is.
    @discardableResult
    func exportCopy(to path: String) -> Bool {
        let name = DocumentState.fileName(path)
        guard let format = ExportFormat(pathExtension: URL(fileURLWithPath: path).pathExtension) else {
            show(error: DocumentState.ExportNameError(name: name).description)
            return false
        }
        do {
            try session.exportCopy(editor, to: path, as: format, encoder: encoder)
        } catch {
            show(error: "Could not export “\(name)”: \(error)")
            return false
        }
        show(info: isModified ? "Exported a copy to “\(name)” (the document itself is not saved: Ctrl+S)"
                              : "Exported a copy to “\(name)”")
        return true
    }

    // MARK: - The chooser's answers

    /// The platform's answer to a `chooseFile` request: a path, or nil when cancelled.
    public func fileChosen(_ purpose: FileRequest.Purpose, path: String?) {
        guard let path, !path.isEmpty else {
            session.afterSave = nil
            session.preparedOpen = nil
            return
        }
        session.lastFolder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        switch purpose {
        case .saveDrawing: chosenSaveName(path)
        case .export: chosenExportName(path)
        case .backgroundImage: loadBackground(path)
        case .insertImage: insertImage(path)
        case .openFile: open(path)
        }
    }

    /// The platform could not show a file chooser.
    public func fileChooserFailed(_ reason: String) {
        session.afterSave = nil
        show(error: reason)
    }

    // MARK: - Opening

    /// Ctrl+O: a document or an image to open in place of the page.
    public func chooseFileToOpen() {
        request(.chooseFile(FileRequest(purpose: .openFile, title: "Open a Drawing or an Image", folder: session.chooserFolder)))
    }

    /// Opens `path` in place of the page, asking first about unsaved changes: an .ora is the
    /// document; an image becomes a new page of its size with the image as its background.
    public func open(_ path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "svg" || ext == "pdf" {
            show(error: "“\(DocumentState.fileName(path))” is an exported copy (\(ext.uppercased())); DrawingBoard opens its .ora documents and images (PNG, JPEG, WebP, …)")
            return
        }
        // Read it first: a file that cannot be opened says so at once, before any question
        // about unsaved changes, and the drawing stays as it is.
        guard let file = read(path) else { return }
        session.preparedOpen = (path, file)
        whenChangesAreSafe(.open(path))
    }

    /// Reads `path` as a document (.ora) or an image, or says why it cannot be opened.
    private func read(_ path: String) -> DocumentSession.OpenedFile? {
        do {
            return try session.read(path, decoder: decoder)
        } catch let error as DocumentError {
            show(error: "\(error)")  // it names the file already
            return nil
        } catch {
            show(error: "Could not open “\(DocumentState.fileName(path))”: \(error)")
            return nil
        }
    }

    func openNow(_ path: String) {
        let name = DocumentState.fileName(path)
        let prepared = session.preparedOpen?.path == path ? session.preparedOpen?.file : nil
        session.preparedOpen = nil
        guard let file = prepared ?? read(path) else { return }
        do {
            switch file {
            case .document(let contents):
                let next = try Editor(document: contents, history: editor.history.options)
                replaceEditor(next, restartJournalFrom: path)
                document.replaced(path: path, at: next.history.stateID)
                show(info: "Opened “\(name)”")
            case .image(let image):
                let next = try Editor(size: image.size, background: .image(image, name: name), history: editor.history.options)
                replaceEditor(next, page: try OpenRaster.encode(next.image))
                document.replaced(path: nil, importedFrom: path, at: next.history.stateID)
                show(info: "Opened “\(name)” as a new page (\(image.width)x\(image.height)); Save writes it as a document")
            }
            session.noteRecent(path)
        } catch {
            show(error: "Could not open “\(name)”: \(error)")
        }
    }

    /// The Background panel's "Choose image…": an image for the background of this page.
    public func chooseBackgroundImage() {
        request(.chooseFile(FileRequest(purpose: .backgroundImage, title: "Choose a Background Image", folder: session.chooserFolder)))
    }

    /// A file dropped on the window: a document opens; an image is placed on the page where it
    /// was dropped (`at`, window pixels; the middle of the view when the platform cannot say).
    public func dropped(_ path: String, at: Point? = nil) {
        // While a question or a sheet waits for an answer, a drop would change what it is about.
        guard !dialogOpen, sheet == nil else {
            if !dialogOpen { show(error: "Close the sheet first, then drop the file again") }
            return
        }
        if URL(fileURLWithPath: path).pathExtension.lowercased() == "ora" { open(path) } else { insertImage(path, at: at.map(view.toCanvas)) }
    }

    /// Decodes an image and makes it the background, as one undoable step. A bad file leaves
    /// everything as it was and says why.
    public func loadBackground(_ path: String) {
        let name = DocumentState.fileName(path)
        do {
            let image = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
            try editor.setBackground(.image(image, name: name))
        } catch {
            show(error: "Could not open “\(name)”: \(error)")
        }
        invalidateChrome()
    }
}

/// Used where no encoder was given (tests of other things): JPEG and WebP exports fail with a
/// message.
public struct NoImageEncoder: ImageEncoding {
    public init() {}
    public func encode(_ image: RasterImage, as format: ExportFormat) throws -> [UInt8] {
        throw RenderError("\(format.title) export is not available here")
    }
}
