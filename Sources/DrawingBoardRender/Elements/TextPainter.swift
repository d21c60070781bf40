import DrawingBoardCore
import Foundation

/// A text, laid out by Pango (`TextArt`) so it stays text in SVG and PDF. A script's text is
/// placed at the width Pango lays it out at, in the brush's colour unless it gives one.
enum TextPainter: ElementPainter {
    static func draw(_ content: TextStyle, _ placement: Element.Placement, on cr: OpaquePointer, assets: AssetStore) {
        TextArt.draw(content, on: cr)
    }

    static func measure(_ content: TextStyle) -> Size { TextArt.measure(content) }

    static func make(_ request: TextStyle.Request, width: Double?, in context: PlacingContext, at path: String) throws(ScriptError) -> Placed {
        let style = TextStyle(text: request.text, font: request.font ?? "Sans", size: request.size ?? Element.textSize,
                              color: request.color ?? context.color)
        let natural = measure(style)
        if width == nil { try checkLaidOut(style, natural, at: "\(path).text") }
        return Placed(source: .text(style), natural: natural, width: width ?? natural.width)
    }

    /// A text placed at its own width must fit an element's limits as Pango lays it out: the
    /// message names the text the script gave, not a width it never wrote.
    static func checkLaidOut(_ style: TextStyle, _ natural: Size, at path: String) throws(ScriptError) {
        let size = JSONValue.format(style.size), limit = Element.widthRange.upperBound
        if natural.width > limit {
            throw ScriptError(path, "\(style.text.quotedExcerpt()) is \(Int(natural.width.rounded())) px wide at size \(size); a text is at most \(Int(limit)) px wide (break it into lines with \\n, or give a smaller size)")
        }
        if natural.height > 4 * limit {
            throw ScriptError(path, "\(style.text.quotedExcerpt()) is \(Int(natural.height.rounded())) px tall at size \(size); a text is at most \(Int(4 * limit)) px tall (fewer lines, or a smaller size)")
        }
    }
}
