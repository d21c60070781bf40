import CDeflate
import DrawingBoardCore
import Foundation

/// The ink of a page whose PDF page is kept as it is in the PDF out, written as that PDF's own
/// drawing operators: the same pieces (`VectorStrokes.plan`) and the same paths, widths, caps,
/// joins, dashes, colours, opacities, multiply and eraser holes Cairo's PDF surface is given for
/// them, but formatted and deflated here. Cairo formats every number with printf and deflates
/// at zlib's default level: most of the time of a notebook of handwriting. What Cairo's PDF
/// needs a group for (another app's line with a fill or a width per segment) is not written
/// here: such a page is drawn by Cairo, as before (`writes`).
enum PDFInk {
    /// A graphics state the ink names (`/g0`, `/g1`, ... in the order of `states`).
    struct State: Hashable {
        var alpha: Double
        var multiply: Bool
    }

    /// zlib's level for the content: its fastest. The default level takes six times as long
    /// for a file 10% smaller.
    static let level = Z_BEST_SPEED

    /// Whether every stroke can be written here.
    static func writes(_ strokes: [Stroke]) -> Bool {
        strokes.allSatisfy { stroke in
            guard let form = stroke.form else { return true }
            return form.fill == nil && form.widths == nil
        }
    }

    /// The graphics states `strokes` need, in order of first use: a stroke of an opacity
    /// below one, or a highlighter's multiply.
    static func states(_ strokes: [Stroke]) -> [State] {
        var states: [State] = []
        for stroke in strokes {
            guard let state = state(stroke), !states.contains(state) else { continue }
            states.append(state)
        }
        return states
    }

    private static func state(_ stroke: Stroke) -> State? {
        let multiply = stroke.tool.blend == .multiply
        guard stroke.style.opacity < 1 || multiply else { return nil }
        return State(alpha: stroke.style.opacity, multiply: multiply)
    }

    /// The content stream of `pieces` on a page of `size` pixels laid over a box of `box`
    /// points (the PDF page's size): pixels mapped into points, y downwards, as on screen.
    static func content(_ pieces: [VectorStrokes.Piece], size: PixelSize, box: (width: Double, height: Double), states: [State]) -> [UInt8] {
        var out = ContentWriter()
        out.bytes.reserveCapacity(4096 + pieces.reduce(0) { $0 + $1.outline.path.elements.count * 40 })
        out.numbers([box.width / Double(size.width), 0, 0, -box.height / Double(size.height), 0, box.height], decimals: 6)
        out.op("cm\n")
        for piece in pieces { write(piece, size: size, states: states, into: &out) }
        return out.bytes
    }

    private static func write(_ piece: VectorStrokes.Piece, size: PixelSize, states: [State], into out: inout ContentWriter) {
        let stroke = piece.stroke, outline = piece.outline
        out.op("q\n")
        // What erasers took of it: clipped outside each piece of each pass (see
        // `VectorStrokes.draw`): the page's rectangle one way round, the piece the other.
        for hole in outline.holes {
            for shape in HoleShapes.pieces(of: hole) where shape.count >= 3 {
                out.numbers([-8, -8, Double(size.width) + 16, Double(size.height) + 16], decimals: 2)
                out.op("re\n")
                out.point(shape[shape.count - 1])
                out.op("m\n")
                for p in shape.dropLast().reversed() {
                    out.point(p)
                    out.op("l\n")
                }
                out.op("h W n\n")
            }
        }
        if let clip = stroke.clip {
            // What lay beyond the canvas it was drawn on was never drawn.
            out.numbers([0, 0, Double(clip.width), Double(clip.height)], decimals: 2)
            out.op("re W n\n")
        }
        if let state = state(stroke), let k = states.firstIndex(of: state) {
            out.op("/g")
            out.integer(k)
            out.op(" gs\n")
        }
        let c = stroke.style.color
        out.numbers([Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255], decimals: 4)
        if outline.filled {
            out.op("rg\n")
        } else {
            out.op("RG\n")
            out.number(outline.width, decimals: 3)
            out.op(" w ")
            out.integer(outline.cap == .butt ? 0 : outline.cap == .round ? 1 : 2)
            out.op(" J 1 j\n")
            // (Dashes too short to write are a solid line: a pattern of nothing but zeros is
            // no pattern in a PDF.)
            let dashes = outline.dashes.map { ($0 * 1000).rounded() / 1000 }
            if !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 }), dashes.reduce(0, +) > 0 {
                out.op("[")
                out.numbers(dashes, decimals: 3)
                out.op("] 0 d\n")
            }
        }
        for element in outline.path.elements {
            switch element {
            case .move(let p):
                out.point(p)
                out.op("m\n")
            case .line(let p):
                out.point(p)
                out.op("l\n")
            case .curve(let a, let b, let p):
                out.point(a)
                out.point(b)
                out.point(p)
                out.op("c\n")
            case .close:
                out.op("h\n")
            }
        }
        // With pressure, the outline is the ink's shape, filled (non-zero, as Cairo's winding).
        out.op(outline.filled ? "f\nQ\n" : "S\nQ\n")
    }

    /// `content` deflated (zlib's format, as /FlateDecode reads it), with a window of 8 KB and
    /// a small hash table: a page's ink is tens of kilobytes, and at the fastest level that
    /// compresses as well as the default 32 KB window (a little better on handwriting) while
    /// each thread holds 70 KB for it instead of 260.
    static func deflated(_ content: [UInt8]) -> [UInt8]? {
        // (On the heap: zlib checks that the stream it is given is where it was made.)
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        guard deflateInit2_(stream, level, Z_DEFLATED, 13, 6, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { deflateEnd(stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(content.count))))
        let status = out.withUnsafeMutableBufferPointer { o in
            content.withUnsafeBufferPointer { input -> Int32 in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = o.baseAddress
                stream.pointee.avail_out = uInt(o.count)
                return deflate(stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        // (Its own array: the bound's spare room would wait in memory with it.)
        return Array(out[..<Int(stream.pointee.total_out)])
    }
}

/// A PDF content stream's text: operators, and numbers in fixed point without trailing zeros
/// (what a reader needs, and quick to make: no printf).
struct ContentWriter {
    var bytes: [UInt8] = []

    mutating func op(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A point in page pixels, to a hundredth (0.0075 pt), and a space after it.
    mutating func point(_ p: Point) {
        number(p.x, decimals: 2)
        bytes.append(0x20)
        number(p.y, decimals: 2)
        bytes.append(0x20)
    }

    /// Each of `values` and a space after it.
    mutating func numbers(_ values: [Double], decimals: Int) {
        for v in values {
            number(v, decimals: decimals)
            bytes.append(0x20)
        }
    }

    mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(0x2D)
            return unsigned(UInt64(-value))
        }
        unsigned(UInt64(value))
    }

    /// `value` rounded to `decimals` places (1...6); anything not finite or beyond 10^12 is 0
    /// (a model's numbers are checked long before: this only keeps the file readable).
    mutating func number(_ value: Double, decimals: Int) {
        let scale = Self.scales[decimals]
        let scaled = (value * Double(scale)).rounded()
        guard scaled.isFinite, abs(scaled) < 1e12 * Double(scale) else {
            bytes.append(0x30)
            return
        }
        var n = Int64(scaled)
        if n < 0 {
            bytes.append(0x2D)
            n = -n
        }
        unsigned(UInt64(n / scale))
        var fraction = n % scale
        guard fraction != 0 else { return }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(0x2E)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0x30, count: places))
        var k = start + places - 1
        while fraction > 0 {
            bytes[k] = 0x30 + UInt8(fraction % 10)
            fraction /= 10
            k -= 1
        }
    }

    private static let scales: [Int64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

    private mutating func unsigned(_ value: UInt64) {
        var count = 1, rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0x30, count: count))
        var k = start + count - 1, v = value
        repeat {
            bytes[k] = 0x30 + UInt8(v % 10)
            v /= 10
            k -= 1
        } while v > 0
    }
}
