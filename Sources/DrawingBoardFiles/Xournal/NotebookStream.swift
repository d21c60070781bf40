import CDeflate
import CSystem
import Foundation

/// A notebook's XML as the parser reads it, piece by piece: inflated from gzip as it is read
/// (so the whole XML is never held), or passed through when the file is plain XML. It stops
/// with a message at more than `limit` bytes (a small file that would inflate into gigabytes),
/// at damaged or truncated data, and at a document type declaration (where entities are
/// declared: never read, never expanded), wherever it starts.
final class NotebookStream: InputStream {
    private let data: Data
    private let limit: Int
    private let compressed: Bool
    private var zstream = z_stream()
    private var started = false
    private var ended = false
    private var offset = 0
    private(set) var produced = 0
    /// Why reading stopped early, in words for the message.
    private(set) var problem: DocumentError?
    /// The last bytes of the previous piece, so a declaration split between two is found.
    private var tail: [UInt8] = []

    init(_ data: Data, limit: Int) {
        self.data = data
        self.limit = limit
        compressed = data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
        super.init(data: Data())
    }

    deinit {
        if started && compressed { inflateEnd(&zstream) }
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { !ended && problem == nil }
    override var streamError: Error? { problem }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        guard problem == nil else { return -1 }
        guard !ended else { return 0 }
        let count = compressed ? inflate(into: buffer, maxLength) : copy(into: buffer, maxLength)
        guard count > 0 else { return count }
        produced += count
        if produced > limit {
            return fail("it is more than \(limit) bytes of XML, more than a notebook may have")
        }
        if declares(UnsafeBufferPointer(start: buffer, count: count)) {
            return fail("it has a document type declaration (DTD), which DrawingBoard never reads")
        }
        return count
    }

    private func fail(_ message: String) -> Int {
        problem = DocumentError(message)
        return -1
    }

    private func copy(into buffer: UnsafeMutablePointer<UInt8>, _ maxLength: Int) -> Int {
        let n = min(maxLength, data.count - offset)
        guard n > 0 else {
            ended = true
            return 0
        }
        data.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + offset, byteCount: n)
        }
        offset += n
        return n
    }

    private func inflate(into buffer: UnsafeMutablePointer<UInt8>, _ maxLength: Int) -> Int {
        if !started {
            // 15 + 16: a gzip header and trailer around the deflate stream.
            guard inflateInit2_(&zstream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                return fail("cannot start decompressing it")
            }
            started = true
        }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int in
            zstream.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: UInt8.self).baseAddress! + offset)
            zstream.avail_in = UInt32(raw.count - offset)
            zstream.next_out = buffer
            zstream.avail_out = UInt32(maxLength)
            let status = CDeflate.inflate(&zstream, Z_NO_FLUSH)
            offset = raw.count - Int(zstream.avail_in)
            let count = maxLength - Int(zstream.avail_out)
            switch status {
            case Z_STREAM_END:
                ended = true
                return count
            case Z_OK, Z_BUF_ERROR:
                if count > 0 { return count }
                return fail("it is truncated (the compressed data ends too early)")
            default:
                return fail("its compressed data is damaged")
            }
        }
    }

    /// Whether `<!DOCTYPE` or `<!ENTITY` starts in these bytes (or across the last piece's end).
    private func declares(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        func search(_ bytes: UnsafeRawBufferPointer) -> Bool {
            ["<!DOCTYPE", "<!ENTITY"].contains { word in
                word.withCString { drawingboard_memmem(bytes.baseAddress, bytes.count, $0, strlen($0)) != nil }
            }
        }
        let keep = 8
        let seam = tail + Array(piece.prefix(keep))
        let found = seam.withUnsafeBytes(search) || search(UnsafeRawBufferPointer(piece))
        tail = Array(piece.suffix(keep))
        return found
    }
}
