import DrawingBoardCore
import Foundation
import Testing

/// The floors `scripts/latency` measures beside the app (`drawingboard-latency --floor-app`):
/// a floor that drew nothing would cost less than one that shows ink, and the figures would
/// say nothing. Driven like the app: a real window under Xvfb, a drag with xdotool.
@Suite(.serialized) struct FloorAppTests {
    @Test(arguments: [[], ["cairo"], ["sdl"]])
    func aFloorShowsInkWhereTheButtonWasHeld(_ variant: [String]) throws {
        let x = try XServer()
        let process = Process()
        process.executableURL = BinaryRunner.binary.deletingLastPathComponent().appendingPathComponent("drawingboard-latency")
        process.arguments = ["--floor-app"] + variant
        process.environment = ["DISPLAY": x.display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("floor-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer {
            // SIGKILL: the window ends with nothing to keep (SIGTERM does not reach it here).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: errors)
        }
        var window = ""
        // A minute, as for the app's own window: the whole suite starts windows in a dozen
        // suites at once on two cores (20 s was once too few for a debug build there).
        let appeared = eventually(60) {
            window = ((try? x.xdotool(["search", "--name", "^floor$"])) ?? "").split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty || !process.isRunning
        }
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try #require(appeared && !window.isEmpty, "the floor's window appears (\(process.isRunning ? "still running" : "exited \(process.terminationStatus)"); stderr: \(said))")
        // A drag down and to the right, held; then, the button up, the pointer moves on.
        try x.xdotool(["mousemove", "--window", window, "100", "100", "mousedown", "1"])
        for step in 1...10 { try x.xdotool(["mousemove", "--window", window, "\(100 + step * 20)", "\(100 + step * 5)"]) }
        try x.xdotool(["mouseup", "1"])
        for y in [250, 400] { try x.xdotool(["mousemove", "--window", window, "300", "\(y)"]) }
        // A last short drag: once it shows, the floor has handled every motion before it.
        try x.xdotool(["mousemove", "--window", window, "600", "500", "mousedown", "1"])
        for px in [620, 640, 660] { try x.xdotool(["mousemove", "--window", window, "\(px)", "500"]) }
        try x.xdotool(["mouseup", "1"])
        let done = try eventually(10) { try x.screenshot(window: window).pixel(x: 640, y: 500) & 0xFFFFFF == 0 }
        #expect(done, "the last drag shows")
        let shot = try x.screenshot(window: window)
        #expect(shot.pixel(x: 200, y: 125) & 0xFFFFFF == 0, "the first drag's middle is black")
        // Where the pointer went with the button up: a floor that drew there, or went on from
        // the drag's end, would not be the floor the figures are read against.
        for (px, py) in [(300, 250), (300, 400), (300, 325)] {
            #expect(shot.pixel(x: px, y: py) & 0xFFFFFF == 0xFFFFFF, "no ink at (\(px), \(py)) from motion without the button")
        }
        #expect(shot.pixel(x: 200, y: 150) & 0xFFFFFF == 0xFFFFFF, "the paper beside the drag stays white")
        if !variant.isEmpty {
            // Cairo's stroke is 4 px wide, antialiased: a slanted line's edge is grey, where the
            // bare floor puts square blocks.
            let column = (118...132).map { shot.pixel(x: 210, y: $0) & 0xFF }
            #expect(column.contains { $0 > 0 && $0 < 255 }, "antialiased edges: \(column)")
        }
    }
}
