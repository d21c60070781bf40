import DrawingBoardCore
import DrawingBoardRender
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The desktop's list of recently used files, `$XDG_DATA_HOME/recently-used.xbel` (the
/// freedesktop bookmark format GTK and the desktops read), so files DrawingBoard opened,
/// saved or exported show in the desktop's own recent lists, and the menu's Open Recent.
///
/// Other apps' entries are kept byte for byte: the file is checked as XML (no DTD, no
/// entities), then only DrawingBoard's entry is added or changed in its text. A file that is
/// not well-formed is never rewritten.
public struct RecentFiles: Sendable {
    public let url: URL
    public static let appName = "DrawingBoard"
    /// Larger files are left alone (a sane list is a few hundred kilobytes).
    public static let maxBytes = 16 << 20
    /// The most times a file is counted as used (the entry's `count`).
    static let maxCount = 1_000_000

    public init(url: URL = RecentFiles.defaultURL) {
        self.url = url
    }

    /// In a flatpak the sandbox's XDG_DATA_HOME is the app's own folder; the manifest grants
    /// the desktop's file itself, at its usual place under the home folder.
    public static var defaultURL: URL {
        let env = ProcessInfo.processInfo.environment
        if env["FLATPAK_ID"] != nil, let home = env["HOME"] {
            return URL(fileURLWithPath: home).appendingPathComponent(".local/share/recently-used.xbel")
        }
        let base = env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: env["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("recently-used.xbel")
    }

    /// DrawingBoard's recent files, newest first, that are still there (regular files only:
    /// never a pipe or a device that opening would hang on).
    public func list(limit: Int = 6) -> [String] {
        guard let text = try? read() else { return [] }
        let ours = Self.bookmarks(in: text).filter { $0.text.contains("name=\"\(Self.appName)\"") }
        return ours.sorted { $0.modified > $1.modified }
            .compactMap { Self.path(ofHref: $0.href) }
            .filter { (try? FileManager.default.attributesOfItem(atPath: $0)[.type] as? FileAttributeType) == .typeRegular }
            .prefix(limit).map { $0 }
    }

    /// The file path an href names, its XML and URI escapes undone; nil for other URIs.
    static func path(ofHref href: String) -> String? {
        URL(string: unescaped(href)).flatMap { $0.isFileURL ? $0.path : nil }
    }

    /// Notes that DrawingBoard used `path` now: a new entry, or the old one brought up to date.
    public func add(_ path: String, now: Date = Date()) throws {
        let href = Self.escaped(URL(fileURLWithPath: path).absoluteString)
        let stamp = Self.timestamp(now)
        let mime = Self.mimeType(of: path)
        let existing = try read()
        var text = existing ?? Self.emptyFile
        // Entries are matched by the path they name, however their writer escaped it.
        let target = URL(fileURLWithPath: path).standardizedFileURL.path
        if let old = Self.bookmarks(in: text).first(where: { Self.path(ofHref: $0.href) == target }) {
            text.replaceSubrange(old.range, with: Self.refreshed(old.text, stamp: stamp))
        } else {
            guard let end = text.range(of: "</xbel>", options: .backwards) else { throw DocumentError("\(url.path) has no </xbel>") }
            text.insert(contentsOf: Self.entry(href: href, mime: mime, stamp: stamp), at: end.lowerBound)
        }
        // What is written must read back as XML, or nothing is written.
        let parser = XMLParser(data: Data(text.utf8))
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else { throw DocumentError("the edited \(url.path) would not be well-formed; left as it was") }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The file keeps its permissions (GTK makes it private); a new one is private.
        let mode = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int).map { mode_t($0) } ?? 0o600
        do {
            try AtomicFile.write(Data(text.utf8), toPath: url.path, mode: mode)
        } catch {
            // In a flatpak the file is bind-mounted from the host: it cannot be renamed over,
            // only written in place.
            guard existing != nil, ProcessInfo.processInfo.environment["FLATPAK_ID"] != nil,
                  let handle = FileHandle(forWritingAtPath: url.path) else { throw DocumentError("\(error)") }
            defer { try? handle.close() }
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(text.utf8))
        }
    }

    /// The file's text, nil when there is none yet; an error when it is too big or not XML
    /// that can be read safely (it is then left as it is).
    private func read() throws -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = attributes[.size] as? Int, size <= Self.maxBytes else { throw DocumentError("\(url.path) is too large") }
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else { throw DocumentError("\(url.path) is not UTF-8") }
        guard !text.contains("<!DOCTYPE"), !text.contains("<!ENTITY") else { throw DocumentError("\(url.path) declares a DTD") }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), parser.parserError == nil else {
            throw DocumentError("\(url.path) is not a readable bookmark file: \(XMLProblem.describe(parser))")
        }
        guard text.contains("<xbel") else { throw DocumentError("\(url.path) is not a bookmark file (no <xbel> element)") }
        return text
    }

    struct Bookmark {
        var range: Range<String.Index>
        var text: String
        var href: String
        var modified: String
    }

    /// Every `<bookmark ...>...</bookmark>` element, with its href and modification time.
    static func bookmarks(in text: String) -> [Bookmark] {
        var result: [Bookmark] = []
        var cursor = text.startIndex
        while let start = text.range(of: "<bookmark ", range: cursor..<text.endIndex) ?? text.range(of: "<bookmark\n", range: cursor..<text.endIndex) {
            guard let tagEnd = text.range(of: ">", range: start.upperBound..<text.endIndex) else { break }
            let selfClosing = text[text.index(before: tagEnd.lowerBound)] == "/"
            let end: String.Index
            if selfClosing {
                end = tagEnd.upperBound
            } else {
                guard let close = text.range(of: "</bookmark>", range: tagEnd.upperBound..<text.endIndex) else { break }
                end = close.upperBound
            }
            let tag = String(text[start.lowerBound..<tagEnd.upperBound])
            result.append(Bookmark(range: start.lowerBound..<end, text: String(text[start.lowerBound..<end]),
                                   href: attribute("href", in: tag) ?? "", modified: attribute("modified", in: tag) ?? ""))
            cursor = end
        }
        return result
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let r = tag.range(of: " \(name)=\"") ?? tag.range(of: "\n\(name)=\""),
              let close = tag.range(of: "\"", range: r.upperBound..<tag.endIndex) else { return nil }
        return String(tag[r.upperBound..<close.lowerBound])
    }

    /// An old entry with its times set to `stamp` and DrawingBoard's use counted.
    static func refreshed(_ old: String, stamp: String) -> String {
        var text = old
        guard let tagEnd = text.range(of: ">")?.upperBound else { return old }
        var tag = String(text[text.startIndex..<tagEnd])
        for name in ["modified", "visited"] {
            if let value = attribute(name, in: tag) {
                tag = tag.replacingOccurrences(of: "\(name)=\"\(value)\"", with: "\(name)=\"\(stamp)\"")
            }
        }
        text.replaceSubrange(text.startIndex..<tagEnd, with: tag)
        if let ours = text.range(of: "<bookmark:application name=\"\(appName)\""),
           let close = text.range(of: ">", range: ours.upperBound..<text.endIndex) {
            // Our element, self-closing or with an end tag, and nothing past it.
            let end: String.Index?
            if text[text.index(before: close.lowerBound)] == "/" {
                end = close.upperBound
            } else {
                end = text.range(of: "</bookmark:application>", range: close.upperBound..<text.endIndex)?.upperBound
            }
            guard let end else { return text }
            let element = String(text[ours.lowerBound..<end])
            // Another app may have written any number there: it is counted on, never past
            // a million (a negative or unreadable one starts again).
            let count = min(max(attribute("count", in: element).flatMap(Int.init) ?? 0, 0), Self.maxCount - 1) + 1
            text.replaceSubrange(ours.lowerBound..<end, with: application(stamp: stamp, count: count))
        } else if let list = text.range(of: "</bookmark:applications>") {
            text.insert(contentsOf: "  " + application(stamp: stamp, count: 1) + "\n          ", at: list.lowerBound)
        }
        return text
    }

    static func application(stamp: String, count: Int) -> String {
        "<bookmark:application name=\"\(appName)\" exec=\"&apos;drawingboard %u&apos;\" modified=\"\(stamp)\" count=\"\(count)\"/>"
    }

    static func entry(href: String, mime: String, stamp: String) -> String {
        """
          <bookmark href="\(href)" added="\(stamp)" modified="\(stamp)" visited="\(stamp)">
            <info>
              <metadata owner="http://freedesktop.org">
                <mime:mime-type type="\(mime)"/>
                <bookmark:applications>
                  \(application(stamp: stamp, count: 1))
                </bookmark:applications>
              </metadata>
            </info>
          </bookmark>

        """
    }

    static let emptyFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
        </xbel>

        """

    static func mimeType(of path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "ora": return "image/openraster"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "pdf": return "application/pdf"
        case "xopp": return "application/x-xopp"
        case "xoj": return "application/x-xojpp"
        case "gif": return "image/gif"
        case "bmp": return "image/bmp"
        case "tif", "tiff": return "image/tiff"
        default: return "application/octet-stream"
        }
    }

    static func timestamp(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: date)
    }

    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// XML's named and numeric character references undone (`&amp;`, `&#39;`, `&#x27;`).
    static func unescaped(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[rest.startIndex..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let plain = named[String(name)] {
                out += plain
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") || name.hasPrefix("#X")
                        ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                out.unicodeScalars.append(scalar)
            } else {
                out += rest[amp...semi]
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
