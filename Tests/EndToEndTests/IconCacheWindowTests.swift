import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing

/// A start after the first takes the interface's icons from the cache: the same pixels on the
/// screen, and librsvg never loaded (about 7 MB less resident for the whole session).
@Suite(.serialized) struct IconCacheWindowTests {
    func librsvgLoaded(_ app: AppUnderTest) throws -> Bool {
        try String(contentsOfFile: "/proc/\(app.process.processIdentifier)/maps", encoding: .utf8).contains("librsvg")
    }

    @Test func aLaterStartShowsTheSameIconsWithoutLibrsvg() throws {
        let x = try XServer()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-icons-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let bar = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                         hasMessage: false, hasDialog: false).frame(of: .undo)!
        func toolbar(_ shot: RasterImage) -> [UInt32] {
            (0..<1000).flatMap { px in (Int(bar.minY)..<Int(bar.maxY)).map { shot.rgb(px, $0) } }
        }
        let first = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: ["XDG_CACHE_HOME": cache.path])
        let before = try first.screenshot("icons-first-start")
        #expect(try librsvgLoaded(first), "the first start draws the icons with librsvg")
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("drawingboard/icons").path)
        #expect(entries.count >= 20, "\(entries)")

        let later = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: ["XDG_CACHE_HOME": cache.path])
        let after = try later.screenshot("icons-later-start")
        #expect(try !librsvgLoaded(later))
        #expect(toolbar(after) == toolbar(before))
        #expect(toolbar(after).contains { $0 == 0x202020 || ($0 & 0xFF) < 0x60 }, "dark icon pixels on the bar")
    }
}
