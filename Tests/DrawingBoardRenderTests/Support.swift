import DrawingBoardCore
import Foundation
import Testing
@testable import DrawingBoardRender

/// A colour as the flattened picture stores it (opaque ARGB).
func argb(_ hex: String) -> UInt32 { RGBColor(hex: hex)!.argb }

func rgb(_ p: UInt32) -> (r: Int, g: Int, b: Int) {
    (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
}

func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

/// Where two images first differ, or nil when they are identical.
func difference(_ a: RasterImage, _ b: RasterImage) -> String? {
    guard a.size == b.size else { return "sizes differ: \(a.size) vs \(b.size)" }
    guard let i = a.pixels.indices.first(where: { a.pixels[$0] != b.pixels[$0] }) else { return nil }
    let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
    return "\(differing) pixels differ, first at (\(i % a.width), \(i / a.width)): "
        + "\(String(a.pixels[i], radix: 16)) vs \(String(b.pixels[i], radix: 16))"
}

func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-tests-\(UUID().uuidString)")
}

/// An editor of a page of `width` x `height`.
func makeEditor(_ width: Int, _ height: Int, background: Background = .default) throws -> Editor {
    try Editor(size: PixelSize(width: width, height: height), background: background)
}

extension Editor {
    func use(_ tool: Tool, _ color: String = "#000000", width: Double = 4, opacity: Double = 1) {
        toolState = ToolState(tool: tool, style: StrokeStyle(color: RGBColor(hex: color)!, width: width, opacity: opacity))
    }

    /// Presses at the first point, drags through the rest, releases at the last.
    func drag(_ points: [(Double, Double)], source: PointerSource = .mouse) {
        let pts = points.map { Point($0.0, $0.1) }
        handle(PointerEvent(source: source, phase: .down, position: pts[0]))
        for p in pts.dropFirst().dropLast() { handle(PointerEvent(source: source, phase: .move, position: p)) }
        handle(PointerEvent(source: source, phase: .up, position: pts[pts.count - 1]))
    }

    func picture() throws -> RasterImage { try image.flattened() }

    /// A frame showing the page as composed, as the window's would.
    func composedFrame() throws -> Frame {
        let frame = try Frame(size: size)
        screen.compose(into: frame, area: PixelRect(size: size))
        _ = screen.takeDirtyRect()
        return frame
    }

    /// Presses at `p` with the tool in hand, the starting dot painted onto `frame`.
    func press(at p: Point, on frame: Frame) {
        handle(PointerEvent(source: .mouse, phase: .down, position: p))
        screen.paint(screen.takeIncrements(), into: frame)
        _ = screen.takeDirtyRect()
    }
}

/// A 300x200 page on a cream background with a thick black stroke across, the blue pencil in
/// hand: opaque ink over ink and paper.
func makeInkedEditor() throws -> Editor {
    let editor = try makeEditor(300, 200, background: .color(RGBColor(hex: "#f0e0c0")!))
    editor.use(.pencil, "#000000", width: 20)
    editor.drag([(0, 100), (300, 100)])
    editor.use(.pencil, "#1040c0", width: 9)
    return editor
}

/// A test image with a different colour at every pixel: a red/green gradient, blue stripes.
func gradientImage(_ width: Int, _ height: Int) -> RasterImage {
    var pixels: [UInt32] = []
    for y in 0..<height {
        for x in 0..<width {
            let r = UInt32(x * 255 / max(width - 1, 1)), g = UInt32(y * 255 / max(height - 1, 1))
            let b: UInt32 = (x / 7 + y / 5) % 2 == 0 ? 40 : 200
            pixels.append(0xFF00_0000 | r << 16 | g << 8 | b)
        }
    }
    return RasterImage(width: width, height: height, pixels: pixels)!
}

/// Waits (up to 30 s) until nothing is being drawn or painted off the event loop for `editor`,
/// taking in what comes as the window does; false when it never settles.
func waitForPictures(_ editor: Editor) -> Bool {
    let end = Date().addingTimeInterval(30)
    while Date() < end {
        _ = editor.pages.catchUpPictures()
        if !editor.pages.waitingForPictures { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return false
}
