import DrawingBoardCore
import DrawingBoardRender
import Foundation
import ZIPFoundation

/// The elements' image files in an .ora: `drawingboard/files/DIGEST-BYTES.svg` (or `.img`), one
/// entry per distinct file however many elements show it.
final class WrittenFiles: ImageArchive, @unchecked Sendable {
    private(set) var entries: [(String, Data)] = []
    private var names: Set<String> = []

    func storeFile(_ asset: ImageAsset) throws -> String {
        let path = "drawingboard/files/\(asset.digestText)-\(asset.bytes.count).\(asset.kind == .svg ? "svg" : "img")"
        if names.insert(path).inserted { entries.append((path, asset.bytes)) }
        return path
    }

    func loadFile(_ file: String, name: String, kind: ImageAsset.Kind, size: PixelSize) throws -> ImageAsset {
        throw DocumentError("nothing to read here")
    }

    func store(_ image: RasterImage) throws -> String { throw DocumentError("documents keep background images as a layer") }
    func load(_ name: String) throws -> RasterImage { throw DocumentError("documents keep background images as a layer") }

    func storePDF(_ file: PDFFile) throws -> String {
        let path = DocumentJSON.pdfEntry(file)
        if names.insert(path).inserted { entries.append((path, file.bytes)) }
        return path
    }

    func loadPDF(_ name: String) throws -> PDFFile { throw DocumentError("nothing to read here") }
}

/// Reading them back: each entry read once (within the limits), checked, and shared by every
/// element that names it.
final class ArchiveFiles: ImageArchive, @unchecked Sendable {
    let archive: Archive
    let entries: [String: Entry]
    private var read: [String: ImageAsset] = [:]
    private var pdfs: [String: PDFFile] = [:]
    /// Bytes of PDF read so far: a document may not hold more than this in all.
    private var pdfBytes = 0
    static let maxPDFBytes = 2 * PDFLimits.bytes
    /// Pixels and bytes of the elements' image files read so far.
    private var total = 0
    private var bytes = 0
    /// The elements' image files of a document may not hold more than this in all (each one
    /// up to `ElementFiles.maxBytes`): a few bytes of picture padded out must not fill memory.
    static let maxElementBytes = 1 << 30

    init(archive: Archive, entries: [String: Entry]) {
        self.archive = archive
        self.entries = entries
    }

    func loadFile(_ file: String, name: String, kind: ImageAsset.Kind, size: PixelSize) throws -> ImageAsset {
        if let known = read[file] {
            guard known.kind == kind, known.size == size else { throw DocumentError("\(file) is named as two different images") }
            return known.name == name ? known : ImageAsset(name: name, bytes: known.bytes, kind: kind, size: size)
        }
        guard OpenRaster.isSafe(file), file.hasPrefix("drawingboard/files/") else { throw DocumentError("element file \"\(file)\" leaves the document's files") }
        guard let entry = entries[file] else { throw DocumentError("element file \"\(file)\" is missing") }
        // The size the element names is checked before anything is read for it (the image's
        // own header must then agree, in `ElementFiles.asset`).
        guard size.width > 0, size.height > 0, let area = size.checkedArea else {
            throw DocumentError("element file \"\(file)\" is named with an impossible size, \(size.width)x\(size.height)")
        }
        guard area <= OpenRaster.maxDecodedPixels - total else {
            throw DocumentError("its elements' images hold more than \(OpenRaster.maxDecodedPixels) pixels in all")
        }
        guard entry.uncompressedSize <= UInt64(Self.maxElementBytes - bytes) else {
            throw DocumentError("its elements' image files hold more than \(Self.maxElementBytes) bytes in all")
        }
        let data = try OpenRaster.extract(entry, from: archive, limit: UInt64(min(ElementFiles.maxBytes, Self.maxElementBytes - bytes)))
        total += area
        bytes += data.count
        let asset = try ElementFiles.asset(data, name: name, kind: kind, size: size)
        read[file] = asset
        return asset
    }

    /// A PDF the notebook keeps, read once, checked to be the file its name's digest says.
    func loadPDF(_ file: String) throws -> PDFFile {
        if let known = pdfs[file] { return known }
        guard OpenRaster.isSafe(file), file.hasPrefix("drawingboard/pdf/") else { throw DocumentError("PDF \"\(file)\" leaves the document's files") }
        guard let entry = entries[file] else { throw DocumentError("the PDF \(file) is missing") }
        let data = try OpenRaster.extract(entry, from: archive, limit: UInt64(PDFLimits.bytes))
        pdfBytes += data.count
        guard pdfBytes <= Self.maxPDFBytes else { throw DocumentError("its PDFs hold more than \(Self.maxPDFBytes) bytes in all") }
        let pdf: PDFFile
        do {
            pdf = try PDFReader.read(data, name: file)
        } catch {
            throw DocumentError(error.message)
        }
        guard DocumentJSON.pdfEntry(pdf) == file else { throw DocumentError("the PDF \(file) is damaged (its bytes are not the ones it names)") }
        pdfs[file] = pdf
        return pdf
    }

    func storePDF(_ file: PDFFile) throws -> String { throw DocumentError("nothing to write here") }
    func storeFile(_ asset: ImageAsset) throws -> String { throw DocumentError("nothing to write here") }
    func store(_ image: RasterImage) throws -> String { throw DocumentError("nothing to write here") }
    func load(_ name: String) throws -> RasterImage { throw DocumentError("documents keep background images as a layer") }
}

extension Element {
    /// The layer's name other apps show (the kind says it).
    var layerName: String { source.content.layerName }
}

/// Layer images waiting for their PNGs, encoded together on every core (in their order).
struct LayerBatch {
    static let size = 8
    var images: [(String, RasterImage)] = []
    /// Whether the PNGs are made on every core (false: on the calling thread alone).
    var parallel = true

    static func encode(_ image: RasterImage) -> Result<Data, any Error> {
        Result { try PNGFile.encodeFast(image) }
    }

    mutating func encoded() throws -> [(String, Data)] {
        defer { images.removeAll() }
        let work = images
        /// One slot per image, each written by one thread only.
        struct Slots: @unchecked Sendable {
            let buffer: UnsafeMutableBufferPointer<Result<Data, any Error>?>
        }
        let slots = Slots(buffer: .allocate(capacity: work.count))
        slots.buffer.initialize(repeating: nil)
        defer {
            _ = slots.buffer.deinitialize()
            slots.buffer.deallocate()
        }
        if parallel {
            DispatchQueue.concurrentPerform(iterations: work.count) { i in slots.buffer[i] = Self.encode(work[i].1) }
        } else {
            for i in work.indices { slots.buffer[i] = Self.encode(work[i].1) }
        }
        return try work.indices.map { i in (work[i].0, try slots.buffer[i]!.get()) }
    }
}
