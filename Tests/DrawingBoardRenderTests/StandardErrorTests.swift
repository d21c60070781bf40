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

    @Test func quietSectionsAndCapturesOnManyThreadsLeaveStandardErrorAsItWas() {
        let before = Self.identity()
        let group = DispatchGroup()
        let captured = NSLock()
        nonisolated(unsafe) var texts: [String] = []
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
                        texts.append(text)
                        captured.unlock()
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        let after = Self.identity()
        #expect(after.0 == before.0 && after.1 == before.1, "standard error was left pointing elsewhere")
        // A capture holds its own thread's words only (or nothing, while poppler was quiet).
        #expect(texts.allSatisfy { $0.isEmpty || $0 == "decoder says 1\n" || $0 == "decoder says 3\n" }, "\(Set(texts))")
        #expect(texts.contains { !$0.isEmpty }, "captures did capture")
    }
}
