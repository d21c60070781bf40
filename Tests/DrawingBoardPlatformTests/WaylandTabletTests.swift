import DrawingBoardCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WaylandTablet
import WaylandTabletServer
@testable import DrawingBoardPlatform

private func frame(_ tool: UInt64 = 1, type: Int = WT_TOOL_PEN, proximityIn: Bool = false, proximityOut: Bool = false,
                   down: Bool = false, up: Bool = false, removed: Bool = false, at p: (Double, Double)? = nil,
                   pressure: Double? = nil, tilt: (Double, Double)? = nil) -> wt_frame {
    var f = wt_frame()
    f.tool = tool
    f.tool_type = UInt32(type)
    f.proximity_in = proximityIn ? 1 : 0
    f.proximity_out = proximityOut ? 1 : 0
    f.down = down ? 1 : 0
    f.up = up ? 1 : 0
    f.removed = removed ? 1 : 0
    if let p { f.has_motion = 1; f.x = p.0; f.y = p.1 }
    if let pressure { f.has_pressure = 1; f.pressure = pressure }
    if let tilt { f.has_tilt = 1; f.tilt_x = tilt.0; f.tilt_y = tilt.1 }
    return f
}

private func pointers(_ events: [PlatformEvent]) -> [PointerEvent] {
    events.compactMap { if case .pointer(let p) = $0 { return p } else { return nil } }
}

private func proximity(_ events: [PlatformEvent]) -> [Bool] {
    events.compactMap { if case .penProximity(let near) = $0 { return near } else { return nil } }
}

/// The tablet protocol's frames become pen events, with the pressure and tilt standing until
/// they change.
@Suite struct WaylandTabletTests {
    @Test func aPenComesNearTouchesDrawsLiftsAndLeaves() {
        var t = WaylandTabletTranslation()
        let near = t.translate(frame(proximityIn: true, at: (10, 20), pressure: 0, tilt: (5, -5)), ratio: 2, time: 1)
        #expect(proximity(near) == [true])
        if case .penHover(let p)? = near.last { #expect(p == Point(20, 40), "surface points to window pixels") } else {
            Issue.record("in range, in the air: hovering \(near)")
        }
        let down = pointers(t.translate(frame(down: true, at: (11, 20), pressure: 0.25), ratio: 2, time: 2))
        #expect(down.count == 1 && down[0].phase == .down && down[0].source == .pen(.tip) && down[0].pressure == 0.25)
        #expect(down[0].tilt == Tilt(x: 5, y: -5), "the tilt of an earlier frame stands")
        #expect(down[0].position == Point(22, 40) && down[0].time == 2)
        let move = pointers(t.translate(frame(at: (15, 20)), ratio: 2, time: 3))
        #expect(move.count == 1 && move[0].phase == .move && move[0].pressure == 0.25, "the pressure stands until it changes")
        let firmer = pointers(t.translate(frame(pressure: 0.75), ratio: 2, time: 3))
        #expect(firmer.isEmpty, "a pressure change without motion waits for the next motion")
        #expect(pointers(t.translate(frame(at: (16, 20)), ratio: 2, time: 4)).first?.pressure == 0.75)
        let up = pointers(t.translate(frame(up: true, pressure: 0), ratio: 2, time: 5))
        #expect(up.map(\.phase) == [.up] && up[0].position == Point(32, 40), "lifts where it last was")
        let gone = t.translate(frame(proximityOut: true), ratio: 2, time: 6)
        #expect(proximity(gone) == [false] && pointers(gone).isEmpty)
    }

    @Test func theEraserToolErasesAndToolsKeepTheirOwnState() {
        var t = WaylandTabletTranslation()
        _ = t.translate(frame(1, proximityIn: true, at: (1, 1), pressure: 0.5), ratio: 1, time: 0)
        _ = t.translate(frame(2, type: WT_TOOL_ERASER, proximityIn: true, at: (50, 50), pressure: 0.9), ratio: 1, time: 0)
        let erase = pointers(t.translate(frame(2, type: WT_TOOL_ERASER, down: true), ratio: 1, time: 0))
        #expect(erase.first?.source == .pen(.eraser) && erase.first?.position == Point(50, 50) && erase.first?.pressure == 0.9)
        let tip = pointers(t.translate(frame(1, down: true), ratio: 1, time: 0))
        #expect(tip.first?.source == .pen(.tip) && tip.first?.pressure == 0.5)
    }

    @Test func leavingOrUnpluggedWithTheTipDownEndsTheStroke() {
        var t = WaylandTabletTranslation()
        _ = t.translate(frame(proximityIn: true, down: true, at: (5, 5)), ratio: 1, time: 0)
        let out = t.translate(frame(proximityOut: true), ratio: 1, time: 0)
        #expect(pointers(out).map(\.phase) == [.up] && proximity(out) == [false], "a lift the compositor lost")
        _ = t.translate(frame(7, proximityIn: true, down: true, at: (5, 5)), ratio: 1, time: 0)
        let removed = t.translate(frame(7, proximityOut: true, removed: true), ratio: 1, time: 0)
        #expect(pointers(removed).map(\.phase) == [.cancel], "unplugged while drawing: the stroke goes")
        #expect(t.translate(frame(9, down: true), ratio: 1, time: 0).isEmpty, "no position yet: nothing to draw")
        let broken = t.translate(frame(10, proximityIn: true, at: (.nan, 3), pressure: .infinity), ratio: 1, time: 0)
        #expect(proximity(broken) == [true] && pointers(broken).isEmpty, "a position that is not a number is not used")
    }
}

/// The tablet protocol's interfaces as `WaylandTablet` describes them, against the protocol's
/// definition as wayland-protocols installs it: every request and event, in order, with its
/// signature and the interfaces of its object arguments. A wrong one would break the
/// connection to the compositor the first time the message came.
@Suite struct WaylandTabletProtocolTests {
    static let definition = "/usr/share/wayland-protocols/unstable/tablet/tablet-unstable-v2.xml"

    struct Message: Equatable, CustomStringConvertible {
        var name: String
        var signature: String
        var types: [String?]
        var description: String { "\(name)(\(signature)) \(types)" }
    }

    struct Interface {
        var name = "", version = 0
        var requests: [Message] = [], events: [Message] = []
    }

    /// Reads the definition's interfaces.
    final class Reader: NSObject, XMLParserDelegate {
        var interfaces: [Interface] = []
        private var current: Interface?
        private var message: Message?
        private var isEvent = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes a: [String: String] = [:]) {
            switch name {
            case "interface": current = Interface(name: a["name"] ?? "", version: Int(a["version"] ?? "") ?? 0)
            case "request", "event":
                isEvent = name == "event"
                message = Message(name: a["name"] ?? "", signature: "", types: [])
            case "arg":
                let letter = ["int": "i", "uint": "u", "fixed": "f", "string": "s", "object": "o", "new_id": "n", "array": "a", "fd": "h"][a["type"] ?? ""] ?? "?"
                message?.signature += (a["allow-null"] == "true" ? "?" : "") + letter
                message?.types.append(letter == "o" || letter == "n" ? a["interface"] : nil)
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "request", "event":
                if let m = message { if isEvent { current?.events.append(m) } else { current?.requests.append(m) } }
                message = nil
            case "interface":
                if let c = current { interfaces.append(c) }
                current = nil
            default: break
            }
        }
    }

    func messages(_ list: UnsafePointer<wl_message>?, _ count: Int32) -> [Message] {
        guard let list else { return [] }
        return (0..<Int(count)).map { i in
            let m = list[i]
            let signature = String(cString: m.signature)
            let arguments = signature.filter { $0 != "?" }.count
            let types: [String?] = (0..<arguments).map { j in m.types?[j].map { String(cString: $0.pointee.name) } }
            return Message(name: String(cString: m.name), signature: signature, types: types)
        }
    }

    @Test func everyMessageMatchesTheProtocolsDefinition() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.definition), "wayland-protocols is installed (scripts/deps.sh)")
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        try #require(parser.parse())
        #expect(reader.interfaces.count == 8)
        for expected in reader.interfaces {
            let ours = try #require(wt_interface(expected.name), "\(expected.name) is described")
            #expect(Int(ours.pointee.version) == expected.version)
            #expect(messages(ours.pointee.methods, ours.pointee.method_count) == expected.requests, "\(expected.name) requests")
            #expect(messages(ours.pointee.events, ours.pointee.event_count) == expected.events, "\(expected.name) events")
        }
        #expect(wt_interface("wl_pointer") == nil)
    }
}

/// `WaylandTablet` against a compositor with a tablet (`WaylandTabletServer`, on a socket
/// pair): the registry round trip, the binding, the listeners in the protocol's order, each
/// tool's frames, only tools over the window reported, the pad's objects read and dropped, a
/// tool unplugged.
@Suite(.serialized) struct WaylandTabletClientTests {
    final class Frames {
        var all: [wt_frame] = []
        /// Whether a tool was in range over the window at each frame.
        var near: [Bool] = []
        var tablets: OpaquePointer?
    }

    @Test func aCompositorsPenAndEraserArriveFrameByFrame() throws {
        let socket = ts_start()
        try #require(socket >= 0, "a compositor")
        defer { ts_stop() }
        var ours: OpaquePointer?, other: OpaquePointer?
        let display = try #require(ts_connect(socket, &ours, &other))
        defer { ts_disconnect(display, ours, other) }
        let frames = Frames()
        let collect: wt_frame_callback = { frame, userdata in
            guard let frame, let userdata else { return }
            let frames = Unmanaged<Frames>.fromOpaque(userdata).takeUnretainedValue()
            frames.all.append(frame.pointee)
            frames.near.append(wt_in_proximity(frames.tablets) != 0)
        }
        let tablets = try #require(wt_start(display, ours, collect, Unmanaged.passUnretained(frames).toOpaque()),
                                   "the compositor's tablet manager is bound")
        defer { wt_stop(tablets) }
        frames.tablets = tablets
        for _ in 0..<20 where frames.all.count < 9 { _ = ts_roundtrip(display) }

        // The pen: in range, down, a move, up, out of range; the eraser over the other window
        // says nothing, then over ours: in range, down, up, out.
        let f = frames.all
        #expect(f.count == 9, "frames: \(f.count)")
        guard f.count == 9 else { return }
        #expect(f[0].proximity_in == 1 && f[0].has_motion == 1 && f[0].x == 10 && f[0].y == 20 && f[0].pressure == 0)
        #expect(f[0].has_tilt == 1 && f[0].tilt_x == 5 && f[0].tilt_y == -5 && f[0].tool_type == UInt32(WT_TOOL_PEN) && f[0].time == 100)
        #expect(f[1].down == 1 && f[1].x == 11 && abs(f[1].pressure - 16384.0 / 65535) < 1e-9)
        #expect(f[2].down == 0 && f[2].x == 15 && abs(f[2].pressure - 49151.0 / 65535) < 1e-9)
        #expect(f[3].up == 1 && f[4].proximity_out == 1)
        #expect(f[5].tool_type == UInt32(WT_TOOL_ERASER) && f[5].proximity_in == 1 && f[5].x == 50 && f[5].pressure == 1,
                "the eraser's frames over the other window are not ours")
        #expect(f[6].down == 1 && f[7].up == 1 && f[8].proximity_out == 1)
        #expect(frames.near == [true, true, true, true, false, true, true, true, false], "in range between in and out: \(frames.near)")
        #expect(wt_in_proximity(tablets) == 0)

        // Through the translation: one stroke of the tip, one of the eraser.
        var t = WaylandTabletTranslation()
        let events = f.flatMap { t.translate($0, ratio: 1, time: 0) }
        let strokes = events.compactMap { if case .pointer(let p) = $0 { return "\(p.source) \(p.phase)" } else { return nil } }
        #expect(strokes == ["pen down", "pen move", "pen up", "pen eraser down", "pen eraser up"], "\(strokes)")
        // The connection survived the pad's messages and the tool's removal.
        #expect(ts_roundtrip(display) >= 0)
    }
}
