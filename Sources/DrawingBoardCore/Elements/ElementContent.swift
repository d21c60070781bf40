import Foundation

/// What one kind of element shows, and everything the model knows about that kind: its name,
/// how documents and journals write it, how it is checked, how a script asks for one and what
/// other apps call its layer. Each kind is one type in this folder, listed in `ElementKinds`;
/// its painter (drawing, measuring, making it from a script) is one type in Render.
public protocol ElementContent: Sendable, Hashable {
    /// The kind's word, in messages and the interface; also the key that names the kind in
    /// documents, journals and a script's `place` step (`"text": "Hello"`).
    static var kind: String { get }

    /// The keys a `place` step may give for this kind, beside the kind's own key and the
    /// placement's (`center`, `width`, `rotation`, `id`).
    static var scriptKeys: [String] { get }

    /// Reads what a `place` step asks for: `value` is the value at the kind's key, `step` the
    /// whole step. Every value is checked here; whether a file or a sticker exists is the
    /// painter's to say when it makes the element.
    static func request(_ value: JSONValue, in step: [String: JSONValue], at path: String) throws(ScriptError) -> any PlaceRequest

    /// Reads the kind's own fields of an element in a document or a journal line.
    init(from fields: KeyedDecodingContainer<ElementKey>, archive: (any ImageArchive)?) throws

    /// Writes the kind's own fields, the kind's key among them.
    func encode(to fields: inout KeyedEncodingContainer<ElementKey>, archive: (any ImageArchive)?) throws

    /// Checks every value against the limits (`path`: the element's place, for messages).
    func validate(at path: String) throws(ValidationError)

    /// The layer's name other apps show for it in an OpenRaster file.
    var layerName: String { get }

    /// The image file it shows, if it shows one (documents keep each file once; the canvas
    /// decodes it once).
    var asset: ImageAsset? { get }

    /// Its size at scale 1 where the model knows it (a picture's pixels); nil for a kind whose
    /// size comes from laying it out (a text: its painter measures it).
    var naturalSize: Size? { get }
}

extension ElementContent {
    public static var scriptKeys: [String] { [] }
    public var asset: ImageAsset? { nil }
    public var naturalSize: Size? { asset.map { Size(width: Double($0.size.width), height: Double($0.size.height)) } }
}

/// What a script's `place` step asks for, checked and not yet made: a path, a sticker's name,
/// a text with its options. The kind's painter makes the element from it.
public protocol PlaceRequest: Sendable, Hashable {}

/// Every kind of element, in the order a document's element is tried against them.
public enum ElementKinds {
    public static let all: [any ElementContent.Type] = [ImageContent.self, StickerContent.self, TextStyle.self]

    /// The kinds an element's fields name (a document's element names exactly one).
    static func named(in fields: KeyedDecodingContainer<ElementKey>) -> [any ElementContent.Type] {
        all.filter { fields.contains(ElementKey($0.kind)) }
    }

    /// The kinds as a list for messages: `"image", "sticker", "text"`.
    static var quotedList: String {
        all.map { "\"\($0.kind)\"" }.joined(separator: ", ")
    }
}

/// What an element shows: one kind's content. Equal when the kinds and their contents are.
///
/// The content lives in a shared box, so an element (and every page item) stays a plain value
/// of fixed size that is copied with one retain: an existential held inline would make every
/// item of the page be copied through its type's witnesses whenever it is looked at.
public struct ElementSource: Sendable, Hashable {
    private final class Box: Sendable {
        let content: any ElementContent
        init(_ content: any ElementContent) { self.content = content }
    }

    private let box: Box

    public var content: any ElementContent { box.content }

    public init(_ content: some ElementContent) {
        box = Box(content)
    }

    /// The kind's word, for messages and the interface.
    public var kind: String { type(of: content).kind }

    /// The image it shows, if it is a picture.
    public var asset: ImageAsset? { content.asset }

    public static func == (a: ElementSource, b: ElementSource) -> Bool {
        a.box === b.box || AnyHashable(a.content) == AnyHashable(b.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(content))
    }
}

/// A field of an element as written in documents and journals.
public struct ElementKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }

    static let id = ElementKey("id"), name = ElementKey("name"), center = ElementKey("center")
    static let width = ElementKey("width"), rotation = ElementKey("rotation"), natural = ElementKey("natural")
}
