import DrawingBoardCore
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// A decoder for tests: a 4x2 image for any path with "ok" in its name, an error otherwise.
struct StubDecoder: ImageDecoding {
    struct Failure: Error, CustomStringConvertible { var description: String }
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage {
        guard path.contains("ok") else { throw Failure(description: "not a readable image") }
        return RasterImage(width: 4, height: 2, pixels: [UInt32](repeating: 0xFF00_80FF, count: 8))!
    }
}

/// An encoder for tests that writes what it was asked for ("jpeg 938x625") instead of a picture.
struct RecordingEncoder: ImageEncoding {
    func encode(_ image: RasterImage, as format: ExportFormat) throws -> [UInt8] { Array("\(format.rawValue) \(image.width)x\(image.height)".utf8) }
}

func makeController(_ w: Int = 1000, _ h: Int = 700, scale: Double = 1) throws -> AppController {
    let editor = try Editor(size: PixelSize(width: w, height: h))
    return AppController(editor: editor, decoder: StubDecoder(), window: PixelSize(width: w, height: h), scale: scale)
}

extension AppController {
    func click(_ control: Control, time: Double = 0) {
        let c = layout().frame(of: control)!.center
        pointer(PointerEvent(source: .mouse, phase: .down, position: c, time: time))
        pointer(PointerEvent(source: .mouse, phase: .up, position: c, time: time))
    }

    func drag(_ points: [(Double, Double)], time: Double = 0, source: PointerSource = .mouse) {
        pointer(PointerEvent(source: source, phase: .down, position: Point(points[0].0, points[0].1), time: time))
        for p in points.dropFirst() { pointer(PointerEvent(source: source, phase: .move, position: Point(p.0, p.1), time: time)) }
        pointer(PointerEvent(source: source, phase: .up, position: Point(points.last!.0, points.last!.1), time: time))
    }

    /// A frame with the window drawn into it as the loop's first frame is, and the icons, for
    /// a test that goes on drawing each turn's damage into it.
    func renderedFrame() throws -> (Frame, IconSet) {
        let frame = try Frame(size: window)
        let icons = IconSet(directory: nil)
        render(into: frame, icons: icons, damage: takeDamage())
        return (frame, icons)
    }

    func shown() throws -> RasterImage {
        let frame = try Frame(size: window)
        render(into: frame, icons: IconSet(directory: nil), rects: [PixelRect(size: window)])
        return RasterImage(width: window.width, height: window.height, pixels: frame.read(PixelRect(size: window)))!
    }

    /// The export chooser answered `path`; a picture's resolution sheet, if it opens, confirmed
    /// as it opens (the last resolution, or 1x).
    func exportChosen(_ path: String) {
        document.fileChosen(.export, path: path)
        confirmResolution()
    }

    /// Confirms the Export sheet's resolution, when it is open.
    func confirmResolution() {
        if case .exportResolution? = chrome.sheets.sheet { chrome.sheets.confirm() }
    }

    /// The window as it shows once the view tiles it asks for are painted (at another zoom
    /// than 100%: the loop takes them in as they come).
    func shownSettled() throws -> RasterImage {
        for _ in 0..<20 {
            _ = try shown()
            while editor.viewTiles.painting { Thread.sleep(forTimeInterval: 0.002) }
            if editor.tiles.takeArrived().isEmpty { break }
        }
        return try shown()
    }
}

extension AppController {
    /// Waits for the files being written off the event loop (a save, an export) to end and
    /// takes their outcome, as the window's loop does when it ticks.
    func finishSaving() {
        document.session.saving?.wait()
        document.session.exporting?.wait()
        document.followWrites()
    }
}

extension AppController {
    /// Waits for a file being opened off the event loop to be ready and takes it (or asks the
    /// question about unsaved changes), and for images and PDFs being read for insertion, as the
    /// window's loop does when it ticks.
    func finishOpening() {
        document.session.opening?.wait()
        document.followOpen()
        background.finish()
    }
}
