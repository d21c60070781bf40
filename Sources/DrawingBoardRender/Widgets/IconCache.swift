import DrawingBoardCore
import Foundation

/// The interface's icons as rasterised before, kept in the cache folder
/// (`$XDG_CACHE_HOME/drawingboard/icons`), so that a start after the first needs no SVG
/// renderer at all (librsvg stays unloaded: about 7 MB less resident).
///
/// An entry is named by the icon, its size and a digest of its SVG's bytes, so a changed icon
/// is rasterised again. What is read back is checked like any file: the magic, the size, the
/// length, and premultiplied pixels (no channel above alpha); anything else is ignored.
struct IconCache {
    let directory: URL

    private static let magic = Array("DBICON1\n".utf8)

    /// The pixels cached for `svg` at `side`, or nil.
    func pixels(_ name: String, svg: Data, side: Int) -> [UInt32]? {
        // A regular file of exactly the entry's length, or nothing is read (a FIFO would wait).
        let length = Self.magic.count + 4 + side * side * 4
        guard let data = try? RegularFile.read(file(name, svg: svg, side: side).path, limit: length),
              data.count == length,
              Array(data.prefix(Self.magic.count)) == Self.magic else { return nil }
        let stored = data.dropFirst(Self.magic.count).prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard stored == side else { return nil }
        let pixels = data.dropFirst(Self.magic.count + 4).withUnsafeBytes { raw in
            (0..<side * side).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian }
        }
        for p in pixels {
            let a = p >> 24
            guard (p >> 16) & 0xFF <= a, (p >> 8) & 0xFF <= a, p & 0xFF <= a else { return nil }
        }
        return pixels
    }

    /// Keeps `pixels` (`side` x `side`) for `svg`; a cache that cannot be written is no loss.
    func keep(_ pixels: [UInt32], _ name: String, svg: Data, side: Int) {
        var data = Data(Self.magic)
        data.append(contentsOf: [UInt8(side >> 24 & 0xFF), UInt8(side >> 16 & 0xFF), UInt8(side >> 8 & 0xFF), UInt8(side & 0xFF)])
        pixels.withUnsafeBufferPointer { buffer in
            for p in buffer { withUnsafeBytes(of: p.littleEndian) { data.append(contentsOf: $0) } }
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = file(name, svg: svg, side: side)
        try? data.write(to: url, options: .atomic)
        // The same icon at the same size from another SVG (an earlier version of the app) goes
        // once it is a month old: the folder does not grow with every version, and two versions
        // sharing it (a build beside an installed one) do not rasterise again at every start.
        let other = "\(name)@\(side)-", monthAgo = Date().addingTimeInterval(-Self.staleAge)
        for old in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where old.hasPrefix(other) && old.hasSuffix(".argb") && old != url.lastPathComponent {
            let path = directory.appendingPathComponent(old).path
            guard let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  written < monthAgo else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// How old another SVG's entry for the same icon and size must be to go (30 days).
    static let staleAge: TimeInterval = 30 * 24 * 3600

    private func file(_ name: String, svg: Data, side: Int) -> URL {
        directory.appendingPathComponent("\(name)@\(side)-\(String(Self.digest(svg), radix: 16)).argb")
    }

    /// FNV-1a over the bytes: a name for the content, not a security check (the pixels read
    /// back are checked anyway).
    static func digest(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
