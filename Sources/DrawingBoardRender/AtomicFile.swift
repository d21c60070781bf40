import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that it is either complete or not there: the bytes go to a temporary file
/// in the same folder, reach the disk (fsync), and only then take the final name. A full disk
/// or a missing folder leaves any old file as it was.
public enum AtomicFile {
    /// `mode`: the new file's permissions (0644 when nil).
    public static func write(_ data: Data, toPath path: String, mode: mode_t? = nil) throws(RenderError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        let written: Int = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return -1
                }
                offset += n
            }
            return offset
        }
        let writeErrno = errno
        guard written == data.count else {
            close(fd)
            throw failure(path, writeErrno)
        }
        guard fchmod(fd, mode ?? 0o644) == 0, fsync(fd) == 0 else {
            let e = errno
            close(fd)
            throw failure(path, e)
        }
        guard close(fd) == 0 else { throw failure(path, errno) }
        guard rename(temporary, path) == 0 else { throw failure(path, errno) }
        ok = true
        let dir = open(folder, O_RDONLY | O_DIRECTORY)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> RenderError {
        RenderError("cannot write \(path): \(String(cString: strerror(code)))")
    }
}
