import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that it is either complete or not there: the bytes go to a temporary file
/// in the same folder, reach the disk (fsync), and only then take the final name. A full disk
/// or a missing folder leaves any old file as it was. A file being replaced keeps its mode (and
/// its owner and group where the system lets us); a new file gets 0666 less the umask, as any
/// program's; a symbolic link is written through, to its target, in the target's folder.
public enum AtomicFile {
    /// Bytes gathered before each write to the file.
    static let gathered = 64 << 10

    /// `mode`: the file's permissions when the caller decides them (the journal's 0600).
    public static func write(_ data: Data, toPath path: String, mode: mode_t? = nil) throws(RenderError) {
        try write(toPath: path, mode: mode) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
            _ = data.withUnsafeBytes { write($0) }
        }
    }

    /// The same for bytes made as they are written (an export streamed page by page): `produce`
    /// hands them to the function it is given, which says whether they were written. A write
    /// that fails (a full disk) is the error reported, whatever `produce` makes of it.
    public static func write(toPath path: String, mode: mode_t? = nil,
                             _ produce: (_ write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) -> Void) throws(RenderError) {
        let target = resolvingLinks(path)
        var old = stat()
        let replacing = stat(target, &old) == 0 && (old.st_mode & S_IFMT) == S_IFREG
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        var writeErrno: Int32?
        func put(_ raw: UnsafeRawBufferPointer) -> Bool {
            guard writeErrno == nil else { return false }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    writeErrno = errno
                    return false
                }
                offset += n
            }
            return true
        }
        // Small pieces (a PDF writer hands over a few bytes at a time) are gathered first.
        var pending = [UInt8]()
        pending.reserveCapacity(Self.gathered)
        func write(_ raw: UnsafeRawBufferPointer) -> Bool {
            if pending.count + raw.count > Self.gathered {
                guard pending.withUnsafeBytes(put) else { return false }
                pending.removeAll(keepingCapacity: true)
                if raw.count >= Self.gathered { return put(raw) }
            }
            pending.append(contentsOf: raw)
            return writeErrno == nil
        }
        do {
            try produce(write)
            if !pending.isEmpty { _ = pending.withUnsafeBytes(put) }
        } catch {
            close(fd)
            if let writeErrno { throw failure(path, writeErrno) }
            throw error
        }
        if let writeErrno {
            close(fd)
            throw failure(path, writeErrno)
        }
        if replacing, old.st_uid != geteuid() || old.st_gid != getegid() {
            // Only root may give a file away; a group the user belongs to is allowed. Failing
            // that, the file is the user's, as a new one would be.
            if fchown(fd, old.st_uid, old.st_gid) != 0 { _ = fchown(fd, geteuid(), old.st_gid) }
        }
        let finalMode = mode ?? (replacing ? old.st_mode & 0o7777 : 0o666 & ~currentUmask())
        guard fchmod(fd, finalMode) == 0, fsync(fd) == 0 else {
            let e = errno
            close(fd)
            throw failure(path, e)
        }
        guard close(fd) == 0 else { throw failure(path, errno) }
        guard rename(temporary, target) == 0 else { throw failure(path, errno) }
        ok = true
        let dir = open(folder, O_RDONLY | O_DIRECTORY)
        if dir >= 0 {
            fsync(dir)
            close(dir)
        }
    }

    /// The file a chain of symbolic links ends at (the path itself when it is no link).
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        return current
    }

    /// The process's umask, read without changing it (from /proc), or by setting it back.
    static func currentUmask() -> mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    private static func failure(_ path: String, _ code: Int32) -> RenderError {
        RenderError("cannot write \(path): \(String(cString: strerror(code)))")
    }
}
