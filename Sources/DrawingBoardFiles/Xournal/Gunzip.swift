import CDeflate
import Foundation

/// Inflates gzip data (a Xournal++ or Xournal notebook) into at most `limit` bytes, so a small
/// file that would inflate into gigabytes is refused rather than read. Data that is not
/// compressed at all (an XML file saved by hand) comes back as it is.
enum Gunzip {
    static func inflate(_ data: Data, limit: Int) throws(DocumentError) -> Data {
        guard data.count >= 2, data[data.startIndex] == 0x1F, data[data.startIndex + 1] == 0x8B else {
            guard data.count <= limit else { throw DocumentError("it is \(data.count) bytes of XML, more than the \(limit) a notebook may have") }
            return data
        }
        var stream = z_stream()
        // 15 + 16: a gzip header and trailer around the deflate stream.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DocumentError("cannot start decompressing it")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunk)
        let result: Int32 = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: UInt8.self).baseAddress!)
            stream.avail_in = UInt32(input.count)
            while true {
                let status: Int32 = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(chunk)
                    return CDeflate.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk - Int(stream.avail_out)
                if output.count + produced > limit { return Z_MEM_ERROR }
                output.append(contentsOf: buffer[0..<produced])
                switch status {
                case Z_STREAM_END: return Z_STREAM_END
                case Z_OK: if stream.avail_in == 0 && produced == 0 { return Z_BUF_ERROR }
                case Z_BUF_ERROR: if stream.avail_in == 0 { return Z_BUF_ERROR }
                default: return status
                }
            }
        }
        switch result {
        case Z_STREAM_END: return output
        case Z_MEM_ERROR: throw DocumentError("it inflates to more than \(limit) bytes of XML, more than a notebook may have")
        case Z_BUF_ERROR: throw DocumentError("it is truncated (the compressed data ends too early)")
        default: throw DocumentError("its compressed data is damaged")
        }
    }
}
