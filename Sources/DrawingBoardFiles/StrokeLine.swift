import DrawingBoardCore

/// The journal line of a stroke drawn in the window, written directly: the same JSON object as
/// `Edit`'s own coding (`{"stroke": {"id": ..., "tool": ..., "style": ..., "points": [{"x": ...,
/// "y": ...}], "clip": ..., "pressure": [...]}}`), read back by the same decoder.
///
/// A stroke's line is written at its end, on the event loop. Foundation's JSON encoder took
/// about 20,000 instructions per point (a million for a 60-point stroke, a tenth of all the
/// window did while a pen drew); this takes a tenth of that, the write included. Numbers are
/// Swift's shortest form that reads back as the same `Double`, which is also valid JSON for
/// every finite value. Anything else (a stroke from another app's notebook, which keeps its
/// line form; a value that is not finite) is nil: the journal takes the general way, which
/// refuses what JSON cannot hold, as it always did.
enum StrokeLine {
    static func bytes(for edit: Edit) -> [UInt8]? {
        switch edit {
        case .stroke(let stroke): return bytes(for: stroke)
        case .eraseStrokes(let path, let width):
            // As `Edit`'s coding writes the stroke eraser's gesture: a stroke of id 0.
            return bytes(for: Stroke(id: 0, tool: .strokeEraser, style: StrokeStyle(width: width), points: path))
        default: return nil
        }
    }

    static func bytes(for stroke: Stroke) -> [UInt8]? {
        guard stroke.form == nil, stroke.transform == nil, stroke.holes == nil else { return nil }
        var out = Writer()
        out.reserve(stroke.points.count * 24 + 160)
        out.raw(#"{"stroke":{"id":"#)
        out.raw(String(stroke.id))
        out.raw(#","tool":""#)
        out.raw(stroke.tool.rawValue)
        let color = stroke.style.color
        out.raw(#"","style":{"color":{"red":"#)
        out.raw(String(color.red))
        out.raw(#","green":"#)
        out.raw(String(color.green))
        out.raw(#","blue":"#)
        out.raw(String(color.blue))
        out.raw(#"},"width":"#)
        guard out.number(stroke.style.width) else { return nil }
        out.raw(#","opacity":"#)
        guard out.number(stroke.style.opacity) else { return nil }
        out.raw(#"},"points":["#)
        for (i, p) in stroke.points.enumerated() {
            out.raw(i == 0 ? #"{"x":"# : #",{"x":"#)
            guard out.number(p.x) else { return nil }
            out.raw(#","y":"#)
            guard out.number(p.y) else { return nil }
            out.byte(UInt8(ascii: "}"))
        }
        out.byte(UInt8(ascii: "]"))
        if let clip = stroke.clip {
            out.raw(#","clip":{"width":"#)
            out.raw(String(clip.width))
            out.raw(#","height":"#)
            out.raw(String(clip.height))
            out.byte(UInt8(ascii: "}"))
        }
        if let pressures = stroke.pressures {
            out.raw(#","pressure":["#)
            for (i, value) in pressures.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                guard out.number(value) else { return nil }
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.raw("}}")
        return out.bytes
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func reserve(_ n: Int) { bytes.reserveCapacity(n) }

        mutating func byte(_ b: UInt8) { bytes.append(b) }

        /// Text that needs no escaping (keys, tool names, digits).
        mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

        /// A finite number in its shortest exact form ("12.5", "4.0", "1e-07"); false for
        /// one that JSON cannot hold.
        mutating func number(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            raw(value.description)
            return true
        }
    }
}
