import DrawingBoardCore
import Foundation

/// The files of a journal session: `start.json` (where the session started), `start.ora` (the
/// document it started from, copied), `journal.jsonl` (one JSON line per committed step) and
/// `images/` (background images set during the session).
enum JournalFormat {
    struct StartInfo: Codable {
        var width: Int
        var height: Int
        var background: String?
        var document: String?
        /// The start is `start.ora`, a page that was never a file (an image opened as a page).
        var page: Bool?

        /// The values checked before anything acts on them.
        func validate() throws(ValidationError) {
            try Stroke.validate(PixelSize(width: width, height: height), at: "width, height")
            if let background, RGBColor(hex: background) == nil {
                throw ValidationError("background", "\"\(background)\" is not a colour")
            }
        }
    }

    struct Line: Codable {
        var stroke: Stroke?
        var undo: Bool?
        var redo: Bool?
        var clear: Bool?
        var grow: [Int]?
        /// The page's new size and anchor.
        var page: [Int]?
        var color: String?
        var image: String?
        var name: String?
        var saved: String?

        /// The first key each kind of line is written with: where a line starts when a
        /// fragment sits in front of it.
        static let starts = ["stroke", "undo", "redo", "clear", "grow", "page", "color", "image", "name", "saved"]
            .map { Array("{\"\($0)\"".utf8) }

        /// Whether the line is a step of the history (the canvas growing with the window and
        /// notes of saves are not).
        var makesStep: Bool {
            stroke != nil || clear == true || page != nil || color != nil || image != nil
        }

        /// Checks the values a step would act on; `at` names the line.
        func validate(at path: String) throws(ValidationError) {
            if let stroke { try stroke.validate(at: "\(path).stroke") }
            if let grow {
                guard grow.count == 2 else { throw ValidationError("\(path).grow", "needs a width and a height") }
                try Stroke.validate(PixelSize(width: grow[0], height: grow[1]), at: "\(path).grow")
            }
            if let page {
                guard page.count == 3, (0...8).contains(page[2]) else {
                    throw ValidationError("\(path).page", "needs a width, a height and an anchor 0...8")
                }
                try Stroke.validate(PixelSize(width: page[0], height: page[1]), at: "\(path).page")
            }
            if let color, RGBColor(hex: color) == nil {
                throw ValidationError("\(path).color", "\"\(color)\" is not a colour")
            }
        }
    }

    /// The journal's lines. A line that cannot be read (cut short by a crash or a full disk,
    /// with the next line written after it) is skipped, not the end: when a complete line was
    /// glued to a fragment, that line is found and kept. `skipped` counts what was lost.
    static func readLines(_ data: Data) -> (lines: [Line], skipped: Int) {
        var lines: [Line] = []
        var skipped = 0
        let decoder = JSONDecoder()
        for raw in data.split(separator: UInt8(ascii: "\n")) {
            if let line = try? decoder.decode(Line.self, from: Data(raw)) {
                lines.append(line)
                continue
            }
            skipped += 1
            if let line = resync(Array(raw), decoder) { lines.append(line) }
        }
        return (lines, skipped)
    }

    /// The last complete line inside `raw`: a fragment followed by a line.
    private static func resync(_ raw: [UInt8], _ decoder: JSONDecoder) -> Line? {
        guard raw.count > 2 else { return nil }
        // A few tries at most: a hostile line full of starts must not cost its length squared.
        var tries = 0
        for i in 1..<raw.count where tries < 16 && raw[i] == UInt8(ascii: "{") && raw[i + 1 < raw.count ? i + 1 : i] == UInt8(ascii: "\"") {
            guard Line.starts.contains(where: { raw[i...].starts(with: $0) }) else { continue }
            tries += 1
            if let line = try? decoder.decode(Line.self, from: Data(raw[i...])) { return line }
        }
        return nil
    }

    /// Where the last complete line ends (a crash may have cut the one after it short).
    static func completeLength(_ data: Data) -> Int {
        guard let last = data.lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
        return last - data.startIndex + 1
    }

    /// A size that holds every stroke of `lines` (and what grow and page steps named), for a
    /// session whose start is lost: its steps come back over a blank page of that size.
    static func pageSize(for lines: [Line], atLeast least: PixelSize = PixelSize(width: 640, height: 480)) -> PixelSize {
        var w = least.width, h = least.height
        for line in lines {
            // Only values a canvas can have count (the lines are checked later, one by one).
            let side = 1...CanvasLimits.maxSide
            if let g = line.grow ?? line.page.map({ Array($0.prefix(2)) }), g.count == 2, side.contains(g[0]), side.contains(g[1]) {
                w = max(w, g[0])
                h = max(h, g[1])
            }
            for p in line.stroke?.points ?? [] where p.x.isFinite && p.y.isFinite {
                w = max(w, Int(min(max(p.x, 0), Double(CanvasLimits.maxSide)).rounded(.up)) + 1)
                h = max(h, Int(min(max(p.y, 0), Double(CanvasLimits.maxSide)).rounded(.up)) + 1)
            }
        }
        w = min(w, CanvasLimits.maxSide)
        h = min(h, CanvasLimits.maxSide)
        while w * h > CanvasLimits.maxPixels { w = w * 9 / 10; h = h * 9 / 10 }
        return PixelSize(width: w, height: h)
    }
}
