import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Another app's notebook made into ours: its pages as models (painted when shown), and what it
/// held that no picture shows, in words, for the window to say once.
public struct ImportedNotebook: Sendable {
    /// The pages kept (every page, unless the reader asked for fewer).
    public var pages: [Page]
    public var leftOut: [String]
    /// How many pages the notebook has.
    public var pageCount: Int
}

/// Opens a Xournal++ (`.xopp`) or Xournal (`.xoj`) notebook as Xournal++ 1.1.3 draws it
/// (`script-format.md`, "Other apps' files"): points become pixels at 96 dpi (4/3), papers
/// become `XournalPaper`s, strokes keep their straight segments, widths, dashes and fill
/// (`PolylineForm`), texts, images and LaTeX pictures become movable elements, and the PDF
/// and images its backgrounds name are read into the notebook. Nothing is trusted: a problem
/// anywhere is one message, and nothing is made.
public enum XournalImport {
    /// Largest notebook file read.
    public static let maxFileBytes = 512 << 20
    /// Pixels per point: Xournal++ draws at 96 dpi.
    static let scale = 4.0 / 3.0

    /// Whether `path` names a notebook by its extension.
    public static func isNotebook(_ path: String) -> Bool {
        ["xopp", "xoj"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Reads the notebook at `url`. `checked` hears each page (its number from 1) as soon as
    /// it is made and checked, before the rest is read: work on it may start, but nothing may
    /// be written until the whole notebook has been read and checked. `keeps`: whether page
    /// N is kept in what is returned (every page is read and checked all the same; a reader
    /// that wants one page keeps no other, and its memory does not grow with the notebook).
    /// `imageBudget`: the most pixels its pages' background images may hold in all.
    public static func read(_ url: URL, decoder: any ImageDecoding, keeps: @escaping (Int) -> Bool = { _ in true },
                            imageBudget: Int = OpenRaster.maxDecodedPixels,
                            checked: ((Int, Page) -> Void)? = nil) throws(DocumentError) -> ImportedNotebook {
        let name = "“\(url.lastPathComponent)”"
        do {
            let data = try RegularFile.read(url.path, limit: maxFileBytes, noun: "notebook")
            guard !data.isEmpty else { throw DocumentError("the file is empty") }
            let converter = Converter(notebook: url, decoder: decoder, imageBudget: imageBudget)
            let xml = try XournalXML.parse(data) { spec, number in
                let page = try converter.add(spec, number: number, keep: keeps(number))
                checked?(number, page)
            }
            converter.leftOut += xml.leftOut.sorted()
            return ImportedNotebook(pages: converter.pages, leftOut: converter.leftOut, pageCount: xml.pageCount)
        } catch let error as DocumentError {
            throw DocumentError("\(name) cannot be opened: \(error.message)")
        } catch let error as RegularFile.Problem {
            throw DocumentError("\(name) cannot be opened: \(error.message)")
        } catch {
            throw DocumentError("\(name) cannot be opened: \(error)")
        }
    }

    private final class Converter {
        let notebook: URL
        let decoder: any ImageDecoding
        var pdf: PDFFile?
        var pdfName: String?
        var leftOut: [String] = []
        var pages: [Page] = []
        /// Every page's background so far (a later page's may be an earlier one's image).
        var backgrounds: [Background] = []

        init(notebook: URL, decoder: any ImageDecoding, imageBudget: Int) {
            self.notebook = notebook
            self.decoder = decoder
            self.imageBudget = imageBudget
        }

        /// Makes page `number` (from 1) ours, checked, and keeps it if asked to.
        func add(_ spec: XournalXML.Page, number: Int, keep: Bool) throws -> Page {
            let size = PixelSize(width: Int((spec.width * scale).rounded()), height: Int((spec.height * scale).rounded()))
            do {
                try Check.canvas(size, at: "")
            } catch {
                throw DocumentError("page \(number) is \(JSONValue.format(spec.width)) x \(JSONValue.format(spec.height)) points (\(size) pixels), beyond the page-size limit of \(CanvasLimits.maxSide) pixels a side")
            }
            let background = try self.background(spec, size: size, number: number)
            backgrounds.append(background)
            let page = Page(size: size, background: background, items: try items(spec.items, page: number))
            do {
                try page.validate()
            } catch {
                throw DocumentError("page \(number): \(error)")
            }
            if keep { pages.append(page) }
            return page
        }

        // MARK: Backgrounds

        /// Pixels of the background images made so far, each stretched to its page, and the
        /// most they may hold.
        private var imagePixels = 0
        let imageBudget: Int

        /// Counts a background image of `size` against the notebook's budget (the one a
        /// document's layers have), before it is read or made.
        private func budget(_ size: PixelSize, number: Int) throws {
            imagePixels += size.area
            guard imagePixels <= imageBudget else {
                throw DocumentError("page \(number)'s background image takes its pages' images past \(imageBudget) pixels in all (the limit for a notebook)")
            }
        }

        private func background(_ spec: XournalXML.Page, size: PixelSize, number: Int) throws -> Background {
            switch spec.background ?? .solid(color: .white, style: nil, config: "") {
            case .solid(let color, let style, let config):
                // Xournal++: no style is lined paper, an unknown one ruled.
                let name = style ?? "lined"
                if name == "plain" { return .color(color) }
                let paper = XournalPaper(XournalPaper.Style(rawValue: name) ?? .ruled, color: color, config: config,
                                         points: Size(width: spec.width, height: spec.height))
                do {
                    try paper.validate(at: "background")
                } catch {
                    throw DocumentError("page \(number)'s background: \(error.problem)")
                }
                return .xournal(paper)
            case .pixmap(let domain, let filename):
                if domain == "clone" {
                    guard let index = Int(filename), backgrounds.indices.contains(index), case .image(let image, let name) = backgrounds[index] else {
                        throw DocumentError("page \(number)'s background is the image of page \(filename.prefix(20)), which has none")
                    }
                    if image.size == size { return .image(image, name: name) }
                    try budget(size, number: number)
                    return .image(try stretched(image, to: size), name: name)
                }
                try budget(size, number: number)
                let path = try find(filename, attached: domain == "attach", what: "background image")
                let image: RasterImage
                do {
                    image = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
                } catch {
                    throw DocumentError("its background image “\(filename)” cannot be read: \(error)")
                }
                return .image(try stretched(image, to: size), name: (filename as NSString).lastPathComponent)
            case .pdf(let domain, let filename, let page):
                if let filename, !filename.isEmpty {
                    let path = try find(filename, attached: domain == "attach", what: "PDF")
                    do {
                        pdf = try PDFReader.read(path: path, name: (filename as NSString).lastPathComponent)
                    } catch {
                        throw DocumentError("its PDF “\(filename)” cannot be read: \(error.message)")
                    }
                    pdfName = filename
                }
                guard let pdf else { throw DocumentError("page \(number) has a PDF background, but the notebook names no PDF before it") }
                guard page <= pdf.pageSizes.count else {
                    note("PDF pages past the PDF's \(pdf.pageSizes.count) (shown white)")
                    return .color(.white)
                }
                return .pdf(PDFBackground(file: pdf, index: page - 1))
            }
        }

        private func note(_ words: String) {
            if !leftOut.contains(words) { leftOut.append(words) }
        }

        /// Where a file the notebook names is: `NOTEBOOK.xopp.NAME` for an attached one;
        /// otherwise the name as written, then relative to the notebook's folder, then its bare
        /// name beside the notebook.
        private func find(_ name: String, attached: Bool, what: String) throws -> String {
            let folder = notebook.deletingLastPathComponent()
            var tried: [String] = []
            if attached {
                tried = [notebook.path + "." + name]
            } else {
                // As written: a relative name from the folder the app runs in, as Xournal++ reads it.
                tried.append(name.hasPrefix("/") ? name : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name).path)
                if !name.hasPrefix("/") { tried.append(folder.appendingPathComponent(name).path) }
                tried.append(folder.appendingPathComponent((name as NSString).lastPathComponent).path)
            }
            var seen = Set<String>()
            tried = tried.filter { seen.insert($0).inserted }
            for path in tried {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { return path }
            }
            throw DocumentError("its \(what) “\(name)” was not found (looked for \(tried.joined(separator: ", ")))")
        }

        /// An image stretched over the whole page, as Xournal++ draws a background image.
        private func stretched(_ image: RasterImage, to size: PixelSize) throws -> RasterImage {
            try ImageOps.stretched(image, to: size)
        }

        // MARK: Items

        private func items(_ specs: [XournalXML.Item], page: Int) throws -> [PageItem] {
            var items: [PageItem] = []
            items.reserveCapacity(specs.count)
            var id: UInt64 = 0
            for spec in specs {
                id += 1
                switch spec {
                case .stroke(let s): items.append(.stroke(stroke(s, id: id)))
                case .text(let t): if let e = try text(t, id: id, page: page) { items.append(.element(e)) }
                case .image(let i): items.append(.element(try picture(i, id: id, tex: false, page: page)))
                case .tex(let i): items.append(.element(try picture(i, id: id, tex: true, page: page)))
                }
            }
            return items
        }

        private func stroke(_ s: XournalXML.StrokeSpec, id: UInt64) -> Stroke {
            var points: [Point] = []
            points.reserveCapacity(s.coordinates.count / 2)
            var i = 0
            while i + 1 < s.coordinates.count {
                points.append(Point(s.coordinates[i] * scale, s.coordinates[i + 1] * scale))
                i += 2
            }
            let highlighter = s.tool == .highlighter
            var style = StrokeStyle(color: s.color)
            style.width = s.widths[0] * scale
            // Xournal++ 1.1.3: pens are opaque; a highlighter multiplies at 120/255, or at its
            // fill's alpha over the line and its inside together.
            style.opacity = highlighter ? Double(s.fill ?? 120) / 255 : 1
            // A width per segment: Xournal++ draws a pen's pressure so (never a highlighter's).
            let perSegment = !highlighter && points.count > 1 && s.widths.count - 1 >= points.count - 1
            let form = PolylineForm(cap: s.cap, widths: perSegment ? s.widths[1..<points.count].map { $0 * scale } : nil,
                                    dashes: s.dashes.map { $0 * scale },
                                    fill: s.fill.map { highlighter ? 1 : Double($0) / 255 })
            return Stroke(id: id, tool: highlighter ? .highlighter : .pencil, style: style, points: points, form: form)
        }

        private func text(_ t: XournalXML.TextSpec, id: UInt64, page: Int) throws -> Element? {
            let style = TextStyle(text: t.text, font: t.font, size: t.size * scale, color: t.color, layout: .xournal)
            let natural = TextArt.measure(style)
            guard natural.width <= Element.widthRange.upperBound, natural.height <= 4 * Element.widthRange.upperBound else {
                throw DocumentError("a text on page \(page) is \(Int(natural.width)) x \(Int(natural.height)) pixels, larger than a text may be")
            }
            return Element(id: id, source: .text(style),
                           placement: .init(center: Point(t.x * scale + natural.width / 2, t.y * scale + natural.height / 2), width: natural.width, natural: natural))
        }

        /// An image or a LaTeX picture stretched to its box, as Xournal++ draws it.
        private func picture(_ i: XournalXML.ImageSpec, id: UInt64, tex: Bool, page: Int) throws -> Element {
            let what = tex ? "LaTeX picture" : "image", named = tex ? "a LaTeX picture" : "an image"
            let asset: ImageAsset
            do {
                if i.data.starts(with: Array("%PDF".utf8)) {
                    asset = try ElementSources.svg(try PDFPicture.svg(fromPDF: i.data, name: what), name: "\(what).svg")
                } else {
                    asset = try ElementSources.image(data: i.data, name: "\(what).png", decoder: decoder).0
                }
            } catch {
                throw DocumentError("\(named) on page \(page) cannot be read: \(error)")
            }
            let w = max(abs(i.right - i.left) * scale, Element.widthRange.lowerBound), h = max(abs(i.bottom - i.top) * scale, 0.01)
            guard w <= Element.widthRange.upperBound, h <= 4 * Element.widthRange.upperBound else {
                throw DocumentError("\(named) on page \(page) is larger than an element may be")
            }
            let center = Point((i.left + i.right) / 2 * scale, (i.top + i.bottom) / 2 * scale)
            return Element(id: id, source: .image(asset), placement: .init(center: center, width: w, natural: Size(width: w, height: h)))
        }
    }
}
