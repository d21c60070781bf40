import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing

private let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let appID = "io.github.drawingboard.DrawingBoard"

/// Runs a tool; returns its exit status and everything it printed.
private func check(_ tool: String, _ arguments: [String], in folder: URL = repo) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.currentDirectoryURL = folder
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The desktop entry, the AppStream metainfo, the flatpak manifest, the icons, the install
/// layout, and the app launched the way a desktop launches it.
@Suite(.serialized) struct PackagingTests {
    @Test func theDesktopEntryIsValid() throws {
        let result = try check("desktop-file-validate", ["Packaging/\(appID).desktop"])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
        let entry = try String(contentsOf: repo.appendingPathComponent("Packaging/\(appID).desktop"), encoding: .utf8)
        for line in ["Exec=drawingboard %F", "Icon=\(appID)", "StartupWMClass=\(appID)", "Categories=Graphics;2DGraphics;RasterGraphics;",
                     "MimeType=image/png;image/jpeg;image/openraster;application/pdf;application/x-xopp;application/x-xojpp;application/x-xoj;",
                     "StartupNotify=true"] {
            #expect(entry.contains(line + "\n"), "missing \(line)")
        }
    }

    @Test func theMetainfoIsValidWithNoWarnings() throws {
        let result = try check("appstreamcli", ["validate", "--no-net", "Packaging/\(appID).metainfo.xml"])
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("W:") && !result.output.contains("E:") && !result.output.contains("I:"), "\(result.output)")
    }

    @Test func theFlatpakManifestParsesWithNoUnknownKeys() throws {
        // flatpak-builder keeps state in its working folder: run it in a scratch one.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-flatpak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try check("flatpak-builder", ["--show-manifest", repo.appendingPathComponent("Packaging/\(appID).yml").path], in: scratch)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("WARNING") && !result.output.contains("Unknown property"), "\(result.output)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(manifest["id"] as? String == appID && manifest["command"] as? String == "drawingboard")
        #expect(manifest["finish-args"] as? [String] == ["--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--device=dri",
                                                         "--filesystem=xdg-data/recently-used.xbel"])
        #expect((manifest["sdk-extensions"] as? [String])?.contains("org.freedesktop.Sdk.Extension.swift6") == true)
        // Flathub builds offline: no module may ask for the network, and every Swift package
        // of Package.swift is a git source pinned by a tag that meets its requirement.
        #expect(!result.output.contains("--share=network"), "no network while building")
        let modules = try #require(manifest["modules"] as? [[String: Any]])
        let app = try #require(modules.first { $0["name"] as? String == "drawingboard" })
        // Poppler is not in the runtime: a module of its own, from a release tarball pinned by
        // sha256, before the app.
        let names = modules.compactMap { $0["name"] as? String }
        let poppler = try #require(modules.first { $0["name"] as? String == "poppler" })
        let archive = try #require((poppler["sources"] as? [[String: Any]])?.first)
        #expect(archive["type"] as? String == "archive" && (archive["url"] as? String)?.hasPrefix("https://poppler.freedesktop.org/poppler-") == true)
        #expect((archive["sha256"] as? String)?.count == 64)
        #expect((poppler["config-opts"] as? [String])?.contains("-DENABLE_GLIB=ON") == true)
        #expect(names.firstIndex(of: "poppler")! < names.firstIndex(of: "drawingboard")!)
        // qpdf (the PDF out keeping the PDF's pages) too: a release tag pinned by its commit.
        let qpdf = try #require(modules.first { $0["name"] as? String == "qpdf" })
        let checkout = try #require((qpdf["sources"] as? [[String: Any]])?.first)
        #expect(checkout["type"] as? String == "git" && (checkout["tag"] as? String)?.hasPrefix("v11.") == true && (checkout["commit"] as? String)?.count == 40)
        #expect(names.firstIndex(of: "qpdf")! < names.firstIndex(of: "drawingboard")!)
        let sources = try #require(app["sources"] as? [[String: Any]])
        let commands = (app["build-commands"] as? [String] ?? []).joined(separator: "\n")
        #expect(commands.contains("--disable-automatic-resolution") && commands.contains("--skip-update") && commands.contains("setup-swift-offline.sh"))
        let package = try String(contentsOf: repo.appendingPathComponent("Package.swift"), encoding: .utf8)
        let required = package.components(separatedBy: ".package(url: \"").dropFirst().map { part -> (String, String) in
            let url = String(part.prefix { $0 != "\"" })
            let from = part.components(separatedBy: "from: \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) } ?? ""
            return (url, from)
        }
        #expect(required.count == 2, "\(required)")
        for (url, from) in required {
            let source = sources.first { ($0["url"] as? String)?.hasPrefix(url) == true }
            let tag = source?["tag"] as? String ?? ""
            #expect(source?["type"] as? String == "git" && !tag.isEmpty, "\(url) is vendored as a git source with a tag")
            #expect(tag.compare(from, options: .numeric) != .orderedAscending, "\(url) at \(tag) meets from: \(from)")
        }
    }

    @Test func theIconsAreRenderedFromTheScalableOne() throws {
        for size in [128, 256, 512] {
            let png = try PNGFile.decode(atPath: repo.appendingPathComponent("Packaging/icons/\(appID)-\(size).png").path)
            #expect(png.size == PixelSize(width: size, height: size))
            let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("icon-\(UUID().uuidString).png")
            defer { try? FileManager.default.removeItem(at: fresh) }
            _ = try check("rsvg-convert", ["-w", "\(size)", "-h", "\(size)", "Packaging/icons/\(appID).svg", "-o", fresh.path])
            #expect(try PNGFile.decode(atPath: fresh.path) == png, "\(size) px icon matches the SVG")
        }
    }

    /// Installing into a home's ~/.local (no DESTDIR) refreshes the desktop database, so the menu
    /// shows the app at once.
    @Test func installingForOneUserRefreshesTheMenu() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try check("make", ["install-user", "BIN=\(BinaryRunner.binary.path)", "HOME=\(home.path)"])
        #expect(result.status == 0, "\(result.output)")
        let applications = home.appendingPathComponent(".local/share/applications")
        #expect(FileManager.default.fileExists(atPath: applications.appendingPathComponent("\(appID).desktop").path))
        let cache = try String(contentsOf: applications.appendingPathComponent("mimeinfo.cache"), encoding: .utf8)
        #expect(cache.contains("image/openraster=\(appID).desktop"), "\(cache)")
        #expect(cache.contains("application/x-xopp=\(appID).desktop"), "\(cache)")
        #expect(FileManager.default.isExecutableFile(atPath: home.appendingPathComponent(".local/bin/drawingboard").path))
    }

    @Test func installingLaysOutTheFlatpakTreeAndTheEntryLaunchesTheApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try check("make", ["install", "BIN=\(BinaryRunner.binary.path)", "DESTDIR=\(root.path)", "PREFIX=/app"])
        #expect(result.status == 0, "\(result.output)")
        let prefix = root.appendingPathComponent("app")
        for path in ["bin/drawingboard", "share/applications/\(appID).desktop", "share/metainfo/\(appID).metainfo.xml", "share/mime/packages/\(appID).xml",
                     "share/icons/hicolor/scalable/apps/\(appID).svg", "share/icons/hicolor/128x128/apps/\(appID).png",
                     "share/icons/hicolor/256x256/apps/\(appID).png", "share/icons/hicolor/512x512/apps/\(appID).png",
                     "share/drawingboard/icons/ui/pencil.svg", "share/drawingboard/examples/demo.json"] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "missing \(path)")
        }
        // Launch as a desktop would: the entry's Exec line, %F dropped, the installed bin on PATH.
        let entry = try String(contentsOf: prefix.appendingPathComponent("share/applications/\(appID).desktop"), encoding: .utf8)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") })
        let command = exec.dropFirst("Exec=".count).split(separator: " ").filter { !$0.hasPrefix("%") }.map(String.init)
        #expect(command == ["drawingboard"])
        let x = try XServer()
        let app = try AppUnderTest(server: x, executable: .installed(prefix.appendingPathComponent("bin/drawingboard")),
                                   arguments: ["--size", "1000x700"],
                                   environment: ["PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"])
        #expect(app.title == "Untitled - DrawingBoard")
        let props = try run("xprop", ["-id", app.windowID, "WM_CLASS"], environment: ["DISPLAY": x.display])
        #expect(props.contains("\"\(appID)\", \"\(appID)\""))
        // The window draws; icons come from the installed share/drawingboard (the app says on
        // stderr when it cannot find them and falls back to text labels).
        try app.screenshot("installed-app")
        try app.drag([(150, 350), (450, 350)])
        #expect(try eventually { try app.screenshot().rgb(300, 350) == 0x000000 })
        try? app.key("ctrl+q")
        let question = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                              hasMessage: false, hasDialog: true)
        #expect(try app.waitForQuestion(question), "quitting asks")
        try? app.click(question.frame(of: .dialog(.discard))!.center)
        #expect(app.waitForExit() == 0)
        #expect(app.errorOutput.contains("presenting with window surface"), "\(app.errorOutput)")
        #expect(!app.errorOutput.contains("icons not found"), "\(app.errorOutput)")
    }
}

/// The metainfo's screenshots are real PNGs in the repository and show the app as it is now:
/// this test takes them again from the real window and compares. With
/// DRAWINGBOARD_UPDATE_SCREENSHOTS=1 (scripts/take-screenshots) it writes them instead.
@Suite(.serialized) struct MetainfoScreenshotTests {
    static let size = PixelSize(width: 1000, height: 700)

    func take() throws -> [String: RasterImage] {
        let ws = try Workspace()
        defer { ws.remove() }
        let scene = repo.appendingPathComponent("Packaging/screenshots/scene.json").path
        let rendered = try BinaryRunner.run(["render", scene, "--output", ws.path("scene.ora")])
        guard rendered.status == 0 else { throw DesktopError("render failed: \(rendered.stderr)") }
        let x = try XServer()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", ws.path("scene.ora")])
        let layout = Layout(window: Self.size, scale: 1, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: true, hasDialog: false)
        let banner = layout.message!
        // Dismiss "Opened “scene.ora”" once it shows, and wait until the page shows there again
        // (a busy machine may take a moment over either).
        #expect(try eventually { try app.screenshot().rgb(Int(banner.minX) + 4, Int(banner.center.y)) == 0x26A269 })
        try app.click(banner.center)
        try app.server.xdotool(["mousemove", "--window", app.windowID, "40", "660"])
        #expect(try eventually { try app.screenshot().rgb(Int(banner.minX) + 4, Int(banner.center.y)) == 0xFDF6E3 })
        let drawing = try app.settled()
        try app.click(layout.frame(of: .panel(.brush))!.center)
        try app.server.xdotool(["mousemove", "--window", app.windowID, "40", "660"])
        let panel = Layout(window: Self.size, scale: 1, barsHidden: 0, panel: .brush, recentColors: 0, hasMessage: false, hasDialog: false).panel!
        #expect(try eventually { try app.screenshot().rgb(Int(panel.minX) + 20, Int(panel.maxY) - 6) != 0xFDF6E3 })
        return ["drawing": drawing, "brush-panel": try app.settled()]
    }

    @Test func theScreenshotsAreRealAndCurrent() throws {
        let metainfo = try String(contentsOf: repo.appendingPathComponent("Packaging/\(appID).metainfo.xml"), encoding: .utf8)
        let names = metainfo.components(separatedBy: "Packaging/screenshots/").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(names == ["drawing.png", "brush-panel.png"])
        #expect(metainfo.components(separatedBy: "width=\"1000\" height=\"700\"").count == 3, "sizes as declared")
        let fresh = try take()
        let update = ProcessInfo.processInfo.environment["DRAWINGBOARD_UPDATE_SCREENSHOTS"] == "1"
        for name in names {
            let url = repo.appendingPathComponent("Packaging/screenshots/\(name)")
            let key = String(name.dropLast(4))
            if update { try PNGFile.encode(fresh[key]!).write(to: url) }
            let committed = try PNGFile.decode(atPath: url.path)
            #expect(committed.size == Self.size)
            let now = fresh[key]!
            var differing = 0
            for (a, b) in zip(committed.pixels, now.pixels) where a != b { differing += 1 }
            #expect(Double(differing) / Double(now.pixels.count) < 0.01,
                    "\(name): \(differing) pixels differ from the app now; run scripts/take-screenshots")
        }
    }
}
