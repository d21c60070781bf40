/// The image formats DrawingBoard opens: those whose pixel size can be read from the file
/// before any decoder allocates, so an 80-byte file that claims 40000 x 40000 pixels is refused
/// from its header. Formats whose size cannot be known first (XCF, XPM, LBM, AVIF...) are not
/// opened at all.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, bmp, webp, tga, ico, cur, tiff, pnm, qoi, pcx, svg

    /// The name messages use.
    public var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .webp: return "WebP"
        case .tga: return "TGA"
        case .ico: return "ICO"
        case .cur: return "CUR"
        case .tiff: return "TIFF"
        case .pnm: return "PNM"
        case .qoi: return "QOI"
        case .pcx: return "PCX"
        case .svg: return "SVG"
        }
    }

    /// All the names, for "it reads PNG, JPEG, ..." messages.
    public static var names: String { allCases.map(\.name).joined(separator: ", ") }

    /// The format the file's first bytes announce; TGA has no signature and is known by its
    /// extension only (as SDL_image knows it).
    public static func detect(_ b: [UInt8], fileExtension: String = "") -> ImageFormat? {
        let ext = fileExtension.lowercased()
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return .gif }
        if b.starts(with: Array("BM".utf8)) { return .bmp }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return .webp }
        // TGA has no signature; its header can look like an icon's, so the name decides first.
        if ext == "tga" { return .tga }
        if b.starts(with: [0, 0, 1, 0]) { return .ico }
        if b.starts(with: [0, 0, 2, 0]) { return .cur }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if b.count >= 3, b[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[1]),
           [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "#")].contains(b[2]) { return .pnm }
        if b.starts(with: Array("qoif".utf8)) { return .qoi }
        if ext == "pcx", b.count >= 128, b[0] == 0x0A { return .pcx }
        if ext == "svg" || ext == "svgz" || looksLikeSVG(b) { return .svg }
        return nil
    }

    /// XML text with an `<svg` element near its start.
    public static func looksLikeSVG(_ b: [UInt8]) -> Bool {
        let head = b.prefix(4096)
        guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              first == UInt8(ascii: "<") else { return false }
        let svg = Array("<svg".utf8)
        guard head.count >= svg.count else { return false }
        for i in 0...(head.count - svg.count) where Array(head[i..<(i + svg.count)]) == svg { return true }
        return false
    }
}
