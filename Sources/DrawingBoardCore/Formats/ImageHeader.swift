/// Reads an image's pixel size from its file's bytes, so absurd images are refused before a
/// decoder allocates anything. Each reader finds the size the decoder will allocate for: GIF's
/// first frame as well as its screen, an ICO's largest embedded bitmap, a JPEG's frame header
/// wherever it lies, a TIFF's first directory. SVG's size comes from librsvg (in the renderer).
public enum ImageHeader {
    /// The width and height recorded in the file, or nil when the format is unknown or the
    /// header is cut short or contradicts itself.
    public static func dimensions(of bytes: [UInt8], fileExtension: String = "") -> PixelSize? {
        guard let format = ImageFormat.detect(bytes, fileExtension: fileExtension) else { return nil }
        return dimensions(of: bytes, format: format)
    }

    public static func dimensions(of b: [UInt8], format: ImageFormat) -> PixelSize? {
        let r = Reader(b)
        switch format {
        case .png:
            guard let w = r.be32(16), let h = r.be32(20) else { return nil }
            return PixelSize(width: Int(w), height: Int(h))
        case .jpeg: return jpeg(r)
        case .gif: return gif(r)
        case .bmp: return bmp(r, at: 14)
        case .webp: return webp(r)
        case .tga:
            guard let w = r.le16(12), let h = r.le16(14) else { return nil }
            return PixelSize(width: Int(w), height: Int(h))
        case .ico, .cur: return icon(r)
        case .tiff: return tiff(r)
        case .pnm: return pnm(b)
        case .qoi:
            guard let w = r.be32(4), let h = r.be32(8) else { return nil }
            return PixelSize(width: Int(w), height: Int(h))
        case .pcx:
            guard let x0 = r.le16(4), let y0 = r.le16(6), let x1 = r.le16(8), let y1 = r.le16(10),
                  x1 >= x0, y1 >= y0 else { return nil }
            return PixelSize(width: Int(x1) - Int(x0) + 1, height: Int(y1) - Int(y0) + 1)
        case .svg: return nil
        }
    }

    /// How many scans (SOS markers) a JPEG holds. A progressive JPEG that repeats a scan
    /// thousands of times makes the decoder redo the whole image each time.
    public static func jpegScanCount(_ b: [UInt8]) -> Int {
        var scans = 0
        var i = 2
        while i + 1 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            // Stuffed bytes, fill bytes and restart markers sit inside entropy-coded data.
            if marker == 0x00 || marker == 0xFF || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            if marker == 0xD9 { break }
            if marker == 0xDA { scans += 1 }
            guard i + 3 < b.count else { break }
            i += 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
        }
        return scans
    }

    // MARK: - Formats

    private static func jpeg(_ r: Reader) -> PixelSize? {
        var i = 2
        while let m0 = r.u8(i), let marker = r.u8(i + 1) {
            guard m0 == 0xFF else { return nil }
            if marker == 0xFF { i += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }
            guard let length = r.be16(i + 2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard let h = r.be16(i + 5), let w = r.be16(i + 7) else { return nil }
                return PixelSize(width: Int(w), height: Int(h))
            }
            // A scan before any frame header, or the end: no size.
            if marker == 0xDA || marker == 0xD9 { return nil }
            i += 2 + Int(length)
        }
        return nil
    }

    /// The larger of the logical screen and the first frame (the decoder allocates the frame).
    private static func gif(_ r: Reader) -> PixelSize? {
        guard let sw = r.le16(6), let sh = r.le16(8), let flags = r.u8(10) else { return nil }
        var i = 13
        if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
        while let kind = r.u8(i) {
            switch kind {
            case 0x2C:
                guard let w = r.le16(i + 5), let h = r.le16(i + 7) else { return nil }
                return PixelSize(width: max(Int(sw), Int(w)), height: max(Int(sh), Int(h)))
            case 0x21:
                i += 2
                while let n = r.u8(i), n != 0 { i += Int(n) + 1 }
                i += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// A BITMAPINFOHEADER (or the old 12-byte core header) at `at`.
    private static func bmp(_ r: Reader, at: Int, halfHeight: Bool = false) -> PixelSize? {
        guard let headerSize = r.le32(at) else { return nil }
        let w: Int, h: Int
        if headerSize == 12 {
            guard let cw = r.le16(at + 4), let ch = r.le16(at + 6) else { return nil }
            (w, h) = (Int(cw), Int(ch))
        } else {
            guard let lw = r.le32(at + 4), let lh = r.le32(at + 8) else { return nil }
            (w, h) = (Int(Int32(bitPattern: lw).magnitude), Int(Int32(bitPattern: lh).magnitude))
        }
        return PixelSize(width: w, height: halfHeight ? (h + 1) / 2 : h)
    }

    /// Every entry's own header (an icon's directory holds sizes up to 256 only): the largest.
    private static func icon(_ r: Reader) -> PixelSize? {
        guard let count = r.le16(4), count > 0 else { return nil }
        var largest = PixelSize(width: 0, height: 0)
        for n in 0..<Int(count) {
            guard let offset = r.le32(6 + n * 16 + 12) else { return nil }
            let at = Int(offset)
            let size: PixelSize?
            if r.u8(at) == 0x89 {
                guard let w = r.be32(at + 16), let h = r.be32(at + 20) else { return nil }
                size = PixelSize(width: Int(w), height: Int(h))
            } else {
                size = bmp(r, at: at, halfHeight: true)
            }
            guard let size else { return nil }
            largest = PixelSize(width: max(largest.width, size.width), height: max(largest.height, size.height))
        }
        return largest
    }

    /// ImageWidth (256) and ImageLength (257) of the first directory.
    private static func tiff(_ r: Reader) -> PixelSize? {
        let little = r.u8(0) == 0x49
        func u16(_ i: Int) -> Int? { (little ? r.le16(i) : r.be16(i)).map(Int.init) }
        func u32(_ i: Int) -> Int? { (little ? r.le32(i) : r.be32(i)).map(Int.init) }
        guard let ifd = u32(4), let entries = u16(ifd) else { return nil }
        var w: Int?, h: Int?
        for n in 0..<entries {
            let e = ifd + 2 + n * 12
            guard let tag = u16(e), let type = u16(e + 2) else { return nil }
            guard tag == 256 || tag == 257 else { continue }
            let value: Int?
            switch type {
            case 3: value = u16(e + 8)
            case 4: value = u32(e + 8)
            default: return nil
            }
            if tag == 256 { w = value } else { h = value }
        }
        guard let w, let h else { return nil }
        return PixelSize(width: w, height: h)
    }

    /// "P6 640 480 255" with comments and any whitespace between.
    private static func pnm(_ b: [UInt8]) -> PixelSize? {
        var i = 2
        var numbers: [Int] = []
        while numbers.count < 2, i < b.count, i < 4096 {
            let c = b[i]
            if c == UInt8(ascii: "#") {
                while i < b.count, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) {
                var n = 0
                while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) {
                    n = n * 10 + Int(b[i] - UInt8(ascii: "0"))
                    guard n < 1 << 31 else { return nil }
                    i += 1
                }
                numbers.append(n)
                continue
            } else if ![0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(c) {
                return nil
            }
            i += 1
        }
        guard numbers.count == 2 else { return nil }
        return PixelSize(width: numbers[0], height: numbers[1])
    }

    private static func webp(_ r: Reader) -> PixelSize? {
        guard let chunk = r.bytes(12, 4) else { return nil }
        switch String(decoding: chunk, as: UTF8.self) {
        case "VP8X":
            guard let a = r.bytes(24, 6) else { return nil }
            let w = Int(a[0]) | Int(a[1]) << 8 | Int(a[2]) << 16
            let h = Int(a[3]) | Int(a[4]) << 8 | Int(a[5]) << 16
            return PixelSize(width: w + 1, height: h + 1)
        case "VP8L":
            guard let bits = r.le32(21) else { return nil }
            return PixelSize(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8 ":
            guard let w = r.le16(26), let h = r.le16(28) else { return nil }
            return PixelSize(width: Int(w & 0x3FFF), height: Int(h & 0x3FFF))
        default:
            return nil
        }
    }

    /// Bounds-checked reads: nil past the end.
    struct Reader {
        let b: [UInt8]
        init(_ b: [UInt8]) { self.b = b }
        func u8(_ i: Int) -> UInt8? { i >= 0 && i < b.count ? b[i] : nil }
        func bytes(_ i: Int, _ n: Int) -> ArraySlice<UInt8>? { i >= 0 && i + n <= b.count ? b[i..<(i + n)] : nil }
        func be16(_ i: Int) -> UInt16? { bytes(i, 2).map { UInt16($0.first!) << 8 | UInt16($0.last!) } }
        func le16(_ i: Int) -> UInt16? { bytes(i, 2).map { UInt16($0.last!) << 8 | UInt16($0.first!) } }
        func be32(_ i: Int) -> UInt32? { bytes(i, 4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } } }
        func le32(_ i: Int) -> UInt32? { bytes(i, 4).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } } }
    }
}
