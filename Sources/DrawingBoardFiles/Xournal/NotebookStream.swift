import CDeflate
import CSystem
import Foundation

/// A notebook's XML as the parser reads it, piece by piece: inflated from gzip on a thread of
/// its own a few pieces ahead of the parser (the two run side by side, and the whole XML is
/// never held), or cut in pieces when the file is plain XML. It stops with a message at more
/// than `limit` bytes (a small file that would inflate into gigabytes), at damaged or
/// truncated data, and at a document type declaration (where entities are declared: never
/// read, never expanded), wherever it starts.
final class NotebookStream {
    static let pieceSize = 256 << 10
    /// Pieces inflated ahead of the parser, at most.
    static let ahead = 8

    private let data: Data
    private let limit: Int
    private var inflater: Inflater?
    private var offset = 0
    private var produced = 0
    /// Why reading stopped early, in words for the message.
    private(set) var problem: DocumentError?
    /// The last bytes of the previous piece, so a declaration split between two is found.
    private var tail: [UInt8] = []

    init(_ data: Data, limit: Int) {
        self.data = data
        self.limit = limit
        if data.count >= 2, data[data.startIndex] == 0x1F, data[data.startIndex + 1] == 0x8B {
            inflater = Inflater(data)
        }
    }

    deinit { inflater?.cancel() }

    /// The next piece of XML; nil at the end, or once there is a `problem`.
    func next() -> [UInt8]? {
        guard problem == nil else { return nil }
        let piece: [UInt8]
        if let inflater {
            switch inflater.take() {
            case .piece(let bytes): piece = bytes
            case .end: return nil
            case .failed(let message):
                problem = DocumentError(message)
                return nil
            }
        } else {
            // Plain XML starts with "<" (after a byte order mark or white space).
            if offset == 0, let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }), first != UInt8(ascii: "<") {
                problem = DocumentError("it is neither a Xournal++ notebook (gzip) nor XML")
                return nil
            }
            guard offset < data.count else { return nil }
            let end = min(offset + Self.pieceSize, data.count)
            piece = [UInt8](data[(data.startIndex + offset)..<(data.startIndex + end)])
            offset = end
        }
        produced += piece.count
        if produced > limit {
            problem = DocumentError("it is more than \(limit) bytes of XML, more than a notebook may have")
            return nil
        }
        if declares(piece) {
            problem = DocumentError("it has a document type declaration (DTD), which DrawingBoard never reads")
            return nil
        }
        return piece
    }

    /// Whether `<!DOCTYPE` or `<!ENTITY` starts in these bytes (or across the last piece's end).
    private func declares(_ piece: [UInt8]) -> Bool {
        func search(_ bytes: UnsafeRawBufferPointer) -> Bool {
            ["<!DOCTYPE", "<!ENTITY"].contains { word in
                word.withCString { drawingboard_memmem(bytes.baseAddress, bytes.count, $0, strlen($0)) != nil }
            }
        }
        let keep = 8
        let seam = tail + piece.prefix(keep)
        let found = seam.withUnsafeBytes(search) || piece.withUnsafeBytes(search)
        tail = Array(piece.suffix(keep))
        return found
    }

    /// zlib on a thread of its own, a few pieces ahead.
    private final class Inflater: @unchecked Sendable {
        enum Outcome {
            case piece([UInt8])
            case end
            case failed(String)
        }

        private let condition = NSCondition()
        private var ready: [[UInt8]] = []
        private var finished: Outcome?
        private var cancelled = false

        init(_ data: Data) {
            let thread = Thread { [self] in run(data) }
            thread.qualityOfService = .userInitiated
            thread.start()
        }

        func take() -> Outcome {
            condition.lock()
            defer { condition.unlock() }
            while ready.isEmpty && finished == nil { condition.wait() }
            if !ready.isEmpty {
                condition.signal()
                return .piece(ready.removeFirst())
            }
            return finished ?? .end
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }

        private func finish(_ outcome: Outcome) {
            condition.lock()
            finished = outcome
            condition.broadcast()
            condition.unlock()
        }

        /// Inflates `data`, handing each piece over, waiting while `ahead` wait to be taken.
        private func run(_ data: Data) {
            var stream = z_stream()
            // 15 + 16: a gzip header and trailer around the deflate stream.
            guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                return finish(.failed("cannot start decompressing it"))
            }
            defer { inflateEnd(&stream) }
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                stream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: UInt8.self).baseAddress!)
                stream.avail_in = UInt32(raw.count)
                while true {
                    var piece = [UInt8](repeating: 0, count: NotebookStream.pieceSize)
                    let status = piece.withUnsafeMutableBufferPointer { out -> Int32 in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        return CDeflate.inflate(&stream, Z_NO_FLUSH)
                    }
                    let count = NotebookStream.pieceSize - Int(stream.avail_out)
                    piece.removeLast(piece.count - count)
                    if count > 0 {
                        condition.lock()
                        while ready.count >= NotebookStream.ahead && !cancelled { condition.wait() }
                        let stop = cancelled
                        if !stop { ready.append(piece) }
                        condition.signal()
                        condition.unlock()
                        if stop { return }
                    }
                    switch status {
                    case Z_STREAM_END:
                        return finish(.end)
                    case Z_OK, Z_BUF_ERROR:
                        if count == 0 { return finish(.failed("it is truncated (the compressed data ends too early)")) }
                    default:
                        return finish(.failed("its compressed data is damaged"))
                    }
                }
            }
        }
    }
}
