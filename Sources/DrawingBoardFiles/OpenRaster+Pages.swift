import DrawingBoardCore
import Foundation

/// Reading a notebook's pages after the first (format 5) and its PDF backgrounds.
extension OpenRaster {
    /// A PDF page background the document names, its PDF read from the archive.
    static func pdfBackground(_ file: String, _ page: Int, files: ArchiveFiles) throws -> Background {
        let pdf = try files.loadPDF(file)
        guard pdf.pageSizes.indices.contains(page) else {
            throw DocumentError("a page's background is page \(page + 1) of \(file), which has \(pdf.pageSizes.count)")
        }
        return .pdf(PDFBackground(file: pdf, index: page))
    }

    /// A notebook page after the first, from its entry in document.json.
    static func page(_ json: DocumentJSON.PageJSON, number: Int, files: ArchiveFiles,
                             image: (String) throws -> RasterImage) throws -> Page {
        let size = PixelSize(width: json.width, height: json.height)
        let background: Background
        switch json.background {
        case .color(let c): background = .color(c)
        case .paper(let paper): background = .paper(paper)
        case .xournal(let paper): background = .xournal(paper)
        case .pdf(let file, let page): background = try pdfBackground(file, page, files: files)
        case .image(let name):
            guard let src = json.backgroundImage else { throw DocumentError("page \(number)'s background image is missing") }
            background = .image(try image(src), name: name)
        }
        var base: RasterImage?
        if let src = json.base {
            let pixels = try image(src)
            guard pixels.size == size else { throw DocumentError("page \(number)'s layer under the strokes is \(pixels.size), not \(size)") }
            base = pixels
        }
        let items = (base.map { [PageItem.base(BasePixels(image: $0, baked: Set(json.baked ?? [])))] } ?? []) + json.strokes.map(PageItem.stroke)
        var page = Page(size: size, background: background, items: items)
        if let elements = json.elements { page.insert(elements.map { ($0.strokesBefore, $0.element) }) }
        return page
    }
}
