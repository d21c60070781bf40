import DrawingBoardCore
import Foundation

/// What the window's picture is on disk: the document Save writes (always OpenRaster), the
/// file Export last wrote a copy to, and the history state the document was last saved at.
///
/// Saving is the only thing that makes the picture "saved": an export is a copy, so it never
/// changes the document's name, its saved state or the title.
public struct DocumentState: Sendable, Equatable {
    /// The document (.ora) Save writes; nil until the first Save.
    public private(set) var path: String?
    /// Where Export writes without asking, once a first export chose it (or `--export-to`).
    public private(set) var exportPath: String?
    /// The scale the last export's picture was drawn at (Export again keeps it).
    public private(set) var exportScale = 1.0
    /// The image a new page was opened from: it names the page until the first save.
    public private(set) var importedFrom: String?
    /// The history state at the last save; nil when it matches none (a restored session).
    private var savedState: UInt64?

    public init(path: String? = nil, exportPath: String? = nil, savedState: UInt64 = 0) {
        self.path = path
        self.exportPath = exportPath
        self.savedState = savedState
    }

    /// Whether the picture has changes the document does not have.
    public func isModified(at state: UInt64) -> Bool { state != savedState }

    /// The name the title shows.
    public var name: String {
        if let path { return Self.fileName(path) }
        if let importedFrom { return "\(Self.fileName(importedFrom)) (imported)" }
        return "Untitled"
    }

    /// The name the Save chooser proposes: the document's, or the imported image's with .ora.
    public var suggestedName: String { "\(stem).ora" }

    /// The name the Export chooser proposes: the last export's, or the document's in `format`.
    public func suggestedExportName(_ format: ExportFormat = .png) -> String {
        exportPath.map(Self.fileName) ?? "\(stem).\(format.fileExtension)"
    }

    /// The folder choosers start in: the document's, else the last export's or the imported image's.
    public var folder: String? {
        (path ?? exportPath ?? importedFrom).map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }

    private var stem: String {
        let source = path ?? importedFrom ?? "Untitled"
        return URL(fileURLWithPath: Self.fileName(source)).deletingPathExtension().lastPathComponent
    }

    /// The document was written to `path` at history state `state`.
    public mutating func saved(to path: String, at state: UInt64) {
        self.path = path
        importedFrom = nil
        savedState = state
    }

    /// A copy was exported to `path`, a picture at `scale`: later exports go there, at that
    /// scale. Nothing else changes.
    public mutating func exported(to path: String, scale: Double = 1) {
        exportPath = path
        exportScale = scale
    }

    /// The window now shows another picture: a document opened from `path`, a page made from
    /// the image at `importedFrom`, or a new blank page (both nil).
    public mutating func replaced(path: String?, importedFrom: String? = nil, at state: UInt64) {
        self = DocumentState(path: path, exportPath: nil, savedState: state)
        self.importedFrom = importedFrom
    }

    /// The document Save writes, given before anything was saved (`--save-to` with an image
    /// opened as the page): the saved state stays as it is.
    public mutating func name(_ path: String) {
        self.path = path
    }

    /// A crashed session came back: named after its document, else the file it was imported
    /// from; it matches no saved state, whatever its history says.
    public mutating func restored(path: String?, importedFrom: String? = nil) {
        self = DocumentState(path: path)
        if path == nil { self.importedFrom = importedFrom }
        savedState = nil
    }

    static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    // MARK: - Names typed in the choosers

    /// What a name chosen in the Save chooser means.
    public enum SaveName: Sendable, Equatable {
        /// Write the document here.
        case document(String)
        /// The name ends in another extension: ask whether to save the document under
        /// `document`, or (for an export format) to export a copy to the name as typed.
        case ask(chosen: String, document: String, export: ExportFormat?)
    }

    /// `name.ora` is the document; a bare `name` becomes `name.ora`; `name.jpg` (or any other
    /// extension) is a question, never a silent `name.jpg.ora`.
    public static func saveName(for chosen: String) -> SaveName {
        let url = URL(fileURLWithPath: chosen)
        let ext = url.pathExtension.lowercased()
        if ext == "ora" { return .document(chosen) }
        if ext.isEmpty { return .document(chosen + ".ora") }
        let format = ExportFormat(pathExtension: ext)
        let document = format == nil ? chosen + ".ora" : url.deletingPathExtension().path + ".ora"
        return .ask(chosen: chosen, document: document, export: format)
    }

    /// The file and format a name chosen in the Export chooser writes: a bare name gets
    /// `bare` (.png, or .pdf for a notebook); an extension that is no export format is an error
    /// naming the formats.
    public static func exportName(for chosen: String, bare: ExportFormat = .png) -> Result<(path: String, format: ExportFormat), ExportNameError> {
        let ext = URL(fileURLWithPath: chosen).pathExtension
        if ext.isEmpty { return .success((chosen + "." + bare.fileExtension, bare)) }
        guard let format = ExportFormat(pathExtension: ext) else {
            return .failure(ExportNameError(name: fileName(chosen)))
        }
        return .success((chosen, format))
    }

    public struct ExportNameError: Error, Equatable, CustomStringConvertible {
        public var name: String
        public var description: String {
            let ext = URL(fileURLWithPath: name).pathExtension.lowercased()
            if ext == "ora" { return "“\(name)” is a document name: Save (Ctrl+S) writes documents; Export writes \(ExportFormat.names) copies" }
            return "Cannot export to “\(name)”: export writes \(ExportFormat.names) (end the name with .png, .jpg, .webp, .svg or .pdf)"
        }
    }
}
