import DrawingBoardCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a C call whose library prints diagnostics to stderr (libpng does), and hands back what it
/// printed instead of letting it reach the terminal. The output goes to an unlinked temporary
/// file, so any amount of it is safe. Swaps the process-wide stderr, so it takes its turn with
/// other captures and with poppler's quiet sections, on any thread (`StandardErrorSwitch`).
enum CapturedStandardError {
    static func capture<T>(_ body: () -> T) -> (T, String) {
        StandardErrorSwitch.shared.capturing({ captureNow(body) }, whileQuiet: { (body(), "") })
    }

    private static func captureNow<T>(_ body: () -> T) -> (T, String) {
        var template = Array("/tmp/drawingboard-stderr-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return (body(), "") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(fd) }
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { return (body(), "") }
        dup2(fd, STDERR_FILENO)
        let result = body()
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        let length = lseek(fd, 0, SEEK_END)
        guard length > 0 else { return (result, "") }
        var bytes = [UInt8](repeating: 0, count: min(Int(length), 4096))
        let n = pread(fd, &bytes, bytes.count, 0)
        return (result, String(decoding: bytes.prefix(max(n, 0)), as: UTF8.self))
    }
}
