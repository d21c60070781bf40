import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation

/// `render --page N` of a script that only opens another app's notebook: page N is drawn and
/// its PNG encoded on a thread of its own as soon as that page has been read and checked,
/// while the rest of the notebook is read; the PNG is handed out only once the whole notebook
/// has been read and checked (a bad page anywhere still refuses it, and nothing is written).
/// The same pixels as opening the notebook and showing the page: a page is drawn from its
/// model alone.
final class EarlyPagePicture: @unchecked Sendable {
    private let wanted: Int
    private let group = DispatchGroup()
    private var outcome: Result<Data, any Error>?

    init(page wanted: Int) {
        self.wanted = wanted
    }

    /// Hears each checked page; starts on the one wanted.
    func checked(_ number: Int, _ page: Page) {
        guard number == wanted else { return }
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            outcome = Result {
                let editor = try Editor(notebook: Notebook([page]))
                let bytes = try editor.image.pngDataFlatteningInPlace()
                if let failure = Editor.unpaintedBackground { throw failure }
                return bytes
            }
            group.leave()
        }
    }

    /// The PNG, once the notebook was read whole; nil when the notebook has no such page.
    func picture() throws -> Data? {
        group.wait()
        return try outcome?.get()
    }

    /// Reads the notebook `url` and gives page `number`'s PNG, or says why not, in the words
    /// the script's `open` uses.
    static func render(_ url: URL, page number: Int, decoder: any ImageDecoding) throws -> Data {
        let early = EarlyPagePicture(page: number)
        let notebook: ImportedNotebook
        do {
            // Every page read and checked; none kept but the one drawn.
            notebook = try XournalImport.read(url, decoder: decoder, keeps: { _ in false }, checked: early.checked)
        } catch {
            early.group.wait()
            throw ScriptError("open", "\(error)")
        }
        guard let bytes = try early.picture() else {
            let count = notebook.pageCount
            throw RenderCommand.Failure(message: "--page: there is no page \(number); the notebook has \(count) page\(count == 1 ? "" : "s")")
        }
        return bytes
    }
}
