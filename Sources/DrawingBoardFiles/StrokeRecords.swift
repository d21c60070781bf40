import DrawingBoardCore
import Foundation

/// The strokes of a notebook's pages after the first, as one binary entry
/// (`drawingboard/pages.strokes`), read many times faster than JSON: a notebook of hundreds of
/// handwritten pages opens in the time one page's JSON takes. Little-endian, one record after
/// another:
///
///     "DBSTROKES1"  u32 pages
///     per page:     u32 count, then its strokes
///     per stroke:   u64 id  u8 n  n bytes tool name (UTF-8)  u8 red green blue  f64 width
///                   f64 opacity  u8 flags (1: clip, 2: pressure)  [u32 width  u32 height]
///                   u32 points  points × (f64 x  f64 y)  [points × f64 pressure]
///                   [flag 4, a stroke from another app (`PolylineForm`): u8 cap (0 round,
///                   1 butt, 2 square)  u8 fill?  [f64 fill]  u32 dashes  dashes × f64
///                   u32 widths (0: none)  widths × f64]
///                   [flag 8, moved since drawn: 6 × f64 transform (a b c d tx ty)]
///                   [flag 16, erasers' passes carried: u32 count, each a stroke's record]
///
/// Reading trusts nothing: every length is checked against what is left and the limits before
/// anything is read, the tool must be one DrawingBoard knows, and the strokes are then checked
/// like any others (finite numbers within the page's limits).
enum StrokeRecords {
    static let magic = Array("DBSTROKES1".utf8)
    /// Most strokes on one page.
    static let maxStrokes = 1_000_000

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Each page's strokes, the pages in order.
    static func encode(_ pages: [[Stroke]]) -> Data {
        var out = Data(magic)
        out.reserveCapacity(pages.reduce(16) { $0 + $1.reduce(4) { $0 + 64 + $1.points.count * 16 } })
        append(UInt32(pages.count), to: &out)
        for strokes in pages {
            append(UInt32(strokes.count), to: &out)
            for stroke in strokes { append(stroke, to: &out) }
        }
        return out
    }

    private static func append<T: FixedWidthInteger>(_ v: T, to out: inout Data) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func append(_ s: Stroke, to out: inout Data) {
        append(s.id, to: &out)
        let name = Array(s.tool.rawValue.utf8)
        out.append(UInt8(name.count))
        out.append(contentsOf: name)
        out.append(contentsOf: [s.style.color.red, s.style.color.green, s.style.color.blue])
        append(s.style.width.bitPattern, to: &out)
        append(s.style.opacity.bitPattern, to: &out)
        out.append((s.clip == nil ? 0 : 1) | (s.pressures == nil ? 0 : 2) | (s.form == nil ? 0 : 4) | (s.transform == nil ? 0 : 8)
            | (s.holes == nil ? 0 : 16))
        if let clip = s.clip {
            append(UInt32(clip.width), to: &out)
            append(UInt32(clip.height), to: &out)
        }
        append(UInt32(s.points.count), to: &out)
        for p in s.points {
            append(p.x.bitPattern, to: &out)
            append(p.y.bitPattern, to: &out)
        }
        for p in s.pressures ?? [] { append(p.bitPattern, to: &out) }
        if let form = s.form {
            out.append(UInt8(PolylineForm.Cap.allCases.firstIndex(of: form.cap)!))
            out.append(form.fill == nil ? 0 : 1)
            if let fill = form.fill { append(fill.bitPattern, to: &out) }
            append(UInt32(form.dashes.count), to: &out)
            for d in form.dashes { append(d.bitPattern, to: &out) }
            append(UInt32(form.widths?.count ?? 0), to: &out)
            for w in form.widths ?? [] { append(w.bitPattern, to: &out) }
        }
        if let transform = s.transform {
            for n in transform.numbers { append(n.bitPattern, to: &out) }
        }
        if let holes = s.holes {
            append(UInt32(holes.count), to: &out)
            for hole in holes { append(hole, to: &out) }
        }
    }

    /// The smallest a stroke's record can be (no name, no points): a count that says more than
    /// the bytes left can hold is refused before anything is made for it.
    static let smallestRecord = 8 + 1 + 3 + 8 + 8 + 1 + 4

    /// Each page's strokes; `pages` is how many pages the document says there are.
    static func decode(_ data: Data, name: String, pages expected: Int) throws -> [[Stroke]] {
        try data.withUnsafeBytes { raw throws -> [[Stroke]] in
            var reader = Reader(bytes: raw, name: name)
            guard try reader.bytes(magic.count).elementsEqual(magic) else { throw Problem(description: "\(name) is not a notebook's strokes") }
            let pageCount = try reader.count(limit: expected, what: "pages")
            guard pageCount == expected else { throw Problem(description: "\(name) has the strokes of \(pageCount) pages, not \(expected)") }
            var pages: [[Stroke]] = []
            pages.reserveCapacity(pageCount)
            for _ in 0..<pageCount {
                let count = try reader.count(limit: maxStrokes, what: "strokes")
                try reader.need(count * smallestRecord)
                var strokes: [Stroke] = []
                strokes.reserveCapacity(count)
                for _ in 0..<count { strokes.append(try stroke(&reader)) }
                pages.append(strokes)
            }
            guard reader.offset == raw.count else { throw Problem(description: "\(name) has bytes after its last stroke") }
            return pages
        }
    }

    private static func stroke(_ reader: inout Reader, inHole: Bool = false) throws -> Stroke {
        let id = try reader.u64()
        let nameLength = Int(try reader.u8())
        let toolName = String(decoding: try reader.bytes(nameLength), as: UTF8.self)
        guard let tool = Tool(rawValue: toolName) else { throw Problem(description: "\(reader.name): \"\(toolName)\" is not a tool") }
        let rgb = Array(try reader.bytes(3))
        let width = try reader.f64(), opacity = try reader.f64()
        let flags = try reader.u8()
        guard flags & ~31 == 0 else { throw Problem(description: "\(reader.name): a stroke's record has flags this version does not know") }
        var clip: PixelSize?
        if flags & 1 != 0 {
            let w = try reader.count(limit: CanvasLimits.maxSide, what: "clip width")
            clip = PixelSize(width: w, height: try reader.count(limit: CanvasLimits.maxSide, what: "clip height"))
        }
        let n = try reader.count(limit: PageLimits.pointsPerStroke, what: "points")
        try reader.need(n * 16 + (flags & 2 != 0 ? n * 8 : 0))
        var points: [Point] = []
        points.reserveCapacity(n)
        for _ in 0..<n {
            let x = try reader.f64()
            points.append(Point(x, try reader.f64()))
        }
        var pressures: [Double]?
        if flags & 2 != 0 { pressures = try (0..<n).map { _ in try reader.f64() } }
        var style = StrokeStyle(color: RGBColor(red: rgb[0], green: rgb[1], blue: rgb[2]), width: width, opacity: opacity)
        var form: PolylineForm?
        if flags & 4 != 0 {
            let caps = PolylineForm.Cap.allCases
            let cap = Int(try reader.u8())
            guard caps.indices.contains(cap) else { throw Problem(description: "\(reader.name): \(cap) is not a line cap") }
            let fill = try reader.u8() != 0 ? try reader.f64() : nil
            let dashCount = try reader.count(limit: PolylineForm.maxDashes, what: "dashes")
            let dashes = try (0..<dashCount).map { _ in try reader.f64() }
            let widthCount = try reader.count(limit: PageLimits.pointsPerStroke, what: "widths")
            try reader.need(widthCount * 8)
            let widths = widthCount == 0 ? nil : try (0..<widthCount).map { _ in try reader.f64() }
            form = PolylineForm(cap: caps[cap], widths: widths, dashes: dashes, fill: fill)
            // Widths finer than our own pens' are kept as they are (checked with the stroke).
            style.width = width
        }
        var stroke = Stroke(id: id, tool: tool, style: style, points: points, clip: clip, pressures: pressures, form: form)
        if flags & 8 != 0 { stroke.transform = Affine(numbers: try (0..<6).map { _ in try reader.f64() }) }
        if flags & 16 != 0 {
            // A hole is an eraser's pass: it carries none of its own.
            guard !inHole else { throw Problem(description: "\(reader.name): an eraser's pass carries passes of its own") }
            let count = try reader.count(limit: Stroke.maxHoles, what: "erasers' passes")
            try reader.need(count * smallestRecord)
            stroke.holes = try (0..<count).map { _ in try self.stroke(&reader, inHole: true) }
        }
        return stroke
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
