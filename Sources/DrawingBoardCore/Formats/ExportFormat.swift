/// The formats a copy of the picture can be exported to. The document itself is always
/// OpenRaster (.ora); an export never takes its place.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, webp, svg, pdf

    /// The format a file name asks for by its extension (`.jpg` and `.jpeg` are JPEG), or nil.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        case "svg": self = .svg
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// The extension a new file of this format gets.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The format's name for people.
    public var title: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        case .svg: return "SVG"
        case .pdf: return "PDF"
        }
    }

    /// Glob patterns for a file chooser's filter.
    public var patterns: [String] {
        self == .jpeg ? ["*.jpg", "*.jpeg"] : ["*.\(rawValue)"]
    }

    /// Every format, the one `name` asks for first: a file chooser selects its first filter,
    /// and a filter other than the proposed name's hides the files it would replace.
    public static func chooserOrder(suggesting name: String?) -> [ExportFormat] {
        guard let name, let dot = name.lastIndex(of: "."), let first = ExportFormat(pathExtension: String(name[name.index(after: dot)...])) else {
            return allCases
        }
        return [first] + allCases.filter { $0 != first }
    }

    /// Every format's name, for messages ("PNG, JPEG, WebP, SVG or PDF").
    public static var names: String {
        let all = allCases.map(\.title)
        return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
    }
}

/// Turns a flattened picture into the bytes of a raster format Cairo does not write itself
/// (JPEG, WebP). The platform layer implements it, as it does decoding.
public protocol ImageEncoding: Sendable {
    func encode(_ image: RasterImage, as format: ExportFormat) throws -> [UInt8]
}
