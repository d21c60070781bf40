import DrawingBoardCore
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
        if input.ctrl {
            switch input.key {
            case .character("z") where input.shift, .character("y"): redo()
            case .character("z"): undo()
            case .character("s"): save(choosingName: input.shift)
            case .character("o"): chooseBackgroundImage()
            case .character("q"): requestQuit()
            case .character("0"): setView(.identity)
            default: return false
            }
            return true
        }
        switch input.key {
        case .character(let c) where ("1"..."6").contains(c):
            select(Tool.allCases[Int(String(c))! - 1])
        case .character("e"): select(.eraser)
        case .character("["): nudgeWidth(up: false)
        case .character("]"): nudgeWidth(up: true)
        case .escape:
            if message != nil { message = nil } else if panel != nil { panel = nil } else { return false }
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
    /// "save as").
    public func save(choosingName: Bool) {
        if let path = documentPath, !choosingName {
            if write(to: path), quitAfterSave { request(.quit) }
            return
        }
        request(.chooseFile(FileRequest(purpose: .saveDrawing, title: "Save Drawing", suggestedName: documentName.hasSuffix(".png") ? documentName : "\(documentName).png")))
    }

    /// Writes the picture as PNG, atomically: a failure leaves any old file as it was.
    @discardableResult
    func write(to path: String) -> Bool {
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            let png = try editor.pngData()
            try AtomicFile.write(Data(png), toPath: path)
        } catch {
            quitAfterSave = false
            show(error: "Could not save “\(name)”: \(error)")
            return false
        }
        documentPath = path
        savedState = editor.history.stateID
        show(info: "Saved “\(name)”")
        return true
    }

    /// The platform's answer to a `chooseFile` request: a path, or nil when cancelled.
    public func fileChosen(_ purpose: FileRequest.Purpose, path: String?) {
        guard let path, !path.isEmpty else {
            quitAfterSave = false
            return
        }
        switch purpose {
        case .saveDrawing:
            let target = URL(fileURLWithPath: path).pathExtension.lowercased() == "png" ? path : path + ".png"
            if write(to: target), quitAfterSave { request(.quit) }
        case .backgroundImage:
            loadBackground(path)
        }
    }

    /// The platform could not show a file chooser.
    public func fileChooserFailed(_ reason: String) {
        quitAfterSave = false
        show(error: reason)
    }

    // MARK: - Background image

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

    // MARK: - Quitting

    /// Ctrl+Q or the window's close button: asks first when there are unsaved changes.
    public func requestQuit() {
        if isModified {
            dialogOpen = true
            bars.show(at: now)
            invalidateChrome()
        } else {
            request(.quit)
        }
    }

    func answerQuitQuestion(_ button: DialogButton) {
        dialogOpen = false
        invalidateChrome()
        switch button {
        case .save:
            quitAfterSave = true
            save(choosingName: false)
        case .discard:
            request(.quit)
        case .cancel:
            quitAfterSave = false
        }
    }
}
