import DrawingBoardCore
import Foundation

/// A notebook page's strokes as one binary entry (`drawingboard/pages/N.strokes`), read many
/// times faster than JSON: a notebook of hundreds of handwritten pages opens in the time one
/// page's JSON takes. Little-endian, one record after another:
///
///     "DBSTROKES1"  u32 count
///     per stroke:   u64 id  u8 n  n bytes tool name (UTF-8)  u8 red green blue  f64 width
///                   f64 opacity  u8 flags (1: clip, 2: pressure)  [u32 width  u32 height]
///                   u32 points  points × (f64 x  f64 y)  [points × f64 pressure]
///
/// Reading trusts nothing: every length is checked against what is left and the limits before
/// anything is read, the tool must be one DrawingBoard knows, and the strokes are then checked
/// like any others (finite numbers within the page's limits).
enum StrokeRecords {
    static let magic = Array("DBSTROKES1".utf8)
    /// Most strokes on one page.
    static let maxStrokes = 1_000_000

    static func encode(_ strokes: [Stroke]) -> Data {
        var out = Data(magic)
        out.reserveCapacity(strokes.reduce(16) { $0 + 64 + $1.points.count * 16 })
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out.append(contentsOf: $0) } }
        func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { out.append(contentsOf: $0) } }
        u32(strokes.count)
        for s in strokes {
            withUnsafeBytes(of: s.id.littleEndian) { out.append(contentsOf: $0) }
            let name = Array(s.tool.rawValue.utf8)
            out.append(UInt8(name.count))
            out.append(contentsOf: name)
            out.append(contentsOf: [s.style.color.red, s.style.color.green, s.style.color.blue])
            f64(s.style.width)
            f64(s.style.opacity)
            out.append((s.clip == nil ? 0 : 1) | (s.pressures == nil ? 0 : 2))
            if let clip = s.clip {
                u32(clip.width)
                u32(clip.height)
            }
            u32(s.points.count)
            for p in s.points {
                f64(p.x)
                f64(p.y)
            }
            for p in s.pressures ?? [] { f64(p) }
        }
        return out
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ data: Data, name: String) throws -> [Stroke] {
        try data.withUnsafeBytes { raw throws -> [Stroke] in
            var reader = Reader(bytes: raw, name: name)
            guard try reader.bytes(magic.count).elementsEqual(magic) else { throw Problem(description: "\(name) is not a page's strokes") }
            let count = try reader.count(limit: maxStrokes, what: "strokes")
            var strokes: [Stroke] = []
            strokes.reserveCapacity(count)
            for _ in 0..<count {
                let id = try reader.u64()
                let nameLength = Int(try reader.u8())
                let toolName = String(decoding: try reader.bytes(nameLength), as: UTF8.self)
                guard let tool = Tool(rawValue: toolName) else { throw Problem(description: "\(name): \"\(toolName)\" is not a tool") }
                let rgb = try reader.bytes(3)
                let style = StrokeStyle(color: RGBColor(red: rgb[rgb.startIndex], green: rgb[rgb.startIndex + 1], blue: rgb[rgb.startIndex + 2]),
                                        width: try reader.f64(), opacity: try reader.f64())
                let flags = try reader.u8()
                var clip: PixelSize?
                if flags & 1 != 0 { clip = PixelSize(width: try reader.count(limit: CanvasLimits.maxSide, what: "clip width"),
                                                     height: try reader.count(limit: CanvasLimits.maxSide, what: "clip height")) }
                let n = try reader.count(limit: PageLimits.pointsPerStroke, what: "points")
                try reader.need(n * 16 + (flags & 2 != 0 ? n * 8 : 0))
                var points: [Point] = []
                points.reserveCapacity(n)
                for _ in 0..<n { points.append(Point(try reader.f64(), try reader.f64())) }
                var pressures: [Double]?
                if flags & 2 != 0 { pressures = try (0..<n).map { _ in try reader.f64() } }
                strokes.append(Stroke(id: id, tool: tool, style: style, points: points, clip: clip, pressures: pressures))
            }
            guard reader.offset == raw.count else { throw Problem(description: "\(name) has bytes after its last stroke") }
            return strokes
        }
    }

    /// Reads values off the bytes, never past their end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let name: String
        var offset = 0

        init(bytes: UnsafeRawBufferPointer, name: String) {
            self.bytes = bytes
            self.name = name
        }

        func need(_ n: Int) throws {
            guard n >= 0, n <= bytes.count - offset else { throw Problem(description: "\(name) ends in the middle of a stroke") }
        }

        mutating func bytes(_ n: Int) throws -> UnsafeRawBufferPointer.SubSequence {
            try need(n)
            defer { offset += n }
            return bytes[offset..<offset + n]
        }

        mutating func u8() throws -> UInt8 { try bytes(1).first! }

        mutating func u32() throws -> UInt32 {
            try need(4)
            defer { offset += 4 }
            return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }

        mutating func u64() throws -> UInt64 {
            try need(8)
            defer { offset += 8 }
            return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }

        mutating func f64() throws -> Double { Double(bitPattern: try u64()) }

        /// A count or a size: at most `limit`.
        mutating func count(limit: Int, what: String) throws -> Int {
            let n = Int(try u32())
            guard n <= limit else { throw Problem(description: "\(name) says \(n) \(what), more than \(limit)") }
            return n
        }
    }
}
