import DrawingBoardCore
import DrawingBoardPlatform
import Foundation
import Testing
@testable import DrawingBoardRender

private let decoder = SDLImageDecoder(svg: SVGImage.decodeFile)

private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
private func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
private func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

/// Tiny files that claim huge images, one per format, as an attacker writes them.
let hostileImages: [(name: String, bytes: [UInt8], expected: String)] = [
    ("big.tga", [0, 0, 2] + [UInt8](repeating: 0, count: 9) + le16(40000) + le16(40000) + [32, 8] + [UInt8](repeating: 0, count: 64),
     "the image is 40000x40000, 1600000000 pixels, above the limit of 268435456"),
    ("big.ico", [0, 0, 1, 0, 1, 0, 0, 0, 0, 0] + le16(1) + le16(32) + le32(40) + le32(22) + le32(40) + le32(30000) + le32(60000)
        + [UInt8](repeating: 0, count: 100), "the image is 30000x30000, 900000000 pixels, above the limit of 268435456"),
    ("big.tiff", Array("II".utf8) + [0x2A, 0] + le32(8) + le16(2) + le16(256) + le16(4) + le32(1) + le32(30000)
        + le16(257) + le16(4) + le32(1) + le32(30000) + le32(0) + [UInt8](repeating: 0, count: 128),
     "the image is 30000x30000, 900000000 pixels, above the limit of 268435456"),
    ("big.ppm", Array("P6\n30000 30000\n255\n".utf8) + [UInt8](repeating: 0, count: 64),
     "the image is 30000x30000, 900000000 pixels, above the limit of 268435456"),
    ("big.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="9" height="9"/></svg>"#.utf8),
     "the image is 100000x100000, 10000000000 pixels, above the limit of 268435456"),
    ("late.jpg", [0xFF, 0xD8] + (0..<9).flatMap { _ in [0xFF, 0xE1] + be16(65000) + [UInt8](repeating: 0, count: 64998) }
        + [0xFF, 0xC0] + be16(17) + [8] + be16(30000) + be16(30000) + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1] + [0xFF, 0xD9],
     "the image is 30000x30000, 900000000 pixels, above the limit of 268435456"),
    ("scans.jpg", [0xFF, 0xD8, 0xFF, 0xC0] + be16(11) + [8] + be16(8000) + be16(8000) + [1, 1, 0x11, 0]
        + (0..<2000).flatMap { _ in [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 63, 0, 0x12, 0x34] } + [0xFF, 0xD9],
     "a JPEG image with 2000 scans, more than the 100 DrawingBoard decodes"),
    ("layers.xcf", Array("gimp xcf v011\0".utf8) + [UInt8](repeating: 0, count: 64),
     "not an image DrawingBoard opens (it opens PNG, JPEG, GIF, BMP, WebP, TGA, ICO, CUR, TIFF, PNM, QOI, PCX, SVG)"),
]

/// Hostile input reaching the editor: nothing allocates what the limits forbid, nothing hangs.
@Suite struct HardeningRenderTests {
    @Test func everyHostileImageIsRefusedFromItsHeader() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for image in hostileImages {
            let path = folder.appendingPathComponent(image.name).path
            try Data(image.bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
                Issue.record("\(image.name) was decoded")
            } catch {
                #expect("\(error)" == image.expected, "\(image.name)")
            }
        }
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: ImageLoadError.self) { _ = try decoder.decodeImage(atPath: fifo, maxPixels: CanvasLimits.maxPixels) }
    }

    /// Sides of 2^32 - 1 multiply past Int.max: refused, not a trap.
    @Test func sidesWhoseProductOverflowsAreRefused() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [UInt8](repeating: 0xFF, count: 8) + [8, 6, 0, 0, 0] + [UInt8](repeating: 0, count: 16)
        let path = folder.appendingPathComponent("wide.png").path
        try Data(png).write(to: URL(fileURLWithPath: path))
        #expect(throws: ImageLoadError("the image is 4294967295x4294967295, too many pixels, above the limit of 268435456")) {
            _ = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
        }
        #expect(throws: RenderError("l.png is 4294967295x4294967295, too many pixels, above the limit of 268435456")) {
            _ = try PNGFile.decode(Data(png), name: "l.png")
        }
    }

    @Test func anSVGImageIsDrawnByLibrsvgAtItsOwnSize() throws {
        let folder = temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("flag.svg").path
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 2" width="40" height="20"><rect width="2" height="2" fill="#ff0000"/><rect x="2" width="2" height="2" fill="#0000ff"/></svg>"##.utf8)
            .write(to: URL(fileURLWithPath: path))
        let image = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels)
        #expect(image.size == PixelSize(width: 40, height: 20))
        #expect(image.pixel(x: 5, y: 10) == 0xFFFF_0000 && image.pixel(x: 35, y: 10) == 0xFF00_00FF)
        // No size anywhere: refused, not guessed.
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100%"><rect width="9" height="9"/></svg>"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SVGImage.Problem.self) { _ = try decoder.decodeImage(atPath: path, maxPixels: CanvasLimits.maxPixels) }
    }

    /// A finger's mask covers what its stroke reaches, not the canvas; a 21st finger does not draw.
    @Test func fingersCostWhatTheyCoverAndTwentyAtMost() throws {
        let e = try makeEditor(4096, 4096)
        // Translucent, so each mask is drawn as the stroke goes (an opaque pencil paints the
        // screen directly and fills its mask only when asked).
        e.use(.pencil, "#000000", width: 12, opacity: 0.5)
        for i in 0..<25 {
            e.handle(PointerEvent(source: .finger(i), phase: .down, position: Point(Double(100 + i * 150), 100)))
            e.handle(PointerEvent(source: .finger(i), phase: .move, position: Point(Double(100 + i * 150), 160)))
        }
        #expect(e.input.strokes.count == 20)
        #expect(e.input.strokes.values.allSatisfy { $0.mask.hasContent(in: $0.mask.covered) }, "the masks hold the strokes")
        #expect(e.screen.liveMaskBytes < 20 * 512 * 512, "\(e.screen.liveMaskBytes) bytes of masks for 20 short strokes (a canvas-sized mask is 16 MB)")
        for i in 0..<25 { e.handle(PointerEvent(source: .finger(i), phase: .up, position: Point(Double(100 + i * 150), 200))) }
        #expect(e.strokes.count == 20)
        // A stroke that wanders keeps its mask growing with it, and draws the same as ever.
        e.use(.pencil, "#d01010", width: 9)
        e.drag([(10, 10), (300, 40), (900, 600), (2000, 3900), (4000, 100)])
        let flat = try e.image.flattened()
        #expect(flat.pixel(x: 2000, y: 3900) == argb("#d01010"))
    }

    @Test func undoingAnAbsurdNumberOfTimesStopsAtTheStart() throws {
        let script = try ScriptParser.parse(Data(#"{"version": 1, "canvas": {"width": 50, "height": 50}, "steps": [{"stroke": [[1, 1], [40, 40]]}, {"undo": 999999999999999}, {"redo": 999999999999999}]}"#.utf8))
        let clock = ContinuousClock()
        let started = clock.now
        let e = try ScriptRunner(decoder: decoder).run(script, baseDirectory: temporaryFolder())
        #expect(clock.now - started < .seconds(20))
        #expect(e.strokes.count == 1 && !e.canRedo)
    }

    /// 300,000 points of a wandering line render well inside a generous ceiling (how the cost
    /// grows with the length is in scripts/bench: 2.6 µs a point from 10,000 to 1,000,000).
    @Test func aLongStrokeRendersWithinACeiling() throws {
        var x = 500.0, y = 400.0
        var points: [Point] = []
        var seed: UInt64 = 7
        for _ in 0..<300_000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            x = min(1020, max(4, x + Double(Int(seed >> 33) % 11 - 5)))
            y = min(760, max(4, y + Double(Int(seed >> 45) % 11 - 5)))
            points.append(Point(x, y))
        }
        let script = DrawingScript(canvas: PixelSize(width: 1024, height: 768), background: .color(.white), open: nil,
                                   steps: [.init(change: .init(), action: .stroke(points))])
        let clock = ContinuousClock()
        let started = clock.now
        let e = try ScriptRunner(decoder: decoder).run(script, baseDirectory: temporaryFolder())
        #expect(clock.now - started < .seconds(20))
        #expect(e.strokes.count == 1 && e.strokes[0].points.count > 250_000, "repeated positions are left out")
    }
}
