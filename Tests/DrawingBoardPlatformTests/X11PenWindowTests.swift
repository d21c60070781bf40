import CSDL2
import DrawingBoardCore
import Foundation
import Testing
import XvfbSupport
@testable import DrawingBoardPlatform

/// Xvfb (no tablet: its XTEST pointer is named as the pen), and xdotool on it.
private final class VirtualScreen {
    private let server: Xvfb
    var display: String { server.display }

    init() throws {
        server = try Xvfb(width: 640, height: 480)
    }

    func xdotool(_ arguments: [String]) throws {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tool.arguments = ["xdotool"] + arguments
        tool.environment = ["DISPLAY": display, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        try tool.run()
        tool.waitUntilExit()
    }
}

/// The XInput2 pen reader on a real X server, in a real SDL window: what SDL selected stays
/// selected, and a device's presses come as a pen's, with SDL's core copies of them dropped.
@Suite(.serialized) struct X11PenWindowTests {
    @Test func aDevicesRealEventsBecomeAPensAndSDLsCopiesGo() throws {
        let screen = try VirtualScreen()
        // The server outlives the SDL connection to it (the defers below run first).
        defer { withExtendedLifetime(screen) {} }
        let previous = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", screen.display, 1)
        defer { if let previous { setenv("DISPLAY", previous, 1) } else { unsetenv("DISPLAY") } }
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        try #require(SDL_Init(SDL_INIT_VIDEO) == 0, "SDL on \(screen.display)")
        defer { SDL_Quit() }
        let window = try #require(SDL_CreateWindow("pens", 0, 0, 400, 300, SDL_WINDOW_SHOWN.rawValue))
        defer { SDL_DestroyWindow(window) }
        var info = SDL_SysWMinfo()
        info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        try #require(SDL_GetWindowWMInfo(window, &info) == SDL_TRUE)
        let display = try #require(info.info.x11.display)
        let sdls = X11PenSelection.selected(display, on: info.info.x11.window)
        #expect(sdls[1].map { $0.count > 2 && $0[2] & (1 << (XI_TouchBegin & 7)) != 0 } == true, "SDL selects touches on the master devices: \(sdls)")

        // Events SDL queued before the reader started stay queued (setting SDL's filter flushes).
        let earlier = SDL_RegisterEvents(1)
        var marker = SDL_Event()
        marker.type = earlier
        SDL_PushEvent(&marker)
        let pens = try #require(X11Pens(window: window, chosenDevice: "Virtual core XTEST pointer"))
        var queued = SDL_Event()
        var found = false
        while SDL_PollEvent(&queued) != 0 { if queued.type == earlier { found = true } }
        #expect(found, "the event queued before the filter was set is still there")
        defer { pens.stop() }
        let pen = try #require(pens.translation.devices.values.first)
        let after = X11PenSelection.selected(display, on: info.info.x11.window)
        for (device, mask) in sdls {
            let now = after[device] ?? []
            #expect(mask.indices.allSatisfy { $0 < now.count && now[$0] & mask[$0] == mask[$0] }, "SDL's selection for device \(device) stays")
        }
        let ours = after[pen.id] ?? []
        let wanted = UInt8(1 << XI_ButtonPress | 1 << XI_ButtonRelease | 1 << XI_Motion)
        #expect(ours.count >= 1 && ours[0] & wanted == wanted,
                "the pen's motion and buttons: \(ours)")

        // The XTEST pointer moves, presses, drags and lifts, as xdotool does without --window.
        SDL_PumpEvents()
        try screen.xdotool(["mousemove", "50", "50", "sleep", "0.1", "mousedown", "1", "mousemove", "100", "55", "mousemove", "150", "60",
                            "mouseup", "1"])
        // (Xvfb sends the XTEST device's motion after the press and release it precedes, so
        // its hovering is not checked here; the translation tests check hovering.)
        var seen: [PointerEvent] = [], mouseButtons = 0, mouseDrags = 0
        var deadline = Date().addingTimeInterval(3)
        var event = SDL_Event()
        while Date() < deadline {
            // A little longer after the lift, for late copies.
            if seen.contains(where: { $0.phase == .up }), deadline.timeIntervalSinceNow > 0.4 { deadline = Date().addingTimeInterval(0.4) }
            while SDL_PollEvent(&event) != 0 {
                if event.type == pens.queue.eventType {
                    for e in pens.queue.take(event.user) { if case .pointer(let p) = e { seen.append(p) } }
                } else if event.type == SDL_MOUSEBUTTONDOWN.rawValue || event.type == SDL_MOUSEBUTTONUP.rawValue {
                    mouseButtons += 1
                } else if event.type == SDL_MOUSEMOTION.rawValue, event.motion.state & 1 != 0 {
                    mouseDrags += 1
                }
            }
            usleep(10_000)
        }
        #expect(seen.map(\.phase).first == .down && seen.map(\.phase).last == .up, "the pen's stroke: \(seen.map(\.phase))")
        #expect(seen.allSatisfy { $0.source == .pen(.tip) })
        #expect(seen.first?.position == Point(50, 50) && seen.last?.position == Point(150, 60), "\(seen.map(\.position))")
        #expect(seen.contains { $0.phase == .move && $0.position == Point(100, 55) })
        #expect(mouseButtons == 0, "SDL's core copies of the pen's press and release are dropped")
        #expect(mouseDrags == 0, "SDL's motion made of the pen's, with the tip down, is dropped")
    }

    /// A pen's device unplugged while the app runs: the reader forgets it, and no request about
    /// the gone device reaches the X server (its error would end the app). The device is the
    /// XTEST pointer of a master made for the test, which goes with its master.
    @Test func aPenDeviceUnpluggedIsForgottenWithoutAnXError() throws {
        let screen = try VirtualScreen()
        // The server outlives the SDL connection to it (the defers below run first).
        defer { withExtendedLifetime(screen) {} }
        setenv("DISPLAY", screen.display, 1)
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        try #require(SDL_Init(SDL_INIT_VIDEO) == 0)
        defer { SDL_Quit() }
        let window = try #require(SDL_CreateWindow("pens", 0, 0, 400, 300, SDL_WINDOW_SHOWN.rawValue))
        defer { SDL_DestroyWindow(window) }
        let control = try #require(XOpenDisplay(screen.display))
        defer { XCloseDisplay(control) }
        func change(_ info: XIAnyHierarchyChangeInfo) {
            var info = info
            XIChangeHierarchy(control, &info, 1)
            XSync(control, 0)
        }
        var add = XIAnyHierarchyChangeInfo()
        let name = strdup("Test pen")
        defer { free(name) }
        add.add = XIAddMasterInfo(type: XIAddMaster, name: name, send_core: 1, enable: 1)
        change(add)
        func deviceID(_ wanted: String) -> Int32? {
            var count: Int32 = 0
            guard let list = XIQueryDevice(control, XIAllDevices, &count) else { return nil }
            defer { XIFreeDeviceInfo(list) }
            return (0..<Int(count)).first { list[$0].name.map { String(cString: $0) } == wanted }.map { list[$0].deviceid }
        }
        let master = try #require(deviceID("Test pen pointer"), "the test's master pointer")
        let pens = try #require(X11Pens(window: window, chosenDevice: "Test pen XTEST pointer"))
        defer { pens.stop() }
        #expect(pens.translation.devices.values.map(\.name) == ["Test pen XTEST pointer"])

        var remove = XIAnyHierarchyChangeInfo()
        remove.remove = XIRemoveMasterInfo(type: XIRemoveMaster, deviceid: master, return_mode: XIFloating, return_pointer: 0, return_keyboard: 0)
        change(remove)
        #expect(deviceID("Test pen XTEST pointer") == nil, "the pen's device is gone")
        let deadline = Date().addingTimeInterval(2)
        var event = SDL_Event()
        while Date() < deadline, !pens.translation.devices.isEmpty {
            while SDL_PollEvent(&event) != 0 {}
            usleep(10_000)
        }
        #expect(pens.translation.devices.isEmpty, "the reader forgot the unplugged pen (and the app is still here)")
    }
}
