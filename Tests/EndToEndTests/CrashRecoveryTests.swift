import DrawingBoardCore
import DrawingBoardUI
import Foundation
import Testing
import XvfbSupport

/// Autosave: a window killed with SIGKILL loses nothing that was committed.
@Suite(.serialized) struct CrashRecoveryTests {
    @Test func afterKillDashNineTheNextStartRestoresTheStrokesAndTheirHistory() throws {
        let x = try XServer()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["XDG_STATE_HOME": state.path]
        let size = PixelSize(width: 1000, height: 700)
        let first = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: env)
        try first.drag([(150, 300), (450, 300)])
        try first.drag([(150, 400), (450, 400)])
        #expect(try eventually { try first.screenshot().rgb(300, 400) == 0x000000 })
        #expect(first.crash(afterJournaling: 2, under: state), "both strokes journaled")

        let second = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: env)
        #expect(try second.acceptRestoreOffer(size: size, screenshot: "recovery-offer"), "the offer shows")
        #expect(try eventually {
            let s = try second.screenshot()
            return s.rgb(300, 300) == 0x000000 && s.rgb(300, 400) == 0x000000
        }, "both strokes are back")
        try second.screenshot("recovery-restored")
        #expect(second.title.hasPrefix("*"), "restored work is unsaved")
        try second.key("ctrl+z")
        #expect(try eventually {
            let s = try second.screenshot()
            return s.rgb(300, 400) == 0xFFFFFF && s.rgb(300, 300) == 0x000000
        }, "with its history: undo removes the last stroke")
        // Quitting on purpose (discarding) leaves no journal behind.
        try? second.key("ctrl+q")
        let quit = Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: true, hasDialog: true)
        #expect(try second.waitForQuestion(quit), "quitting asks")
        try? second.click(quit.frame(of: .dialog(.discard))!.center)
        #expect(second.waitForExit() == 0)
        let sessions = state.appendingPathComponent("drawingboard/sessions")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []).isEmpty)
    }

    /// SIGTERM (logout, a task manager) ends the app at once, without a question it could not
    /// answer; unsaved work is offered back at the next start, and a clean session leaves nothing.
    @Test func sigtermEndsAtOnceAndKeepsUnsavedWorkForTheNextStart() throws {
        let x = try XServer()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let env = ["XDG_STATE_HOME": state.path]
        let sessions = state.appendingPathComponent("drawingboard/sessions")
        let first = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: env)
        try first.drag([(150, 300), (450, 300)])
        #expect(try eventually { try first.screenshot().rgb(300, 300) == 0x000000 })
        kill(first.process.processIdentifier, SIGTERM)
        #expect(first.waitForExit() == 0, "ended without asking")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []).count == 1, "the work is kept")

        let second = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: env)
        #expect(try second.acceptRestoreOffer(size: PixelSize(width: 1000, height: 700)), "the offer shows")
        #expect(try eventually { try second.screenshot().rgb(300, 300) == 0x000000 }, "the stroke is back")
        try second.answerChooser(with: second.home.appendingPathComponent("kept.ora").path)
        try second.key("ctrl+s")
        #expect(eventually { !second.title.hasPrefix("*") }, "saved: \(second.title)")
        kill(second.process.processIdentifier, SIGTERM)
        #expect(second.waitForExit() == 0)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []).isEmpty, "nothing unsaved, nothing left")
    }
}

extension CrashRecoveryTests {
    /// The session: `XDG_STATE_HOME` on a 2 MB tmpfs; 2 strokes; the disk fills; a
    /// 300-point stroke cannot be journaled (the banner says so); space comes back; 2 more
    /// strokes; `kill -9`; the next start restores all 5 (it restored 2).
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskInTheMiddleOfASessionLosesNoStroke() throws {
        let x = try XServer()
        let disk = try SmallDisk(size: "2m")
        let env = ["XDG_STATE_HOME": disk.folder.path]
        let size = PixelSize(width: 1000, height: 700)
        let first = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: env)
        try first.drag([(150, 150), (450, 150)])
        try first.drag([(150, 250), (450, 250)])
        #expect(try eventually { try first.screenshot().rgb(300, 250) == 0x000000 })
        try disk.fill()
        let wiggle: [(Int, Int)] = (0..<300).map { (i: Int) -> (Int, Int) in (120 + i * 2, i % 2 == 0 ? 349 : 351) }
        try first.drag(wiggle)
        let banner = Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: true, hasDialog: false)
            .message!
        // The banner's top-left corner (below the top bar) is no longer the white page.
        #expect(try eventually { try first.screenshot().rgb(Int(banner.minX) + 12, Int(banner.minY) + 12) != 0xFFFFFF },
                "a banner says autosave failed")
        try first.screenshot("full-disk-banner")
        try disk.free()
        try first.drag([(150, 450), (450, 450)])
        try first.drag([(150, 550), (450, 550)])
        #expect(try eventually { try first.screenshot().rgb(300, 550) == 0x000000 })
        #expect(first.crash(afterJournaling: 5, under: disk.folder), "all five strokes journaled once there is space")

        let second = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: env)
        #expect(try second.acceptRestoreOffer(size: size), "the offer shows")
        #expect(try eventually {
            let s = try second.screenshot()
            return [150, 250, 350, 450, 550].allSatisfy { s.rgb(300, $0) == 0x000000 }
        }, "all five strokes are back")
        try second.screenshot("full-disk-restored")
    }
}

extension AppUnderTest {
    /// Waits for the offer to restore a dead session and accepts it; false if it never shows.
    func acceptRestoreOffer(size: PixelSize, screenshot shot: String? = nil) throws -> Bool {
        let dialog = Layout(window: size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false,
                            hasDialog: true, dialogButtons: [.restore, .discard])
        guard try waitForQuestion(dialog, first: .restore) else { return false }
        if let shot { try self.screenshot(shot) }
        try click(dialog.frame(of: .dialog(.restore))!.center)
        return true
    }
}
