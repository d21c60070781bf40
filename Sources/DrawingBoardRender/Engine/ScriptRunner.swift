import DrawingBoardCore
import Foundation

/// What a script's `open` reads: a document of ours, or another app's notebook as its pages
/// (painted from their models).
public enum OpenedDocument: Sendable {
    case document(DocumentContents)
    case notebook([Page])
}

/// Replays a drawing script on a fresh editor, as a user at the window would: tool changes,
/// strokes, several fingers at once, undo, redo, clear and background changes.
public struct ScriptRunner {
    public var decoder: any ImageDecoding
    /// Reads a saved document or another app's notebook, for scripts that start with `"open"`.
    public var openDocument: ((URL) throws -> OpenedDocument)?
    /// The stickers `place` can name.
    public var stickers: (any StickerProviding)?

    public init(decoder: any ImageDecoding, openDocument: ((URL) throws -> OpenedDocument)? = nil, stickers: (any StickerProviding)? = nil) {
        self.decoder = decoder
        self.openDocument = openDocument
        self.stickers = stickers
    }

    /// The document a script opens (nil: it opens none), read: `run` takes it as it is.
    public func opened(_ script: DrawingScript, baseDirectory: URL) throws(ScriptError) -> OpenedDocument? {
        guard script.pdf == nil, let path = script.open else { return nil }
        return try open(path, base: baseDirectory)
    }

    /// The pages of `opened` when the script only opens it (no steps), without an editor: what
    /// is written from the model alone (a PDF) needs no page painted to pixels first. Nil when
    /// the script does more, or the document's drawing must be painted to be understood (a
    /// document older than format 7).
    public static func pagesOnly(_ script: DrawingScript, _ opened: OpenedDocument) throws(ScriptError) -> [Page]? {
        guard script.steps.isEmpty else { return nil }
        let pages: [Page]
        switch opened {
        case .document(let contents):
            guard contents.drawing == nil else { return nil }
            pages = [contents.page] + contents.otherPages
        case .notebook(let notebook):
            pages = notebook
        }
        guard let first = pages.first else { return nil }
        // The limits the editor holds the page it shows to.
        do {
            try Editor.checkLimits(first.size)
        } catch {
            throw ScriptError("open", error.message)
        }
        return pages
    }

    /// What `open` names, read.
    private func open(_ path: String, base: URL) throws(ScriptError) -> OpenedDocument {
        guard let openDocument else { throw ScriptError("open", "opening documents is not available here") }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        do {
            return try openDocument(url)
        } catch {
            throw ScriptError("open", "\(error)")
        }
    }

    /// Runs `script`; relative image and document paths resolve against `baseDirectory`.
    /// `opened`: what the script opens, read already (`opened(_:baseDirectory:)`).
    public func run(_ script: DrawingScript, baseDirectory: URL, opened given: OpenedDocument? = nil) throws(ScriptError) -> Editor {
        let editor: Editor
        let pdfs = PDFCache()
        if let path = script.pdf {
            editor = try notebook(ofPDF: path, base: baseDirectory, pdfs: pdfs)
        } else if let path = script.open {
            let opened: OpenedDocument
            if let given { opened = given } else { opened = try open(path, base: baseDirectory) }
            do {
                switch opened {
                case .document(let contents): editor = try Editor(document: contents)
                case .notebook(let pages): editor = try Editor(notebook: Notebook(pages))
                }
            } catch {
                throw ScriptError("open", "\(error)")
            }
        } else {
            let background = try load(script.background, at: "background", base: baseDirectory)
            do {
                editor = try Editor(size: script.canvas, background: background)
            } catch {
                throw ScriptError("canvas", error.message)
            }
        }
        // Nothing is shown while a script runs: each stroke is drawn once, when it ends, so
        // its cost grows with its length, not with its length squared.
        editor.screen.previewsStrokes = false
        editor.tools.keepsEveryEraserPass = true
        for (i, step) in script.steps.enumerated() {
            try apply(step, to: editor, at: "steps[\(i)]", base: baseDirectory, pdfs: pdfs)
        }
        return editor
    }

    private func apply(_ step: DrawingScript.Step, to editor: Editor, at path: String, base: URL, pdfs: PDFCache) throws(ScriptError) {
        ToolRules.apply(step.change, to: &editor.toolState)
        guard let action = step.action else { return }
        do {
            switch action {
            case .stroke(let points):
                play([(PointerSource.mouse, points, step.pressures)], on: editor, modifiers: step.modifiers)
            case .touch(let fingers):
                play(fingers.map { (PointerSource.finger($0.id), $0.points, $0.pressures) }, on: editor, modifiers: step.modifiers)
            case .pick(let point):
                guard let color = editor.image.color(at: point) else {
                    throw ScriptError("\(path).pick", "[\(JSONValue.format(point.x)), \(JSONValue.format(point.y))] is outside the \(editor.size) canvas")
                }
                editor.toolState.style.color = color
            case .undo(let count):
                // Past the history's start there is nothing to undo: stop there.
                for _ in 0..<count {
                    guard editor.canUndo else { break }
                    try editor.undo()
                }
            case .redo(let count):
                for _ in 0..<count {
                    guard editor.canRedo else { break }
                    try editor.redo()
                }
            case .clear:
                try editor.clear()
            case .background(let source):
                try editor.setBackground(try load(source, at: "\(path).background", base: base, pdfs: pdfs))
            case .page(let change):
                try applyPageStep(change, to: editor, at: "\(path).page", base: base, pdfs: pdfs)
            case .place, .doubleTap, .delete, .raise, .lower, .edit:
                try applyElementStep(action, to: editor, at: path, base: base)
            case .select, .selection, .paste, .recognize, .ruler, .highlightText:
                try applyEditingStep(action, to: editor, at: path)
            }
        } catch let error as ScriptError {
            throw error
        } catch {
            throw ScriptError(path, "\(error)")
        }
    }

    /// All pointers go down (in order), move one sample at a time, interleaved, then all lift.
    /// `pressures`: each pointer's pressure at each point (nil: 1 everywhere).
    func play(_ pointers: [(PointerSource, [Point], [Double]?)], on editor: Editor, modifiers: ShapeModifiers) {
        var time = 0.0
        func send(_ pointer: (PointerSource, [Point], [Double]?), _ phase: PointerEvent.Phase, _ i: Int) {
            editor.handle(PointerEvent(source: pointer.0, phase: phase, position: pointer.1[i], pressure: pointer.2?[i] ?? 1, time: time,
                                       modifiers: modifiers))
            time += 1.0 / 120
        }
        for pointer in pointers { send(pointer, .down, 0) }
        let longest = pointers.map(\.1.count).max() ?? 0
        if longest > 2 {
            for i in 1..<(longest - 1) {
                for pointer in pointers where i < pointer.1.count - 1 {
                    send(pointer, .move, i)
                }
            }
        }
        if editor.toolState.tool == .select, pointers.count > 1 {
            // Every finger reaches its last point before any lifts: the element ends where the
            // fingers' last points put it (a finger lifting first would leave the other dragging).
            for pointer in pointers where pointer.1.count > 1 { send(pointer, .move, pointer.1.count - 1) }
        }
        for pointer in pointers { send(pointer, .up, pointer.1.count - 1) }
    }

    func load(_ source: DrawingScript.BackgroundSource, at path: String, base: URL, pdfs: PDFCache = PDFCache()) throws(ScriptError) -> Background {
        switch source {
        case .color(let color):
            return .color(color)
        case .paper(let paper):
            return .paper(paper)
        case .pdf(let name, let page):
            let file = try pdfs.file(name, at: "\(path).pdf", base: base)
            guard page <= file.pageSizes.count else {
                throw ScriptError("\(path).page", "\(name) has \(file.pageSizes.count) page\(file.pageSizes.count == 1 ? "" : "s"); there is no page \(page)")
            }
            return .pdf(PDFBackground(file: file, index: page - 1))
        case .image(let name):
            let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : base.appendingPathComponent(name)
            do {
                let image = try decoder.decodeImage(atPath: url.path, maxPixels: CanvasLimits.maxPixels)
                return .image(image, name: name)
            } catch {
                throw ScriptError("\(path).image", "cannot load \"\(name)\": \(error)")
            }
        }
    }
}
