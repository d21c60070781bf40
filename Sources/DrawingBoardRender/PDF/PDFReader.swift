import CCairo
import CPangoCairo
import DrawingBoardCore
import Foundation

/// Reads PDF files with poppler: checks a file before a notebook takes it (it opens, it is not
/// protected by a password, it has pages and not too many, every page has a finite size), and
/// keeps the documents poppler has open for drawing, one per digest.
public enum PDFReader {
    /// Reads the PDF at `path`; `name` is how messages call it.
    public static func read(path: String, name: String? = nil) throws(RenderError) -> PDFFile {
        let data: Data
        do {
            data = try RegularFile.read(path, limit: PDFLimits.bytes, noun: "PDF")
        } catch {
            throw RenderError("\(name ?? path): \(error.message)")
        }
        return try read(data, name: name ?? (path as NSString).lastPathComponent)
    }

    /// Reads a PDF from its bytes.
    public static func read(_ bytes: Data, name: String) throws(RenderError) -> PDFFile {
        guard !bytes.isEmpty else { throw RenderError("\(name): the file is empty") }
        guard bytes.count <= PDFLimits.bytes else {
            throw RenderError("\(name): the PDF is \(bytes.count) bytes, above the limit of \(PDFLimits.bytes)")
        }
        return try OpenPDFs.shared.exclusive { () throws(RenderError) in try check(bytes, name: name) }
    }

    /// Opens and checks the PDF (poppler's lock held).
    private static func check(_ bytes: Data, name: String) throws(RenderError) -> PDFFile {
        // Poppler prints what it finds wrong in a file on standard error: the message here says
        // it once, in words.
        let quiet = QuietStandardError()
        defer { quiet.restore() }
        let (poppler, document) = try open(bytes, name: name)
        defer { poppler.release(document) }
        let count = poppler.pages(document)
        guard count > 0 else { throw RenderError("\(name): the PDF has no pages") }
        guard count <= PDFLimits.pages else {
            throw RenderError("\(name): the PDF has \(count) pages, more than the \(PDFLimits.pages) a notebook can hold")
        }
        var sizes: [PDFPageSize] = []
        sizes.reserveCapacity(count)
        for i in 0..<count {
            guard let page = poppler.page(document, i) else {
                throw RenderError("\(name): page \(i + 1) of the PDF cannot be read")
            }
            let (w, h) = poppler.size(page)
            poppler.release(page)
            guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 1_000_000, h <= 1_000_000 else {
                throw RenderError("\(name): page \(i + 1) of the PDF has no usable size (\(w) x \(h) points)")
            }
            sizes.append(PDFPageSize(width: w, height: h))
        }
        let file = PDFFile(bytes: bytes, digest: digest(of: bytes), name: name, pageSizes: sizes)
        return file
    }

    /// SHA-256 of `bytes`, lowercase hex (GLib's checksum).
    public static func digest(of bytes: Data) -> String {
        bytes.withUnsafeBytes { raw -> String in
            guard let sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count)) else { return "" }
            defer { g_free(sum) }
            return String(cString: sum)
        }
    }

    /// A poppler document of `bytes` (the caller releases it).
    static func open(_ bytes: Data, name: String) throws(RenderError) -> (PopplerLibrary, OpaquePointer) {
        guard let poppler = PopplerLibrary.shared else { throw RenderError("\(name): \(PopplerLibrary.missing)") }
        switch poppler.document(bytes) {
        case .success(let document):
            return (poppler, document)
        case .failure(.password):
            throw RenderError("\(name): the PDF is protected by a password; open it in a PDF reader, save a copy without the password, and open that")
        case .failure(.unreadable(let detail)):
            throw RenderError("\(name): not a PDF that can be read (\(detail))")
        }
    }
}

/// Standard error sent to /dev/null until `restore`, for poppler's own warnings. Counted: the
/// first in sends it away, the last out brings it back, whatever thread they are on.
struct QuietStandardError {
    private final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var depth = 0
        var saved: Int32 = -1
    }
    private static let shared = Shared()

    init() {
        // Not while an image decoder's messages are being captured (`StandardErrorSwitch`).
        StandardErrorSwitch.shared.enterQuiet()
        let s = Self.shared
        s.lock.lock()
        defer { s.lock.unlock() }
        s.depth += 1
        guard s.depth == 1 else { return }
        fflush(nil)
        s.saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, 2)
            close(null)
        }
    }

    func restore() {
        defer { StandardErrorSwitch.shared.leaveQuiet() }
        let s = Self.shared
        s.lock.lock()
        defer { s.lock.unlock() }
        s.depth -= 1
        guard s.depth == 0, s.saved >= 0 else { return }
        fflush(nil)
        dup2(s.saved, 2)
        close(s.saved)
        s.saved = -1
    }
}

/// The poppler documents open for drawing, one per PDF digest, the most recently used kept. A
/// poppler document is not to be used by two threads at once: every use holds the lock
/// (`using`), so pages are drawn one at a time whatever thread asks.
public final class OpenPDFs: @unchecked Sendable {
    public static let shared = OpenPDFs()
    private var open: [(digest: String, document: OpaquePointer)] = []
    private let keep = 8
    private let lock = NSLock()

    /// Runs `body` with poppler's document for `file` (nil when it cannot be opened, which a
    /// file that was read once never is), no other thread using poppler meanwhile.
    func using<T>(_ file: PDFFile, _ body: (OpaquePointer?) throws(RenderError) -> T) throws(RenderError) -> T {
        try exclusive { () throws(RenderError) in try body(document(for: file)) }
    }

    /// Runs `body` with no other thread using poppler meanwhile.
    func exclusive<T>(_ body: () throws(RenderError) -> T) throws(RenderError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func document(for file: PDFFile) -> OpaquePointer? {
        if let i = open.firstIndex(where: { $0.digest == file.digest }) {
            let hit = open.remove(at: i)
            open.append(hit)
            return hit.document
        }
        guard let (poppler, document) = try? PDFReader.open(file.bytes, name: file.name) else { return nil }
        open.append((file.digest, document))
        if open.count > keep { poppler.release(open.removeFirst().document) }
        return document
    }
}

/// Draws a PDF page as a background: white, then the page scaled to the area, as poppler
/// draws it (on an image surface for the window, or a vector surface for a PDF export, where
/// its text stays text and its drawings stay vectors).
enum PDFPainter {
    /// `documents`: the poppler documents to draw with (the worker thread's own, for the window).
    static func draw(_ background: PDFBackground, on cr: OpaquePointer, size: PixelSize, printing: Bool = false,
                     documents: OpenPDFs = .shared) throws(RenderError) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, Double(size.width), Double(size.height))
        cairo_fill(cr)
        try documents.using(background.file) { document throws(RenderError) in
            guard let document, let poppler = PopplerLibrary.shared, let page = poppler.page(document, background.index) else {
                throw RenderError("\(background.file.name): page \(background.index + 1) of the PDF cannot be drawn")
            }
            defer { poppler.release(page) }
            let points = background.pageSize
            // A page the PDF page's own size (rounded to whole pixels) is drawn at exactly 96
            // dpi, as Xournal++ draws it; a page of another size has the PDF page fitted to it.
            let exact = 4.0 / 3.0
            if Int((points.width * exact).rounded()) == size.width, Int((points.height * exact).rounded()) == size.height {
                cairo_scale(cr, exact, exact)
            } else {
                cairo_scale(cr, Double(size.width) / points.width, Double(size.height) / points.height)
            }
            let quiet = QuietStandardError()
            defer { quiet.restore() }
            poppler.render(page, on: cr, printing: printing)
        }
    }
}
