import CDeflate
import DrawingBoardCore
import Foundation

/// A PNG written the quick way: 8-bit RGBA rows, each unfiltered, deflated by zlib at its
/// fastest level, framed in the PNG chunks (signature, IHDR, IDAT, IEND, each with its CRC).
enum FastPNG {
    static func encode(_ image: RasterImage) -> Data? {
        let w = image.width, h = image.height
        // Each row: filter byte 0, then R, G, B, A with alpha straight (not premultiplied).
        var rows = [UInt8](repeating: 0, count: (w * 4 + 1) * h)
        rows.withUnsafeMutableBufferPointer { out in
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<h {
                    var o = y * (w * 4 + 1) + 1
                    for x in 0..<w {
                        let p = pixels[y * w + x]
                        let a = p >> 24
                        if a != 0 {
                            func c(_ shift: UInt32) -> UInt8 {
                                let v = (p >> shift) & 0xFF
                                return UInt8(a == 255 ? v : min(255, (v * 255 + a / 2) / a))
                            }
                            out[o] = c(16)
                            out[o + 1] = c(8)
                            out[o + 2] = c(0)
                            out[o + 3] = UInt8(a)
                        }
                        o += 4
                    }
                }
            }
        }
        var bound = compressBound(uLong(rows.count))
        var deflated = [UInt8](repeating: 0, count: Int(bound))
        let status = deflated.withUnsafeMutableBufferPointer { out in
            rows.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &bound, input.baseAddress, uLong(input.count), Z_BEST_SPEED)
            }
        }
        guard status == Z_OK else { return nil }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: [UInt8]) {
            let tag = Array(type.utf8)
            png.append(contentsOf: UInt32(body.count).bigEndianBytes)
            png.append(contentsOf: tag)
            png.append(contentsOf: body)
            var crc = crc32(0, tag, uInt(tag.count))
            crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
            png.append(contentsOf: UInt32(crc).bigEndianBytes)
        }
        // Width, height, 8 bits, colour type 6 (RGBA), deflate, no filtering method, no interlace.
        chunk("IHDR", UInt32(w).bigEndianBytes + UInt32(h).bigEndianBytes + [8, 6, 0, 0, 0])
        chunk("IDAT", Array(deflated.prefix(Int(bound))))
        chunk("IEND", [])
        return png
    }
}

extension UInt32 {
    var bigEndianBytes: [UInt8] { [UInt8(self >> 24), UInt8(self >> 16 & 0xFF), UInt8(self >> 8 & 0xFF), UInt8(self & 0xFF)] }
}
