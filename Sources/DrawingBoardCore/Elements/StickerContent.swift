import Foundation

/// One of the stickers, by name, with the file it was drawn from (so the page keeps it even
/// where that sticker is not installed).
///
/// In documents: `"sticker": "star"` and the file's fields (`ImageAsset`). In scripts:
/// `"sticker": "star"`, a name the sticker library knows.
public struct StickerContent: ElementContent {
    public static let kind = "sticker"
    public var name: String
    public var file: ImageAsset

    public init(name: String, file: ImageAsset) {
        self.name = name
        self.file = file
    }

    public struct Request: PlaceRequest {
        public var name: String
    }

    public static func request(_ value: JSONValue, in step: [String: JSONValue], at path: String) throws(ScriptError) -> any PlaceRequest {
        Request(name: try ScriptParser.nonEmpty(value, at: "\(path).sticker"))
    }

    public init(from fields: KeyedDecodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        let name = try fields.decode(String.self, forKey: ElementKey(Self.kind))
        self.init(name: name, file: try ImageAsset.decode(from: fields, archive: archive) { _ in name })
    }

    public func encode(to fields: inout KeyedEncodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        try fields.encode(name, forKey: ElementKey(Self.kind))
        try file.encode(to: &fields, archive: archive)
    }

    public func validate(at path: String) throws(ValidationError) {
        try Check.canvas(file.size, at: "\(path).image")
    }

    public var layerName: String { "Sticker: \(name)" }
    public var asset: ImageAsset? { file }
}

extension ElementSource {
    /// The sticker `name`, drawn from `asset`.
    public static func sticker(_ name: String, _ asset: ImageAsset) -> ElementSource { ElementSource(StickerContent(name: name, file: asset)) }
}
