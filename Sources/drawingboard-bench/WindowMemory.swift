import DrawingBoardCore
import DrawingBoardRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The window's peak memory at a deep zoom, against the same session at 100%

/// The real window (the app as it ships, on the bench's X server) driven with xdotool: opened
/// on a document, shown at 100% (Ctrl+1) and zoomed with Ctrl++ `zoomSteps` times, then each of `moves` (an xdotool
/// command) sent with the loop let settle after it, so every view it passes is painted sharp.
/// Returns the process's peak resident memory (VmHWM) in MB, or nil when it could not run.
func windowSessionPeak(_ document: URL, zoomSteps: Int, moves: [[String]]) -> Double? {
    let home = scratchFolder.appendingPathComponent("memory-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: ourBinary())
    p.arguments = ["--size", "1280x800", document.path]
    var environment = ProcessInfo.processInfo.environment
    for (key, folder) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data")] {
        let url = home.appendingPathComponent(folder)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        environment[key] = url.path
    }
    p.environment = environment
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    defer {
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }
    let pid = p.processIdentifier
    guard let window = xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(pid)", "--class", "io.github.drawingboard.DrawingBoard"])?
        .split(separator: "\n").first.map(String.init) else { return nil }
    // The document read and its page shown: the window busy no more.
    settle(pid, quiet: 0.5, within: 60)
    _ = xdotool(["windowfocus", "--sync", window])
    _ = xdotool(["mousemove", "--window", window, "640", "420"])
    for key in ["ctrl+1"] + Array(repeating: "ctrl+plus", count: zoomSteps) {
        _ = xdotool(["key", "--window", window, key])
        settle(pid)
    }
    for move in moves {
        _ = xdotool(move.map { $0 == "WINDOW" ? window : $0 })
        settle(pid)
    }
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
    return kb / 1024
}

/// Runs xdotool; its output, or nil when it failed.
func xdotool(_ arguments: [String]) -> String? {
    let p = Process(), out = Pipe()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    p.arguments = arguments
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return p.terminationStatus == 0 ? text : nil
}

/// Waits until the process (all its threads: the loop and the tile painters) has used no CPU
/// for `quiet` seconds, or `within` seconds have passed.
func settle(_ pid: pid_t, quiet: Double = 0.15, within: Double = 5) {
    func ticks() -> Int {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }
    let end = now() + within
    var last = ticks(), since = now()
    while now() < end {
        Thread.sleep(forTimeInterval: 0.03)
        let t = ticks()
        if t != last {
            last = t
            since = now()
        } else if now() - since >= quiet {
            return
        }
    }
}

/// The issue's two sessions, each at its zoom and at 100%: an A4 page at 3200% panned around
/// it (the wheel, ten notches a move, down, right, up, right and so on), and the 300-page
/// notebook leafed through at 400% (Page Down to its last page).
func windowMemoryFigures() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), ProcessInfo.processInfo.environment["DISPLAY"] != nil,
          FileManager.default.isExecutableFile(atPath: ourBinary()) else {
        row("window memory at a zoom", "skipped (needs DISPLAY, xdotool and the drawingboard binary)")
        return
    }
    print("")
    row("window's peak memory, zoomed / the same at 100%", "")
    let folder = scratchFolder.appendingPathComponent("memory")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // An A4 page (595x842 pt) written on: 300 strokes across it and a typed line.
    var steps: [String] = [##"{"tool": "pencil", "color": "#1a237e", "width": 3}"##]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
        let x = Double.random(in: 20...520, using: &generator), y = Double.random(in: 20...820, using: &generator)
        let points = (0..<12).map { k in String(format: "[%.1f, %.1f]", x + Double(k) * 6, y + 8 * sin(Double(k))) }
        steps.append(#"{"stroke": ["# + points.joined(separator: ", ") + "]}")
    }
    let script = folder.appendingPathComponent("a4.json")
    try Data((#"{"version": 1, "canvas": {"width": 595, "height": 842}, "steps": ["# + steps.joined(separator: ",\n") + "]}").utf8).write(to: script)
    let a4 = folder.appendingPathComponent("a4.ora")
    let render = Process()
    render.executableURL = URL(fileURLWithPath: ourBinary())
    render.arguments = ["render", script.path, "--output", a4.path]
    try render.run()
    render.waitUntilExit()
    var pan: [[String]] = []
    for leg in 0..<8 {
        let button = ["5", "7", "4", "7"][leg % 4]      // down, right, up, right
        pan += Array(repeating: ["mousemove", "--window", "WINDOW", "640", "420", "click", "--repeat", "10", "--delay", "5", button], count: 8)
    }
    let pageCount = Int(ProcessInfo.processInfo.environment["BENCH_NOTEBOOK_PAGES"] ?? "") ?? 300
    _ = try lectureNotebook(pages: pageCount, in: folder.appendingPathComponent("notebook"))
    let notebook = folder.appendingPathComponent("notebook/notebook.ora")
    let leaf = Array(repeating: ["key", "--window", "WINDOW", "Next"], count: pageCount - 1)
    var figures: [String: Any] = [:]
    for (name, key, document, zoom, moves) in [("A4 page at 3200%, panned", "a4_3200", a4, 11, pan),
                                                ("\(pageCount)-page notebook at 400%, leafed through", "notebook_400", notebook, 5, leaf)] {
        guard let zoomed = windowSessionPeak(document, zoomSteps: zoom, moves: moves),
              let plain = windowSessionPeak(document, zoomSteps: 0, moves: moves) else {
            row(name, "could not run the window")
            continue
        }
        row("  \(name)", String(format: "%.0f MB / %.0f MB  (%.2fx)", zoomed, plain, zoomed / plain))
        figures[key] = ["zoomed_peak_mb": zoomed, "plain_peak_mb": plain, "ratio": zoomed / plain]
    }
    json["window_memory"] = figures
}
