import Foundation

/// A photo or a drawing from a file (raster or SVG), kept as the file's bytes.
///
/// In documents: `"image": "photo.jpg"` (the name the user knew it by) and the file's fields
/// (`ImageAsset`). In scripts: `"image": "photo.jpg"`, a path relative to the script.
public struct ImageContent: ElementContent {
    public static let kind = "image"
    public var file: ImageAsset

    public init(_ file: ImageAsset) {
        self.file = file
    }

    public struct Request: PlaceRequest {
        /// The path as written; a relative path resolves against the script's folder.
        public var path: String
    }

    public static func request(_ value: JSONValue, in step: [String: JSONValue], at path: String) throws(ScriptError) -> any PlaceRequest {
        Request(path: try ScriptParser.nonEmpty(value, at: "\(path).image"))
    }

    public init(from fields: KeyedDecodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        let key = ElementKey(Self.kind)
        file = try ImageAsset.decode(from: fields, archive: archive) { path in try fields.decodeIfPresent(String.self, forKey: key) ?? path }
    }

    public func encode(to fields: inout KeyedEncodingContainer<ElementKey>, archive: (any ImageArchive)?) throws {
        try fields.encode(file.name, forKey: ElementKey(Self.kind))
        try file.encode(to: &fields, archive: archive)
    }

    public func validate(at path: String) throws(ValidationError) {
        try Check.canvas(file.size, at: "\(path).image")
    }

    public var layerName: String { "Image: \(file.name)" }
    public var asset: ImageAsset? { file }
}

extension ElementSource {
    /// A picture from a file.
    public static func image(_ asset: ImageAsset) -> ElementSource { ElementSource(ImageContent(asset)) }
}
