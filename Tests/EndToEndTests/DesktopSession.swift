import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
import XvfbSupport

/// Runs a program and returns its standard output (stderr is discarded); throws if it fails.
@discardableResult
func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw DesktopError("\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}

struct DesktopError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Polls `condition` until it holds or `timeout` seconds pass.
func eventually(_ timeout: Double = 6, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.1)
    }
    return try condition()
}

/// An X server of our own (`Xvfb`), with xdotool and screenshots on it.
final class XServer {
    let display: String
    private let server: Xvfb

    init(width: Int = 1280, height: Int = 800) throws {
        server = try Xvfb(width: width, height: height)
        display = server.display
    }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try run("xdotool", arguments, environment: ["DISPLAY": display])
    }

    /// The window's pixels (`xwd -id`), or the whole screen.
    func screenshot(window: String? = nil) throws -> RasterImage {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-\(UUID().uuidString).xwd")
        defer { try? FileManager.default.removeItem(at: out) }
        try run("xwd", ["-silent", "-out", out.path] + (window.map { ["-id", $0] } ?? ["-root"]), environment: ["DISPLAY": display])
        return try XWDImage.decode(try Data(contentsOf: out))
    }
}

/// Reads the X Window Dump format that `xwd` writes (24/32-bit TrueColor, ZPixmap).
enum XWDImage {
    static func decode(_ data: Data) throws -> RasterImage {
        let bytes = [UInt8](data)
        func field(_ i: Int) -> Int {
            let o = i * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count >= 100 else { throw DesktopError("xwd output too short") }
        let headerSize = field(0), format = field(2), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), ncolors = field(19)
        guard format == 2, bitsPerPixel == 32 else { throw DesktopError("unexpected xwd format \(format) / \(bitsPerPixel) bpp") }
        let start = headerSize + ncolors * 12
        guard bytes.count >= start + height * bytesPerLine else { throw DesktopError("xwd data cut short") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * 4
                let v = byteOrder == 0
                    ? UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16
                    : UInt32(bytes[o + 3]) | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 1]) << 16
                pixels[y * width + x] = 0xFF00_0000 | v
            }
        }
        guard let image = RasterImage(width: width, height: height, pixels: pixels) else { throw DesktopError("empty screenshot") }
        return image
    }
}

/// Where screenshots are kept for people to look at (printed as the tests take them).
enum Screenshots {
    static var folder: URL {
        if let dir = ProcessInfo.processInfo.environment["DRAWINGBOARD_SCREENSHOTS"] { return URL(fileURLWithPath: dir) }
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repo.appendingPathComponent(".build/screenshots")
    }

    static func keep(_ image: RasterImage, _ name: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).png")
        if let png = try? PNGFile.encode(image), (try? png.write(to: url)) != nil {
            print("screenshot: \(url.path)")
        }
    }
}

/// The real `drawingboard` binary in a window on a test display, with its own settings folder
/// and a stand-in `zenity` that answers the file chooser from a file.
final class AppUnderTest {
    let server: XServer
    let process: Process
    let home: URL
    let stderr = Pipe()
    private(set) var windowID = ""
    private var stderrText = ""

    /// Where the stand-in chooser's answer goes (`answer(_:)`), and its log of requests.
    var chooserAnswer: URL { home.appendingPathComponent("zenity-answer") }
    var chooserLog: URL { home.appendingPathComponent("zenity-log") }

    /// `window`: the X window that shows the app (weston's, for a Wayland app); found by the
    /// app's WM class when nil.
    /// Commands for the touch harness (`executable: .touchHarness`).
    let input = Pipe()

    enum Executable {
        case app
        case touchHarness
        /// An installed copy (`make install`).
        case installed(URL)
    }

    init(server: XServer, executable: Executable = .app, arguments: [String] = [], environment: [String: String] = [:],
         window: String? = nil, ready: ((AppUnderTest) throws -> Bool)? = nil) throws {
        self.server = server
        home = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-app-\(UUID().uuidString)")
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let zenity = bin.appendingPathComponent("zenity")
        try """
            #!/bin/sh
            echo "$@" >> "\(home.path)/zenity-log"
            [ -f "\(home.path)/zenity-answer" ] || exit 1
            cat "\(home.path)/zenity-answer"
            """.write(to: zenity, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zenity.path)

        process = Process()
        switch executable {
        case .app: process.executableURL = BinaryRunner.binary
        case .touchHarness: process.executableURL = BinaryRunner.binary.deletingLastPathComponent().appendingPathComponent("drawingboard-touch-harness")
        case .installed(let url): process.executableURL = url
        }
        process.arguments = arguments
        process.standardInput = input
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = server.display
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        env["DRAWINGBOARD_SCALE"] = nil
        env["DBUS_SESSION_BUS_ADDRESS"] = nil
        env["GDK_SCALE"] = nil
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        env["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        env["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        env["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        env["DRAWINGBOARD_STATS"] = "1"
        env["PATH"] = bin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        for (k, v) in environment { env[k] = k == "PATH" ? bin.path + ":" + v : v }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        // A minute: the whole suite starts a window in each of a dozen end-to-end suites at
        // once on two cores, and a debug build's start has taken over 30 s there.
        let startLimit = 60.0
        if let window {
            windowID = window
            guard eventually(startLimit, { (try? ready?(self)) ?? true }) else {
                throw DesktopError(process.isRunning ? "the app did not show up in \(window) in \(Int(startLimit)) s"
                                   : "the app exited with status \(process.terminationStatus): \(errorOutput)")
            }
        } else {
            guard eventually(startLimit, { (try? windowIDs())?.isEmpty == false }) else {
                throw DesktopError(process.isRunning ? "no DrawingBoard window appeared in \(Int(startLimit)) s"
                                   : "the app exited with status \(process.terminationStatus) before its window appeared: \(errorOutput)")
            }
            windowID = try windowIDs()[0]
        }
        // Its first frames drawn.
        try settled()
    }

    deinit {
        // SIGTERM would end it too, but keep its journal for a next start: kill outright.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: home)
    }

    /// The windows of this process (another app under test on the same display has the same
    /// class).
    private func windowIDs() throws -> [String] {
        try server.xdotool(["search", "--all", "--pid", "\(process.processIdentifier)", "--class", "io.github.drawingboard.DrawingBoard"])
            .split(separator: "\n").map(String.init)
    }

    /// Sends touch commands to the harness (`down 1 0.2 0.3`, `sleep 50`, ...).
    func touch(_ commands: [String]) {
        input.fileHandleForWriting.write(Data((commands.joined(separator: "\n") + "\n").utf8))
    }

    func answerChooser(with path: String) throws {
        try path.write(to: chooserAnswer, atomically: true, encoding: .utf8)
    }

    var title: String { (try? server.xdotool(["getwindowname", windowID]).trimmingCharacters(in: .newlines)) ?? "" }

    /// The window's pixels; `name` keeps them as a PNG for people to look at.
    @discardableResult
    func screenshot(_ name: String? = nil) throws -> RasterImage {
        let image = try server.screenshot(window: windowID)
        if let name { Screenshots.keep(image, name) }
        return image
    }

    /// Presses at the first point, moves through the others, releases at the last, as a person
    /// with a mouse does.
    func drag(_ points: [(Int, Int)]) throws {
        var args = ["mousemove", "--window", windowID, "\(points[0].0)", "\(points[0].1)", "mousedown", "1"]
        for p in points.dropFirst() { args += ["mousemove", "--window", windowID, "\(p.0)", "\(p.1)"] }
        args += ["mouseup", "1"]
        try server.xdotool(args)
    }

    func click(_ x: Int, _ y: Int) throws {
        try server.xdotool(["mousemove", "--window", windowID, "\(x)", "\(y)", "click", "1"])
    }

    func click(_ point: Point) throws {
        try click(Int(point.x.rounded()), Int(point.y.rounded()))
    }

    func key(_ keys: String...) throws {
        try server.xdotool(["key", "--window", windowID] + keys)
    }

    /// Drags with `key` held, as a keyboard does: the window gets the X focus and the key goes
    /// through XTEST, so the server's keyboard state (and, nested, weston's) sees it held. All in
    /// one xdotool run, so the app gets the key, the drag and the release in one burst, as it
    /// does from a fast hand on a busy machine.
    func drag(holding key: String, _ points: [(Int, Int)]) throws {
        try server.xdotool(["windowfocus", "--sync", windowID])
        var args = ["mousemove", "--window", windowID, "\(points[0].0)", "\(points[0].1)", "keydown", key, "mousedown", "1"]
        for p in points.dropFirst() { args += ["mousemove", "--window", windowID, "\(p.0)", "\(p.1)"] }
        args += ["mouseup", "1", "keyup", key]
        try server.xdotool(args)
    }

    /// Waits for the process to end; its exit status, or nil if it is still running.
    func waitForExit(_ timeout: Double = 5) -> Int32? {
        guard eventually(timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }

    /// What the app printed on stderr (after it exited).
    var errorOutput: String {
        if stderrText.isEmpty, !process.isRunning {
            stderrText = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        return stderrText
    }
}

extension RasterImage {
    func rgb(_ x: Int, _ y: Int) -> UInt32 { pixel(x: x, y: y) & 0xFFFFFF }
}

/// A Wayland compositor (weston, pixman renderer, kiosk shell so the app fills its output)
/// nested in an X server, as a Wayland desktop for tests; its X window shows what it composites.
final class WestonSession {
    let server: XServer
    let socket: String
    let runtimeDir: URL
    private let process: Process
    private(set) var windowID = ""

    /// `scale`: the output's scale (2 for a HiDPI screen); weston's window is that much larger.
    /// `desktop`: weston's desktop shell (windows with their decorations, placed on a desk)
    /// instead of the kiosk shell.
    init(server: XServer, width: Int, height: Int, scale: Int = 1, desktop: Bool = false) throws {
        self.server = server
        runtimeDir = URL(fileURLWithPath: "/tmp/drawingboard-xdg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtimeDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        socket = "wayland-db-\(Int.random(in: 1000...9999))"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["weston", "--backend=x11-backend.so", "--socket=\(socket)", "--use-pixman", "--idle-time=0",
                             "--shell=\(desktop ? "desktop-shell.so" : "kiosk-shell.so")", "--width=\(width)", "--height=\(height)", "--scale=\(scale)"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = server.display
        env["XDG_RUNTIME_DIR"] = runtimeDir.path
        env["WAYLAND_DISPLAY"] = nil
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let path = runtimeDir.appendingPathComponent(socket).path
        guard eventually(10, { FileManager.default.fileExists(atPath: path) }),
              eventually(10, { (try? server.xdotool(["search", "--class", "weston"]))?.isEmpty == false }) else {
            throw DesktopError("weston did not start (is the weston package installed?)")
        }
        windowID = try server.xdotool(["search", "--class", "weston"]).split(separator: "\n").map(String.init)[0]
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: runtimeDir)
    }

    /// What an app needs in its environment to open its window on this compositor.
    var environment: [String: String] {
        ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtimeDir.path, "SDL_VIDEODRIVER": "wayland"]
    }
}
