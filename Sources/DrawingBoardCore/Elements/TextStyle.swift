import Foundation

/// A text element's words and how they look. Pango lays them out; `\n` starts a line.
///
/// In documents: `"text": "Hello", "font": "Sans", "size": 32, "color": "#d01010"`. In
/// scripts the same, `font`, `size` and `color` optional (Sans, 32 and the brush's colour).
public struct TextStyle: ElementContent {
    public static let kind = "text"
    public static let scriptKeys = ["size", "color", "font"]

    public var text: String
    /// A font family (`Sans`, `Serif`, `Monospace` or any fontconfig knows).
    public var font: String
    /// The font size in page pixels.
    public var size: Double
    public var color: RGBColor
    /// How Pango lays it out.
    public var layout: Layout

    /// `page`: in page pixels, metrics unhinted (our own texts). `xournal`: as Xournal++ lays
    /// out its texts, in points (3/4 of a pixel) with hinted metrics, then drawn at 4/3, so a
    /// notebook's text lands on the pixels Xournal++ draws it on; `font` is then a Pango font
    /// description (`Sans Bold Italic`), as Xournal++ writes it.
    public enum Layout: String, Sendable, Hashable {
        case page, xournal
    }

    public init(text: String, font: String = "Sans", size: Double = Element.textSize, color: RGBColor = .black, layout: Layout = .page) {
        self.text = text
        self.font = font
        self.size = size
        self.color = color
        self.layout = layout
    }

    private static let textKey = ElementKey(kind), fontKey = ElementKey("font"), sizeKey = ElementKey("size"), colorKey = ElementKey("color")
    private static let layoutKey = ElementKey("layout")

    public init(from fields: KeyedDecodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        self.init(text: try fields.decode(String.self, forKey: Self.textKey),
                  font: try fields.decodeIfPresent(String.self, forKey: Self.fontKey) ?? "Sans",
                  size: try fields.decodeIfPresent(Double.self, forKey: Self.sizeKey) ?? Element.textSize,
                  color: try fields.decodeColorIfPresent(forKey: Self.colorKey) ?? .black)
        if let name = try fields.decodeIfPresent(String.self, forKey: Self.layoutKey) {
            guard let layout = Layout(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: Self.layoutKey, in: fields, debugDescription: "\"\(name)\" is not a text layout (page or xournal)")
            }
            self.layout = layout
        }
    }

    public func encode(to fields: inout KeyedEncodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        try fields.encode(text, forKey: Self.textKey)
        try fields.encode(font, forKey: Self.fontKey)
        try fields.encode(size, forKey: Self.sizeKey)
        try fields.encode(color.hex, forKey: Self.colorKey)
        if layout != .page { try fields.encode(layout.rawValue, forKey: Self.layoutKey) }
    }

    public func validate(at path: String) throws(ValidationError) {
        guard !text.isEmpty else { throw ValidationError("\(path).text", "is empty") }
        guard text.count <= Element.maxTextLength else {
            throw ValidationError("\(path).text", "has \(text.count) characters, more than the \(Element.maxTextLength) a text may have")
        }
        try Check.number(size, at: "\(path).size", in: 1...16_384, rangeText: "1...16384")
        guard !font.isEmpty, font.count <= 200, !font.contains(where: { $0.isNewline }) else {
            throw ValidationError("\(path).font", "\"\(font.prefix(40))\" is not a font family")
        }
    }

    /// Laid out by Pango: the painter measures it.
    public var naturalSize: Size? { nil }

    /// "Text: " and the first 40 characters, on one line.
    public var layerName: String { "Text: " + String(text.prefix(40).map { $0.isNewline ? " " : $0 }) }

    /// A text to place; what is not given takes the defaults when it is made.
    public struct Request: PlaceRequest {
        public var text: String
        public var size: Double?
        public var color: RGBColor?
        public var font: String?
    }

    public static func request(_ value: JSONValue, in step: [String: JSONValue], at path: String) throws(ScriptError) -> any PlaceRequest {
        let text = try ScriptParser.nonEmpty(value, at: "\(path).text")
        try ScriptParser.checkText(text, at: "\(path).text")
        return Request(text: text, size: try step["size"].map { v throws(ScriptError) in try ScriptParser.size(v, at: "\(path).size") },
                       color: try step["color"].map { v throws(ScriptError) in try ScriptParser.color(v, at: "\(path).color") },
                       font: try step["font"].map { v throws(ScriptError) in try ScriptParser.font(v, at: "\(path).font") })
    }
}

extension ElementSource {
    /// A text.
    public static func text(_ style: TextStyle) -> ElementSource { ElementSource(style) }

    /// The text it shows, if it is a text.
    public var text: TextStyle? { content as? TextStyle }
}
