import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// A file being written off the event loop: the document saved, or a copy exported. What it
/// needs is taken at once on the loop (the pages' models: values); the pages' pixels are then
/// painted from the models, encoded and written atomically on a thread of its own, at a lower
/// priority and on one core, while the user goes on drawing. The window looks for the outcome
/// (`outcome`).
final class FileJob: @unchecked Sendable {
    enum Kind {
        /// The document, as it was at this state of the history.
        case save(stateID: UInt64)
        /// A copy, a picture's drawn at `scale` (1: the page's own pixels).
        case export(ExportFormat, scale: Double)
    }

    let path: String
    let kind: Kind
    /// The drawing it was taken from: if another took its place meanwhile (Open, New Page,
    /// Restore), the file is written but says nothing about the drawing now in the window.
    let source: ObjectIdentifier
    /// When it started (a long one shows that it is under way).
    let started: Double
    /// Whether the window said it is under way (said once).
    var announced = false
    private let work: BackgroundWork<Void>

    private init(path: String, kind: Kind, source: Editor, now: Double, work: @escaping @Sendable () throws -> Data) {
        self.path = path
        self.kind = kind
        self.source = ObjectIdentifier(source)
        started = now
        // On one core (its PNGs are not spread over every core): the window keeps the other.
        self.work = BackgroundWork { try AtomicFile.write(try work(), toPath: path) }
    }

    /// The largest page painted again on the job's thread. A bigger one would double the
    /// memory of a page that may already fill it: its layers are copied on the loop instead.
    static let paintedAfreshUpTo = 4096 * 4096

    /// Saves the document in `editor` to `path`: the first page's layers are painted from its
    /// model (`PagePicture(painting:)`), the other pages are written as models. Throws, starting
    /// nothing, when a big page's layers cannot be copied (out of memory).
    static func save(_ editor: Editor, to path: String, now: Double) throws -> FileJob {
        let pages = editor.pages.notebook.pages.map(\.page)
        let first = pages[0], otherPages = Array(pages.dropFirst())
        let copied = first.size.area > paintedAfreshUpTo ? try PagePicture(editor.pages.documentContents().first) : nil
        return FileJob(path: path, kind: .save(stateID: editor.history.stateID), source: editor, now: now) {
            try OpenRaster.encode(copied ?? PagePicture(painting: first), otherPages: otherPages, parallel: false)
        }
    }

    /// Exports a copy of `editor`'s picture in `format`: the page drawn on (PNG, JPEG, WebP,
    /// SVG), or every page (PDF). A picture at another `scale` than 1 is the page drawn again
    /// from its model at that scale (`ScaledPicture`), on the job's thread.
    static func export(_ editor: Editor, to path: String, as format: ExportFormat, scale: Double = 1, encoder: any ImageEncoding,
                       now: Double) throws -> FileJob {
        let pages = editor.pages.notebook.pages.map(\.page), current = pages[editor.pages.index]
        let picture = [.png, .jpeg, .webp].contains(format)
        let scale = picture ? scale : 1
        // A big page's picture is flattened here rather than painted again (see `save`).
        let flattened = scale == 1 && current.size.area > paintedAfreshUpTo && picture ? try editor.image.flattened() : nil
        return FileJob(path: path, kind: .export(format, scale: scale), source: editor, now: now) {
            if scale != 1 {
                let drawn = try ScaledPicture.painted(current, scale: scale)
                return format == .png ? try drawn.pngData() : Data(try encoder.encode(drawn.image(), as: format))
            }
            switch format {
            case .png: return try PNGFile.encode(try flattened ?? PageImage.painted(current).flattened())
            case .svg: return try VectorExport.export(try PageImage.painted(current), as: .svg)
            case .pdf:
                return try VectorExport.exportPDF(pages: pages.count, size: pages[0].size) { i in
                    VectorExport.ExportedPage(page: pages[i]) { () throws(RenderError) in try PageImage.painted(pages[i]) }
                }
            case .jpeg, .webp: return Data(try encoder.encode(try flattened ?? PageImage.painted(current).flattened(), as: format))
            }
        }
    }

    /// How it went, once it is done (nil while it runs).
    var outcome: Result<Void, any Error>? { work.outcome }

    /// Waits for it to end (the app is being ended and cannot wait for the loop).
    func wait() { work.wait() }
}
