import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads files named by users or found in documents, refusing anything that is not a regular
/// file (a folder, a FIFO, a device, a socket) before reading a byte: a FIFO opened for reading
/// would wait for a writer forever, a folder would be read as an endless stream by some
/// libraries. Opening never blocks (O_NONBLOCK), and the check is made on the open descriptor,
/// so the file cannot be swapped between the check and the read.
public enum RegularFile {
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// The size of the regular file at `path`, following symbolic links, without opening it.
    @discardableResult
    public static func check(_ path: String, noun: String = "file") throws(Problem) -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(reason(errno)) }
        try requireRegular(info.st_mode, noun: noun)
        return UInt64(info.st_size)
    }

    /// The whole file, refused when it holds more than `limit` bytes. `noun` names what it
    /// should be in messages ("script": "it is a folder, not a script").
    public static func read(_ path: String, limit: Int, noun: String = "file") throws(Problem) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Problem(reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Problem(reason(errno)) }
        try requireRegular(info.st_mode, noun: noun)
        guard info.st_size <= limit else {
            throw Problem("it is \(info.st_size) bytes, larger than the \(sizeText(limit)) \(article(noun)) may be")
        }
        // One byte more than its size, to notice a file that grows while it is read.
        let size = Int(info.st_size)
        let data = try readAll(fd, upTo: size + 1)
        guard data.count <= size else { throw Problem("it changed while it was being read") }
        return data
    }

    /// Up to `count` bytes from `fd`, or the system's reason in our words (a special file such
    /// as `/proc/self/mem` refuses to be read with an input/output error).
    static func readAll(_ fd: Int32, upTo count: Int) throws(Problem) -> Data {
        var data = Data(count: count)
        var filled = 0
        while filled < count {
            let n = data.withUnsafeMutableBytes { raw in Glibc.read(fd, raw.baseAddress! + filled, count - filled) }
            if n < 0, errno == EINTR || errno == EAGAIN { continue }
            guard n >= 0 else { throw Problem("cannot read it (\(reason(errno)))") }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        return data
    }

    /// At most `limit` bytes from an open stream (standard input), refusing more.
    public static func read(handle: FileHandle, limit: Int, noun: String = "file") throws(Problem) -> Data {
        var data = Data()
        while true {
            let chunk = try readAll(handle.fileDescriptor, upTo: 1 << 16)
            if chunk.isEmpty { break }
            data.append(chunk)
            guard data.count <= limit else {
                throw Problem("it is larger than the \(sizeText(limit)) \(article(noun)) may be")
            }
        }
        return data
    }

    static func requireRegular(_ mode: mode_t, noun: String) throws(Problem) {
        switch mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw Problem("it is a folder, not \(article(noun))")
        case S_IFIFO: throw Problem("it is a pipe (FIFO), not \(article(noun))")
        case S_IFCHR, S_IFBLK: throw Problem("it is a device, not \(article(noun))")
        case S_IFSOCK: throw Problem("it is a socket, not \(article(noun))")
        default: throw Problem("it is not a regular file")
        }
    }

    static func article(_ noun: String) -> String {
        "aeiou".contains(noun.first ?? "x") ? "an \(noun)" : "a \(noun)"
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a folder on its path is a file"
        case ELOOP: return "its symbolic links loop"
        case ENAMETOOLONG: return "the name is too long"
        case EIO: return "the system gives no bytes for it: an input/output error"
        case EISDIR: return "it is a folder"
        default: return String(cString: strerror(code))
        }
    }

    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
