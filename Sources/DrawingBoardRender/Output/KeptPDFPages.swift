import DrawingBoardCore
import Foundation
import PDFAssembly

/// The PDF out keeping the pages a notebook's PDFs gave it as they are in their PDF: the page
/// itself goes into the file unchanged (its text, fonts, images and links), with what was drawn
/// on it laid over it, and the PDFs' outlines become the document's (`PDFAssembly`, over
/// libqpdf). Links to pages and outline entries follow their pages to wherever they went; those
/// of pages left out go. A page is kept when it shows a whole PDF page at its own size and holds
/// only strokes; any other page is drawn whole, as before.
enum KeptPDFPages {
    /// Which source PDF and page each page keeps (nil: drawn whole), and the sources.
    struct Plan {
        var sources: [PDFFile] = []
        var pages: [(source: Int, page: Int)?] = []

        var keepsAny: Bool { pages.contains { $0 != nil } }
        func keeps(_ i: Int) -> Bool { pages.indices.contains(i) && pages[i] != nil }
    }

    /// The plan for `pages`, in order.
    static func plan(_ pages: [Page]) -> Plan {
        var plan = Plan()
        for page in pages {
            guard case .pdf(let pdf) = page.background, pdf.pageSize.pixelSize == page.size, page.lastElementIndex == nil, page.base == nil else {
                plan.pages.append(nil)
                continue
            }
            let source = plan.sources.firstIndex { $0.digest == pdf.file.digest } ?? {
                plan.sources.append(pdf.file)
                return plan.sources.count - 1
            }()
            plan.pages.append((source, pdf.index))
        }
        return plan
    }

    /// The file: `drawn` (PDFs of every page between them, in order, the kept ones holding only
    /// what was drawn on them) with the kept pages put in under what was drawn.
    static func assemble(drawn: [Data], plan: Plan) throws(RenderError) -> Data {
        let pages = plan.pages.map { pa_page(source: Int32($0?.source ?? -1), page: Int32($0?.page ?? 0)) }
        let sources = plan.sources.map(\.bytes)
        var out: UnsafeMutableRawPointer?
        var length = 0
        var message = [CChar](repeating: 0, count: 512)
        let status: Int32 = withBytes(of: drawn) { drawnPointers, drawnLengths in
            withBytes(of: sources) { pointers, lengths in
                pages.withUnsafeBufferPointer { list in
                    pa_assemble(drawnPointers, drawnLengths, Int32(drawn.count), pointers, lengths, Int32(sources.count), list.baseAddress,
                                Int32(list.count), &out, &length, &message, message.count)
                }
            }
        }
        guard status == 0, let out else {
            throw RenderError("cannot write the PDF with its own pages: \(String(cString: message))")
        }
        defer { pa_free(out) }
        return Data(bytes: out, count: length)
    }

    /// Calls `body` with the start and length of each of `datas`, all alive meanwhile.
    private static func withBytes<T>(of datas: [Data], _ body: (UnsafePointer<UnsafeRawPointer?>?, UnsafePointer<Int>?) -> T) -> T {
        var pointers: [UnsafeRawPointer?] = []
        var lengths: [Int] = []
        func next(_ i: Int) -> T {
            guard i < datas.count else {
                return pointers.withUnsafeBufferPointer { p in lengths.withUnsafeBufferPointer { l in body(p.baseAddress, l.baseAddress) } }
            }
            return datas[i].withUnsafeBytes { raw in
                pointers.append(raw.baseAddress)
                lengths.append(raw.count)
                return next(i + 1)
            }
        }
        return next(0)
    }
}
