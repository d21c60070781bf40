import Foundation

/// A PDF file as a notebook keeps it: its bytes, once, however many pages show it, named by
/// their SHA-256 digest (so the notebook never depends on where the file was, and a file
/// inserted twice is kept once), with each page's size in points as the reader found it.
public final class PDFFile: Sendable, Hashable, CustomStringConvertible {
    public let bytes: Data
    /// SHA-256 of the bytes, lowercase hex.
    public let digest: String
    /// The file's name where it came from, for messages.
    public let name: String
    /// Each page's width and height in points (1/72 inch), as the PDF gives them.
    public let pageSizes: [PDFPageSize]

    public init(bytes: Data, digest: String, name: String, pageSizes: [PDFPageSize]) {
        self.bytes = bytes
        self.digest = digest
        self.name = name
        self.pageSizes = pageSizes
    }

    public static func == (a: PDFFile, b: PDFFile) -> Bool { a.digest == b.digest }
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    public var description: String { name }
}

extension PDFFile {
    /// One page per page of the PDF, in order: each the PDF page's size at 96 dpi, the PDF page
    /// its background (a PDF opened as a notebook, or inserted into one).
    public var pages: [Page] {
        pageSizes.indices.map { Page(size: pageSizes[$0].pixelSize, background: .pdf(PDFBackground(file: self, index: $0))) }
    }
}

/// A PDF page's size in points.
public struct PDFPageSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The page in pixels at 96 per inch (4/3 of a point), scaled down to fit
    /// `PDFLimits.pageSide` when it is larger (a 14,400-point page becomes a page of that side,
    /// never its full 19,200 pixels).
    public var pixelSize: PixelSize {
        var w = width * 4 / 3, h = height * 4 / 3
        let side = Double(PDFLimits.pageSide)
        let fit = min(1, side / max(w, 1), side / max(h, 1))
        w *= fit
        h *= fit
        return PixelSize(width: min(max(Int(w.rounded()), 1), PDFLimits.pageSide), height: min(max(Int(h.rounded()), 1), PDFLimits.pageSide))
    }
}

/// A page's background that is a page of a PDF (0-based `index`), drawn over white.
public struct PDFBackground: Sendable, Hashable {
    public var file: PDFFile
    public var index: Int

    public init(file: PDFFile, index: Int) {
        self.file = file
        self.index = index
    }

    public var pageSize: PDFPageSize { file.pageSizes[index] }
}

/// How many pages a PDF may have to be opened (a notebook of more is not one anybody writes in).
public enum PDFLimits {
    public static let pages = 10_000
    /// Longest side of a page made from a PDF page, in pixels: an A0 poster (4,494 pixels tall
    /// at 96 per inch) is drawn a little smaller, and a page's layers stay near 64 MB each.
    public static let pageSide = 4_096
    /// Largest PDF file read, in bytes.
    public static let bytes = 512 << 20
}
