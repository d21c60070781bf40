import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The stickers: the app's own set (SVG files in the assets' `stickers/` folder, named
/// `group-name.svg`) and the user's PNG and SVG files in `$XDG_DATA_HOME/drawingboard/stickers`.
/// A name is the file's name without its extension; the app's own come first, in their
/// groups. Every file is checked when it is read, and a file that fails is left out of the
/// list with its reason kept for the panel to say.
public final class StickerLibrary: StickerProviding {
    /// Largest sticker file read.
    public static let maxBytes = 16 << 20
    /// The groups of the app's own set, in the panel's order (a file's group is the part of
    /// its name before the first dash).
    public static let groupOrder = ["star", "heart", "arrow", "bubble", "check", "face", "tape", "label"]

    public struct Entry: Sendable {
        public var name: String
        public var group: String
        public var url: URL
    }

    public private(set) var entries: [Entry] = []
    /// Files left out, with why.
    public private(set) var problems: [String] = []
    private var loaded: [String: ImageAsset] = [:]

    /// `builtIn`: the app's `stickers` folder; `user`: the user's.
    public init(builtIn: URL?, user: URL?) {
        var seen = Set<String>()
        if let builtIn {
            let files = Self.files(in: builtIn, extensions: ["svg"])
            let ranked = files.sorted { a, b in
                let ga = Self.groupOrder.firstIndex(of: Self.group(of: a)) ?? Self.groupOrder.count
                let gb = Self.groupOrder.firstIndex(of: Self.group(of: b)) ?? Self.groupOrder.count
                return (ga, a.deletingPathExtension().lastPathComponent) < (gb, b.deletingPathExtension().lastPathComponent)
            }
            for url in ranked {
                let name = url.deletingPathExtension().lastPathComponent
                guard seen.insert(name).inserted else { continue }
                entries.append(Entry(name: name, group: Self.group(of: url), url: url))
            }
        }
        if let user {
            for url in Self.files(in: user, extensions: ["svg", "png"]).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let name = url.deletingPathExtension().lastPathComponent
                guard seen.insert(name).inserted else {
                    problems.append("\(url.lastPathComponent): a sticker named \"\(name)\" is already in the set")
                    continue
                }
                entries.append(Entry(name: name, group: "mine", url: url))
            }
        }
    }

    /// The user's own stickers folder: `$XDG_DATA_HOME/drawingboard/stickers` (by default
    /// `~/.local/share/drawingboard/stickers`).
    public static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return URL(fileURLWithPath: data).appendingPathComponent("drawingboard/stickers")
    }

    public var stickerNames: [String] { entries.map(\.name) }

    /// The sticker's file, read and checked once.
    public func sticker(named name: String) throws -> ImageAsset {
        if let asset = loaded[name] { return asset }
        guard let entry = entries.first(where: { $0.name == name }) else {
            let close = stickerNames.filter { $0.hasPrefix(name.split(separator: "-").first.map(String.init) ?? name) }.prefix(5)
            throw DocumentError("\"\(name)\" is not a sticker (\(close.isEmpty ? "drawingboard stickers lists them" : "try \(close.joined(separator: ", "))"))")
        }
        let data: Data
        do {
            data = try RegularFile.read(entry.url.path, limit: Self.maxBytes, noun: "sticker")
        } catch {
            throw DocumentError("sticker \"\(name)\": \(error.message)")
        }
        let kind: ImageAsset.Kind = entry.url.pathExtension.lowercased() == "svg" ? .svg : .raster
        let asset: ImageAsset
        do {
            if kind == .svg {
                asset = try ElementSources.svg(data, name: entry.url.lastPathComponent)
            } else {
                asset = ImageAsset(name: entry.url.lastPathComponent, bytes: data, kind: .raster, size: try ElementFiles.measure(data, kind: .raster))
            }
        } catch {
            throw DocumentError("sticker \"\(name)\": \(error)")
        }
        loaded[name] = asset
        return asset
    }

    private static func group(of url: URL) -> String {
        String(url.deletingPathExtension().lastPathComponent.split(separator: "-").first ?? "")
    }

    private static func files(in folder: URL, extensions: Set<String>) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { folder.appendingPathComponent($0) }
    }
}
