// drawingboard-bench: the speed and memory figures of DrawingBoard, each next to a baseline run
// in the same process, so the ratios hold on a noisy machine. Prints a table, then one JSON
// object on the last line. Run it with scripts/bench (release build, Xvfb for the window parts).
import CairoBaseline
import DrawingBoardCore
import DrawingBoardRender
import Foundation
import TestPDFs
#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

struct Stats {
    var median: Double
    var p99: Double
    init(_ samples: [Double]) {
        let s = samples.sorted()
        median = s[s.count / 2]
        p99 = s[min(s.count - 1, Int(Double(s.count) * 0.99))]
    }
}

nonisolated(unsafe) var json: [String: Any] = [:]
/// The app measured: `DRAWINGBOARD_BIN` (scripts/bench builds it as it ships, the Swift
/// runtime linked in), else the `drawingboard` built beside this benchmark.
func ourBinary() -> String {
    if let given = ProcessInfo.processInfo.environment["DRAWINGBOARD_BIN"], !given.isEmpty { return given }
    return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("drawingboard").path
}

func row(_ name: String, _ value: String) {
    print(name.padding(toLength: 58, withPad: " ", startingAt: 0) + value)
}
func us(_ s: Double) -> String { String(format: "%.1f us", s * 1e6) }
func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1e3) }

/// A scribble of `n` samples about 6 px apart, inside the canvas.
func scribble(_ size: PixelSize, _ n: Int, phase: Double = 0) -> [Point] {
    let cx = Double(size.width) / 2, cy = Double(size.height) / 2
    let ax = Double(size.width) * 0.4, ay = Double(size.height) * 0.4
    var points: [Point] = []
    var t = phase
    for _ in 0..<n {
        points.append(Point(cx + ax * sin(3 * t), cy + ay * sin(2 * t)))
        let speed = (pow(3 * ax * cos(3 * t), 2) + pow(2 * ay * cos(2 * t), 2)).squareRoot()
        t += 6 / max(speed, 1)
    }
    return points
}

/// The bench's files; `BENCH_KEEP=1` leaves them (printed at the end) to profile a run by hand.
let scratchFolder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-bench-\(UUID().uuidString)")
func removeScratch() {
    if ProcessInfo.processInfo.environment["BENCH_KEEP"] != nil {
        print("files kept in \(scratchFolder.path)")
    } else {
        try? FileManager.default.removeItem(at: scratchFolder)
    }
}
func makeEditor(_ size: PixelSize) throws -> Editor {
    try Editor(size: size)
}

/// Per motion event of a live pencil, everything the window does before presenting: the
/// editor takes the sample, then the new piece of stroke is painted onto the frame and any
/// dirty rectangle composed (background, drawing, live strokes), as `AppController.render` does.
/// The part of each event spent on the frame (the rest is the editor's bookkeeping).
nonisolated(unsafe) var composeShare: [Double] = []

func liveCost(_ editor: Editor, _ frame: Frame, _ points: [Point], width: Double = 6, opacity: Double = 1) -> [Double] {
    editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: width, opacity: opacity))
    func present() {
        let left = editor.screen.paint(editor.screen.takeIncrements(), into: frame)
        for r in left + [editor.screen.takeDirtyRect()].compactMap({ $0 }) { editor.screen.compose(into: frame, area: r) }
    }
    editor.handle(PointerEvent(source: .mouse, phase: .down, position: points[0]))
    present()
    var samples: [Double] = []
    composeShare = []
    for p in points.dropFirst() {
        let t0 = now()
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: p))
        let t1 = now()
        present()
        let t2 = now()
        samples.append(t2 - t0)
        composeShare.append(t2 - t1)
    }
    editor.handle(PointerEvent(source: .mouse, phase: .up, position: points[points.count - 1]))
    _ = editor.screen.takeDirtyRect()
    return samples
}

func baselineCost(_ size: PixelSize, _ points: [Point], naive: Bool, width: Double = 6) -> [Double] {
    let canvas = cb_canvas_new(Int32(size.width), Int32(size.height))
    defer { cb_canvas_free(canvas) }
    return baselineCost(canvas, points, naive: naive, width: width)
}

func baselineCost(_ canvas: OpaquePointer?, _ points: [Point], naive: Bool, width: Double = 6) -> [Double] {
    var samples: [Double] = []
    for i in 1..<points.count {
        let a = points[i - 1], b = points[i]
        let t0 = now()
        if naive { cb_naive_segment(canvas, a.x, a.y, b.x, b.y, width) } else { cb_stroke_segment(canvas, a.x, a.y, b.x, b.y, width) }
        samples.append(now() - t0)
    }
    _ = cb_canvas_checksum(canvas)
    return samples
}

/// DrawingBoard and raw Cairo on the same points, taken in turns in several rounds, so that a
/// moment when the machine is busier weighs on both alike.
func sideBySide(_ editor: Editor, _ frame: Frame, _ points: [Point], rounds: Int = 8, opacity: Double = 1) -> (ours: [Double], raw: [Double], frame: [Double]) {
    let canvas = cb_canvas_new(Int32(editor.size.width), Int32(editor.size.height))
    defer { cb_canvas_free(canvas) }
    var ours: [Double] = [], raw: [Double] = [], share: [Double] = []
    let chunk = (points.count + rounds - 1) / rounds
    for start in stride(from: 0, to: points.count - 1, by: chunk) {
        let piece = Array(points[start..<min(points.count, start + chunk + 1)])
        guard piece.count > 2 else { continue }
        raw += baselineCost(canvas, piece, naive: false)
        ours += liveCost(editor, frame, piece, opacity: opacity)
        share += composeShare
    }
    return (ours, raw, share)
}

/// The benchmark's random numbers: the same page every run, so runs of different versions compare.
nonisolated(unsafe) var rng = SeededRandom(state: 2026)

func randomStrokes(_ editor: Editor, _ count: Int) {
    editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: RGBColor(red: 200, green: 40, blue: 40), width: 5))
    for _ in 0..<count {
        let x = Double.random(in: 40...Double(editor.size.width - 40), using: &rng)
        let y = Double.random(in: 40...Double(editor.size.height - 40), using: &rng)
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: Point(x, y)))
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: Point(x + 15, y + 10)))
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: Point(x + 30, y - 5)))
        _ = editor.screen.takeDirtyRect()
    }
}

func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

// MARK: - 1. Per-segment drawing cost

print("DrawingBoard benchmark (\(ProcessInfo.processInfo.processorCount) cores)\n")
// One part alone, with its JSON (`BENCH_ONLY_ZOOM=1` and so on; development.md lists them).
let parts: [(String, () throws -> Void)] = [("BENCH_ONLY_NOTEBOOK", notebookFigures), ("BENCH_ONLY_XOPP", xournalImportFigures),
                                           ("BENCH_ONLY_ELEMENTS", elementFigures), ("BENCH_ONLY_UNDO", undoFromPageFigures),
                                           ("BENCH_ONLY_ZOOM", zoomFigures), ("BENCH_ONLY_MEMORY", windowMemoryFigures),
                                           ("BENCH_ONLY_PEN", pressureFigures), ("BENCH_ONLY_SELECTION", selectionFigures),
                                           ("BENCH_ONLY_FIND", findFigures)]
if let (_, run) = parts.first(where: { ProcessInfo.processInfo.environment[$0.0] != nil }) {
    try run()
    let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    print("\n" + String(decoding: data, as: UTF8.self))
    removeScratch()
    exit(0)
}
for (name, size) in [("1080p", PixelSize(width: 1920, height: 1080)), ("4K", PixelSize(width: 3840, height: 2160))] {
    let points = scribble(size, 2000)
    let editor = try makeEditor(size)
    let frame = try Frame(size: size)
    editor.screen.compose(into: frame, area: PixelRect(size: size))
    _ = liveCost(editor, frame, Array(points.prefix(200)))          // warm up
    let measured = sideBySide(editor, frame, points)
    let ours = Stats(measured.ours), compose = Stats(measured.frame), raw = Stats(measured.raw)
    let naive = Stats(baselineCost(size, Array(points.prefix(300)), naive: true))
    row("segment \(name): DrawingBoard median / p99", "\(us(ours.median)) / \(us(ours.p99))")
    row("segment \(name): raw Cairo (C) median / p99", "\(us(raw.median)) / \(us(raw.p99))")
    row("segment \(name): naive whole-canvas redraw median", us(naive.median))
    row("segment \(name): of which painting the frame (median)", us(compose.median))
    row("segment \(name): DrawingBoard / raw Cairo", String(format: "%.2fx", ours.median / raw.median))
    row("segment \(name): naive / DrawingBoard", String(format: "%.0fx", naive.median / ours.median))
    // A translucent pencil cannot be painted twice: it redraws its mask and composes.
    let translucent = sideBySide(editor, frame, points, opacity: 0.5)
    let seeThrough = Stats(translucent.ours), rawAgain = Stats(translucent.raw)
    row("segment \(name), 50% opacity: median / raw Cairo", "\(us(seeThrough.median)) / \(us(rawAgain.median)) = " + String(format: "%.2fx", seeThrough.median / rawAgain.median))
    json["segment_\(name)"] = ["ours_median_us": ours.median * 1e6, "ours_p99_us": ours.p99 * 1e6, "raw_median_us": raw.median * 1e6,
                               "raw_p99_us": raw.p99 * 1e6, "naive_median_us": naive.median * 1e6,
                               "ratio_to_raw": ours.median / raw.median, "naive_ratio": naive.median / ours.median,
                               "translucent_median_us": seeThrough.median * 1e6, "translucent_ratio_to_raw": seeThrough.median / rawAgain.median]
}

// MARK: - 2. Cost against history length (4K)

let uhd = PixelSize(width: 3840, height: 2160)
var history: [[String: Double]] = []
do {
    let editor = try makeEditor(uhd)
    let frame = try Frame(size: uhd)
    editor.screen.compose(into: frame, area: PixelRect(size: uhd))
    var drawn = 0
    var firstMedian: Double?
    for target in [10, 1000, 10000] {
        randomStrokes(editor, target - drawn)
        drawn = target
        let points = scribble(uhd, 1000, phase: Double(target))
        // Raw Cairo on the same points right before, so a machine busier at one length than
        // at another does not pass for a cost of the history.
        let measured = sideBySide(editor, frame, points)
        let raw = Stats(measured.raw), draw = Stats(measured.ours)
        try editor.undo()                                           // the measuring stroke goes
        if let r = editor.screen.takeDirtyRect() { editor.screen.compose(into: frame, area: r) }
        var undos: [Double] = []
        let steps = min(20, target)
        for _ in 0..<steps {
            let t0 = now()
            try editor.undo()
            if let r = editor.screen.takeDirtyRect() { editor.screen.compose(into: frame, area: r) }
            undos.append(now() - t0)
        }
        for _ in 0..<steps { try editor.redo() }
        _ = editor.screen.takeDirtyRect()
        let undo = Stats(undos)
        let ratio = draw.median / raw.median
        firstMedian = firstMedian ?? ratio
        row("history \(target) strokes (4K): segment median / raw Cairo", us(draw.median) + String(format: " / %@ = %.2fx (%.2fx of 10 strokes)", us(raw.median), ratio, ratio / firstMedian!))
        row("history \(target) strokes (4K): undo median / max of \(steps)", "\(ms(undo.median)) / \(ms(undos.max()!))")
        history.append(["strokes": Double(target), "segment_median_us": draw.median * 1e6, "raw_median_us": raw.median * 1e6,
                        "ratio_to_10_strokes": ratio / firstMedian!, "undo_median_ms": undo.median * 1e3,
                        "undo_max_ms": undos.max()! * 1e3])
    }
    // The stroke eraser swept across the 10,000 strokes: per motion sample.
    editor.toolState = ToolState(tool: .strokeEraser, style: StrokeStyle(width: 12))
    let sweep = scribble(uhd, 200, phase: 7)
    var erasing: [Double] = []
    editor.handle(PointerEvent(source: .mouse, phase: .down, position: sweep[0]))
    for p in sweep.dropFirst() {
        let t0 = now()
        editor.handle(PointerEvent(source: .mouse, phase: .move, position: p))
        if let r = editor.screen.takeDirtyRect() { editor.screen.compose(into: frame, area: r) }
        erasing.append(now() - t0)
    }
    let before = editor.strokes.count
    editor.handle(PointerEvent(source: .mouse, phase: .up, position: sweep[sweep.count - 1]))
    let removed = 10000 - editor.strokes.count
    let t0 = now()
    try editor.undo()
    let undoErase = now() - t0
    _ = editor.screen.takeDirtyRect()
    let erase = Stats(erasing)
    row("stroke eraser over 10000 strokes: per sample median / p99", "\(us(erase.median)) / \(us(erase.p99)) (\(removed) strokes removed)")
    row("stroke eraser over 10000 strokes: undoing the gesture", ms(undoErase))
    json["stroke_eraser"] = ["median_us": erase.median * 1e6, "p99_us": erase.p99 * 1e6, "removed": Double(removed), "undo_ms": undoErase * 1e3]
    _ = before
    row("history 10000 strokes: pixels held in memory", String(format: "%.1f MB", Double(editor.history.residentBytes) / 1e6))
    row("process resident memory after 10000 strokes (4K)", String(format: "%.1f MB", Double(residentBytes()) / 1e6))
    json["history"] = history
    json["history_resident_mb"] = Double(editor.history.residentBytes) / 1e6
    json["process_resident_mb"] = Double(residentBytes()) / 1e6
    // Opening that drawing as a document: its strokes are replayed once and compared with its
    // pixels (so the stroke eraser can repaint from them).
    let document = editor.image.contents()
    let o0 = now()
    let reopened = try Editor(document: document)
    let openTime = now() - o0
    row("opening it as a document (\(reopened.strokes.count) strokes)", ms(openTime))
    json["open_document_ms"] = openTime * 1e3
}

// MARK: - 3. Undo per step (4K): what a step holds, and its time painted from the page

do {
    var steps: [String: Any] = [:]
    let small: [Point] = [Point(1000, 1000), Point(1010, 1005), Point(1020, 1000)]
    let medium: [Point] = (0...40).map { (i: Int) -> Point in Point(1000 + Double(i) * 10, 1000 + 30 * sin(Double(i) / 4)) }
    var full: [Point] = []
    for r in 0...36 {
        let y = Double(r) * 60 + 20
        full.append(Point(20, y))
        full.append(Point(3820, y))
    }
    let cases: [(String, [Point])] = [("small", small), ("medium", medium), ("full-canvas", full)]
    for (name, points) in cases {
        let editor = try makeEditor(uhd)
        randomStrokes(editor, 300)                                  // something under the stroke
        editor.toolState = ToolState(tool: .pencil, style: StrokeStyle(color: .black, width: 24))
        editor.handle(PointerEvent(source: .mouse, phase: .down, position: points[0]))
        for p in points.dropFirst() { editor.handle(PointerEvent(source: .mouse, phase: .move, position: p)) }
        editor.handle(PointerEvent(source: .mouse, phase: .up, position: points[points.count - 1]))
        let held = editor.history.steps[editor.history.steps.count - 1].residentBytes
        var times: [Double] = []
        for back in [true, false, true, false, true, false] {
            let t0 = now()
            if back { try editor.undo() } else { try editor.redo() }
            times.append(now() - t0)
            _ = editor.screen.takeDirtyRect()
        }
        let t = Stats(times)
        row("undo step, \(name) stroke: pixel bytes held / undo or redo", "\(held) / \(ms(t.median))")
        steps[name] = ["held_bytes": held, "crossing_median_ms": t.median * 1e3]
    }
    json["undo_steps"] = steps
}

// MARK: - Hardening: long strokes, fingers' masks

try hardeningFigures()
try xournalImportFigures()
try elementFigures()
try selectionFigures()
try findFigures()
try pressureFigures()
try undoFromPageFigures()
try zoomFigures()

// MARK: - 4 and 5. Start-up and idle CPU of the real window (needs DISPLAY)

let app = URL(fileURLWithPath: ourBinary())
if ProcessInfo.processInfo.environment["DISPLAY"] != nil, FileManager.default.isExecutableFile(atPath: app.path) {
    func launch() throws -> (Process, Pipe, Double) {
        let p = Process()
        p.executableURL = app
        p.arguments = ["--size", "1000x700"]
        var env = ProcessInfo.processInfo.environment
        env["DRAWINGBOARD_STATS"] = "1"
        env["XDG_CONFIG_HOME"] = scratchFolder.appendingPathComponent("config").path
        env["XDG_STATE_HOME"] = scratchFolder.appendingPathComponent("state").path
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        let t0 = now()
        try p.run()
        return (p, err, t0)
    }
    var startups: [Double] = []
    for _ in 0..<7 {
        let (p, err, t0) = try launch()
        var text = ""
        let end = now() + 10
        while now() < end, !text.contains("first frame presented at monotonic") {
            text += String(decoding: err.fileHandleForReading.availableData, as: UTF8.self)
        }
        if let line = text.split(separator: "\n").first(where: { $0.contains("first frame") }),
           let value = line.split(separator: " ").last.flatMap({ Double($0) }) {
            startups.append(value - t0)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
    }
    if !startups.isEmpty {
        let s = Stats(startups)
        row("start-up, exec to first presented frame (median of \(startups.count))", ms(s.median))
        json["startup_ms"] = s.median * 1e3
    }
    let (p, _, _) = try launch()
    Thread.sleep(forTimeInterval: 1.5)
    func ticks() -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(p.processIdentifier)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 12 ? (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0) : 0
    }
    let c0 = ticks()
    Thread.sleep(forTimeInterval: 5)
    let idle = (ticks() - c0) / Double(sysconf(Int32(_SC_CLK_TCK)))
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    row("idle window: CPU over 5 s", ms(idle))
    json["idle_cpu_ms_per_5s"] = idle * 1e3
    try windowMemoryFigures()
} else {
    row("start-up and idle", "skipped (no DISPLAY or no drawingboard binary beside the bench)")
}

let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
print("\n" + String(decoding: data, as: UTF8.self))
removeScratch()
