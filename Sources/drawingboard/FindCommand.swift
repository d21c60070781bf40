import ArgumentParser
import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardPlatform
import DrawingBoardRender
import Foundation

/// `drawingboard find DOCUMENT "words"`: where the words are in a document's pages, one line
/// per match (`PAGE X Y W H`, the page from 1, the box in page pixels), for scripts.
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Print where words are in a document: its PDF pages' text and its typed texts.",
        discussion: """
            One line per match, in page order and then reading order: PAGE X Y W H, the page \
            (1 is the first) and the match's box in page pixels (96 per inch, from the page's top \
            left). Case is ignored. Exit status 0 when something matched, 1 when nothing did, 2 \
            with a one-line message when the document cannot be read.
            """)

    @Argument(help: "A document: .ora, .pdf, .xopp or .xoj.")
    var document: String

    @Argument(help: "The words to find.")
    var words: String

    func run() throws {
        let pages: [Page]
        do {
            pages = try Self.pages(of: document)
        } catch {
            var stderr = StandardError()
            print("drawingboard: \(document): \("\(error)".escapingControlCharacters)", to: &stderr)
            throw ExitCode(2)
        }
        let found = TextFinder.matches(of: words, in: pages)
        var out = ""
        for match in found {
            let b = match.box
            let x = Int(b.minX.rounded()), y = Int(b.minY.rounded())
            out += "\(match.page + 1) \(x) \(y) \(Int(b.maxX.rounded()) - x) \(Int(b.maxY.rounded()) - y)\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        if found.isEmpty { throw ExitCode(1) }
    }

    /// The document's pages as models (a PDF's pages show its pages; nothing is painted).
    static func pages(of path: String) throws -> [Page] {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { throw FindFailure("no such file") }
        switch url.pathExtension.lowercased() {
        case "pdf":
            return try PDFReader.read(path: path).pages
        case "ora", "xopp", "xoj":
            let decoder = SDLImageDecoder(svg: SVGImage.decodeFile)
            AssetStore.decoder = decoder
            switch try DocumentReader.read(url, decoder: decoder) {
            case .document(let contents): return [contents.page] + contents.otherPages
            case .notebook(let pages): return pages
            }
        default:
            throw FindFailure("not a document the app opens (.ora, .pdf, .xopp, .xoj)")
        }
    }

    struct FindFailure: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }
}
