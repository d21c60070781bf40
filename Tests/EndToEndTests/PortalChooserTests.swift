import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation
import Testing

/// A private D-Bus session bus (dbus-daemon) for one test, with no service activation: only
/// what the test starts answers on it.
final class PrivateBus {
    let address: String
    private let daemon: Process
    private let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: "/tmp/drawingboard-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        address = "unix:path=\(folder.path)/bus"
        let config = folder.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        daemon.arguments = ["dbus-daemon", "--nofork", "--config-file=\(config.path)"]
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        guard eventually(10, { FileManager.default.fileExists(atPath: "\(self.folder.path)/bus") }) else {
            throw DesktopError("dbus-daemon did not start")
        }
    }

    deinit {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The stand-in portal (Tests/EndToEndTests/Support/stub_portal.py) on a bus.
final class StubPortal {
    let log: URL
    let answer: URL
    private let process: Process

    init(bus: PrivateBus, folder: URL) throws {
        log = folder.appendingPathComponent("portal-log")
        answer = folder.appendingPathComponent("portal-answer")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/stub_portal.py")
        process = Process()
        // Debian's Python, which has GObject introspection (python3-gi).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, log.path, answer.path]
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ready = out.fileHandleForReading.availableData
        guard String(decoding: ready, as: UTF8.self).contains("ready") else { throw DesktopError("the stub portal did not start") }
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var calls: [[String: Any]] {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}

/// The file chooser goes through the xdg-desktop-portal when one answers on the session bus,
/// and falls back to zenity when none does.
@Suite(.serialized) struct PortalChooserTests {
    let layout = Layout(window: PixelSize(width: 1000, height: 700), scale: 1, barsHidden: 0, panel: nil, recentColors: 0,
                        hasMessage: false, hasDialog: false)

    @Test func saveAndOpenGoThroughTheDesktopPortal() throws {
        let x = try XServer()
        let bus = try PrivateBus()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let portal = try StubPortal(bus: bus, folder: app.home)
        let target = app.home.appendingPathComponent("through-portal.ora")
        try target.path.write(to: portal.answer, atomically: true, encoding: .utf8)
        try app.drag([(150, 300), (450, 300)])
        try app.key("ctrl+s")
        #expect(eventually { FileManager.default.fileExists(atPath: target.path) }, "saved where the portal said")
        let save = try #require(portal.calls.first)
        #expect(save["method"] as? String == "SaveFile")
        #expect(save["current_name"] as? String == "Untitled.ora")
        #expect((save["current_folder"] as? String)?.hasPrefix("/") == true, "it starts in a folder of the user's: \(save)")
        #expect((save["parent"] as? String)?.hasPrefix("x11:") == true, "the dialog is parented to the window: \(save)")
        #expect("\(save["filters"] ?? "")".contains("*.ora"))
        #expect(!FileManager.default.fileExists(atPath: app.chooserLog.path), "zenity was not used")

        let image = app.home.appendingPathComponent("q.png")
        try FileManager.default.copyItem(at: Bundle.module.url(forResource: "quadrants.png", withExtension: nil, subdirectory: "Fixtures")!, to: image)
        try image.path.write(to: portal.answer, atomically: true, encoding: .utf8)
        try app.key("ctrl+o")
        // The image opens as a new page of its size (40x30), fitted and centred in the window.
        #expect(try eventually { try app.screenshot().rgb(490, 355) == 0x0000FF }, "the chosen image is the new page")
        #expect(eventually { app.title == "q.png (imported) - DrawingBoard" })
        #expect(portal.calls.last?["method"] as? String == "OpenFile")
        // Cancelling in the portal changes nothing.
        try FileManager.default.removeItem(at: portal.answer)
        try app.key("ctrl+shift+s")
        #expect(eventually { portal.calls.count == 3 })
        #expect(try app.screenshot().rgb(490, 355) == 0x0000FF)
    }

    @Test func aBusWithoutAPortalFallsBackToZenity() throws {
        let x = try XServer()
        let bus = try PrivateBus()
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let target = app.home.appendingPathComponent("through-zenity.png")
        try app.answerChooser(with: target.path)
        try app.drag([(150, 300), (450, 300)])
        try app.key("ctrl+e")
        try app.confirmExportResolution()
        #expect(eventually { FileManager.default.fileExists(atPath: target.path) })
        #expect(FileManager.default.fileExists(atPath: app.chooserLog.path))
    }
}
