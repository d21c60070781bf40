/// Reads an image's pixel size from the first bytes of its file, so absurd images are refused
/// before a decoder allocates anything. Knows PNG, JPEG, GIF, BMP and WebP; other formats are
/// checked after decoding.
public enum ImageHeader {
    /// How many bytes from the start of a file `dimensions(of:)` wants at most (JPEG may put its
    /// frame header after large metadata blocks).
    public static let prefixLength = 512 * 1024

    /// The format the first bytes announce ("PNG", "JPEG", "GIF", "BMP", "WebP"), if any.
    public static func format(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "GIF" }
        if bytes.starts(with: Array("BM".utf8)) { return "BMP" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "WebP" }
        return nil
    }

    /// The width and height recorded in the header, or nil when the format is not one of those
    /// above or the header is cut short.
    public static func dimensions(of bytes: [UInt8]) -> PixelSize? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard bytes.count >= 24 else { return nil }
            return PixelSize(width: Int(be32(bytes, 16)), height: Int(be32(bytes, 20)))
        }
        if bytes.starts(with: Array("GIF8".utf8)) {
            guard bytes.count >= 10 else { return nil }
            return PixelSize(width: Int(le16(bytes, 6)), height: Int(le16(bytes, 8)))
        }
        if bytes.starts(with: Array("BM".utf8)) {
            guard bytes.count >= 26 else { return nil }
            let w = Int32(bitPattern: le32(bytes, 18)), h = Int32(bitPattern: le32(bytes, 22))
            return PixelSize(width: Int(w.magnitude), height: Int(h.magnitude))
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webp(bytes)
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            return jpeg(bytes)
        }
        return nil
    }

    private static func jpeg(_ b: [UInt8]) -> PixelSize? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(be16(b, i + 2))
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                return PixelSize(width: Int(be16(b, i + 7)), height: Int(be16(b, i + 5)))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    private static func webp(_ b: [UInt8]) -> PixelSize? {
        guard b.count >= 30 else { return nil }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8X":
            let w = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
            let h = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
            return PixelSize(width: w + 1, height: h + 1)
        case "VP8L":
            let bits = le32(b, 21)
            return PixelSize(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ":
            return PixelSize(width: Int(le16(b, 26) & 0x3FFF), height: Int(le16(b, 28) & 0x3FFF))
        default:
            return nil
        }
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) << 8 | UInt16(b[i + 1]) }
    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i + 1]) << 8 | UInt16(b[i]) }
    private static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i + 3]) << 24 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i])
    }
}
