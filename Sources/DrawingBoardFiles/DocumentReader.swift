import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Reads what `open` names: an OpenRaster document (ours, or another app's), or a Xournal++
/// or Xournal notebook, told apart by their bytes (a zip, or gzip or plain XML).
public enum DocumentReader {
    public static func read(_ url: URL, decoder: any ImageDecoding) throws(DocumentError) -> OpenedDocument {
        guard isNotebook(url) else { return .document(try OpenRaster.read(url)) }
        return .notebook(try XournalImport.read(url, decoder: decoder).pages)
    }

    /// A Xournal++ or Xournal notebook: by its extension, or (any other name) by not being a
    /// zip archive while starting as gzip or XML does.
    public static func isNotebook(_ url: URL) -> Bool {
        if XournalImport.isNotebook(url.path) { return true }
        if url.pathExtension.lowercased() == "ora" { return false }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 2)) ?? Data())
        return head == [0x1F, 0x8B]
    }
}
