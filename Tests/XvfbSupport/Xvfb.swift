import Foundation

/// An X server of the tests' own (Xvfb), so tests never touch the user's display. Shared by the
/// end-to-end tests and the platform tests that open SDL windows in their own process.
public final class Xvfb {
    public struct NotStarted: Error, CustomStringConvertible {
        public var description: String { "Xvfb did not start (is the xvfb package installed?)" }
    }

    /// The display's name, ":N".
    public let display: String
    private let process = Process()

    public init(width: Int = 1280, height: Int = 800) throws {
        // Xvfb picks a free display itself and writes its number to stdout (-displayfd), so
        // suites starting servers at the same moment never race for one number.
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw NotStarted()
        }
        display = ":\(number)"
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
