import DrawingBoardCore
import DrawingBoardRender

/// The pages sidebar's Contents: the outline (bookmarks) of the PDF the page drawn on comes
/// from (or the notebook's first PDF), nested and folded as the PDF says; a row's fold opens or
/// closes it, a click on its title shows the notebook's page holding that page of the PDF,
/// wherever it went. The outline is read when the PDF shown changes (the last one read is kept).
final class SidebarContents {
    unowned let app: AppController
    /// The tab chosen (the Contents show only when the PDF has them).
    var shown = false
    var scroll = 0.0
    /// The outline read, of which PDF.
    private var read: (file: PDFFile, entries: [PDFOutlineEntry])? {
        didSet { shownRows = nil }
    }
    /// Entries folded or unfolded against what the PDF says, by their path (indices from the top).
    private var toggled: Set<[Int]> = [] {
        didSet { shownRows = nil }
    }
    /// The rows shown, as they stand (the layout asks at every pointer motion; an outline may
    /// have thousands of entries): made again when the outline or a fold changes.
    private var shownRows: (visible: [(path: [Int], entry: PDFOutlineEntry, open: Bool)], rows: [Layout.ContentsRow])?

    init(app: AppController) {
        self.app = app
    }

    /// The PDF whose outline is shown: the page drawn on's, or else the notebook's first.
    private var file: PDFFile? {
        let pages = app.editor.pages
        if case .pdf(let pdf) = app.editor.page.background { return pdf.file }
        for i in 0..<pages.count { if case .pdf(let pdf) = pages.entry(i).page.background { return pdf.file } }
        return nil
    }

    /// The outline's entries (nil when there is no PDF, or its outline is empty).
    var entries: [PDFOutlineEntry]? {
        guard let file else { return nil }
        if read?.file != file {
            read = (file, PDFOutlineEntry.outline(of: file))
            toggled = []
            scroll = 0
        }
        return read.flatMap { $0.entries.isEmpty ? nil : $0.entries }
    }

    /// The rows shown: every entry whose parents are all unfolded, in order, with its path.
    private var visible: [(path: [Int], entry: PDFOutlineEntry, open: Bool)] { made().visible }

    var rows: [Layout.ContentsRow] { made().rows }

    private func made() -> (visible: [(path: [Int], entry: PDFOutlineEntry, open: Bool)], rows: [Layout.ContentsRow]) {
        guard let entries = self.entries else { return ([], []) }
        if let shownRows { return shownRows }
        var out: [(path: [Int], entry: PDFOutlineEntry, open: Bool)] = []
        func walk(_ entries: [PDFOutlineEntry], _ parent: [Int]) {
            for (i, entry) in entries.enumerated() {
                let path = parent + [i]
                let open = entry.open != toggled.contains(path)
                out.append((path, entry, open))
                if open, !entry.children.isEmpty { walk(entry.children, path) }
            }
        }
        walk(entries, [])
        let made = (out, out.map { Layout.ContentsRow(title: $0.entry.title, depth: $0.path.count - 1, folds: !$0.entry.children.isEmpty, open: $0.open) })
        shownRows = made
        return made
    }

    func fold(_ i: Int) {
        let rows = visible
        guard rows.indices.contains(i), !rows[i].entry.children.isEmpty else { return }
        let path = rows[i].path
        if toggled.contains(path) { toggled.remove(path) } else { toggled.insert(path) }
    }

    /// Shows the notebook's page holding the PDF page of row `i`.
    func go(to i: Int) {
        let rows = visible
        guard rows.indices.contains(i), let file = read?.file else { return }
        guard let page = rows[i].entry.page else { return app.chrome.show(info: "That entry goes to no page of the PDF") }
        app.links.show(pdfPage: page, of: file)
    }
}
