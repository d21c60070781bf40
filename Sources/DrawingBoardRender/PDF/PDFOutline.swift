import DrawingBoardCore
import Foundation

/// An entry of a PDF's outline (its bookmarks, the Contents the pages sidebar shows): its
/// title, the page of the PDF it goes to, whether the PDF shows it unfolded, and its entries.
public struct PDFOutlineEntry: Sendable, Hashable {
    public var title: String
    /// The page of the PDF it goes to (0-based, in the file's order); nil when it goes nowhere
    /// in the file (a web address, a damaged destination).
    public var page: Int?
    public var open: Bool
    public var children: [PDFOutlineEntry]

    public init(title: String, page: Int?, open: Bool, children: [PDFOutlineEntry] = []) {
        self.title = title
        self.page = page
        self.open = open
        self.children = children
    }

    /// The most characters of a title kept (the file's own text, not trusted).
    static let longestTitle = 300

    /// The outline of `file` (empty when it has none, or poppler cannot read it).
    public static func outline(of file: PDFFile, documents: OpenPDFs = .shared) -> [PDFOutlineEntry] {
        guard let poppler = PopplerLibrary.shared else { return [] }
        let nodes = (try? documents.using(file) { (document: OpaquePointer?) throws(RenderError) -> [PopplerLibrary.OutlineNode] in
            guard let document else { return [] }
            return poppler.outline(of: document)
        }) ?? []
        func entry(_ node: PopplerLibrary.OutlineNode) -> PDFOutlineEntry {
            // One line of printable text: line breaks and controls become spaces.
            let flat = String(node.title.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) })
            let title = flat.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            let page = node.page.flatMap { (0..<file.pageSizes.count).contains($0) ? $0 : nil }
            return PDFOutlineEntry(title: String(title.prefix(longestTitle)), page: page, open: node.open, children: node.children.map(entry))
        }
        return nodes.map(entry)
    }
}
