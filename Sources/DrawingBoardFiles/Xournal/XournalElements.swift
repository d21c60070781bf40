import DrawingBoardCore
import Foundation

/// What one element of a notebook says in its attributes, read and checked: a page's size, a
/// background, a stroke's tool, colour, widths, fill, cap and dashes, a text's font, size and
/// place, a picture's box. The reader (`XournalXML`) keeps track of where in the notebook it is.
enum XournalElements {
    static func stroke(_ a: SAXAttributes) throws(DocumentError) -> XournalXML.StrokeSpec {
        let tool: XournalXML.StrokeSpec.Tool
        switch a["tool"] {
        case "highlighter": tool = .highlighter
        case "eraser": tool = .eraser
        default: tool = .pen
        }
        var widths = try a.bytes("width").map { bytes throws(DocumentError) in
            try Numbers.parse(bytes, what: "a stroke's width", limit: PageLimits.pointsPerStroke + 1)
        } ?? [1]
        if let pressures = a["pressures"] {
            // MrWriter writes the widths per point apart from the stroke's.
            widths = Array(widths.prefix(1)) + (try Numbers.parse(pressures, what: "a stroke's pressures", limit: PageLimits.pointsPerStroke))
        }
        guard !widths.isEmpty else { throw DocumentError("a stroke has no width") }
        for w in widths where !(0...1_000).contains(w) {
            throw DocumentError("a stroke's width \(w) is outside 0...1000 points")
        }
        var fill: Int?
        if let f = a["fill"], let n = Int(f.trimmingCharacters(in: .whitespaces)), n != -1 {
            fill = min(max(n, 0), 255)
        }
        return XournalXML.StrokeSpec(tool: tool, color: try XournalColor.stroke(a["color"] ?? "black"), widths: widths, fill: fill,
                                     cap: PolylineForm.Cap(rawValue: a["capStyle"] ?? "round") ?? .round, dashes: try dashes(a["style"]),
                                     coordinates: [])
    }

    /// A line style's dashes in points: Xournal++'s named ones, or `cust: a b ...`.
    static func dashes(_ style: String?) throws(DocumentError) -> [Double] {
        guard let style else { return [] }
        switch style {
        case "dash": return [6, 3]
        case "dashdot": return [6, 3, 0.5, 3]
        case "dot": return [0.5, 3]
        default:
            guard style.hasPrefix("cust:") else { return [] }
            let lengths = try Numbers.parse(String(style.dropFirst(5)), what: "a line style's dashes", limit: PolylineForm.maxDashes)
            guard lengths.allSatisfy({ (0...1_000).contains($0) }), lengths.contains(where: { $0 > 0 }) else {
                throw DocumentError("the line style \"\(style.prefix(60))\" has dashes that cannot be drawn")
            }
            return lengths
        }
    }

    /// A text's font, size, place and colour (its words come as the element's text).
    static func text(_ a: SAXAttributes) throws(DocumentError) -> XournalXML.TextSpec {
        let color = try XournalColor.stroke(a["color"] ?? "black")
        let size = try number(a, "size", "a text's size")
        guard size > 0, size <= 4_096 else { throw DocumentError("a text's size \(size) is outside 0...4096 points") }
        return XournalXML.TextSpec(font: a["font"] ?? "Sans", size: size, x: try number(a, "x", "a text's x"),
                                   y: try number(a, "y", "a text's y"), color: color, text: "")
    }

    /// The box an image or a LaTeX picture is stretched to.
    static func box(_ a: SAXAttributes) throws(DocumentError) -> (left: Double, top: Double, right: Double, bottom: Double) {
        (try number(a, "left", "an image's left"), try number(a, "top", "an image's top"),
         try number(a, "right", "an image's right"), try number(a, "bottom", "an image's bottom"))
    }

    /// Page `page`'s background, with the file it names (every PDF page names it here; the
    /// reader keeps the first's only, as Xournal++ does).
    static func background(_ a: SAXAttributes, page: Int) throws(DocumentError) -> XournalXML.Background {
        switch a["type"] {
        case "solid":
            let config = a["config"] ?? ""
            guard config.count <= XournalPaper.maxConfigLength else { throw DocumentError("a background's config is too long") }
            return .solid(color: try XournalColor.background(a["color"] ?? "white"), style: a["style"], config: config)
        case "pixmap":
            guard let file = a["filename"], !file.isEmpty else { throw DocumentError("an image background on page \(page) names no file") }
            return .pixmap(domain: a["domain"] ?? "absolute", filename: file)
        case "pdf":
            guard let n = a["pageno"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), (1...PDFLimits.pages).contains(n) else {
                throw DocumentError("a PDF background on page \(page) has no page number from 1 to \(PDFLimits.pages)")
            }
            return .pdf(domain: a["domain"], filename: a["filename"], page: n)
        case let other:
            throw DocumentError("page \(page)'s background has the type \"\((other ?? "").prefix(40))\", not solid, pixmap or pdf")
        }
    }

    /// A number attribute: there, finite, within the coordinate limit.
    static func number(_ a: SAXAttributes, _ key: String, _ what: String) throws(DocumentError) -> Double {
        guard let text = a[key], let n = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw DocumentError("\(what) is missing or not a number")
        }
        guard n.isFinite, abs(n) <= XournalXML.maxCoordinate else { throw DocumentError("\(what) \(text.prefix(30)) is not a finite number within the limits") }
        return n
    }
}
