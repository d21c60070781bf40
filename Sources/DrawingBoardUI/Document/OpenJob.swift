import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// A file opened, ready to take the drawing's place: read and checked, made into an editor
/// with its first page painted, and, for an imported file, the journal's start encoded.
struct PreparedOpen {
    enum Kind {
        case document
        case pdf(pages: Int)
        /// Another app's notebook: its pages, and what it held that no page shows.
        case notebook(pages: Int, leftOut: [String])
        case image(PixelSize)
    }

    let path: String
    let editor: Editor
    let kind: Kind
    /// The journal's start for a file that is not a document (nil: the journal starts from it).
    let sessionPage: Data?

    /// Reads `path` and makes it ready: on any thread (the editor made is the caller's alone).
    /// Throws, changing nothing, with a message naming the file.
    static func prepare(_ path: String, decoder: any ImageDecoding, ) throws -> PreparedOpen {
        let name = DocumentState.fileName(path)
        let file = try DocumentSession.read(path, decoder: decoder)
        do {
            switch file {
            case .document(let contents):
                let editor = try Editor(document: contents, drawsPDFsLater: true)
                return PreparedOpen(path: path, editor: editor, kind: .document, sessionPage: nil)
            case .pdf(let pdf):
                let pages = pdf.pages
                let editor = try Editor(notebook: Notebook(pages), drawsPDFsLater: true)
                return PreparedOpen(path: path, editor: editor, kind: .pdf(pages: pages.count),
                                    sessionPage: try OpenRaster.encode(notebook: editor.pages.notebook, forSession: true))
            case .notebook(let notebook):
                let editor = try Editor(notebook: Notebook(notebook.pages), drawsPDFsLater: true)
                return PreparedOpen(path: path, editor: editor, kind: .notebook(pages: notebook.pages.count, leftOut: notebook.leftOut),
                                    sessionPage: try OpenRaster.encode(notebook: editor.pages.notebook, forSession: true))
            case .image(let image):
                let editor = try Editor(size: image.size, background: .image(image, name: name))
                return PreparedOpen(path: path, editor: editor, kind: .image(image.size), sessionPage: try OpenRaster.encode(editor.image))
            }
        } catch let error as DocumentError {
            throw error
        } catch {
            throw DocumentError("Could not open “\(name)”: \(error)")
        }
    }
}

/// A file being opened off the event loop (`PreparedOpen.prepare` on a thread of its own, at a
/// lower priority); the window takes the outcome when it is ready. The editor made there is
/// touched by nothing else until the window takes it.
final class OpenJob: @unchecked Sendable {
    let path: String
    let started: Double
    /// Whether the window said it is being opened (said once).
    var announced = false
    private let work: BackgroundWork<PreparedOpen>

    init(_ path: String, decoder: any ImageDecoding, now: Double) {
        self.path = path
        started = now
        work = BackgroundWork { try PreparedOpen.prepare(path, decoder: decoder) }
    }

    /// How it went, once it is done (nil while it runs).
    var outcome: Result<PreparedOpen, any Error>? { work.outcome }

    func wait() { work.wait() }
}
