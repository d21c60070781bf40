import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// The icons rasterised once and kept between starts: the same pixels as librsvg's, taken
/// back only when the file is whole and its SVG unchanged.
@Suite struct IconCacheTests {
    let icons = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Assets/icons/ui").standardized

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("icon-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func pixels(_ set: IconSet, _ name: String, side: Int) throws -> [UInt32] {
        let surface = try #require(set.surface(name, side: side))
        return surface.read(PixelRect(x: 0, y: 0, width: side, height: side))
    }

    @Test func aCachedIconHasLibrsvgsPixels() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let drawn = try pixels(IconSet(directory: icons, cacheDirectory: cache), "pencil", side: 24)
        #expect(drawn.contains { $0 >> 24 > 200 }, "the pencil has solid pixels")
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
        #expect(files.count == 1 && files[0].hasPrefix("pencil@24-") && files[0].hasSuffix(".argb"))
        // A second set (a later start) reads the file: the same pixels, even with no SVG drawn.
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(files[0]).path)
        #expect(attributes[.size] as? Int == 8 + 4 + 24 * 24 * 4)
        #expect(try pixels(IconSet(directory: icons, cacheDirectory: cache), "pencil", side: 24) == drawn)
        #expect(IconCache(directory: cache).pixels("pencil", svg: try Data(contentsOf: icons.appendingPathComponent("pencil.svg")), side: 24) == drawn)
    }

    /// An icon whose SVG changed (a newer version of the app) removes its old entry at that
    /// size once that is a month old; a recent one stays (another version may share the
    /// folder), and so do other icons and sizes.
    @Test func aChangedIconReplacesItsMonthOldEntry() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = IconCache(directory: cache)
        let pixels = [UInt32](repeating: 0xFF00_0000, count: 16)
        let one = Data("<svg>1</svg>".utf8), two = Data("<svg>2</svg>".utf8), three = Data("<svg>3</svg>".utf8)
        store.keep(pixels, "pencil", svg: one, side: 4)
        store.keep([UInt32](repeating: 0xFF00_0000, count: 64), "pencil", svg: one, side: 8)
        store.keep(pixels, "eraser", svg: Data("<svg>e</svg>".utf8), side: 4)
        store.keep(pixels, "pencil", svg: two, side: 4)
        #expect(store.pixels("pencil", svg: one, side: 4) == pixels && store.pixels("pencil", svg: two, side: 4) == pixels,
                "a recent entry of another version stays")
        // Version 1's entries written 31 days ago: the next version's entry takes its place.
        let old = Date().addingTimeInterval(-31 * 24 * 3600)
        for file in try FileManager.default.contentsOfDirectory(atPath: cache.path) where file.contains("@") {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.appendingPathComponent(file).path)
        }
        store.keep(pixels, "pencil", svg: three, side: 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted()
        #expect(files.count == 3, "\(files)")
        #expect(store.pixels("pencil", svg: three, side: 4) == pixels, "the new entry is read")
        #expect(store.pixels("pencil", svg: one, side: 4) == nil && store.pixels("pencil", svg: two, side: 4) == nil, "the month-old ones are gone")
        #expect(store.pixels("pencil", svg: one, side: 8) != nil && store.pixels("eraser", svg: Data("<svg>e</svg>".utf8), side: 4) != nil,
                "other sizes and icons stay")
    }

    @Test func aDamagedOrForeignEntryIsDrawnAgain() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let drawn = try pixels(IconSet(directory: icons, cacheDirectory: cache), "undo", side: 32)
        let file = cache.appendingPathComponent(try #require(FileManager.default.contentsOfDirectory(atPath: cache.path).first))
        let whole = try Data(contentsOf: file)
        let svg = try Data(contentsOf: icons.appendingPathComponent("undo.svg"))
        let entries = IconCache(directory: cache)
        // Cut short, a wrong size inside, and a pixel brighter than its alpha (not premultiplied).
        var wrongSize = whole
        wrongSize[11] = 33
        var unpremultiplied = whole
        unpremultiplied.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0x10])
        for damaged in [whole.prefix(100), wrongSize, unpremultiplied] {
            try damaged.write(to: file)
            #expect(entries.pixels("undo", svg: svg, side: 32) == nil)
            // The window draws the icon from its SVG instead, and mends the entry.
            #expect(try pixels(IconSet(directory: icons, cacheDirectory: cache), "undo", side: 32) == drawn)
            #expect(try Data(contentsOf: file) == whole)
        }
        // A changed SVG has another entry.
        #expect(entries.pixels("undo", svg: svg + Data(" ".utf8), side: 32) == nil)
    }

    @Test func anUnwritableCacheStillShowsTheIcons() throws {
        let set = IconSet(directory: icons, cacheDirectory: URL(fileURLWithPath: "/proc/no-such-cache"))
        #expect(try pixels(set, "redo", side: 24).contains { $0 >> 24 > 200 })
    }
}
