import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardPlatform
@testable import DrawingBoardRender

/// Poppler's quiet sections and the image decoder's captures both swap the process's standard
/// error, now from several threads (saves, opens and inserts decode off the event loop): after
/// any mix of them, standard error is the one the app started with.
@Suite struct StandardErrorTests {
    static func identity() -> (UInt64, UInt64) {
        var info = stat()
        fstat(2, &info)
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Standard error's identity while nothing has it sent elsewhere: taken as a capture would
    /// be (other suites beside this one open poppler's quiet sections too), retried until no
    /// quiet section is open.
    static func settledIdentity() -> (UInt64, UInt64)? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let found = StandardErrorSwitch.shared.capturing({ Optional(identity()) }, whileQuiet: { nil }) { return found }
            usleep(2_000)
        }
        return nil
    }

    @Test func quietSectionsAndCapturesOnManyThreadsLeaveStandardErrorAsItWas() throws {
        let before = try #require(Self.settledIdentity())
        let group = DispatchGroup()
        let captured = NSLock()
        nonisolated(unsafe) var texts: [(thread: Int, text: String)] = []
        for t in 0..<4 {
            group.enter()
            Thread {
                for _ in 0..<150 {
                    if t % 2 == 0 {
                        let quiet = QuietStandardError()
                        usleep(50)
                        quiet.restore()
                        usleep(300)
                    } else {
                        let (_, text) = CapturedStandardError.capture { () -> Int in
                            FileHandle.standardError.write(Data("decoder says \(t)\n".utf8))
                            usleep(50)
                            return 0
                        }
                        captured.lock()
                        texts.append((t, text))
                        captured.unlock()
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        let after = try #require(Self.settledIdentity())
        #expect(after.0 == before.0 && after.1 == before.1, "standard error was left pointing elsewhere")
        // A capture holds its own thread's words only (or nothing, while poppler was quiet). The
        // test runner's own lines, written meanwhile from its threads, may be caught too: the
        // swap is the whole process's.
        let decoderLines = texts.map { entry in
            (entry.thread, entry.text.split(separator: "\n").filter { $0.hasPrefix("decoder says") }.map(String.init))
        }
        #expect(decoderLines.allSatisfy { $0.1.isEmpty || $0.1 == ["decoder says \($0.0)"] }, "\(decoderLines.filter { !$0.1.isEmpty && $0.1 != ["decoder says \($0.0)"] })")
        // Under load every capture may have met a quiet section (of this test or of another
        // running beside it) and done without; once none is open, a capture captures.
        var alone: [Substring] = []
        let deadline = Date().addingTimeInterval(10)
        while alone.isEmpty, Date() < deadline {
            let (_, text) = CapturedStandardError.capture { () -> Int in
                FileHandle.standardError.write(Data("decoder says 9\n".utf8))
                return 0
            }
            alone = text.split(separator: "\n").filter { $0.hasPrefix("decoder says") }
            if alone.isEmpty { usleep(10_000) }
        }
        #expect(alone == ["decoder says 9"], "\(alone)")
    }
}
