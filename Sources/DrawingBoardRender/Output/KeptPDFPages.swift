import DrawingBoardCore
import Foundation
import PDFAssembly

/// The PDF out keeping the pages a notebook's PDFs gave it as they are in their PDF: the page
/// itself goes into the file unchanged (its text, fonts, images and links), with what was drawn
/// on it laid over it, and the PDFs' outlines become the document's (`PDFAssembly`, over
/// libqpdf). Links to pages and outline entries follow their pages to wherever they went; those
/// of pages left out go. A page is kept when it shows a whole PDF page at its own size and holds
/// no pixels of another app's; any other page is drawn whole, as before.
///
/// The ink over a kept page is written by `PDFInk` on both cores, a few pages ahead of libqpdf's
/// writer, which asks for each page's ink as it writes it: the file goes out as it is made, and
/// no page's ink waits in memory. What `PDFInk` does not write (elements, and lines from another
/// app with a fill) is drawn by Cairo beforehand, with the pages drawn whole: the eraser's passes
/// are holes in what they took (`Page.itemsAsWritten`), so nothing over a kept page needs the
/// page under it.
enum KeptPDFPages {
    /// Which source PDF and page each page keeps (nil: drawn whole), and the sources.
    struct Plan {
        var sources: [PDFFile] = []
        var pages: [(source: Int, page: Int)?] = []
        /// Kept pages whose ink Cairo draws (with elements, or `PDFInk.writes` says no).
        var inkDrawn = Set<Int>()

        var keepsAny: Bool { pages.contains { $0 != nil } }
        func keeps(_ i: Int) -> Bool { pages.indices.contains(i) && pages[i] != nil }
        /// Whether Cairo draws page `i` (whole, or the ink over its kept PDF page).
        func drawn(_ i: Int) -> Bool { !keeps(i) || inkDrawn.contains(i) }
    }

    /// The plan for `pages`, in order.
    static func plan(_ pages: [Page]) -> Plan {
        var plan = Plan()
        for (i, page) in pages.enumerated() {
            guard case .pdf(let pdf) = page.background, pdf.pageSize.pixelSize == page.size, page.base == nil else {
                plan.pages.append(nil)
                continue
            }
            let source = plan.sources.firstIndex { $0.digest == pdf.file.digest } ?? {
                plan.sources.append(pdf.file)
                return plan.sources.count - 1
            }()
            plan.pages.append((source, pdf.index))
            if page.lastElementIndex != nil || !PDFInk.writes(page.strokes) { plan.inkDrawn.insert(i) }
        }
        return plan
    }

    /// Why the file could not be made: `started` when part of it was handed to the sink already
    /// (nothing was when a source PDF could not be taken apart, and the pages can be drawn whole
    /// instead).
    struct Failure: Error {
        var error: RenderError
        var started: Bool
    }

    /// Writes the file into `sink`: `drawn` (PDFs of the pages Cairo draws, in order, between
    /// them; the kept ones among them holding only what was drawn on them) with the kept pages
    /// put in under what was drawn, and the ink of the other kept pages of `pages` written here.
    static func write(_ pages: [Page], drawn: [Data], plan: Plan, to sink: (UnsafeRawBufferPointer) -> Bool) throws(Failure) {
        try withoutActuallyEscaping(sink) { sink throws(Failure) in try write(pages, drawn: drawn, plan: plan, into: SinkBox(sink)) }
    }

    private static func write(_ pages: [Page], drawn: [Data], plan: Plan, into out: SinkBox) throws(Failure) {
        // Each page's ink: the graphics states it names, and who makes it.
        var states: [[PDFInk.State]] = []
        var inkPages: [Int] = []
        var drawnIndex = 0
        var list: [pa_page] = []
        for (i, page) in pages.enumerated() {
            var entry = pa_page(source: -1, page: 0, drawn: -1, width: 0, height: 0, states: nil, state_count: 0)
            if let kept = plan.pages[i] {
                entry.source = Int32(kept.source)
                entry.page = Int32(kept.page)
            }
            if plan.drawn(i) {
                entry.drawn = Int32(drawnIndex)
                drawnIndex += 1
            } else if case .pdf(let pdf) = page.background {
                inkPages.append(i)
                entry.width = pdf.pageSize.width
                entry.height = pdf.pageSize.height
            }
            // (Named by the ink written here only.)
            states.append(inkPages.last == i ? PDFInk.states(page.strokes) : [])
            list.append(entry)
        }
        let ink = InkMaker(pages, inkPages: inkPages, states: states)
        defer { ink.work.stop() }
        let sources = plan.sources.map(\.bytes)
        var message = [CChar](repeating: 0, count: 512)
        var started: Int32 = 0
        let status: Int32 = withStates(states, in: &list) { list in
            withBytes(of: drawn) { drawnPointers, drawnLengths in
                withBytes(of: sources) { pointers, lengths in
                    pa_assemble(drawnPointers, drawnLengths, Int32(drawn.count), pointers, lengths, Int32(sources.count), list.baseAddress,
                                Int32(list.count), InkMaker.callback, Unmanaged.passUnretained(ink).toOpaque(), SinkBox.callback,
                                Unmanaged.passUnretained(out).toOpaque(), &started, &message, message.count)
                }
            }
        }
        withExtendedLifetime((ink, out)) {}
        guard status == 0 else {
            throw Failure(error: RenderError("cannot write the PDF with its own pages: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"), started: started != 0)
        }
    }

    /// Makes the kept pages' ink on both cores (a thread of its own, and the writer's while it
    /// would wait: a second thread of its own held half a megabyte more for as much speed),
    /// deflated, in the order the writer asks.
    private final class InkMaker: @unchecked Sendable {
        let work: OrderedWork<[UInt8]?>
        let slot: [Int: Int]

        /// `states`: each page's graphics states, as the file names them.
        init(_ pages: [Page], inkPages: [Int], states: [[PDFInk.State]]) {
            slot = Dictionary(uniqueKeysWithValues: inkPages.enumerated().map { ($1, $0) })
            work = OrderedWork(count: inkPages.count, threads: 1, ahead: 8) { k in
                let page = pages[inkPages[k]]
                guard case .pdf(let pdf) = page.background else { return nil }
                let content = PDFInk.content(VectorStrokes.plan(page.strokesAsWritten), size: page.size,
                                             box: (pdf.pageSize.width, pdf.pageSize.height), states: states[inkPages[k]])
                return PDFInk.deflated(content)
            }
        }

        static let callback: pa_ink_func = { context, page, pipe in
            guard let context, let pipe else { return -1 }
            let maker = Unmanaged<InkMaker>.fromOpaque(context).takeUnretainedValue()
            guard let k = maker.slot[Int(page)], let bytes = maker.work.take(k) else { return -1 }
            return bytes.withUnsafeBytes { pa_pipe_write(pipe, $0.baseAddress, $0.count) }
        }
    }

    /// The sink, for the writer's callback.
    private final class SinkBox {
        let take: (UnsafeRawBufferPointer) -> Bool
        init(_ take: @escaping (UnsafeRawBufferPointer) -> Bool) { self.take = take }

        static let callback: pa_write_func = { context, bytes, length in
            guard let context, let bytes else { return -1 }
            let box = Unmanaged<SinkBox>.fromOpaque(context).takeUnretainedValue()
            return box.take(UnsafeRawBufferPointer(start: bytes, count: length)) ? 0 : -1
        }
    }

    /// Calls `body` with `list`, each page's states pointed at, all alive meanwhile.
    private static func withStates<T>(_ states: [[PDFInk.State]], in list: inout [pa_page], _ body: (UnsafeBufferPointer<pa_page>) -> T) -> T {
        // One array of them all, each page pointing into it.
        let all = states.flatMap { $0 }.map { pa_state(alpha: $0.alpha, multiply: $0.multiply ? 1 : 0) }
        return all.withUnsafeBufferPointer { flat in
            var offset = 0
            for i in list.indices {
                list[i].states = states[i].isEmpty ? nil : flat.baseAddress.map { $0 + offset }
                list[i].state_count = Int32(states[i].count)
                offset += states[i].count
            }
            return list.withUnsafeBufferPointer(body)
        }
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
