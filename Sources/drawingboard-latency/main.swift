import CXTest
import Foundation

// Motion-to-pixels latency of a drawing window, measured from outside as a user sees it: a
// real window on this X display (Xvfb), pointer motion injected with XTEST at a fixed rate
// while the button is held, and the screen read back (XGetImage) until the pixel under each
// injected point turns to ink. Then the same session without reading the screen, for the CPU
// each motion event costs the app and the X server, and the app's peak memory.
//
// drawingboard-latency --app NAME [--key K] -- COMMAND ARGS...   (scripts/latency runs it)
// --key: a key pressed once the window is up (a tool's letter). --step N: N px between samples
// at 125 Hz (a wide tool's). --smoothing light|strong: DrawingBoard's smoothing (how far it trails). --save: Ctrl+S is pressed just
// before the strokes (the app opened a document to save), at 125 Hz only: ink while it saves.
// --opacity O: DrawingBoard's pencil opacity (a translucent pencil). --width W: its pencil's
// width in page points (a thin one, for a deep zoom). --on-ink: the strokes go
// over ink (an eraser, on a document with ink): a dark box is sought, and paper coming back is
// what is timed. --cost: only the CPU and memory pass. --zoom-in N: Ctrl+= pressed N times
// once the window is up (DrawingBoard's levels from 100%: 5 is 400%, 9 is 1600%).
// --instructions: the cost pass's strokes once, with the app run under valgrind's callgrind,
// counting the instructions it runs for them (its own code and its libraries', not the
// kernel's): a figure the machine's other work cannot move (scripts/instructions).
// drawingboard-latency --floor-app: the least an X11 app can do per motion (FloorApp.swift),
// to measure as an app; --floor-app cairo: the same app stroking each motion with Cairo;
// --floor-app sdl: the same stroke from an SDL window, with SDL's own wait and present (SDLFloor.swift).
// drawingboard-latency --wake-probe: what a wake-up costs this machine's caches (WakeProbe.swift).

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

struct Box {
    var x, y, width, height: Int
}

/// The screen, read with XGetImage.
final class Screen {
    let display: OpaquePointer
    let root: Window
    let width: Int, height: Int

    init() {
        guard let display = XOpenDisplay(nil) else {
            FileHandle.standardError.write(Data("drawingboard-latency: cannot open the display (is DISPLAY set?)\n".utf8))
            exit(2)
        }
        self.display = display
        root = XDefaultRootWindow(display)
        width = Int(XDisplayWidth(display, 0))
        height = Int(XDisplayHeight(display, 0))
    }

    /// The pixels of `box` as (r, g, b) rows.
    func grab(_ box: Box) -> [[(UInt8, UInt8, UInt8)]]? {
        guard let image = XGetImage(display, root, Int32(box.x), Int32(box.y), UInt32(box.width), UInt32(box.height), ~0, ZPixmap) else {
            return nil
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        let bytes = Int(image.pointee.bits_per_pixel) / 8, stride = Int(image.pointee.bytes_per_line)
        guard bytes >= 3, let data = image.pointee.data else { return nil }
        return (0..<box.height).map { y in
            (0..<box.width).map { x in
                let p = UnsafeRawPointer(data + y * stride + x * bytes).assumingMemoryBound(to: UInt8.self)
                return (p[2], p[1], p[0])
            }
        }
    }

    /// The colour of each point now, read in one request.
    func colors(_ points: [(x: Int, y: Int)]) -> [(UInt8, UInt8, UInt8)]? {
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
              let minY = points.map(\.y).min(), let maxY = points.map(\.y).max(),
              let rows = grab(Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)) else { return nil }
        return points.map { rows[$0.y - minY][$0.x - minX] }
    }

    /// Whether ink now covers each point: its colour is far from the paper's there (`before`).
    func inked(_ points: [(x: Int, y: Int)], before: [(UInt8, UInt8, UInt8)]) -> [Bool] {
        guard let now = colors(points) else { return points.map { _ in false } }
        return zip(now, before).map { a, b in
            abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2)) >= 100
        }
    }

    /// A light box of `size` on the screen (paper to draw on: white, or ruled in a light
    /// colour), the one nearest the middle; a dark one (ink to erase) when `dark`.
    func paperBox(width w: Int, height h: Int, dark: Bool = false) -> Box? {
        guard let rows = grab(Box(x: 0, y: 0, width: width, height: height)) else { return nil }
        // How many pixels that are not light lie above and left of each point.
        var sums = [[Int]](repeating: [Int](repeating: 0, count: width + 1), count: height + 1)
        for y in 0..<height {
            var run = 0
            for x in 0..<width {
                let (r, g, b) = rows[y][x]
                let light = Int(r) + Int(g) + Int(b) >= 480, black = Int(r) + Int(g) + Int(b) <= 150
                run += (dark ? black : light) ? 0 : 1
                sums[y + 1][x + 1] = sums[y][x + 1] + run
            }
        }
        var best: (Box, Int)?
        for y in stride(from: 0, through: height - h, by: 8) {
            for x in stride(from: 0, through: width - w, by: 8) where sums[y + h][x + w] - sums[y][x + w] - sums[y + h][x] + sums[y][x] == 0 {
                let distance = abs(x + w / 2 - width / 2) + abs(y + h / 2 - height / 2)
                if best == nil || distance < best!.1 { best = (Box(x: x, y: y, width: w, height: h), distance) }
            }
        }
        return best?.0
    }

    func move(_ x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, -1, Int32(x), Int32(y), 0)
        XFlush(display)
    }

    /// Presses and releases the key named `name` (an X keysym name: "h", "e").
    func key(_ name: String) {
        let code = XKeysymToKeycode(display, XStringToKeysym(name))
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        XFlush(display)
    }

    /// Ctrl and a key together (Ctrl+S).
    func control(_ name: String) {
        let ctrl = XKeysymToKeycode(display, XStringToKeysym("Control_L")), code = XKeysymToKeycode(display, XStringToKeysym(name))
        XTestFakeKeyEvent(display, UInt32(ctrl), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        XTestFakeKeyEvent(display, UInt32(ctrl), 0, 0)
        XFlush(display)
    }

    func button(_ down: Bool) {
        XTestFakeButtonEvent(display, 1, down ? 1 : 0, 0)
        XFlush(display)
    }
}

/// The points of stroke `n` in `box`: a wave across it, `step` pixels apart.
func strokePoints(_ n: Int, in box: Box, step: Int, count: Int) -> [(x: Int, y: Int)] {
    let y0 = box.y + 16 + n * 24
    return (0..<count).map { k in (box.x + 10 + k * step, y0 + Int((6 * sin(Double(k) / 3)).rounded())) }
}

/// CPU time of `pid` so far, every thread's, those that ended included, to the nanosecond
/// (the process's CPU clock; /proc's stat counts in 10 ms ticks, too coarse for a few
/// thousand events).
func cpuSeconds(_ pid: pid_t) -> Double {
    var clock = clockid_t()
    var t = timespec()
    guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &t) == 0 else { return 0 }
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func peakMemoryMB(_ pid: pid_t) -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
}

func xServerPID() -> pid_t? {
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    let number = display.split(separator: ":").last.map(String.init) ?? ""
    // The Xvfb listening on this display.
    let p = Process(), out = Pipe()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
    p.arguments = ["-f", "^Xvfb :\(number) "]
    p.standardOutput = out
    guard (try? p.run()) != nil else { return nil }
    p.waitUntilExit()
    return pid_t(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").first ?? "")
}

struct Session {
    var latencies: [Double] = []
    var missing = 0
}

/// Draws `strokes` strokes of `count` points at `rate` Hz; with `reading`, waits after each
/// motion for its pixel and records how long it took.
func draw(_ screen: Screen, in box: Box, rate: Double, strokes: Int, count: Int, step: Int, reading: Bool) -> Session {
    var session = Session()
    let period = 1 / rate
    for n in 0..<strokes {
        let points = strokePoints(n, in: box, step: step, count: count)
        screen.move(points[0].x, points[0].y)
        usleep(50_000)
        // The paper under every point before the stroke: ink is what changes it.
        let paper = screen.colors(points) ?? []
        var pending: [(index: Int, at: Double)] = []
        func poll() {
            guard reading, !pending.isEmpty, paper.count == points.count else { return }
            let inked = screen.inked(pending.map { points[$0.index] }, before: pending.map { paper[$0.index] })
            let t = now()
            var still: [(index: Int, at: Double)] = []
            for (entry, done) in zip(pending, inked) {
                if done {
                    session.latencies.append(t - entry.at)
                } else if t - entry.at > 0.5 {
                    session.missing += 1
                } else {
                    still.append(entry)
                }
            }
            pending = still
        }
        var next = now()
        screen.button(true)
        pending.append((0, now()))
        for (i, point) in points.enumerated().dropFirst() {
            next += period
            if reading {
                while now() < next { poll() }
            } else {
                // Nothing to read: sleep, so the harness leaves a core to the app and the server.
                let rest = next - now()
                if rest > 0 { usleep(useconds_t(rest * 1e6)) }
            }
            screen.move(point.x, point.y)
            pending.append((i, now()))
        }
        // The end of the stroke: the last point must appear while the button is still held.
        let end = now() + 0.3
        if reading {
            while !pending.isEmpty, now() < end { poll() }
        } else {
            usleep(300_000)
        }
        session.missing += pending.count
        screen.button(false)
        usleep(150_000)
    }
    return session
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

// MARK: - The run

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--wake-probe"] { runWakeProbe() }
if arguments == ["--floor-app"] || arguments == ["--floor-app", "cairo"] { runFloorApp(cairo: arguments.count == 2) }
if arguments == ["--floor-app", "sdl"] { runSDLFloor() }
guard arguments.count >= 4, arguments[0] == "--app", let dash = arguments.firstIndex(of: "--") else {
    FileHandle.standardError.write(Data("usage: drawingboard-latency --app NAME [--key K] [--step N] [--save] [--smoothing light|strong] [--opacity O] [--width W] [--on-ink] [--zoom-in N] [--cost] [--instructions] [--app-log FILE] -- COMMAND ARGS...\n".utf8))
    exit(2)
}
let name = arguments[1]
let toolKey = arguments.firstIndex(of: "--key").flatMap { $0 + 1 < dash ? arguments[$0 + 1] : nil }
let saving = arguments[..<dash].contains("--save")
/// Only the cost pass (to profile it alone: `perf record -p` the app it starts).
let costOnly = arguments[..<dash].contains("--cost")
/// Pixels between samples at 125 Hz (240 Hz: two thirds of it): more than a wide tool's half
/// width, so the pixel under a point is not already covered by the segment before it.
/// The app's smoothing (DrawingBoard's settings file), to measure how far it trails.
let smoothing = arguments.firstIndex(of: "--smoothing").flatMap { $0 + 1 < dash ? arguments[$0 + 1] : nil }
/// The pencil's opacity (DrawingBoard's settings file), for a translucent pencil.
let opacity = arguments.firstIndex(of: "--opacity").flatMap { $0 + 1 < dash ? Double(arguments[$0 + 1]) : nil }
/// The pencil's width in page points (DrawingBoard's settings file): a thin pencil, so strokes
/// far apart at a deep zoom stay apart on screen.
let penWidth = arguments.firstIndex(of: "--width").flatMap { $0 + 1 < dash ? Double(arguments[$0 + 1]) : nil }
/// Draw on ink rather than paper (the erasers): the box sought is dark, and what is measured
/// is the paper coming back.
let onInk = arguments[..<dash].contains("--on-ink")
let zoomSteps = arguments.firstIndex(of: "--zoom-in").flatMap { $0 + 1 < dash ? Int(arguments[$0 + 1]) : nil } ?? 0
let step125 = arguments.firstIndex(of: "--step").flatMap { $0 + 1 < dash ? Int(arguments[$0 + 1]) : nil } ?? 6
/// Count instructions with callgrind instead of timing (the command runs under valgrind).
let countsInstructions = arguments[..<dash].contains("--instructions")
/// Where callgrind writes its counts (`cg.out` and its dumps, `cg.out.1`).
let callgrindFolder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-callgrind-\(UUID().uuidString)").path
let command = countsInstructions
    ? ["/usr/bin/valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=\(callgrindFolder)/cg.out"] + Array(arguments[(dash + 1)...])
    : Array(arguments[(dash + 1)...])
/// `--app-log FILE`: the app's standard error goes there (with `DRAWINGBOARD_STATS=1`, its
/// loop's CPU by phase), written again for each start.
let appLog = arguments.firstIndex(of: "--app-log").flatMap { $0 + 1 < dash ? arguments[$0 + 1] : nil }
let screen = Screen()

/// Starts the app with settings and state of its own (nothing from an earlier run), waits for
/// paper to draw on, runs `body`, and stops the app.
/// `home`: the folders to start it with (fresh ones, removed after, when nil).
@MainActor func withApp<T>(home given: URL? = nil, _ body: (pid_t, Box) -> T) -> T? {
    let home = given ?? FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-latency-\(UUID().uuidString)")
    defer { if given == nil { try? FileManager.default.removeItem(at: home) } }
    var environment = ProcessInfo.processInfo.environment
    for (key, folder) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data")] {
        let url = home.appendingPathComponent(folder)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        environment[key] = url.path
    }
    if smoothing != nil || opacity != nil || penWidth != nil {
        let settings = home.appendingPathComponent("config/drawingboard")
        try? FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        var json = #"{"windowWidth": 1000, "windowHeight": 700, "recentColors": []"#
        if let smoothing { json += #", "smoothing": "\#(smoothing)""# }
        if let opacity { json += #", "penOpacity": \#(opacity)"# }
        if let penWidth { json += #", "penWidth": \#(penWidth)"# }
        try? Data((json + "}").utf8).write(to: settings.appendingPathComponent("settings.json"))
    }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: command[0])
    p.arguments = Array(command.dropFirst())
    p.environment = environment
    p.standardOutput = FileHandle.nullDevice
    p.standardError = appLog.flatMap { path in
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    } ?? FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    defer {
        p.terminate()
        usleep(200_000)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }
    var box: Box?
    let deadline = now() + 20
    while box == nil, now() < deadline {
        usleep(500_000)
        box = screen.paperBox(width: 420, height: 16 + 24 * 10, dark: onInk)
    }
    guard var box else { return nil }
    if zoomSteps > 0 {
        // Zoomed about the window's middle: the paper found again (still white) once drawn.
        screen.move(box.x + box.width / 2, box.y + box.height / 2)
        for _ in 0..<zoomSteps {
            screen.control("equal")
            usleep(50_000)
        }
        usleep(1_500_000)
        guard let zoomed = screen.paperBox(width: 420, height: 16 + 24 * 10, dark: onInk) else { return nil }
        box = zoomed
    }
    if let toolKey {
        screen.move(box.x + box.width / 2, box.y + box.height / 2)
        screen.key(toolKey)
    }
    usleep(500_000)
    return body(p.processIdentifier, box)
}

if countsInstructions {
    countInstructions()
} else {
    measure()
}

/// The latency passes and the cost pass.
@MainActor func measure() {
    let rates: [Double] = costOnly ? [] : saving ? [125] : [125, 240]
    for rate in rates {
        // About 6 px a sample at 125 Hz, 4 px at 240 Hz: a quick hand.
        let step = rate > 200 ? max(4, step125 * 2 / 3) : step125, count = 380 / step
        let result = withApp { _, box in
            if saving { screen.control("s") }
            return draw(screen, in: box, rate: rate, strokes: 10, count: count, step: step, reading: true)
        }
        guard let result else {
            print("\(name)  \(Int(rate)) Hz: no window with paper to draw on appeared")
            continue
        }
        let l = result.latencies
        print(String(format: "%@  %3d Hz: motion to pixels median %.1f ms, p90 %.1f ms, p99 %.1f ms, longest %.1f ms over %d points (%d never appeared)",
                     name, Int(rate), percentile(l, 0.5) * 1e3, percentile(l, 0.9) * 1e3, percentile(l, 0.99) * 1e3, (l.max() ?? .nan) * 1e3,
                     l.count, result.missing))
    }
    if saving { exit(0) }

    // The cost of drawing: 20 strokes at 125 Hz, nothing read back.
    let server = xServerPID()
    // Twice with the same folders: the first start (nothing cached yet), then a start as every
    // later one is (the settings and caches the first left behind). The first run's unsaved
    // session goes, as after a quit with Discard: otherwise the app offers to restore it.
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-latency-\(UUID().uuidString)")
    for start in ["first start", "later start"] {
        try? FileManager.default.removeItem(at: home.appendingPathComponent("state"))
        guard let cost = withApp(home: home, { pid, box -> (Double, Double, Double, Int) in
            let app0 = cpuSeconds(pid), x0 = server.map(cpuSeconds) ?? 0
            var motions = 0
            for _ in 0..<2 {
                _ = draw(screen, in: box, rate: 125, strokes: 10, count: 60, step: 6, reading: false)
                motions += 10 * 59
            }
            usleep(300_000)
            return (cpuSeconds(pid) - app0, (server.map(cpuSeconds) ?? 0) - x0, peakMemoryMB(pid), motions)
        }) else { continue }
        print(String(format: "%@  cost, %@: %.0f us of CPU per motion event, X server %.0f us per motion, peak resident memory %.0f MB",
                     name, start, cost.0 / Double(cost.3) * 1e6, cost.1 / Double(cost.3) * 1e6, cost.2))
    }
    try? FileManager.default.removeItem(at: home)
}
