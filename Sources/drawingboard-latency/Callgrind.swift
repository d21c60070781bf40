import Foundation

// Instructions counted with valgrind's callgrind (`--instructions`, scripts/instructions): the
// app runs under valgrind, counting is turned on for the strokes alone, and a dump after the
// last gives the total.

/// The cost pass's strokes once, in one start, and the instructions per motion event they took.
@MainActor func countInstructions() {
    try? FileManager.default.createDirectory(atPath: callgrindFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: callgrindFolder) }
    // One start, instructions counted from the first stroke's press to a dump after the last.
    // The motions come at 25 Hz: under callgrind the app runs some fifty times slower, and at
    // 125 Hz a stroke's end (its commit) left motions waiting, handled then several to a frame.
    let counted = withApp { pid, box -> Double? in
        guard callgrind(["-i", "on", String(pid)]) else { return nil }
        for _ in 0..<2 { _ = draw(screen, in: box, rate: 25, strokes: 10, count: 60, step: 6, reading: false) }
        usleep(300_000)
        guard callgrind(["-d", String(pid)]) else { return nil }
        _ = callgrind(["-i", "off", String(pid)])
        usleep(500_000)
        keepProfile()
        return callgrindTotal(in: callgrindFolder).map { Double($0) / Double(2 * 10 * 59) }
    }
    if let perMotion = counted ?? nil {
        print(String(format: "%@  instructions: %.0f per motion event (callgrind: the app's code and its libraries', not the kernel's)", name, perMotion))
    } else {
        print("\(name)  instructions: not counted (is valgrind installed, and did the window appear?)")
    }
}

/// Copies callgrind's files to the folder `DRAWINGBOARD_CALLGRIND_KEEP` names, if set, each named
/// for the app, for `callgrind_annotate` (where the instructions went, by function).
func keepProfile() {
    guard let keep = ProcessInfo.processInfo.environment["DRAWINGBOARD_CALLGRIND_KEEP"], !keep.isEmpty else { return }
    try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
    for file in (try? FileManager.default.contentsOfDirectory(atPath: callgrindFolder)) ?? [] {
        let kept = "\(keep)/\(name.filter { $0.isLetter || $0.isNumber })-\(file)"
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: "\(callgrindFolder)/\(file)", toPath: kept)
    }
}

/// Runs `callgrind_control` with `arguments`; true when it did what was asked. (It reaches the
/// app through valgrind's gdbserver, which may need to ptrace it: run as its parent or as root.)
func callgrind(_ arguments: [String]) -> Bool {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/callgrind_control")
    p.arguments = arguments
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return false }
    p.waitUntilExit()
    return p.terminationStatus == 0
}

/// The instructions counted in callgrind's files in `folder` (the dump asked for has them; the
/// file written at the end, counting off by then, has what came after).
func callgrindTotal(in folder: String) -> Int? {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let totals = files.compactMap { file -> Int? in
        guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("totals:") }.flatMap { Int($0.dropFirst(7).trimmingCharacters(in: .whitespaces)) }
    }
    return totals.max()
}
